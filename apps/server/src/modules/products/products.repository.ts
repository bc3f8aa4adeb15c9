import type { PRODUCT_SORTS, ProductValues } from '@freight/contracts';
import { type AnyColumn, and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { CSV_CHUNK_ROWS } from '../../csv/csv';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductListOptions {
  /** Trimmed; empty or undefined means no filter. */
  search?: string;
  sort?: ProductSort;
  dir: 'asc' | 'desc';
}

/** Lower-cased in the "C" collation, as the indexes hold them (schema.ts). */
const folded = (column: AnyColumn) => sql`lower(${column}) collate "C"`;

const SORT_COLUMNS: Record<ProductSort, SQL | AnyColumn> = {
  description: folded(products.description),
  product_number: folded(products.productNumber),
  nmfc: folded(products.nmfc),
  freight_class: sql`${products.freightClass}`,
  weight_lb: products.weightLb,
  created_at: products.createdAt,
};

/**
 * The list search: the description contains the text, or the product number or the NMFC starts
 * with it; any case. `%`, `_` and `\` are plain characters. Bound parameters only.
 */
function productSearch(search: string): SQL {
  // lower() on both sides, so the database folds the text and the column alike.
  const contains = `%${escapeLike(search)}%`;
  const prefix = `${escapeLike(search)}%`;
  return or(
    sql`${folded(products.description)} like lower(${contains}::text) escape '\\'`,
    sql`${folded(products.productNumber)} like lower(${prefix}::text) escape '\\'`,
    sql`${folded(products.nmfc)} like lower(${prefix}::text) escape '\\'`,
  ) as SQL;
}

/** The row of a product's values (the contract's snake_case fields). */
export function productColumns(v: ProductValues) {
  return {
    description: v.description,
    productNumber: v.product_number,
    nmfc: v.nmfc,
    sat: v.sat,
    hsCode: v.hs_code,
    packageType: v.package_type,
    freightClass: v.freight_class,
    lengthIn: v.length_in,
    widthIn: v.width_in,
    heightIn: v.height_in,
    weightLb: v.weight_lb,
    hazardous: v.hazardous,
  };
}

/**
 * The likely-duplicate key of a product (CSV import): its product number when it has one (any
 * case), else its description (any case, spaces collapsed), package type and dimensions.
 */
export function productKey(
  v: Pick<ProductValues, 'product_number' | 'description' | 'package_type' | 'length_in' | 'width_in' | 'height_in'>,
) {
  const number = v.product_number.trim().toLowerCase();
  if (number) return `n:${number}`;
  const description = v.description.trim().replace(/\s+/g, ' ').toLowerCase();
  return `d:${description}|${v.package_type}|${v.length_in}x${v.width_in}x${v.height_in}`;
}

/** Rows per INSERT statement of an import (well under PostgreSQL's 65,535 parameters). */

/** Products of one account; every query is scoped by the caller's account id. */
export function productsRepository(db: Db) {
  const filtered = (accountId: string, opts: ProductListOptions) => {
    const conditions: SQL[] = [eq(products.accountId, accountId)];
    if (opts.search) conditions.push(productSearch(opts.search));
    return and(...conditions);
  };
  const ordering = (opts: ProductListOptions) => {
    const by = opts.dir === 'desc' ? desc : asc;
    return [by(SORT_COLUMNS[opts.sort ?? 'description']), by(products.id)];
  };

  return {
    /** One page of the account's products; `total` counts the filtered products. */
    async page(accountId: string, opts: ProductListOptions & { page: number; perPage: number }) {
      const where = filtered(accountId, opts);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(...ordering(opts))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every product of the filtered view, in the list's order (CSV export). */
    all(accountId: string, opts: ProductListOptions) {
      return db
        .select()
        .from(products)
        .where(filtered(accountId, opts))
        .orderBy(...ordering(opts));
    },

    async find(id: string, accountId: string) {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.accountId, accountId)));
      return row;
    },

    /** Another product of the account with this product number (any case), if there is one. */
    async findByNumber(accountId: string, productNumber: string, exceptId?: string) {
      const conditions: SQL[] = [
        eq(products.accountId, accountId),
        sql`${folded(products.productNumber)} = lower(${productNumber}::text)`,
        ne(products.productNumber, ''),
      ];
      if (exceptId) conditions.push(ne(products.id, exceptId));
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(...conditions))
        .limit(1);
      return row;
    },

    async insert(accountId: string, createdBy: string, values: ProductValues, at: Date) {
      const [row] = await db
        .insert(products)
        .values({ accountId, createdBy, ...productColumns(values), createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async update(id: string, accountId: string, values: ProductValues, at: Date) {
      const [row] = await db
        .update(products)
        .set({ ...productColumns(values), updatedAt: at })
        .where(and(eq(products.id, id), eq(products.accountId, accountId)))
        .returning();
      return row;
    },

    /**
     * The ids of the account's products that have one of these `productKey`s (key -> id): numbers
     * through the unique index, descriptions through one scan with a hashed list.
     */
    async idsByKey(accountId: string, keys: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const numbers = keys.filter((k) => k.startsWith('n:')).map((k) => k.slice(2));
      const descriptions = [...new Set(keys.filter((k) => k.startsWith('d:')).map((k) => k.slice(2).split('|')[0] ?? ''))];
      if (numbers.length) {
        const rows = await db
          .select({ id: products.id, productNumber: products.productNumber })
          .from(products)
          .where(
            and(
              eq(products.accountId, accountId),
              ne(products.productNumber, ''),
              sql`${folded(products.productNumber)} = any(${sql.param(numbers)}::text[])`,
            ),
          );
        for (const r of rows) found.set(`n:${r.productNumber.toLowerCase()}`, r.id);
      }
      if (descriptions.length) {
        const rows = await db
          .select({
            id: products.id,
            description: products.description,
            productNumber: products.productNumber,
            packageType: products.packageType,
            lengthIn: products.lengthIn,
            widthIn: products.widthIn,
            heightIn: products.heightIn,
          })
          .from(products)
          .where(
            and(
              eq(products.accountId, accountId),
              eq(products.productNumber, ''),
              sql`lower(regexp_replace(${products.description}, '\\s+', ' ', 'g')) = any(${sql.param(descriptions)}::text[])`,
            ),
          );
        const wanted = new Set(keys);
        for (const r of rows) {
          const key = productKey({
            product_number: r.productNumber,
            description: r.description,
            package_type: r.packageType as ProductValues['package_type'],
            length_in: r.lengthIn,
            width_in: r.widthIn,
            height_in: r.heightIn,
          });
          if (wanted.has(key) && !found.has(key)) found.set(key, r.id);
        }
      }
      return found;
    },

    /**
     * Writes up to CSV_CHUNK_ROWS products in one statement that takes them as one JSON parameter
     * (json_to_recordset): on PGlite that is about three times faster than a VALUES list with
     * eleven parameters a row. An import calls it inside its transaction, chunk by chunk.
     */
    async insertChunk(accountId: string, createdBy: string, values: ProductValues[], at: Date) {
      if (values.length > CSV_CHUNK_ROWS) throw new Error(`insertChunk: ${values.length} rows, at most ${CSV_CHUNK_ROWS}`);
      if (!values.length) return;
      const time = at.toISOString();
      await db.execute(sql`
        insert into products (account_id, created_by, created_at, updated_at, description, product_number, nmfc, sat,
          hs_code, package_type, freight_class, length_in, width_in, height_in, weight_lb, hazardous)
        select ${accountId}::uuid, ${createdBy}::uuid, ${time}::timestamptz, ${time}::timestamptz, r.description,
          r.product_number, r.nmfc, r.sat, r.hs_code, r.package_type, r.freight_class, r.length_in, r.width_in, r.height_in,
          r.weight_lb, r.hazardous
        from json_to_recordset(${JSON.stringify(values)}::json) as r(description text, product_number text, nmfc text, sat text,
          hs_code text, package_type text, freight_class float8, length_in float8, width_in float8, height_in float8,
          weight_lb float8, hazardous boolean)`);
    },

    /** The account's products with an HS code whose description is one of `folded` (lower case), oldest first. */
    hsCodesByDescription(accountId: string, folded: readonly string[]) {
      if (!folded.length) return Promise.resolve([]);
      return db
        .select({ description: products.description, hsCode: products.hsCode, sat: products.sat })
        .from(products)
        .where(
          and(
            eq(products.accountId, accountId),
            ne(products.hsCode, ''),
            inArray(sql`lower(${products.description}) collate "C"`, [...folded]),
          ),
        )
        .orderBy(asc(products.createdAt), asc(products.id));
    },

    async delete(id: string, accountId: string) {
      const rows = await db
        .delete(products)
        .where(and(eq(products.id, id), eq(products.accountId, accountId)))
        .returning({ id: products.id });
      return rows.length > 0;
    },
  };
}
