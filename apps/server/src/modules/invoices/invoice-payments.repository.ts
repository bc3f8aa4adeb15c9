import { WENT_THROUGH_PAYMENT_STATUSES } from '@freight/domain';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoicePaymentAllocations, invoicePayments, invoices } from '../../db/schema';

/** The payments of invoices and their allocations, for invoicesRepository (which spreads them in). */
export function invoicePaymentsQueries(db: Db) {
  return {
    /**
     * The payments applied to an invoice, with this invoice's part of each. One still waiting for
     * the payer's 3-D Secure challenge has paid nothing yet: not listed.
     */
    async paymentsOf(invoiceId: string) {
      return db
        .select({ payment: invoicePayments, allocated: invoicePaymentAllocations.amountCents })
        .from(invoicePaymentAllocations)
        .innerJoin(invoicePayments, eq(invoicePayments.id, invoicePaymentAllocations.paymentId))
        .where(and(eq(invoicePaymentAllocations.invoiceId, invoiceId), ne(invoicePayments.status, 'requires_action')))
        .orderBy(asc(invoicePayments.createdAt));
    },

    /** The latest method that paid each of `ids` (the history's 'payment method'). */
    async lastMethods(ids: string[]) {
      if (!ids.length) return new Map<string, { method: string; last4: string | null }>();
      const rows = await db
        .selectDistinctOn([invoicePaymentAllocations.invoiceId], {
          invoiceId: invoicePaymentAllocations.invoiceId,
          method: invoicePayments.method,
          last4: invoicePayments.last4,
        })
        .from(invoicePaymentAllocations)
        .innerJoin(invoicePayments, eq(invoicePayments.id, invoicePaymentAllocations.paymentId))
        .where(and(inArray(invoicePaymentAllocations.invoiceId, ids), inArray(invoicePayments.status, [...WENT_THROUGH_PAYMENT_STATUSES])))
        .orderBy(invoicePaymentAllocations.invoiceId, desc(invoicePayments.createdAt));
      return new Map(rows.map((r) => [r.invoiceId, { method: r.method, last4: r.last4 }]));
    },

    async paymentOfKey(accountId: string, key: string) {
      const [row] = await db
        .select()
        .from(invoicePayments)
        .where(
          and(eq(invoicePayments.accountId, accountId), eq(invoicePayments.idempotencyKey, key), ne(invoicePayments.status, 'failed')),
        );
      return row;
    },

    async findPayment(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(invoicePayments)
        .where(and(eq(invoicePayments.id, id), eq(invoicePayments.accountId, accountId)));
      return row;
    },

    async paymentById(id: string) {
      const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id));
      return row;
    },

    /** The payment the processor knows by `providerRef` (its webhooks name payments so). */
    async paymentByProviderRef(providerRef: string) {
      const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.providerRef, providerRef));
      return row;
    },

    async lockPayment(id: string) {
      const [row] = await db.select().from(invoicePayments).where(eq(invoicePayments.id, id)).for('update');
      return row;
    },

    async insertPayment(row: typeof invoicePayments.$inferInsert) {
      const [inserted] = await db.insert(invoicePayments).values(row).returning();
      if (!inserted) throw new Error('invoice payment not recorded');
      return inserted;
    },

    async updatePayment(id: string, set: Partial<typeof invoicePayments.$inferInsert>) {
      await db.update(invoicePayments).set(set).where(eq(invoicePayments.id, id));
    },

    /** Marks the payments still settled that paid `invoiceId` (a prepaid receipt's card payment) as given back. */
    async markPaymentsOf(invoiceId: string, status: 'released' | 'refunded') {
      const paid = db
        .select({ id: invoicePaymentAllocations.paymentId })
        .from(invoicePaymentAllocations)
        .where(eq(invoicePaymentAllocations.invoiceId, invoiceId));
      await db
        .update(invoicePayments)
        .set({ status })
        .where(and(inArray(invoicePayments.id, paid), eq(invoicePayments.status, 'settled')));
    },

    async insertAllocations(rows: (typeof invoicePaymentAllocations.$inferInsert)[]) {
      if (rows.length) await db.insert(invoicePaymentAllocations).values(rows);
    },

    /** A payment's allocations with each invoice's number and balance now. */
    async allocationsOf(paymentId: string) {
      return db
        .select({
          invoiceId: invoicePaymentAllocations.invoiceId,
          amountCents: invoicePaymentAllocations.amountCents,
          number: invoices.number,
          bolNumber: invoices.bolNumber,
          balanceCents: invoices.balanceCents,
        })
        .from(invoicePaymentAllocations)
        .innerJoin(invoices, eq(invoices.id, invoicePaymentAllocations.invoiceId))
        .where(eq(invoicePaymentAllocations.paymentId, paymentId))
        .orderBy(asc(invoices.number));
    },
  };
}
