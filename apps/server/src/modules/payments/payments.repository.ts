import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

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

    /** The shipment's authorizations still holding money on the card. */
    authorizedOf(shipmentId: string) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), eq(payments.status, 'authorized')));
    },

    async markVoided(id: string) {
      await db.update(payments).set({ status: 'voided' }).where(eq(payments.id, id));
    },

    async insert(row: NewPaymentRow): Promise<PaymentRow> {
      const [inserted] = await db.insert(payments).values(row).returning();
      if (!inserted) throw new Error('payment not recorded');
      return inserted;
    },
  };
}
