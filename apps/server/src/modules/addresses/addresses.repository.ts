import type { ADDRESS_SORTS, AddressBookEntryValues } from '@freight/contracts';
import { and, asc, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CSV_CHUNK_ROWS } from '../../csv/csv';
import type { Db } from '../../db/client';
import { COUNT_AHEAD, countAhead } from '../../db/count-ahead';
import { escapeLike } from '../../db/like';
import { addressBook } from '../../db/schema';

export type AddressRow = typeof addressBook.$inferSelect;
export type AddressSort = (typeof ADDRESS_SORTS)[number];

/** What the service stores: the entry (normalised), whether it is verified and its duplicate key. */
export interface AddressRecord {
  values: AddressBookEntryValues;
  verified: boolean;
  dedupeKey: string;
}

export interface AddressQuery {
  /** Trimmed, non-empty. */
  search?: string;
  sort?: AddressSort;
  dir: 'asc' | 'desc';
}

/** Entries per statement of the CSV export. */
const EXPORT_BATCH = 1_000;

/** Rows per INSERT statement of an import: the CSV reader's chunk. */
const INSERT_CHUNK = CSV_CHUNK_ROWS;

/**
 * The list search: `search_text` (lower-cased company, contact, street1, city and the postal code
 * without spaces) contains the text, any case; a text with spaces also matches without them, so
 * 'm5v 3l9' finds 'M5V 3L9'. On PostgreSQL the pg_trgm GIN index serves it. Bound parameters only.
 */
