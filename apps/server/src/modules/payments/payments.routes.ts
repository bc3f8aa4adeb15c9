import { paymentRequest } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, requireCustomer } from '../../plugins/guards';
import { idempotencyKey } from '../shipments/shipments.routes';
import { shipmentView } from '../shipments/shipments.service';
import { TestProcessor } from './payment-provider';
import {
  PAYMENT_EXPIRY_JOB,
  PAYMENT_VOID_JOB,
  type PaymentsServiceOptions,
  paymentExpiryHandler,
  paymentsService,
  paymentVoidHandler,
} from './payments.service';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Card payment of a prepaid booking (POST /api/shipments/:id/payment, header Idempotency-Key)
 * and the jobs that cancel a booking left unpaid past its due time and release the card
 * authorization of a paid booking that was canceled.
 */
export async function paymentsRoutes(app: FastifyInstance, ctx: AppContext, opts: PaymentsServiceOptions = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const provider = opts.provider ?? new TestProcessor();
  const service = paymentsService(ctx, { ...opts, provider });
  ctx.jobs.register(PAYMENT_EXPIRY_JOB, paymentExpiryHandler(ctx, opts.carrierFor));
  ctx.jobs.register(PAYMENT_VOID_JOB, paymentVoidHandler(ctx, provider));

  r.post(
    '/api/shipments/:id/payment',
    { preValidation: requireCustomer, schema: { params: idParams, body: paymentRequest } },
    async (request) => {
      const { account } = customer(request);
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const key = idempotencyKey(request);
      const row = await service.pay(account.id, request.params.id, request.body, key);
      return { data: await shipmentView(ctx.db, row, requestLanguage(request)) };
    },
  );
}
