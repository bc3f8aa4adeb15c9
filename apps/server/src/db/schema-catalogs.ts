import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accounts, users } from './schema-accounts';

/**
 * The staff's part catalog: commodities with their NMFC item and sub and their class
 * (or `density_based`: the class follows the density). Customers' product catalog and the quote's
 * item line suggest from it. `search_text` is the lower-cased English and Spanish descriptions and
 * the NMFC number the suggestions look in.
 */
export const partCatalog = pgTable(
  'part_catalog',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    descriptionEn: text('description_en').notNull(),
    descriptionEs: text('description_es').notNull(),
    nmfcItem: text('nmfc_item').notNull(),
    nmfcSub: text('nmfc_sub').notNull().default(''),
    freightClass: doublePrecision('freight_class'),
    densityBased: boolean('density_based').notNull().default(false),
    hazardous: boolean('hazardous').notNull().default(false),
    hsCode: text('hs_code').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('part_catalog_description_idx').on(sql`lower(${t.descriptionEn}) collate "C"`, t.id),
    index('part_catalog_nmfc_idx').on(t.nmfcItem, t.nmfcSub),
  ],
);

/**
 * The product catalog of an account: a product fills a quote item in one
 * pick. Dimensions are inches and weight pounds per unit; '' when an optional text is not given.
 * The search and sort indexes are plain btrees, portable to PGlite (no pg_trgm): the lower-cased
 * description, product number and NMFC in the "C" collation serve both `order by` and a prefix
 * `like` within one account, whatever the database's collation. A product number is unique per
 * account, any case, when given.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    productNumber: text('product_number').notNull().default(''),
    nmfc: text('nmfc').notNull().default(''),
    sat: text('sat').notNull().default(''),
    hsCode: text('hs_code').notNull().default(''),
    packageType: text('package_type').notNull(),
    freightClass: doublePrecision('freight_class'),
    lengthIn: doublePrecision('length_in').notNull(),
    widthIn: doublePrecision('width_in').notNull(),
    heightIn: doublePrecision('height_in').notNull(),
    weightLb: doublePrecision('weight_lb').notNull(),
    hazardous: boolean('hazardous').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_account_description_idx').on(t.accountId, sql`lower(${t.description}) collate "C"`, t.id),
    uniqueIndex('products_account_number_unique')
      .on(t.accountId, sql`lower(${t.productNumber}) collate "C"`)
      .where(sql`${t.productNumber} <> ''`),
    index('products_account_nmfc_idx').on(t.accountId, sql`lower(${t.nmfc}) collate "C"`),
    index('products_account_created_idx').on(t.accountId, t.createdAt, t.id),
  ],
);
