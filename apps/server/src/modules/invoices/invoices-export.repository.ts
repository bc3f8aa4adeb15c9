import type { InvoiceListQuery, InvoiceSort } from '@freight/contracts';
import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keysetBatches } from '../../db/keyset';
import { invoices } from '../../db/schema';
import { historyWhere, type InvoiceHistoryRange, type InvoiceRow, openWhere, SORT_COLUMNS } from './invoices.repository';

/** The last row's value of a sort column, written as the column compares (the number byte by byte). */
const SORT_VALUES: Record<InvoiceSort, (r: InvoiceRow) => SQL> = {
  invoice_date: (r) => sql`${r.invoiceDate}::date`,
  due_date: (r) => sql`${r.dueDate}::date`,
  number: (r) => sql`${r.number}::text collate "C"`,
  balance: (r) => sql`${r.balanceCents}::integer`,
  total: (r) => sql`${r.totalCents}::integer`,
};

/**
 * The invoice lists' exports: every invoice a list's filter selects, in its order, `size` at a
 * time, each batch after the last row of the one before (its sort key and id, a row comparison
 * the account's indexes serve), never by offset.
 */
export function invoicesExportRepository(db: Db) {
  const keyset = (where: SQL | undefined, order: SQL[], past: (last: InvoiceRow) => SQL, size: number) =>
    keysetBatches(
      (after, limit) =>
        db
          .select()
          .from(invoices)
          .where(and(where, after))
          .orderBy(...order)
          .limit(limit),
      past,
      size,
    );
  const countOf = async (where: SQL | undefined) => (await db.select({ n: count() }).from(invoices).where(where))[0]?.n ?? 0;

  return {
    openCount: (accountId: string, q: Pick<InvoiceListQuery, 'filter' | 'q'>, today: string) => countOf(openWhere(accountId, q, today)),

    /** Open Invoices in the list's order (its sort and direction, then the id). */
    openBatches(accountId: string, q: Pick<InvoiceListQuery, 'filter' | 'q' | 'sort' | 'dir'>, today: string, size = 1_000) {
      const column = SORT_COLUMNS[q.sort];
      const asc_ = q.dir === 'asc';
      const order = asc_ ? [asc(column), asc(invoices.id)] : [desc(column), desc(invoices.id)];
      const after = (last: InvoiceRow) => {
        const tuple = sql`(${column}, ${invoices.id})`;
        const value = sql`(${SORT_VALUES[q.sort](last)}, ${last.id}::uuid)`;
        return asc_ ? sql`${tuple} > ${value}` : sql`${tuple} < ${value}`;
      };
      return keyset(openWhere(accountId, q, today), order, after, size);
    },

    historyCount: (accountId: string, range: InvoiceHistoryRange) => countOf(historyWhere(accountId, range)),

    /** Invoice history, newest payment first. */
    historyBatches(accountId: string, range: InvoiceHistoryRange, size = 1_000) {
      const after = (last: InvoiceRow) =>
        sql`(${invoices.paidAt}, ${invoices.id}) < (${last.paidAt?.toISOString() ?? null}::timestamptz, ${last.id}::uuid)`;
      return keyset(historyWhere(accountId, range), [desc(invoices.paidAt), desc(invoices.id)], after, size);
    },
  };
}
