import { fromTodayOn, inForceOn } from '@freight/domain/rating';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CarrierRow } from '../../carrier-adapters/adapter';
import { answersInThisThread } from '../../db/bulk-lane';
import type { Db } from '../../db/client';
import { keysetBatches } from '../../db/keyset';
import { escapeLike } from '../../db/like';
import { type CarrierMode, carriers, carrierTariffVersions, currencyRates, dieselPrices, quotes } from '../../db/schema';
import { carrierFailure, recordIncident } from '../incidents/incidents.service';
import { writeBatcher } from './write-batcher';

export type { CarrierRow };

/** A published tariff version as rating needs it. */
export interface PublishedTariff {
  number: number;
  effective_date: string;
  tariff: unknown;
  fuel_bp: number;
}

/** An active carrier with its published tariffs that can still apply (in force today, and later ones). */
export type RatingCarrier = CarrierRow & { versions: PublishedTariff[] };

/**
 * The carrier as it rates a shipment picked up on `day`: the published version in force that day
 *. A carrier without versions (none recorded yet) rates with `carriers.tariff`.
 */
export type RatedCarrier = CarrierRow & { tariffVersion: number | null };
/** Pickup days whose carriers one cache entry keeps (a year of days is far more than quotes ask). */
const MAX_PICKUP_DAYS_KEPT = 400;

export function carrierOn(row: RatingCarrier, day: string): RatedCarrier {
  const version = inForceOn(row.versions, day);
  if (!version) return { ...row, tariffVersion: null };
  return { ...row, tariff: version.tariff, fuelBp: version.fuel_bp, tariffVersion: version.number };
}

/** The published tariff versions of these carriers. */
async function publishedTariffs(db: Db, carrierIds: string[]) {
  if (!carrierIds.length) return [];
  return db
    .select({
      carrierId: carrierTariffVersions.carrierId,
      number: carrierTariffVersions.number,
      effective_date: sql<string>`${carrierTariffVersions.effectiveDate}`,
      tariff: carrierTariffVersions.tariff,
      fuel_bp: carrierTariffVersions.fuelBp,
    })
    .from(carrierTariffVersions)
    .where(and(inArray(carrierTariffVersions.carrierId, carrierIds), eq(carrierTariffVersions.state, 'published')));
}

/**
 * One carrier (active or not) as it rated a pickup on `day`, for work after the quote such as the
 * dock's reclass of an invoice: `carriers.tariff` mirrors only the version in force when a tariff
 * last changed, not one published since for a later date.
 */
export async function carrierAsOn(db: Db, id: string, day: string) {
  const [row] = await db.select().from(carriers).where(eq(carriers.id, id));
  if (!row) return undefined;
  const versions = (await publishedTariffs(db, [id])).map(({ carrierId: _, ...p }) => p);
  return carrierOn({ ...row, versions }, day);
}

/** The weekly diesel prices, newest first, as `inForceOn` reads them. */
interface DieselWeek {
  effective_date: string;
  number: number;
  usd: number;
}
export type QuoteRow = typeof quotes.$inferSelect;
/** A new quote's row: not booked, nothing to prefill (booking and reship set those later); the database numbers it. */
export type NewQuoteRow = Omit<QuoteRow, 'bookedAt' | 'bookingPrefill' | 'number'>;

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
 * 2 ms is small beside a quote's own time, and a quote alone pays it once. The embedded database
 * answers in the server's thread, where a statement's cost is not the point: there the rows go
 * once the quote's own work is done, since a timer makes the quote wait for a turn of the event
 * loop, and while a batch books, each turn carries one of its bookings.
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
  /** Only the quotes this user ran (the list's 'Mine'). */
  createdBy?: string;
  /** Trimmed, non-empty. */
  search?: string;
}

/** What the list selects: its filters, without the page. */
export type QuoteFilter = Omit<QuotePageOptions, 'page' | 'perPage'>;

