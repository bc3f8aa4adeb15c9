import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { apiIncidents, type CarrierMode, carriers, currencyRates, dieselPrices, quotes } from '../../db/schema';
import { writeBatcher } from './write-batcher';

export type CarrierRow = typeof carriers.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
/** A new quote's row: not booked, nothing to prefill (booking and reship set those later). */
export type NewQuoteRow = Omit<QuoteRow, 'bookedAt' | 'bookingPrefill'>;

/** Weekly reference data (diesel price, exchange rates) is read at most this often per process. */
const REFERENCE_TTL_MS = 5 * 60_000;

/**
 * How long a process rates with the carriers it holds before asking whether they changed. A
 * staff edit of a tariff (or a carrier switched off) takes effect in every process within these
 * few seconds; quoting a few seconds on the old tariff is acceptable, as a quote is an offer
 * priced at a moment and the edit itself takes longer than that to make. Asking with every quote
 * cost one round trip per quote.
 */
export const CARRIER_RECHECK_MS = 5_000;

/**
 * Quote rows written in one statement, at most, and how long the first of them waits for
 * company. 16 rows cost PostgreSQL half the CPU per row of single inserts (bench/quote-insert.ts);
 * 2 ms is small beside a quote's own time, and a quote alone pays it once.
 */
const QUOTE_BATCH_ROWS = 16;
const QUOTE_BATCH_WAIT_MS = 2;

/** A value loaded at most once per `ttlMs` of the app's clock; concurrent callers share the one load. */
function cachedFor<T>(ttlMs: number, now: () => Date, load: () => Promise<T>) {
  let entry: { at: number; value: Promise<T> } | undefined;
  return () => {
    const at = now().getTime();
    if (!entry || at - entry.at > ttlMs) {
      const value = load();
      entry = { at, value };
      value.catch(() => {
        entry = undefined; // a failed load is not kept
      });
    }
    return entry.value;
  };
}

export interface QuotePageOptions {
  page: number;
  perPage: number;
  savedOnly: boolean;
  mode?: CarrierMode;
  /** Trimmed, non-empty. */
  search?: string;
}

/**
 * The list search: the client reference contains the text (any case), or the origin or the
 * destination postal code of the stored input starts with it (any case, spaces ignored, so
 * 'm5v3' finds 'M5V 3L9'). Bound parameters only; works on PostgreSQL and PGlite alike.
 */
function quoteSearch(search: string): SQL {
  const contains = `%${escapeLike(search)}%`;
  const compact = search.replace(/\s+/g, '');
  const prefix = `${escapeLike(compact)}%`;
  // `end` is one of two constants, written into the SQL text; the user's text is always a parameter.
  const postal = (end: 'origin' | 'destination') =>
    sql`replace(${quotes.input} -> ${sql.raw(`'${end}'`)} ->> 'postal_code', ' ', '') ilike ${prefix} escape '\\'`;
  const byRef = sql`${quotes.clientRef} ilike ${contains} escape '\\'`;
  return compact ? (or(byRef, postal('origin'), postal('destination')) as SQL) : byRef;
}

/**
 * Carriers, rating data, incidents and quotes. Quotes are always read through the caller's account.
 * Carrier tariffs are large: a mode's active carriers are kept in memory and read again only when
 * their version (count and latest `updated_at`) changes, so an edit must set `updated_at`. The
 * version is asked at most every CARRIER_RECHECK_MS.
 */
