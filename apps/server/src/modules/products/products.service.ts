import { type CsvImportReport, PRODUCT_CSV_COLUMNS, type ProductValues, productInput } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { type CsvSource, type CsvSpec, importCsvFile, writeCsv } from '../../csv/csv';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { productValues } from './products.presenter';
import { type ProductListOptions, productKey, productsRepository } from './products.repository';

export const PRODUCT_NUMBER_TAKEN = 'validation.product_number_taken';

const numberTaken = () => AppError.field('product_number', PRODUCT_NUMBER_TAKEN);

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The template's example row (also the first demo product). */
export const TEMPLATE_ROW: ProductValues = {
  description: 'Hydraulic pump, 5 HP',
  product_number: 'HP-500',
  nmfc: '116030',
  sat: '40151500',
  hs_code: '841360',
  package_type: 'pallets',
  freight_class: 85,
  length_in: 48,
  width_in: 40,
  height_in: 36,
  weight_lb: 412,
  hazardous: false,
};

/**
 * The product CSV: the columns of PRODUCT_CSV_COLUMNS (any order and case in the header), each
 * row checked by the same `productInput` as the form. Package types are the contract's values in
 * any case, also written with spaces, hyphens or a slash ('Tubes/Pipes', 'non-standard pallets').
 */
const csvSpec: CsvSpec<Column, ProductValues> = {
  columns: PRODUCT_CSV_COLUMNS,
  // Files written before products kept an HS code still import.
  optional: ['hs_code'],
  types: {
    freight_class: 'number',
    length_in: 'number',
    width_in: 'number',
    height_in: 'number',
    weight_lb: 'number',
    hazardous: 'boolean',
  },
  prepare: (cells) => {
    const type = cells.package_type;
    return typeof type === 'string'
      ? {
          ...cells,
          package_type: type
            .trim()
            .toLowerCase()
            .replace(/[\s/-]+/g, '_'),
        }
      : cells;
  },
  schema: productInput,
  key: productKey,
};

/**
 * The product catalog: an account's products, each usable to fill a quote
 * item. A product number, when given, is unique in the account (any case).
 */
export function productsService(ctx: AppContext) {
  const repo = productsRepository(ctx.db);

  async function checkNumberFree(accountId: string, values: ProductValues, exceptId?: string) {
    if (values.product_number && (await repo.findByNumber(accountId, values.product_number, exceptId))) throw numberTaken();
  }

  return {
    page: (accountId: string, opts: ProductListOptions & { page: number; perPage: number }) => repo.page(accountId, opts),

    /** The account's products with an HS code described as one of `folded` (lower case), oldest first. */
    hsCodesByDescription: (accountId: string, folded: readonly string[]) => repo.hsCodesByDescription(accountId, folded),

    /** The account's product with this product number (any case), if there is one. */
    async byNumber(accountId: string, productNumber: string) {
      const found = await repo.findByNumber(accountId, productNumber);
      return found ? repo.find(found.id, accountId) : undefined;
    },

    async find(accountId: string, id: string) {
      const row = await repo.find(id, accountId);
      if (!row) throw AppError.notFound();
      return row;
    },

    async create(caller: { accountId: string; userId: string }, values: ProductValues) {
      await checkNumberFree(caller.accountId, values);
      try {
        return await repo.insert(caller.accountId, caller.userId, values, ctx.now());
      } catch (error) {
        // Another request took the number between the check and the insert.
        if (isUniqueViolation(error)) throw numberTaken();
        throw error;
      }
    },

    async update(accountId: string, id: string, values: ProductValues) {
      if (!(await repo.find(id, accountId))) throw AppError.notFound();
      await checkNumberFree(accountId, values, id);
      try {
        const row = await repo.update(id, accountId, values, ctx.now());
        if (!row) throw AppError.notFound();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) throw numberTaken();
        throw error;
      }
    },

    async delete(accountId: string, id: string) {
      if (!(await repo.delete(id, accountId))) throw AppError.notFound();
    },

    /** The CSV of the whole catalog or of the filtered view, in the list's order. */
    /** The CSV of the catalog or of the filtered view, in the list's order (one piece: catalogs are small). */
    async *exportCsv(accountId: string, opts: ProductListOptions) {
      const rows = await repo.all(accountId, opts);
      yield writeCsv(PRODUCT_CSV_COLUMNS, rows.map(productValues));
    },

    templateCsv: () => writeCsv(PRODUCT_CSV_COLUMNS, [TEMPLATE_ROW]),

    /**
     * Reads the CSV (see csv/csv.ts) with the same checks as one product; a row whose product
     * number is in the catalog, or whose description, package type and dimensions are those of a
     * product without a number, is a likely duplicate and is not written. Unless `dryRun`, the
     * good, non-duplicate rows are written in one transaction (all or nothing).
     */
    async importCsv(
      caller: { accountId: string; userId: string },
      text: CsvSource,
      opts: { dryRun: boolean; language: Language },
    ): Promise<CsvImportReport> {
      const at = ctx.now();
      try {
        return await importCsvFile(ctx.db, text, csvSpec, opts, (db) => {
          const catalog = productsRepository(db);
          return {
            findExisting: (keys) => catalog.idsByKey(caller.accountId, keys),
            write: (values) => catalog.insertChunk(caller.accountId, caller.userId, values, at),
          };
        });
      } catch (error) {
        // A product number taken by another request since the file was read: nothing was written.
        if (isUniqueViolation(error)) throw AppError.field('file', PRODUCT_NUMBER_TAKEN);
        throw error;
      }
    },
  };
}