/** The list's filter: the account, saved only, one mode, one user's, and the search. */
function quoteWhere(accountId: string, opts: QuoteFilter) {
  const conditions: SQL[] = [eq(quotes.accountId, accountId)];
  if (opts.savedOnly) conditions.push(eq(quotes.saved, true));
  if (opts.mode) conditions.push(eq(quotes.mode, opts.mode));
  if (opts.createdBy) conditions.push(eq(quotes.userId, opts.createdBy));
  if (opts.search) conditions.push(quoteSearch(opts.search));
  return and(...conditions);
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
  const carriersByMode = new Map<CarrierMode, { version: string; rows: RatingCarrier[] }>();
  const checkByMode = new Map<CarrierMode, () => Promise<RatingCarrier[]>>();
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
      costs: sql.placeholder(`costs${i}`),
      currency: sql.placeholder(`currency${i}`),
      saved: sql.placeholder(`saved${i}`),
      createdAt: sql.placeholder(`createdAt${i}`),
      expiresAt: sql.placeholder(`expiresAt${i}`),
    });
    // The number comes from the column's default (the sequence); only it and the id come back.
    return db
      .insert(quotes)
      .values(Array.from({ length: rows }, (_, i) => row(i)))
      .returning({ id: quotes.id, number: quotes.number })
      .prepare(`quote_insert_numbered_${rows}`);
  }
  /** Writes the rows; answers each row's number, in the rows' order. */
  const insertRows = async (rows: NewQuoteRow[]): Promise<string[]> => {
    let statement = insertStatements.get(rows.length);
    if (!statement) {
      statement = prepareInsert(rows.length);
      insertStatements.set(rows.length, statement);
    }
    // The placeholders are the row's own field names, numbered by its place in the batch.
    const numbered = await statement.execute(
      Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([field, value]) => [`${field}${i}`, value]))),
    );
    // RETURNING promises no order: match by id.
    const numberOf = new Map(numbered.map((r) => [r.id, r.number]));
    return rows.map((row) => numberOf.get(row.id) ?? '');
  };
  const quoteWrites = writeBatcher<NewQuoteRow, string>({
    writeMany: insertRows,
    writeOne: async (row) => (await insertRows([row]))[0] ?? '',
    maxRows: QUOTE_BATCH_ROWS,
    maxWaitMs: answersInThisThread(db) ? 0 : QUOTE_BATCH_WAIT_MS,
  });

  async function currentCarriers(mode: CarrierMode): Promise<RatingCarrier[]> {
    // Publishing a tariff version touches its carrier's `updated_at`, so this also notices versions.
    // The sum catches a change of any one carrier, also one set to a time before another's latest.
    const [v] = await db
      .select({
        n: count(),
        latest: sql<string>`max(${carriers.updatedAt})::text`,
        sum: sql<string>`sum(extract(epoch from ${carriers.updatedAt}))::text`,
      })
      .from(carriers)
      .where(activeOf(mode));
    const today = now().toISOString().slice(0, 10);
    const version = `${v?.n ?? 0}|${v?.latest ?? ''}|${v?.sum ?? ''}|${today}`;
    const cached = carriersByMode.get(mode);
    if (cached?.version === version) return cached.rows;
    const rows = await db.select().from(carriers).where(activeOf(mode)).orderBy(asc(carriers.name));
    const published = await publishedTariffs(
      db,
      rows.map((r) => r.id),
    );
    const rating = rows.map((row) => ({
      ...row,
      versions: fromTodayOn(
        published.filter((p) => p.carrierId === row.id),
        today,
      ).map(({ carrierId: _, ...p }) => p),
    }));
    carriersByMode.set(mode, { version, rows: rating });
    return rating;
  }

  /** Every weekly diesel price, re-read when one is added, changed or removed (count and latest write). */
  let dieselWeeks: { version: string; weeks: DieselWeek[] } | undefined;
  async function currentDiesel(): Promise<DieselWeek[]> {
    const [v] = await db
      .select({
        n: count(),
        latest: sql<string>`max(${dieselPrices.createdAt})::text`,
        sum: sql<string>`sum(${dieselPrices.usdPerGallon})::text`,
      })
      .from(dieselPrices);
    const version = `${v?.n ?? 0}|${v?.latest ?? ''}|${v?.sum ?? ''}`;
    if (dieselWeeks?.version === version) return dieselWeeks.weeks;
    const rows = await db.select().from(dieselPrices).orderBy(desc(dieselPrices.weekOf));
    const weeks = rows.map((r, i) => ({ effective_date: r.weekOf, number: rows.length - i, usd: r.usdPerGallon }));
    dieselWeeks = { version, weeks };
    return weeks;
  }
  const dieselCheck = cachedFor(CARRIER_RECHECK_MS, now, currentDiesel);

  function activeCarriers(mode: CarrierMode) {
    let check = checkByMode.get(mode);
    if (!check) {
      check = cachedFor(CARRIER_RECHECK_MS, now, () => currentCarriers(mode));
      checkByMode.set(mode, check);
    }
    return check();
  }
  // The carriers as they rate each pickup day, kept while the carriers' cache entry lives: quotes
  // of a day share them rather than rebuild them (a quote's hot path; the bench measures it).
  const onDayByRows = new WeakMap<RatingCarrier[], Map<string, RatedCarrier[]>>();

  return {
    /** The active carriers of a mode as they rate a pickup on `day` (the tariff version in force then). */
    async carriersOn(mode: CarrierMode, day: string): Promise<RatedCarrier[]> {
      const rows = await activeCarriers(mode);
      let byDay = onDayByRows.get(rows);
      if (!byDay) {
        byDay = new Map();
        onDayByRows.set(rows, byDay);
      }
      let carriersOfDay = byDay.get(day);
      if (!carriersOfDay) {
        if (byDay.size >= MAX_PICKUP_DAYS_KEPT) byDay.clear();
        carriersOfDay = rows.map((row) => carrierOn(row, day));
        byDay.set(day, carriersOfDay);
      }
      return carriersOfDay;
    },

    /**
     * The weekly diesel price in force on `day` (the latest week not after it); before the first
     * recorded week, the earliest; undefined when none is recorded.
     */
    async dieselOn(day: string): Promise<number | undefined> {
      const weeks = await dieselCheck();
      return (inForceOn(weeks, day) ?? weeks.at(-1))?.usd;
    },

    currencyRates: cachedFor(REFERENCE_TTL_MS, now, async () => {
      const rows = await db.select().from(currencyRates);
      return Object.fromEntries(rows.map((r) => [r.currency, r.perUsd])) as Record<string, number>;
    }),

    /** A carrier's failed rating: an incident of its group, counting the quote that went on without it. */
    async recordIncident(incident: { carrierId: string; operation: string; request: unknown; error: unknown; at: Date }) {
      await recordIncident(db, {
        ...carrierFailure(incident.error),
        operation: incident.operation,
        carrierId: incident.carrierId,
        request: incident.request,
        at: incident.at,
        affectedQuotes: 1,
      });
    },

    /**
     * Stores a quote the caller built whole (id and time included), so only its number, least of
     * all the large result, comes back. Resolves once the row is committed, with others of the moment.
     */
    async insert(quote: NewQuoteRow): Promise<QuoteRow> {
      const number = await quoteWrites.add(quote);
      // Object.assign, not `{ ...quote, bookedAt, bookingPrefill }`: on Node 20 (V8 11.3) that makes a
      // new hidden class for every quote, and every later read of the row misses its inline caches.
      return Object.assign({}, quote, { bookedAt: null, bookingPrefill: null, number });
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
     * One page of the account's quotes, newest first, optionally only saved ones, one mode, one
     * user's, or those matching `search` (see quoteSearch); `total` counts the filtered quotes.
     */
    async page(accountId: string, opts: QuotePageOptions) {
      const where = quoteWhere(accountId, opts);
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

    /** How many quotes the list's filter selects (an export's row count). */
    async count(accountId: string, opts: QuoteFilter) {
      const [total] = await db.select({ n: count() }).from(quotes).where(quoteWhere(accountId, opts));
      return total?.n ?? 0;
    },

    /** Every quote the list's filter selects, newest first, `size` at a time, each batch after the last one's (created_at, id). */
    batches(accountId: string, opts: QuoteFilter, size = 1_000) {
      const where = quoteWhere(accountId, opts);
      const read = (past: SQL | undefined, limit: number) =>
        db.select().from(quotes).where(and(where, past)).orderBy(desc(quotes.createdAt), desc(quotes.id)).limit(limit);
      const past = (last: QuoteRow) =>
        sql`(${quotes.createdAt}, ${quotes.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id}::uuid)`;
      return keysetBatches(read, past, size);
    },
  };
}
