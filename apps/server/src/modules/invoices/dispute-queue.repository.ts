import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keysetBatches } from '../../db/keyset';
import { invoiceDisputes } from '../../db/schema';

/**
 * The accounting staff's dispute queue: the open disputes of every account (or of one), oldest
 * first. The queue on the dashboard (invoices.repository's openDisputes) and its export both read
 * it through these.
 */
export const openDisputesWhere = (accountId?: string) =>
  and(eq(invoiceDisputes.status, 'open'), accountId ? eq(invoiceDisputes.accountId, accountId) : undefined);
export const DISPUTE_QUEUE_ORDER = [asc(invoiceDisputes.createdAt), asc(invoiceDisputes.id)];

export function disputeQueueRepository(db: Db) {
  return {
    /** How many disputes are open (an export's row count). */
    async count() {
      const [row] = await db.select({ n: count() }).from(invoiceDisputes).where(openDisputesWhere());
      return row?.n ?? 0;
    },

    /** Every open dispute, in the queue's order, by keyset batches (opened and id). */
    async *batches(size = 1_000) {
      const read = (after: SQL | undefined, limit: number) =>
        db
          .select({ dispute: invoiceDisputes, key: sql<string>`${invoiceDisputes.createdAt}::text` })
          .from(invoiceDisputes)
          .where(and(openDisputesWhere(), after))
          .orderBy(...DISPUTE_QUEUE_ORDER)
          .limit(limit);
      type Row = Awaited<ReturnType<typeof read>>[number];
      const past = (last: Row) =>
        sql`(${invoiceDisputes.createdAt}, ${invoiceDisputes.id}) > (${last.key}::timestamptz, ${last.dispute.id}::uuid)`;
      for await (const rows of keysetBatches<Row>(read, past, size)) yield rows.map((r) => r.dispute);
    },
  };
}