export function quotesRepository(db: Db, now: () => Date) {
  const carriersByMode = new Map<CarrierMode, { version: string; rows: CarrierRow[] }>();
  const checkByMode = new Map<CarrierMode, () => Promise<CarrierRow[]>>();
  const activeOf = (mode: CarrierMode) => and(eq(carriers.mode, mode), eq(carriers.active, true));
  // Every quote ends here. Rows of concurrent quotes are written together (write-batcher.ts), by
  // statements prepared once per batch size (named on PostgreSQL: planned once per connection).
  const insertStatements = new Map<number, ReturnType<typeof prepareInsert>>();
  function prepareInsert(rows: number) {
    const row = (i: number) => ({
      id: sql.placeholder(`id${i}`),
      accountId: sql.placeholder(`accountId${i}`),
      userId: sql.placeholder(`userId${i}`),
      mode: sql.placeholder(`mode${i}`),
      clientRef: sql.placeholder(`clientRef${i}`),
      input: sql.placeholder(`input${i}`),
      result: sql.placeholder(`result${i}`),
      lowestTotalCents: sql.placeholder(`lowestTotalCents${i}`),
      currency: sql.placeholder(`currency${i}`),
      saved: sql.placeholder(`saved${i}`),
      createdAt: sql.placeholder(`createdAt${i}`),
    });
    return db
      .insert(quotes)
      .values(Array.from({ length: rows }, (_, i) => row(i)))
      .prepare(`quote_insert_${rows}`);
  }
  const insertRows = (rows: NewQuoteRow[]) => {
    let statement = insertStatements.get(rows.length);
    if (!statement) {
      statement = prepareInsert(rows.length);
      insertStatements.set(rows.length, statement);
    }
    // The placeholders are the row's own field names, numbered by its place in the batch.
    return statement.execute(
      Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([field, value]) => [`${field}${i}`, value]))),
    );
  };
  const quoteWrites = writeBatcher<NewQuoteRow>({
    writeMany: async (rows) => {
      await insertRows(rows);
    },
    writeOne: async (row) => {
      await insertRows([row]);
    },
    maxRows: QUOTE_BATCH_ROWS,
    maxWaitMs: QUOTE_BATCH_WAIT_MS,
  });

  async function currentCarriers(mode: CarrierMode) {
    const [v] = await db
      .select({ n: count(), latest: sql<string>`max(${carriers.updatedAt})::text` })
      .from(carriers)
      .where(activeOf(mode));
    const version = `${v?.n ?? 0}|${v?.latest ?? ''}`;
    const cached = carriersByMode.get(mode);
    if (cached?.version === version) return cached.rows;
    const rows = await db.select().from(carriers).where(activeOf(mode)).orderBy(asc(carriers.name));
    carriersByMode.set(mode, { version, rows });
    return rows;
  }

  return {
    activeCarriers(mode: CarrierMode) {
      let check = checkByMode.get(mode);
      if (!check) {
        check = cachedFor(CARRIER_RECHECK_MS, now, () => currentCarriers(mode));
        checkByMode.set(mode, check);
      }
      return check();
    },

    /** The latest weekly diesel price, or undefined when none is recorded. */
    latestDiesel: cachedFor(REFERENCE_TTL_MS, now, async () => {
      const [row] = await db.select().from(dieselPrices).orderBy(desc(dieselPrices.weekOf)).limit(1);
      return row?.usdPerGallon;
    }),

    currencyRates: cachedFor(REFERENCE_TTL_MS, now, async () => {
      const rows = await db.select().from(currencyRates);
      return Object.fromEntries(rows.map((r) => [r.currency, r.perUsd])) as Record<string, number>;
    }),

    async recordIncident(incident: { carrierId: string; operation: string; request: unknown; error: string; at: Date }) {
      await db.insert(apiIncidents).values({
        carrierId: incident.carrierId,
        operation: incident.operation,
        request: incident.request,
        error: incident.error,
        createdAt: incident.at,
      });
    },

    /**
     * Stores a quote the caller built whole (id and time included), so nothing, least of all the
     * large result, comes back. Resolves once the row is committed, with others of the moment.
     */
    async insert(quote: NewQuoteRow): Promise<QuoteRow> {
      await quoteWrites.add(quote);
      return { ...quote, bookedAt: null, bookingPrefill: null };
    },

    async find(id: string, accountId: string) {
      const [row] = await db
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
      return row;
    },

    /** The places and contacts the Book Shipment step starts from (reship and return-ship). */
    async setBookingPrefill(id: string, accountId: string, prefill: unknown) {
      await db
        .update(quotes)
        .set({ bookingPrefill: prefill })
        .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)));
    },

    async markSaved(id: string, accountId: string, saved: boolean) {
      const [row] = await db
        .update(quotes)
        .set({ saved })
        .where(and(eq(quotes.id, id), eq(quotes.accountId, accountId)))
        .returning();
      return row;
    },

    /**
     * One page of the account's quotes, newest first, optionally only saved ones, one mode, or
     * those matching `search` (see quoteSearch); `total` counts the filtered quotes.
     */
    async page(accountId: string, opts: QuotePageOptions) {
      const conditions: SQL[] = [eq(quotes.accountId, accountId)];
      if (opts.savedOnly) conditions.push(eq(quotes.saved, true));
      if (opts.mode) conditions.push(eq(quotes.mode, opts.mode));
      if (opts.search) conditions.push(quoteSearch(opts.search));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(quotes)
          .where(where)
          .orderBy(desc(quotes.createdAt), desc(quotes.id))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(quotes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