function addressSearch(search: string): SQL {
  const contains = (text: string) => sql`${addressBook.searchText} like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
  const compact = search.replace(/\s+/g, '');
  return compact !== search ? (or(contains(search), contains(compact)) as SQL) : contains(search);
}

/** Sort expressions: the same as the indexes' (lower-cased, "C" collation), so an index serves the order. */
const SORT_EXPRESSIONS: Record<AddressSort, SQL> = {
  company: sql`lower(${addressBook.company}) collate "C"`,
  contact: sql`lower(${addressBook.firstName} || ' ' || ${addressBook.lastName}) collate "C"`,
  city: sql`lower(${addressBook.city}) collate "C"`,
  state: sql`${addressBook.state} collate "C"`,
  postal_code: sql`${addressBook.postalCode} collate "C"`,
  created_at: sql`${addressBook.createdAt}`,
};

function columnsOf(record: AddressRecord) {
  const v = record.values;
  return {
    company: v.company,
    firstName: v.first_name,
    lastName: v.last_name,
    email: v.email,
    phone: v.phone,
    street1: v.street1,
    street2: v.street2,
    street3: v.street3,
    street4: v.street4,
    street5: v.street5,
    city: v.city,
    state: v.state,
    postalCode: v.postal_code,
    country: v.country,
    interiorNumber: v.interior_number,
    exteriorNumber: v.exterior_number,
    neighborhood: v.neighborhood,
    locationType: v.location_type,
    limitedAccess: v.limited_access,
    liftgateRecommended: v.liftgate_recommended,
    opensAt: v.opens_at,
    closesAt: v.closes_at,
    verified: record.verified,
    dedupeKey: record.dedupeKey,
  };
}

/**
 * The columns of a record as a bulk insert writes them, by property name: all but the id, the
 * account, the author, the times (one value for the whole chunk) and the generated search text.
 * Names and types come from the schema, never from a caller: safe as SQL text.
 */
const RECORD_COLUMNS = Object.entries(getTableColumns(addressBook)).filter(
  ([key]) => !['id', 'searchText', 'accountId', 'createdBy', 'createdAt', 'updatedAt'].includes(key),
) as [keyof ReturnType<typeof columnsOf>, PgColumn][];
const RECORD_COLUMN_LIST = sql.raw(RECORD_COLUMNS.map(([, c]) => `"${c.name}"`).join(', '));

/** The address book; every query is through the caller's account. */
export function addressesRepository(db: Db) {
  const ofAccount = (accountId: string, query: AddressQuery) => {
    const conditions: SQL[] = [eq(addressBook.accountId, accountId)];
    if (query.search) conditions.push(addressSearch(query.search));
    return and(...conditions);
  };
  const orderOf = (query: AddressQuery) => {
    const dir = query.dir === 'desc' ? desc : asc;
    return [dir(SORT_EXPRESSIONS[query.sort ?? 'company']), dir(addressBook.id)];
  };

  return {
    /**
     * One page and the count ahead (`paging.ts`). A plain list walks its sort index and counts
     * beside it. A search first reads at most COUNT_AHEAD matches past the page through the
     * search index, sorts them by their key alone (narrow rows) and counts them, reading the
     * page's entries whole in the same statement: when that was all of them, the page is ready in
     * one round trip. Only a search that matches more walks the sort index, where a broad
     * search's first matches come early. (Walking it for a narrow search would visit every entry
     * ordered before the first match: ~100 ms in a book of 100,000 when the matches sort late.)
     */
    async page(accountId: string, query: AddressQuery & { page: number; perPage: number }) {
      const where = ofAccount(accountId, query);
      const offset = (query.page - 1) * query.perPage;
      const inIndexOrder = () =>
        db
          .select()
          .from(addressBook)
          .where(where)
          .orderBy(...orderOf(query))
          .limit(query.perPage)
          .offset(offset);
      if (!query.search) {
        const [rows, counted] = await Promise.all([inIndexOrder(), countAhead(db, addressBook, where, offset)]);
        return { rows, ...counted };
      }
      const upTo = offset + COUNT_AHEAD + 1;
      const dir = query.dir === 'desc' ? desc : asc;
      const matches = db
        .select({ id: addressBook.id, key: sql`${SORT_EXPRESSIONS[query.sort ?? 'company']}`.as('key') })
        .from(addressBook)
        .where(where)
        .limit(upTo)
        .as('matches');
      const ranked = db
        .select({ id: matches.id, key: matches.key, matched: sql<number>`count(*) over ()`.as('matched') })
        .from(matches)
        .orderBy(dir(matches.key), dir(matches.id))
        .limit(query.perPage)
        .offset(offset)
        .as('ranked');
      const found = await db
        .select({ entry: addressBook, matched: ranked.matched })
        .from(ranked)
        .innerJoin(addressBook, eq(addressBook.id, ranked.id))
        .orderBy(dir(ranked.key), dir(ranked.id));
      const matched = found[0] ? Number(found[0].matched) : 0;
      // A page past the end has no row to carry the count: count alone.
      const counted =
        found.length || offset === 0
          ? { total: Math.min(matched, upTo - 1), capped: matched >= upTo }
          : await countAhead(db, addressBook, where, offset);
      if (counted.capped) return { rows: await inIndexOrder(), ...counted };
      return { rows: found.map((f) => f.entry), ...counted };
    },

    /**
     * Every matching entry in the list's order, EXPORT_BATCH at a time (the CSV export): each
     * batch continues after the last entry of the one before (its sort key and id, through the
     * sort index), so it costs the same wherever it is and the book never sits in memory whole.
     */
    async *batches(accountId: string, query: AddressQuery): AsyncGenerator<AddressRow[]> {
      const sort = query.sort ?? 'company';
      const key = SORT_EXPRESSIONS[sort];
      const keyType = sql.raw(sort === 'created_at' ? 'timestamptz' : 'text');
      const beyond = query.dir === 'desc' ? sql.raw('<') : sql.raw('>');
      let after: { key: string; id: string } | undefined;
      for (;;) {
        const where = after
          ? and(ofAccount(accountId, query), sql`(${key}, ${addressBook.id}) ${beyond} (${after.key}::${keyType}, ${after.id}::uuid)`)
          : ofAccount(accountId, query);
        const rows = await db
          .select({ entry: addressBook, key: sql<string>`(${key})::text` })
          .from(addressBook)
          .where(where)
          .orderBy(...orderOf(query))
          .limit(EXPORT_BATCH);
        if (rows.length) yield rows.map((r) => r.entry);
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_BATCH) return;
        after = { key: last.key, id: last.entry.id };
      }
    },

    async find(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(addressBook)
        .where(and(eq(addressBook.id, id), eq(addressBook.accountId, accountId)));
      return row;
    },

    async insert(accountId: string, userId: string, record: AddressRecord, at: Date) {
      const [row] = await db
        .insert(addressBook)
        .values({ ...columnsOf(record), accountId, createdBy: userId, createdAt: at, updatedAt: at })
        .returning();
      return row as AddressRow;
    },

    async update(accountId: string, id: string, record: AddressRecord, at: Date) {
      const [row] = await db
        .update(addressBook)
        .set({ ...columnsOf(record), updatedAt: at })
        .where(and(eq(addressBook.id, id), eq(addressBook.accountId, accountId)))
        .returning();
      return row;
    },

    async remove(accountId: string, id: string) {
      const rows = await db
        .delete(addressBook)
        .where(and(eq(addressBook.id, id), eq(addressBook.accountId, accountId)))
        .returning({ id: addressBook.id });
      return rows.length > 0;
    },

    /**
     * The ids of the account's entries with one of these duplicate keys (key -> id of the oldest),
     * through the (account, key) index. The keys go as one JSON parameter (an IN list of
     * thousands of parameters is slow to build and to plan).
     */
    async idsByDedupeKey(accountId: string, keys: string[]) {
      const found = new Map<string, string>();
      if (!keys.length) return found;
      const rows = await db
        .select({ id: addressBook.id, key: addressBook.dedupeKey })
        .from(addressBook)
        .where(
          and(
            eq(addressBook.accountId, accountId),
            sql`${addressBook.dedupeKey} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
          ),
        )
        .orderBy(asc(addressBook.createdAt), asc(addressBook.id));
      for (const r of rows) if (!found.has(r.key)) found.set(r.key, r.id);
      return found;
    },

    /**
     * Writes up to INSERT_CHUNK records in one statement that takes each column as one array
     * parameter (`unnest`): drizzle's multi-row VALUES builder spent ~0.25 ms of CPU per row on
     * 27 bound parameters, 12 s for a 50,000-row file; one JSON parameter (`json_to_recordset`)
     * cost the database ~0.9 s of decoding per 50,000 rows, the arrays less (bench/README.md).
     * The same on PGlite. An import calls it inside its transaction, chunk by chunk.
     */
    async insertChunk(accountId: string, userId: string, records: AddressRecord[], at: Date) {
      if (records.length > INSERT_CHUNK) throw new Error(`insertChunk: ${records.length} rows, at most ${INSERT_CHUNK}`);
      if (!records.length) return;
      const columns = records.map(columnsOf);
      const arrays = RECORD_COLUMNS.map(
        ([key, column]) => sql`${sql.param(columns.map((c) => c[key]))}::${sql.raw(column.getSQLType())}[]`,
      );
      await db.execute(sql`insert into address_book (account_id, created_by, created_at, updated_at, ${RECORD_COLUMN_LIST})
        select ${accountId}::uuid, ${userId}::uuid, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, r.*
        from unnest(${sql.join(arrays, sql`, `)}) as r`);
    },
  };
}
export type AddressesRepository = ReturnType<typeof addressesRepository>;
