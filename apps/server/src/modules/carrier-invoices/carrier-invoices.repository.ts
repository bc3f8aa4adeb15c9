import type { CarrierInvoiceCounts, CarrierInvoiceListQuery } from '@freight/contracts';
import { CARRIER_INVOICE_STATUSES, PAYABLE_STATUSES } from '@freight/domain';
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts, carrierInvoiceMessages, carrierInvoices, carriers, invoices, payablesBatches, shipments, users } from '../../db/schema';

export type CarrierInvoiceRow = typeof carrierInvoices.$inferSelect;
export type NewCarrierInvoiceRow = typeof carrierInvoices.$inferInsert;
export type PayablesBatchRow = typeof payablesBatches.$inferSelect;

/** A user's name as lists show it. */
const fullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/** What matching and the audit read of a shipment. */
export const matchColumns = {
  id: shipments.id,
  accountId: shipments.accountId,
  carrierId: shipments.carrierId,
  scac: shipments.scac,
  bolNumber: shipments.bolNumber,
  proNumber: shipments.proNumber,
  pickupDate: shipments.pickupDate,
  items: shipments.items,
  charges: shipments.charges,
  costLines: shipments.costLines,
  currency: shipments.currency,
};
export type MatchShipment = {
  id: string;
  accountId: string;
  carrierId: string | null;
  scac: string;
  bolNumber: string;
  proNumber: string | null;
  pickupDate: string;
  items: unknown;
  charges: unknown;
  costLines: unknown;
  currency: string;
};

const SORTS = {
  received: carrierInvoices.createdAt,
  invoice_date: carrierInvoices.invoiceDate,
  billed: carrierInvoices.billedCents,
  variance: sql`(${carrierInvoices.billedCents} - coalesce(${carrierInvoices.expectedCents}, ${carrierInvoices.billedCents}))`,
} as const;

