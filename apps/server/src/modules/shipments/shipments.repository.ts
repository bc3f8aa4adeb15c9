import type { SHIPMENT_SORTS } from '@freight/contracts';
import type { ShipmentStatus } from '@freight/domain';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { keysetBatches } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { carriers, currencyRates, invoices, payments, quotes, shipmentEvents, shipmentReferences, shipments } from '../../db/schema';

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

/** What the list selects: its filters, without order or page. */
export type ShipmentFilter = Pick<ShipmentPageOptions, 'search' | 'status' | 'bookedBy' | 'ids'>;

export interface ShipmentPageOptions {
  page: number;
  perPage: number;
  /** Trimmed, non-empty. */
  search?: string;
  status?: ShipmentStatus;
  /** Only the shipments this user booked (the list's 'Mine'). */
  bookedBy?: string;
  /** Only these shipments (those behind an analytics figure). */
  ids?: readonly string[];
  sort: ShipmentSort;
  dir: 'asc' | 'desc';
  /**
   * The filter is selective (a lane): sort its matches rather than walk a sort index. The
   * planner, assuming columns independent, would walk the index through thousands of rows.
   */
  filterFirst?: boolean;
}

const SORT_COLUMNS = {
  created_at: shipments.createdAt,
  pickup_date: shipments.pickupDate,
  status: shipments.status,
  carrier: shipments.carrierName,
  bol_number: shipments.bolNumber,
} as const;

/**
 * The list's order, the id last so pages never overlap. Every sort has its index within
 * the account: (account_id, created_at, id) for newest first, (account_id, status, created_at, id)
 * for status then age, and (account_id, pickup_date | carrier_name | bol_number, id).
 */
function orderOf(opts: Pick<ShipmentPageOptions, 'sort' | 'dir' | 'filterFirst'>) {
  const dir = opts.dir === 'asc' ? asc : desc;
  // An expression of the column orders the same but matches no index: the filter's index is used.
  const col = (c: (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS]) =>
    opts.filterFirst
      ? sql`(${c})${sql.raw(c === shipments.createdAt ? " + interval '0 s'" : c === shipments.pickupDate ? ' + 0' : "::text || ''")}`
      : c;
  if (opts.sort === 'status') return [dir(col(shipments.status)), dir(shipments.createdAt), dir(shipments.id)];
  return [dir(col(SORT_COLUMNS[opts.sort])), dir(shipments.id)];
}

/** The columns of the list's order (see orderOf), each with the last row's value, for a keyset. */
function keyColumns(sort: ShipmentSort): { column: SQL | AnyColumn; value: (row: ShipmentRow) => SQL }[] {
  const id = { column: shipments.id, value: (r: ShipmentRow) => sql`${r.id}::uuid` };
  const created = { column: shipments.createdAt, value: (r: ShipmentRow) => sql`${r.createdAt.toISOString()}::timestamptz` };
  if (sort === 'status') return [{ column: shipments.status, value: (r) => sql`${r.status}` }, created, id];
  if (sort === 'created_at') return [created, id];
  if (sort === 'pickup_date') return [{ column: shipments.pickupDate, value: (r) => sql`${r.pickupDate}::date` }, id];
  if (sort === 'carrier') return [{ column: shipments.carrierName, value: (r) => sql`${r.carrierName}` }, id];
  return [{ column: shipments.bolNumber, value: (r) => sql`${r.bolNumber}` }, id];
}

/** One page of the rows `where` selects, and their count up to COUNT_AHEAD past the page. */
export async function shipmentPage(db: Db, where: SQL | undefined, opts: ShipmentPageOptions) {
  const offset = (opts.page - 1) * opts.perPage;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(shipments)
      .where(where)
      .orderBy(...orderOf(opts))
      .limit(opts.perPage)
      .offset(offset),
    countAhead(db, shipments, where, offset),
  ]);
  return { rows, ...counted };
}

/**
 * Every shipment `where` selects, in the list's order, `size` at a time by keyset (its sort key
 * and id): My Shipments' export and the staff's Admin Shipments export read through it.
 */
