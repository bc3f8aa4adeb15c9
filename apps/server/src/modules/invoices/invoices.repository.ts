import type { InvoiceListQuery, InvoiceSort, ShipmentReference } from '@freight/contracts';
import type { InvoiceFilter } from '@freight/domain';
import { and, asc, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { escapeLike } from '../../db/like';
import { accounts, type invoiceDisputes, type invoicePayments, invoices, shipmentReferences, shipments } from '../../db/schema';
import { invoiceAccountsQueries } from './invoice-accounts.repository';
import { invoiceDisputesQueries } from './invoice-disputes.repository';
import { invoicePaymentsQueries } from './invoice-payments.repository';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type DisputeRow = typeof invoiceDisputes.$inferSelect;

export const SORT_COLUMNS: Record<InvoiceSort, SQL | typeof invoices.dueDate> = {
  invoice_date: sql`${invoices.invoiceDate}`,
  due_date: sql`${invoices.dueDate}`,
  number: sql`${invoices.number} collate "C"`,
  balance: sql`${invoices.balanceCents}`,
  total: sql`${invoices.totalCents}`,
};

/** Still owed: a balance, or a bank payment that has not settled. */
const stillOpen = sql`(${invoices.balanceCents} <> 0 or ${invoices.pendingCents} <> 0)`;

/** The invoice, BOL or PRO number, or any reference of the invoiced shipment, contains `q` (any case). */
function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q.toLowerCase())}%`;
  return or(
    sql`${invoices.searchText} like ${pattern} escape '\\'`,
    sql`exists (select 1 from ${shipmentReferences} where ${shipmentReferences.shipmentId} = ${invoices.shipmentId} and lower(${shipmentReferences.value}) like ${pattern} escape '\\')`,
  );
}

function filterCondition(filter: InvoiceFilter, today: string): SQL | undefined {
  switch (filter) {
    case 'current':
      return and(gte(invoices.dueDate, today), eq(invoices.disputedCents, 0));
    case 'past_due':
      return and(lt(invoices.dueDate, today), eq(invoices.disputedCents, 0));
    case 'disputed':
      return ne(invoices.disputedCents, 0);
    default:
      return undefined;
  }
}

/** Open Invoices' filter: the account's invoices still owed, the filter chosen and the search. */
export function openWhere(accountId: string, q: Pick<InvoiceListQuery, 'filter' | 'q'>, today: string) {
  return and(eq(invoices.accountId, accountId), stillOpen, filterCondition(q.filter, today), searchCondition(q.q));
}

/** Invoice history's filter: the account's invoices paid from `paidFrom` until before `paidBefore`, and the search. */
export function historyWhere(accountId: string, o: InvoiceHistoryRange) {
  return and(eq(invoices.accountId, accountId), gte(invoices.paidAt, o.paidFrom), lt(invoices.paidAt, o.paidBefore), searchCondition(o.q));
}

export interface InvoiceHistoryRange {
  paidFrom: Date;
  paidBefore: Date;
  q?: string;
}

/** Invoices, their payments and disputes, always within one account; `db` may be a transaction. */
export function invoicesRepository(db: Db) {
  async function pageWhere(where: SQL | undefined, order: SQL[], page: number, perPage: number) {
    const offset = (page - 1) * perPage;
    const [rows, counted] = await Promise.all([
      db
        .select()
        .from(invoices)
        .where(where)
        .orderBy(...order)
        .limit(perPage)
        .offset(offset),
      countAhead(db, invoices, where, offset),
    ]);
    return { rows, ...counted };
  }

  return {
    ...invoicePaymentsQueries(db),
    ...invoiceDisputesQueries(db),
    ...invoiceAccountsQueries(db),
    /** The newest credit memo on the account's shipment with this line (its code and detail), if any. */
    async creditMemoWithLine(accountId: string, shipmentId: string, line: { code: string; detail: string }) {
      const [row] = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          totalCents: invoices.totalCents,
          currency: invoices.currency,
          relatedInvoiceId: invoices.relatedInvoiceId,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.accountId, accountId),
            eq(invoices.shipmentId, shipmentId),
            eq(invoices.type, 'credit_memo'),
            sql`${invoices.charges} @> ${JSON.stringify([line])}::jsonb`,
          ),
        )
        .orderBy(desc(invoices.createdAt))
        .limit(1);
      return row;
    },

    /** One page of the account's open invoices (Open Invoices), filtered, searched and sorted; the order ends with the id. */
    openPage(accountId: string, q: InvoiceListQuery & { perPage: number }, today: string) {
      const where = openWhere(accountId, q, today);
      const column = SORT_COLUMNS[q.sort];
      const order = q.dir === 'asc' ? [asc(column), asc(invoices.id)] : [desc(column), desc(invoices.id)];
      return pageWhere(where, order, q.page, q.perPage);
    },

    /** Invoices paid from `paidFrom` until before `paidBefore` (the caller's days as instants). */
    historyPage(accountId: string, o: InvoiceHistoryRange & { page: number; perPage: number }) {
      const where = historyWhere(accountId, o);
      return pageWhere(where, [desc(invoices.paidAt), desc(invoices.id)], o.page, o.perPage);
    },

    /** What is still owed by currency and due date, for the aging summary (one row per due date). */
    async openByDueDate(accountId: string) {
      return db
        .select({
          currency: invoices.currency,
          dueDate: invoices.dueDate,
          balanceCents: sql<number>`sum(${invoices.balanceCents} + ${invoices.pendingCents})::bigint`.mapWith(Number),
          // Each invoice's own dispute comes off that invoice only: a dispute recorded over its
          // bound must not take its neighbours of the same due date out of the credit figures.
          undisputedCents:
            sql<number>`sum(greatest(${invoices.balanceCents} + ${invoices.pendingCents} - ${invoices.disputedCents}, 0))::bigint`.mapWith(
              Number,
            ),
          // What is late: neither disputed nor on its way in a bank payment still pending.
          overdueCents: sql<number>`sum(greatest(${invoices.balanceCents} - ${invoices.disputedCents}, 0))::bigint`.mapWith(Number),
        })
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), stillOpen))
        .groupBy(invoices.currency, invoices.dueDate);
    },

    /** Booked shipments of the account that are not delivered or canceled: not yet invoiced, by currency. */
    async uninvoicedByCurrency(accountId: string) {
      return db
        .select({ currency: shipments.currency, cents: sql<number>`coalesce(sum(${shipments.totalCents}), 0)::bigint`.mapWith(Number) })
        .from(shipments)
        .where(
          and(
            eq(shipments.accountId, accountId),
            eq(shipments.paymentState, 'not_required'),
            sql`${shipments.status} not in ('delivered', 'canceled')`,
          ),
        )
        .groupBy(shipments.currency);
    },

    async find(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.accountId, accountId)));
      return row;
    },

    /** The account's invoices among `ids`. */
    async ofAccount(accountId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), inArray(invoices.id, ids)));
    },

    /** What a dispute's view names of its invoice: number, currency, charges and the account's name. */
    async disputeContext(invoiceIds: string[]) {
      if (!invoiceIds.length) return [];
      return db
        .select({
          id: invoices.id,
          number: invoices.number,
          currency: invoices.currency,
          charges: invoices.charges,
          accountName: accounts.name,
        })
        .from(invoices)
        .innerJoin(accounts, eq(accounts.id, invoices.accountId))
        .where(inArray(invoices.id, invoiceIds));
    },

    /** Any account's invoice (staff only). */
    async byId(id: string) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    async byIds(ids: string[]) {
      if (!ids.length) return [];
      return db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, ids));
    },

    /** The account's invoices among `ids`, locked in id order (two payments never deadlock on each other). */
    async lockMany(accountId: string, ids: string[]) {
      if (!ids.length) return [];
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.accountId, accountId), inArray(invoices.id, ids)))
        .orderBy(asc(invoices.id))
        .for('update');
    },

    async lock(id: string) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
      return row;
    },

    /** The references of the invoices' shipments, in the shipper's order, by shipment id. */
    async shipmentReferencesOf(rows: Pick<InvoiceRow, 'shipmentId'>[]): Promise<Map<string, ShipmentReference[]>> {
      const ids = [...new Set(rows.map((r) => r.shipmentId).filter((id): id is string => id !== null))];
      if (!ids.length) return new Map();
      const found = await db
        .select({ id: shipments.id, references: shipments.references })
        .from(shipments)
        .where(inArray(shipments.id, ids));
      return new Map(found.map((f) => [f.id, f.references as ShipmentReference[]]));
    },

    async freightInvoiceOf(shipmentId: string) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.shipmentId, shipmentId), eq(invoices.type, 'freight')));
      return row;
    },

    /** The credit memos of an invoice (an accepted dispute's, a canceled booking's), oldest first. */
    async creditMemosOf(invoiceId: string) {
      return db
        .select({ id: invoices.id, number: invoices.number, totalCents: invoices.totalCents, charges: invoices.charges })
        .from(invoices)
        .where(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.type, 'credit_memo')))
        .orderBy(asc(invoices.createdAt), asc(invoices.number));
    },

    async adjustmentOf(invoiceId: string) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.relatedInvoiceId, invoiceId), eq(invoices.type, 'adjustment')));
      return row;
    },

    async nextNumber(): Promise<number> {
      const result = (await db.execute(sql`select nextval('invoice_serial')::text as serial`)) as unknown as {
        rows: { serial: string }[];
      };
      return Number(result.rows[0]?.serial);
    },

    /** Inserts an invoice; undefined when the shipment's freight invoice exists already. */
    async insert(row: NewInvoiceRow) {
      const [inserted] = await db.insert(invoices).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async update(id: string, set: Partial<NewInvoiceRow>) {
      await db.update(invoices).set(set).where(eq(invoices.id, id));
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
