import { type BookingPaymentMethodsView, paymentConfirmRequest, paymentRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { idempotencyKey } from '../../idempotency';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { invoiceNotifier } from '../invoices/invoices.service';
import { type PaymentMethodsSetup, paymentMethodsService } from '../payment-methods/payment-methods.service';
import { shipmentView } from '../shipments/shipments.service';
import { PaymentsOff } from './payment-provider';
import { paymentsRepository } from './payments.repository';
import {
  PAYMENT_EXPIRY_JOB,
  PAYMENT_VOID_JOB,
  type PaymentsServiceOptions,
  paymentExpiryHandler,
  paymentsService,
  paymentVoidHandler,
} from './payments.service';
import { refuseCardNumbers } from './raw-numbers';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Card payment of a prepaid booking (POST /api/shipments/:id/payment, header Idempotency-Key, and
 * POST .../payment/confirm once the payer is back from a 3-D Secure challenge),
 * what its Pay Now offers (GET /api/shipments/payment-methods) and the jobs that cancel a booking
 * left unpaid past its due time and release the card authorization of a paid booking that was
 * canceled. Whoever may book may pay a booking with a card of the account's saved ones: the
 * account keeps them for its payments, and paying the booking is part of booking it; keeping them
 * (adding, removing, the default) stays with those who may pay invoices.
 */
export async function paymentsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: PaymentsServiceOptions & Partial<Pick<PaymentMethodsSetup, 'browser'>> = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = opts.provider ?? new PaymentsOff();
  const service = paymentsService(ctx, { ...opts, provider });
  const methods = paymentMethodsService(ctx, { provider, browser: opts.browser ?? null });
  refuseCardNumbers(app);
  ctx.jobs.register(PAYMENT_EXPIRY_JOB, paymentExpiryHandler(ctx, opts.carrierFor));
  ctx.jobs.register(PAYMENT_VOID_JOB, paymentVoidHandler(ctx, provider, invoiceNotifier(ctx)));
  // The processor released a hold on its side (an uncaptured authorization expires after days).
  opts.events?.on('authorization_released', async (ref) => {
    await paymentsRepository(ctx.db).markVoidedByRef(ref);
  });

  r.get('/api/shipments/payment-methods', customerRoute('shipments.book'), async (request) => {
    const { account } = customer(request);
    const data: BookingPaymentMethodsView = {
      processor: methods.processor(),
      cards: (await methods.view(account.id)).methods.filter((m) => m.type === 'card'),
    };
    return { data };
  });

  r.post(
    '/api/shipments/:id/payment',
    { ...customerRoute('shipments.book'), schema: { params: idParams, body: paymentRequest } },
    async (request) => {
      const { account } = customer(request);
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const key = idempotencyKey(request);
      const row = await service.pay(account.id, request.params.id, request.body, key);
      return { data: await shipmentView(ctx.db, row, requestLanguage(request)) };
    },
  );

  // The payer is back from the card issuer's 3-D Secure challenge: the processor says how it ended.
  r.post(
    '/api/shipments/:id/payment/confirm',
    { ...customerRoute('shipments.book'), schema: { params: idParams, body: paymentConfirmRequest } },
    async (request) => {
      const { account } = customer(request);
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const row = await service.confirm(account.id, request.params.id, request.body.payment_intent);
      return { data: await shipmentView(ctx.db, row, requestLanguage(request)) };
    },
  );
}