/** Carrier invoices, their threads and the payables batches; `db` may be a transaction. */
export function carrierInvoicesRepository(db: Db) {
  const listed = () =>
    db
      .select({
        invoice: carrierInvoices,
        carrier: { id: carriers.id, name: carriers.name, scac: carriers.scac },
        shipment: { id: shipments.id, bolNumber: shipments.bolNumber, accountId: shipments.accountId },
        accountName: accounts.name,
      })
      .from(carrierInvoices)
      .leftJoin(carriers, eq(carriers.id, carrierInvoices.carrierId))
      .leftJoin(shipments, eq(shipments.id, carrierInvoices.shipmentId))
      .leftJoin(accounts, eq(accounts.id, shipments.accountId));

  function filter(q: Pick<CarrierInvoiceListQuery, 'status' | 'carrier_id' | 'reason' | 'auto' | 'q'>): SQL | undefined {
    return and(
      q.status ? eq(carrierInvoices.status, q.status) : undefined,
      q.auto === undefined ? undefined : eq(carrierInvoices.autoApproved, q.auto),
      q.carrier_id ? eq(carrierInvoices.carrierId, q.carrier_id) : undefined,
      // jsonb containment: the reason is one of the array's codes (a bound value, never SQL text).
      q.reason ? sql`${carrierInvoices.reasons} @> ${JSON.stringify([q.reason])}::jsonb` : undefined,
      q.q ? sql`${carrierInvoices.searchText} like ${`%${escapeLike(q.q.toLowerCase())}%`}` : undefined,
    );
  }

  return {
    /** The carrier an API caller acts for (its whole row: an invoice's intake reads its name, SCAC and terms). */
    async carrier(id: string) {
      const [row] = await db.select().from(carriers).where(eq(carriers.id, id));
      return row;
    },

    /** Shipments by any of the PRO or BOL numbers, in one statement (the intake's batch lookup). */
    async shipmentsByNumbers(pros: string[], bols: string[]): Promise<MatchShipment[]> {
      if (!pros.length && !bols.length) return [];
      const where = or(
        pros.length ? inArray(shipments.proNumber, pros) : undefined,
        bols.length ? inArray(shipments.bolNumber, bols) : undefined,
      );
      return db.select(matchColumns).from(shipments).where(where);
    },
    /** `carrier|number` of the invoices already kept for these carriers and numbers. */
    async existingNumbers(carrierIds: string[], numbers: string[]) {
      if (!carrierIds.length || !numbers.length) return new Set<string>();
      const rows = await db
        .select({ carrierId: carrierInvoices.carrierId, number: carrierInvoices.invoiceNumber })
        .from(carrierInvoices)
        .where(and(inArray(carrierInvoices.carrierId, carrierIds), inArray(carrierInvoices.invoiceNumber, numbers)));
      return new Set(rows.map((r) => `${r.carrierId}|${r.number}`));
    },
    /** `shipment|carrier` of the shipments that already have an approved (payable or paid) invoice of a carrier. */
    async approvedPairs(shipmentIds: string[], exceptId?: string) {
      if (!shipmentIds.length) return new Set<string>();
      const rows = await db
        .select({ shipmentId: carrierInvoices.shipmentId, carrierId: carrierInvoices.carrierId })
        .from(carrierInvoices)
        .where(
          and(
            inArray(carrierInvoices.shipmentId, shipmentIds),
            inArray(carrierInvoices.status, [...PAYABLE_STATUSES, 'paid']),
            exceptId ? sql`${carrierInvoices.id} <> ${exceptId}` : undefined,
          ),
        );
      return new Set(rows.map((r) => `${r.shipmentId}|${r.carrierId}`));
    },
    async insertMany(rows: NewCarrierInvoiceRow[]) {
      if (!rows.length) return [];
      return db.insert(carrierInvoices).values(rows).returning({ id: carrierInvoices.id, status: carrierInvoices.status });
    },
    async find(id: string) {
      const [row] = await listed().where(eq(carrierInvoices.id, id));
      return row;
    },
    /** The invoices matched to a shipment, newest first; undefined when there is no such shipment. */
    async ofShipment(shipmentId: string) {
      const [shipment] = await db.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, shipmentId));
      if (!shipment) return undefined;
      return listed().where(eq(carrierInvoices.shipmentId, shipmentId)).orderBy(desc(carrierInvoices.createdAt), desc(carrierInvoices.id));
    },
    async lock(id: string) {
      const [row] = await db.select().from(carrierInvoices).where(eq(carrierInvoices.id, id)).for('update');
      return row;
    },
    /** Changes the invoice if it is still at `version` (and moves the version on); undefined when another action came first. */
    async updateAt(id: string, version: number, values: Partial<NewCarrierInvoiceRow>) {
      const [row] = await db
        .update(carrierInvoices)
        .set({ ...values, version: version + 1 })
        .where(and(eq(carrierInvoices.id, id), eq(carrierInvoices.version, version)))
        .returning();
      return row;
    },
    async page(q: CarrierInvoiceListQuery) {
      const where = filter(q);
      const order = q.dir === 'asc' ? asc : desc;
      const [rows, [count]] = await Promise.all([
        listed()
          .where(where)
          .orderBy(order(SORTS[q.sort]), order(carrierInvoices.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: sql<number>`count(*)::int` }).from(carrierInvoices).where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    /** Invoices per status and those approved by themselves, in one statement. */
    async counts(): Promise<CarrierInvoiceCounts> {
      const rows = await db
        .select({
          status: carrierInvoices.status,
          n: sql<number>`count(*)::int`,
          auto: sql<number>`(count(*) filter (where ${carrierInvoices.autoApproved}))::int`,
        })
        .from(carrierInvoices)
        .groupBy(carrierInvoices.status);
      const counts = Object.fromEntries([...CARRIER_INVOICE_STATUSES, 'auto_approved'].map((s) => [s, 0])) as CarrierInvoiceCounts;
      for (const r of rows) {
        counts[r.status] = r.n;
        counts.auto_approved += r.auto;
      }
      return counts;
    },
    /** The carrier's own invoice (a carrier partner's read): another carrier's is not found. */
    async ofCarrier(id: string, carrierId: string) {
      const [row] = await db
        .select()
        .from(carrierInvoices)
        .where(and(eq(carrierInvoices.id, id), eq(carrierInvoices.carrierId, carrierId)));
      return row;
    },
    async messages(id: string) {
      return db
        .select({ message: carrierInvoiceMessages, author: fullName })
        .from(carrierInvoiceMessages)
        .leftJoin(users, eq(users.id, carrierInvoiceMessages.authorId))
        .where(eq(carrierInvoiceMessages.carrierInvoiceId, id))
        .orderBy(asc(carrierInvoiceMessages.createdAt), asc(carrierInvoiceMessages.id));
    },
    async insertMessage(values: typeof carrierInvoiceMessages.$inferInsert) {
      await db.insert(carrierInvoiceMessages).values(values);
    },
    async userName(id: string | null) {
      if (!id) return null;
      const [row] = await db.select({ name: fullName }).from(users).where(eq(users.id, id));
      return row?.name ?? null;
    },
    async invoiceNumberOf(id: string | null) {
      if (!id) return null;
      const [row] = await db
        .select({ id: invoices.id, number: invoices.number, total_cents: invoices.totalCents })
        .from(invoices)
        .where(eq(invoices.id, id));
      return row ?? null;
    },

    /** Payable now: approved or short-paid, not in a batch yet (the ids given, or all), with their carriers. */
    async payable(ids?: string[]) {
      return db
        .select({ invoice: carrierInvoices, carrier: { id: carriers.id, name: carriers.name, scac: carriers.scac } })
        .from(carrierInvoices)
        .innerJoin(carriers, eq(carriers.id, carrierInvoices.carrierId))
        .where(
          and(
            inArray(carrierInvoices.status, [...PAYABLE_STATUSES]),
            isNull(carrierInvoices.payablesBatchId),
            ids ? inArray(carrierInvoices.id, ids) : undefined,
          ),
        )
        .orderBy(asc(carriers.name), asc(carrierInvoices.dueDate), asc(carrierInvoices.invoiceNumber))
        .for('update', { of: carrierInvoices });
    },
    async insertBatch(values: typeof payablesBatches.$inferInsert) {
      const [row] = await db.insert(payablesBatches).values(values).returning();
      if (!row) throw new Error('payables batch insert returned no row');
      return row;
    },
    async setBatch(ids: string[], batchId: string, now: Date) {
      if (!ids.length) return;
      await db
        .update(carrierInvoices)
        .set({ payablesBatchId: batchId, updatedAt: now, version: sql`${carrierInvoices.version} + 1` })
        .where(inArray(carrierInvoices.id, ids));
    },
    async batch(id: string) {
      const [row] = await db
        .select({ batch: payablesBatches, createdBy: fullName })
        .from(payablesBatches)
        .leftJoin(users, eq(users.id, payablesBatches.createdBy))
        .where(eq(payablesBatches.id, id));
      return row;
    },
    async batches(limit = 50) {
      return db
        .select({ batch: payablesBatches, createdBy: fullName })
        .from(payablesBatches)
        .leftJoin(users, eq(users.id, payablesBatches.createdBy))
        .orderBy(desc(payablesBatches.number))
        .limit(limit);
    },
    /** The invoices of batches, with their carriers, by carrier and due date. */
    async ofBatches(batchIds: string[]) {
      if (!batchIds.length) return [];
      return db
        .select({ invoice: carrierInvoices, carrier: { id: carriers.id, name: carriers.name, scac: carriers.scac } })
        .from(carrierInvoices)
        .innerJoin(carriers, eq(carriers.id, carrierInvoices.carrierId))
        .where(inArray(carrierInvoices.payablesBatchId, batchIds))
        .orderBy(asc(carriers.name), asc(carrierInvoices.dueDate), asc(carrierInvoices.invoiceNumber));
    },
    /** Locks the payable invoices among `ids` or of the batch, for marking paid. */
    async toPay(where: { batchId?: string; ids?: string[] }) {
      return db
        .select()
        .from(carrierInvoices)
        .where(
          and(
            inArray(carrierInvoices.status, [...PAYABLE_STATUSES]),
            where.batchId ? eq(carrierInvoices.payablesBatchId, where.batchId) : undefined,
            where.ids ? inArray(carrierInvoices.id, where.ids) : undefined,
          ),
        )
        .for('update');
    },
    async markPaid(ids: string[], values: { paidAt: Date; paidBy: string; paidReference: string }) {
      if (!ids.length) return;
      await db
        .update(carrierInvoices)
        .set({ ...values, status: 'paid', updatedAt: values.paidAt, version: sql`${carrierInvoices.version} + 1` })
        .where(inArray(carrierInvoices.id, ids));
    },
  };
}
export type CarrierInvoicesRepository = ReturnType<typeof carrierInvoicesRepository>;
