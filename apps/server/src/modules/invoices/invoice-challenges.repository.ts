import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoicePaymentAllocations, invoicePayments } from '../../db/schema';

type PaymentPatch = Partial<typeof invoicePayments.$inferInsert>;

/** The invoice payments that wait for the payer's 3-D Secure challenge, and their ending; `db` may be a transaction. */
export function invoiceChallengesRepository(db: Db) {
  return {
    /** The account's payment whose card intent is `providerRef` (the one a payer's challenge was for). */
    async paymentOfIntent(accountId: string, providerRef: string) {
      const [row] = await db
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.accountId, accountId), eq(invoicePayments.providerRef, providerRef)));
      return row;
    },

    /** Card payments still waiting for their challenge that began at `before` or earlier, oldest first. */
    waitingSince(before: Date) {
      return db
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.status, 'requires_action'), lte(invoicePayments.createdAt, before)))
        .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
    },

    /** A waiting payment, once it ended: only while it still waits (one writer wins). */
    async settle(id: string, patch: PaymentPatch) {
      const [row] = await db
        .update(invoicePayments)
        .set(patch)
        .where(and(eq(invoicePayments.id, id), eq(invoicePayments.status, 'requires_action')))
        .returning();
      return row;
    },

    /** What a waiting payment was to pay, let go: it paid nothing (declined, or refunded). */
    async dropAllocations(paymentId: string) {
      await db.delete(invoicePaymentAllocations).where(eq(invoicePaymentAllocations.paymentId, paymentId));
    },
  };
}