export function shipmentBatches(
  db: Db,
  where: SQL | undefined,
  opts: Pick<ShipmentPageOptions, 'sort' | 'dir' | 'filterFirst'>,
  size = 1_000,
) {
  const keys = keyColumns(opts.sort);
  const tuple = sql.join(
    keys.map((k) => k.column),
    sql`, `,
  );
  // A row comparison: (key..., id) past the last row's, in the list's direction.
  const past = (last: ShipmentRow) => {
    const values = sql.join(
      keys.map((k) => k.value(last)),
      sql`, `,
    );
    return opts.dir === 'asc' ? sql`(${tuple}) > (${values})` : sql`(${tuple}) < (${values})`;
  };
  const read = (after: SQL | undefined, limit: number) =>
    db
      .select()
      .from(shipments)
      .where(and(where, after))
      .orderBy(...orderOf(opts))
      .limit(limit);
  return keysetBatches(read, past, size);
}

/**
 * Shipments, their events and the quote booking marks. Every read of a shipment goes through the
 * caller's account. `db` may be a transaction.
 */
export function shipmentsRepository(db: Db) {
  const pageWhere = (where: SQL | undefined, opts: ShipmentPageOptions) => shipmentPage(db, where, opts);

  /**
   * The list's filter: the account, status, 'Mine', an analytics figure's shipments and the
   * search. A whole BOL number is looked up on its own unique index first: 17 digits share most
   * of their trigrams with every other BOL (the company prefix), so the search index would hand
   * back thousands of candidates to recheck (~50 ms at 250,000 shipments); when no shipment has
   * it, it is searched as any text.
   */
  async function listWhere(accountId: string, opts: ShipmentFilter): Promise<SQL | undefined> {
    const conditions: SQL[] = [eq(shipments.accountId, accountId)];
    if (opts.status) conditions.push(eq(shipments.status, opts.status));
    if (opts.bookedBy) conditions.push(eq(shipments.userId, opts.bookedBy));
    // One text parameter however many: a year of a large account's ids would pass the driver's limit of parameters.
    if (opts.ids) conditions.push(sql`${shipments.id} = any(string_to_array(${opts.ids.join(',')}, ',')::uuid[])`);
    if (opts.search && /^\d{17}$/.test(opts.search)) {
      const exact = and(...conditions, eq(shipments.bolNumber, opts.search));
      const [found] = await db.select({ id: shipments.id }).from(shipments).where(exact).limit(1);
      if (found) return exact;
    }
    if (opts.search) {
      conditions.push(sql`${shipments.searchText} like ${`%${escapeLike(opts.search.toLowerCase())}%`} escape '\\'`);
    }
    return and(...conditions);
  }

  return {
    /** The next `count` VICS BOL serials (migration 0006's sequence), in order. */
    async nextBolSerials(count: number): Promise<number[]> {
      // node-postgres and PGlite both answer { rows }; bigint comes back as a string.
      const result = (await db.execute(
        sql`select nextval('shipment_bol_serial')::text as serial from generate_series(1, ${count}::int)`,
      )) as unknown as { rows: { serial: string }[] };
      const serials = result.rows.map((r) => Number(r.serial)).sort((a, b) => a - b);
      if (serials.length !== count || !serials.every(Number.isSafeInteger)) throw new Error('no BOL serial');
      return serials;
    },

    /** Inserts the booking unless the account already used its idempotency key; answers the new row or undefined. */
    async insertOnce(row: NewShipmentRow): Promise<ShipmentRow | undefined> {
      const [inserted] = await db
        .insert(shipments)
        .values(row)
        .onConflictDoNothing({ target: [shipments.accountId, shipments.idempotencyKey] })
        .returning();
      return inserted;
    },

    /** One row per reference, in order: staff find a shipment by any of them (indexed upper-cased). */
    async insertReferences(shipmentId: string, references: { type: string; value: string }[]) {
      if (!references.length) return;
      await db.insert(shipmentReferences).values(references.map((r, position) => ({ shipmentId, position, type: r.type, value: r.value })));
    },

    async update(id: string, values: Partial<NewShipmentRow>): Promise<ShipmentRow> {
      const [row] = await db.update(shipments).set(values).where(eq(shipments.id, id)).returning();
      if (!row) throw new Error(`shipment ${id} vanished`);
      return row;
    },

    /**
     * The booking made under the account's idempotency key, if any: its id and request's hash only.
     * Every booking asks, and the whole row is wide; a repeat reads it after (`findById`).
     */
    async keyHolder(accountId: string, key: string) {
      const [row] = await db
        .select({ id: shipments.id, requestHash: shipments.requestHash })
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), eq(shipments.idempotencyKey, key)));
      return row;
    },

    async findById(id: string): Promise<ShipmentRow> {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
      if (!row) throw new Error(`shipment ${id} vanished`);
      return row;
    },

    async find(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.id, id), eq(shipments.accountId, accountId)));
      return row;
    },

    /** Any account's shipment: only for a signed public link, which names one shipment. */
    async findSigned(id: string) {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
      return row;
    },

    /**
     * The shipment row locked for the rest of the transaction (cancel, payment, expiry). Its key
     * stays, so rows that point at it (a claim, an invoice) are not held up meanwhile; a full lock
     * deadlocked a claim filed while the shipment's invoice was being made.
     */
    async lock(id: string) {
      const [row] = await db.select().from(shipments).where(eq(shipments.id, id)).for('no key update');
      return row;
    },

    /** Marks the quote booked; undefined when it was booked already (by another booking). */
    async markQuoteBooked(quoteId: string, accountId: string, at: Date) {
      const [row] = await db
        .update(quotes)
        .set({ bookedAt: at })
        .where(and(eq(quotes.id, quoteId), eq(quotes.accountId, accountId), isNull(quotes.bookedAt)))
        .returning({ id: quotes.id });
      return row;
    },

    /** Whether the account ever booked with this carrier (a first booking with one may need approval). */
    async hasBookedWith(accountId: string, carrierId: string) {
      const [row] = await db
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.accountId, accountId), eq(shipments.carrierId, carrierId)))
        .limit(1);
      return Boolean(row);
    },

    async carrier(id: string | null) {
      if (!id) return undefined;
      const [row] = await db.select().from(carriers).where(eq(carriers.id, id));
      return row;
    },

    async events(shipmentId: string) {
      return db
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, shipmentId))
        .orderBy(asc(shipmentEvents.occurredAt), asc(shipmentEvents.receivedAt));
    },

    async addEvent(event: typeof shipmentEvents.$inferInsert) {
      await db
        .insert(shipmentEvents)
        .values(event)
        .onConflictDoNothing({ target: [shipmentEvents.shipmentId, shipmentEvents.dedupeKey] });
    },

    /** The last 4 digits of the card of the shipment's latest authorized payment. */
    /** The card that paid: authorized, or released or refunded once the booking was canceled. */
    async cardLast4(shipmentId: string): Promise<string | null> {
      const [row] = await db
        .select({ last4: payments.cardLast4 })
        .from(payments)
        .where(and(eq(payments.shipmentId, shipmentId), inArray(payments.status, ['authorized', 'voided', 'refunded'])))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row?.last4 ?? null;
    },

    /** The credit memo that credited a canceled prepaid booking's receipt (its line's code says so). */
    async cancelCreditMemo(shipmentId: string): Promise<{ id: string; number: string } | null> {
      const [row] = await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(
          and(
            eq(invoices.shipmentId, shipmentId),
            eq(invoices.type, 'credit_memo'),
            sql`${invoices.charges} @> '[{"code":"booking_canceled"}]'::jsonb`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async currencyRates() {
      const rows = await db.select().from(currencyRates);
      return Object.fromEntries(rows.map((r) => [r.currency, r.perUsd])) as Record<string, number>;
    },

    /**
     * One page of the account's shipments. The search is `search_text` (lower-cased BOL, PRO,
     * tracking and reference numbers and the two cities) containing the text; the pg_trgm index
     * serves it on PostgreSQL. The order ends with the id, so pages never overlap.
     */
    async page(accountId: string, opts: ShipmentPageOptions) {
      return pageWhere(await listWhere(accountId, opts), opts);
    },

    /** How many shipments the list's filter selects (an export's row count). */
    async count(accountId: string, opts: ShipmentFilter) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shipments)
        .where(await listWhere(accountId, opts));
      return Number(row?.n ?? 0);
    },

    /**
     * Every shipment the list's filter selects, in the list's order, EXPORT_BATCH at a time: each
     * batch starts after the last row of the one before (its sort key and id), on the same
     * indexes the list's pages use, so the thousandth batch costs what the first did.
     */
    async batches(accountId: string, opts: ShipmentFilter & Pick<ShipmentPageOptions, 'sort' | 'dir'>, size = 1_000) {
      return shipmentBatches(db, await listWhere(accountId, opts), opts, size);
    },
  };
}

export type ShipmentsRepository = ReturnType<typeof shipmentsRepository>;
