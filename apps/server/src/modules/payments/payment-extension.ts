import { AWAITING_PAYMENT_MINUTES, isStaff } from '@freight/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { requestLanguage } from '../../plugins/errors';
import { customer, customerRoute } from '../../plugins/guards';
import { audit, auditActor } from '../audit/audit';
import { type CarrierFactory, defaultCarrierFor, shipmentsRepository, shipmentView } from '../shipments/shipments.service';
import { expireIfDue } from './payments.service';

const idParams = z.object({ id: z.string().max(64) });
const conflict = (key: string) => new AppError(409, 'conflict', key);

/**
 * More time to pay a prepaid booking (POST /api/shipments/:id/payment/extend): nothing may need
 * a timed response without an alternative, so the shipper can move the due time on by the
 * original window, once. 409 when it was extended already, is no longer awaiting payment, or its
 * time has run out (the booking is then canceled as the expiry job would). The expiry job needs
 * no change: run at the old due time, it finds the new one and comes back then. A staff member
 * who also holds a customer account is audited.
 */
export async function paymentExtensionRoutes(app: FastifyInstance, ctx: AppContext, carrierFor: CarrierFactory = defaultCarrierFor) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/shipments/:id/payment/extend', { ...customerRoute('shipments.book'), schema: { params: idParams } }, async (request) => {
    const { account, user } = customer(request);
    const id = request.params.id;
    if (!isUuid(id) || !(await shipmentsRepository(ctx.db).find(account.id, id))) throw AppError.notFound();
    const outcome = await ctx.db.transaction(async (tx) => {
      const repo = shipmentsRepository(tx);
      const row = await repo.lock(id);
      if (!row) throw AppError.notFound();
      if (row.paymentState === 'expired') return 'expired' as const;
      if (row.paymentState !== 'awaiting' || row.status === 'canceled' || !row.paymentDueAt) throw conflict('errors.payment_not_due');
      if (await expireIfDue(tx, ctx, row, carrierFor)) return 'expired' as const;
      if (row.paymentExtendedAt) throw conflict('errors.payment_extension_used');
      const now = ctx.now();
      const dueAt = new Date(row.paymentDueAt.getTime() + AWAITING_PAYMENT_MINUTES * 60_000);
      const extended = await repo.update(id, { paymentDueAt: dueAt, paymentExtendedAt: now, updatedAt: now });
      if (isStaff(user.roles)) {
        await audit(
          tx,
          auditActor(request),
          {
            action: 'shipment.payment_extend',
            entityType: 'shipment',
            entityId: id,
            targetLabel: row.bolNumber,
            accountId: account.id,
            before: { payment_due_at: row.paymentDueAt.toISOString() },
            after: { payment_due_at: dueAt.toISOString() },
          },
          now,
        );
      }
      return extended;
    });
    if (outcome === 'expired') throw conflict('errors.payment_expired');
    return { data: await shipmentView(ctx.db, outcome, requestLanguage(request)) };
  });
}
