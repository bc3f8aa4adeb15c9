import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, paymentWebhookEvents } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** Card payments of bookings; `db` may be a transaction. No column ever holds a card number or CVC. */
export function paymentsRepository(db: Db) {
  return {
    /** The outcome a key already had: authorized or declined (a processor failure may be tried again). */
    async outcomeOfKey(shipmentId: string, idempotencyKey: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), eq(payments.idempotencyKey, idempotencyKey), ne(payments.status, 'failed')));
      return row;
    },

    /**
     * The shipment's card attempts the processor may still hold money for: authorizations, and
     * attempts waiting on 3-D Secure (the payer may finish the challenge without coming back).
     */
    releasableOf(shipmentId: string) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), inArray(payments.status, ['authorized', 'requires_action'])));
    },

    /** An authorization the processor released on its side (its webhook): voided, answered whether it was. */
    async markVoidedByRef(providerRef: string) {
      const rows = await db
        .update(payments)
        .set({ status: 'voided' })
        .where(and(eq(payments.providerRef, providerRef), eq(payments.status, 'authorized')))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    async webhookEventSeen(id: string) {
      const [row] = await db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id));
      return Boolean(row);
    },

    async rememberWebhookEvent(id: string, type: string, receivedAt: Date) {
      await db.insert(paymentWebhookEvents).values({ id, type, receivedAt }).onConflictDoNothing();
    },

    /** A canceled booking's authorization: released ('voided') or its capture refunded; only while still authorized. */
    async markSettledOnCancel(id: string, status: 'voided' | 'refunded') {
      await db
        .update(payments)
        .set({ status })
        .where(and(eq(payments.id, id), inArray(payments.status, ['authorized', 'requires_action'])));
    },

    /** The shipment's payments that went through (authorized, voided or refunded), newest first. */
    wentThroughOf(shipmentId: string) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), inArray(payments.status, ['authorized', 'voided', 'refunded'])))
        .orderBy(desc(payments.createdAt));
    },

    /** The shipment's attempt whose intent is `providerRef` (the one the payer's challenge was for). */
    async ofIntent(shipmentId: string, providerRef: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), eq(payments.providerRef, providerRef)));
      return row;
    },

    /** An attempt waiting for its challenge, once it ended: only while it still waits (one writer wins). */
    async settleAction(id: string, patch: Pick<NewPaymentRow, 'status' | 'error' | 'cardBrand' | 'cardLast4'>) {
      const [row] = await db
        .update(payments)
        .set(patch)
        .where(and(eq(payments.id, id), eq(payments.status, 'requires_action')))
        .returning();
      return row;
    },

    async insert(row: NewPaymentRow): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(row).returning();
      if (!inserted) throw new Error('payment not recorded');
      return inserted;
    },
  };
}
