import { type PART_SORTS, PART_SUGGESTION_LIMIT, type PartValues } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { type AnyColumn, and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { partCatalog } from '../../db/schema';

export type PartRow = typeof partCatalog.$inferSelect;
export type PartSort = (typeof PART_SORTS)[number];

export interface PartListOptions {
  /** Trimmed; empty or undefined means no filter. */
  search?: string;
  hazardous?: boolean;
  densityBased?: boolean;
  sort?: PartSort;
  dir: 'asc' | 'desc';
}

/**
 * Text as `search_text` holds it and a search compares it: lower case, accents off ('Camión' and
 * 'camion' meet), spaces collapsed. Done in the app so both databases fold alike.
 */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * `search_text`: the folded English description, the folded Spanish one and the NMFC
 * ('156600-03'), one a line, so a suggestion can rank by the reader's language's line
 * (`split_part`).
 */
export const searchTextOf = (v: Pick<PartValues, 'description_en' | 'description_es' | 'nmfc_item' | 'nmfc_sub'>) =>
  [foldText(v.description_en), foldText(v.description_es), v.nmfc_sub ? `${v.nmfc_item}-${v.nmfc_sub}` : v.nmfc_item].join('\n');

/** The likely-duplicate key of a part: its English description (folded) and its NMFC item and sub. */
export const partKey = (v: Pick<PartValues, 'description_en' | 'nmfc_item' | 'nmfc_sub'>) =>
  `${foldText(v.description_en)}|${v.nmfc_item}|${v.nmfc_sub}`;

/** The row of a part's values (the contract's snake_case fields). */
export function partColumns(v: PartValues) {
  return {
    descriptionEn: v.description_en,
    descriptionEs: v.description_es,
    nmfcItem: v.nmfc_item,
    nmfcSub: v.nmfc_sub,
    freightClass: v.density_based ? null : v.freight_class,
    densityBased: v.density_based,
    hazardous: v.hazardous,
    hsCode: v.hs_code,
    searchText: searchTextOf(v),
  };
}

const folded = (column: AnyColumn) => sql`lower(${column}) collate "C"`;

const SORT_COLUMNS: Record<PartSort, (SQL | AnyColumn)[]> = {
  description_en: [folded(partCatalog.descriptionEn)],
  description_es: [folded(partCatalog.descriptionEs)],
  nmfc: [partCatalog.nmfcItem, partCatalog.nmfcSub],
  // Density-based parts (no class) sort after the classes.
  freight_class: [sql`coalesce(${partCatalog.freightClass}, 1000)`],
  updated_at: [partCatalog.updatedAt],
};

/** The search's words (at most 8), folded: each must be in `search_text`. */
const searchWords = (search: string) => foldText(search).split(' ').filter(Boolean).slice(0, 8);

const containsAll = (words: string[]) => words.map((w) => sql`${partCatalog.searchText} like ${`%${escapeLike(w)}%`} escape '\\'`);

/**
 * The part catalog: one table, kept by staff, read by everyone's suggestions. The catalog is small
 * (hundreds to a few thousand commodities), so a search reads `search_text` of every row (a
 * `like '%word%'` no btree serves, portable to PGlite without pg_trgm) and sorts the few matches;
 * the English description and the NMFC have their btrees for the list's main sorts.
 */
export function partCatalogRepository(db: Db) {
  const filtered = (opts: PartListOptions) => {
    const conditions: SQL[] = [];
    if (opts.search) conditions.push(...containsAll(searchWords(opts.search)));
    if (opts.hazardous !== undefined) conditions.push(eq(partCatalog.hazardous, opts.hazardous));
    if (opts.densityBased !== undefined) conditions.push(eq(partCatalog.densityBased, opts.densityBased));
    return conditions.length ? and(...conditions) : undefined;
  };
  const ordering = (opts: PartListOptions) => {
    const by = opts.dir === 'desc' ? desc : asc;
    return [...SORT_COLUMNS[opts.sort ?? 'description_en'].map((c) => by(c)), by(partCatalog.id)];
  };

  return {
    /** One page of the catalog; `total` counts the filtered parts. */
    async page(opts: PartListOptions & { page: number; perPage: number }) {
      const where = filtered(opts);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(partCatalog)
          .where(where)
          .orderBy(...ordering(opts))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(partCatalog).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every part of the filtered view, in the list's order (CSV export). */
    all(opts: PartListOptions) {
      return db
        .select()
        .from(partCatalog)
        .where(filtered(opts))
        .orderBy(...ordering(opts));
    },

    /** The part, locked for the transaction's change when `lock`. */
    async find(id: string, opts: { lock?: boolean } = {}) {
      const query = db.select().from(partCatalog).where(eq(partCatalog.id, id));
      const [row] = await (opts.lock ? query.for('update') : query);
      return row;
    },

    /** Another part with the same `partKey` (English description and NMFC), through the NMFC index. */
    async findDuplicate(values: PartValues, exceptId?: string) {
      const conditions: SQL[] = [
        eq(partCatalog.nmfcItem, values.nmfc_item),
        eq(partCatalog.nmfcSub, values.nmfc_sub),
        sql`split_part(${partCatalog.searchText}, E'\\n', 1) = ${foldText(values.description_en)}`,
      ];
      if (exceptId) conditions.push(ne(partCatalog.id, exceptId));
      const [row] = await db
        .select({ id: partCatalog.id })
        .from(partCatalog)
        .where(and(...conditions))
        .limit(1);
      return row;
    },

    /** The ids of stored parts that have one of these `partKey`s (key -> id): the CSV import's duplicates. */
    async idsByKey(keys: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const items = [...new Set(keys.map((k) => k.split('|')[1] ?? ''))];
      if (!items.length) return found;
      const rows = await db
        .select({
          id: partCatalog.id,
          descriptionEn: partCatalog.descriptionEn,
          nmfcItem: partCatalog.nmfcItem,
          nmfcSub: partCatalog.nmfcSub,
        })
        .from(partCatalog)
        .where(sql`${partCatalog.nmfcItem} = any(${sql.param(items)}::text[])`);
      const wanted = new Set(keys);
      for (const r of rows) {
        const key = partKey({ description_en: r.descriptionEn, nmfc_item: r.nmfcItem, nmfc_sub: r.nmfcSub });
        if (wanted.has(key) && !found.has(key)) found.set(key, r.id);
      }
      return found;
    },

    async insert(values: PartValues[], at: Date) {
      if (!values.length) return [];
      return db
        .insert(partCatalog)
        .values(values.map((v) => ({ ...partColumns(v), createdAt: at, updatedAt: at })))
        .returning();
    },

    async update(id: string, values: PartValues, at: Date) {
      const [row] = await db
        .update(partCatalog)
        .set({ ...partColumns(values), updatedAt: at })
        .where(eq(partCatalog.id, id))
        .returning();
      return row;
    },

    /** The parts with an HS code whose English or Spanish description is one of `folded` (lower case). */
    hsCodesByDescription(folded: readonly string[]) {
      if (!folded.length) return Promise.resolve([]);
      return db
        .select({ descriptionEn: partCatalog.descriptionEn, descriptionEs: partCatalog.descriptionEs, hsCode: partCatalog.hsCode })
        .from(partCatalog)
        .where(
          and(
            ne(partCatalog.hsCode, ''),
            or(
              inArray(sql`lower(${partCatalog.descriptionEn}) collate "C"`, [...folded]),
              inArray(sql`lower(${partCatalog.descriptionEs}) collate "C"`, [...folded]),
            ),
          ),
        )
        .orderBy(asc(partCatalog.createdAt), asc(partCatalog.id));
    },

    async delete(id: string) {
      await db.delete(partCatalog).where(eq(partCatalog.id, id));
    },

    /**
     * Up to PART_SUGGESTION_LIMIT parts with every typed word in either description or the NMFC,
     * best first: the reader's language's description (or the NMFC) starting with the text, then
     * one of its words starting with it, then containing it, then a match in the other language
     * only; alphabetical within each.
     */
    suggestions(search: string, language: Language) {
      const words = searchWords(search);
      if (!words.length) return Promise.resolve([]);
      const text = words.join(' ');
      const line = sql`split_part(${partCatalog.searchText}, E'\\n', ${language === 'es' ? 2 : 1})`;
      const nmfc = sql`split_part(${partCatalog.searchText}, E'\\n', 3)`;
      const prefix = `${escapeLike(text)}%`;
      const rank = sql`case
        when ${line} like ${prefix} escape '\\' or ${nmfc} like ${prefix} escape '\\' then 0
        when ${line} like ${`% ${escapeLike(text)}%`} escape '\\' then 1
        when ${line} like ${`%${escapeLike(text)}%`} escape '\\' then 2
        else 3 end`;
      return db
        .select()
        .from(partCatalog)
        .where(and(...containsAll(words)))
        .orderBy(rank, sql`${line} collate "C"`, partCatalog.id)
        .limit(PART_SUGGESTION_LIMIT);
    },
  };
}
