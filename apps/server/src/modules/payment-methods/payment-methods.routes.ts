import { addPaymentMethodRequest, autopayRequest, confirmPaymentMethodRequest, verifyBankAccountRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { customer, customerRoute } from '../../plugins/guards';
import { auditActor } from '../audit/audit';
import { AUTOPAY_JOB, autopayHandler, scheduleAutopay } from './autopay';
import { ABANDONED_CARD_SETUPS_JOB } from './card-setups';
import { type PaymentMethodsSetup, paymentMethodsService } from './payment-methods.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Settings > Payment methods: the account's saved cards and bank accounts, its default, autopay,
 * what a browser needs to hand a card to the processor itself, and a card's 3-D Secure
 * challenge before it is saved (POST /api/payment-methods/confirm), a typed-in bank account's
 * micro-deposit code before it may be debited (POST /api/payment-methods/:id/verify). Whoever may pay invoices
 * (account admins, billing) keeps them; another account's method is a 404. Registers autopay's
 * daily job and the hourly clean-up of card set-ups abandoned on 3-D Secure.
 */
export async function paymentMethodsRoutes(app: FastifyInstance, ctx: AppContext, setup: PaymentMethodsSetup) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = paymentMethodsService(ctx, setup);
  const pay = customerRoute('invoices.pay');
  ctx.jobs.register(AUTOPAY_JOB, autopayHandler(ctx, setup.provider));
  await scheduleAutopay(ctx);
  // A card being saved whose payer never came back from 3-D Secure is canceled at the processor after a day.
  ctx.jobs.register(ABANDONED_CARD_SETUPS_JOB, service.abandonedSetups.handler);
  await service.abandonedSetups.schedule();

  r.get('/api/payment-methods', pay, async (request) => {
    const { account } = customer(request);
    return { data: await service.view(account.id) };
  });

  r.get('/api/payment-methods/processor', pay, async () => ({ data: service.processor() }));

  r.post('/api/payment-methods', { ...pay, schema: { body: addPaymentMethodRequest } }, async (request, reply) => {
    const { account } = customer(request);
    const { method, created } = await service.add(account, auditActor(request), request.body.payment_method, request.body.return_path);
    return reply.code(created ? 201 : 200).send({ data: method });
  });

  // The payer is back from the card issuer's 3-D Secure challenge of a card being saved.
  r.post('/api/payment-methods/confirm', { ...pay, schema: { body: confirmPaymentMethodRequest } }, async (request, reply) => {
    const { account } = customer(request);
    const { method, created } = await service.confirm(account, auditActor(request), request.body.setup_intent);
    return reply.code(created ? 201 : 200).send({ data: method });
  });

  r.put('/api/payment-methods/autopay', { ...pay, schema: { body: autopayRequest } }, async (request) => {
    const { account } = customer(request);
    return { data: await service.setAutopay(account.id, auditActor(request), request.body.enabled) };
  });

  r.put('/api/payment-methods/:id/default', { ...pay, schema: { params: idParams } }, async (request) => {
    const { account } = customer(request);
    return { data: await service.makeDefault(account.id, auditActor(request), request.params.id) };
  });

  // The code of the micro-deposit on the statement of a bank account awaiting verification.
  r.post('/api/payment-methods/:id/verify', { ...pay, schema: { params: idParams, body: verifyBankAccountRequest } }, async (request) => {
    const { account } = customer(request);
    return { data: await service.verify(account.id, auditActor(request), request.params.id, request.body.code) };
  });

  r.delete('/api/payment-methods/:id', { ...pay, schema: { params: idParams } }, async (request, reply) => {
    const { account } = customer(request);
    await service.remove(account.id, auditActor(request), request.params.id);
    return reply.code(204).send();
  });
}
