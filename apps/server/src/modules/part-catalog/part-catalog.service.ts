import { type CsvImportReport, PART_CSV_COLUMNS, type PartValues, partInput } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { AppContext } from '../../context';
import { type CsvSource, type CsvSpec, importCsvFile, writeCsv } from '../../csv/csv';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { type AuditActor, audit, auditEach, changedFields } from '../audit/audit';
import { partValues } from './part-catalog.presenter';
import { type PartListOptions, type PartRow, partCatalogRepository, partKey } from './part-catalog.repository';

export const PART_DUPLICATE = 'part.duplicate';

type Column = (typeof PART_CSV_COLUMNS)[number];

/** The template's example row (also the first demo part). */
export const PART_TEMPLATE_ROW: PartValues = {
  description_en: 'Furniture, upholstered chairs, assembled',
  description_es: 'Muebles, sillas tapizadas, armadas',
  nmfc_item: '79300',
  nmfc_sub: '03',
  freight_class: 250,
  density_based: false,
  hazardous: false,
  hs_code: '940161',
};

/**
 * The part CSV: the columns of PART_CSV_COLUMNS (any order and case in the header), each row
 * checked by the same `partInput` as the form (csv/csv.ts reads and reports it row by row). A row
 * with the English description and NMFC of a stored part, or of an earlier line, is a likely
 * duplicate and is not written.
 */
const csvSpec: CsvSpec<Column, PartValues> = {
  columns: PART_CSV_COLUMNS,
  // Files written before parts kept an HS code still import.
  optional: ['hs_code'],
  types: { freight_class: 'number', density_based: 'boolean', hazardous: 'boolean' },
  schema: partInput,
  key: partKey,
};

const duplicate = () => AppError.field('description_en', PART_DUPLICATE);

/**
 * The staff's part catalog: every write goes with its audit entry (who, when, the part
 * before and after) in one transaction.
 */
export function partCatalogService(ctx: AppContext) {
  const repo = partCatalogRepository(ctx.db);

  /** Runs `change` in a transaction and audits what it did to the part, in that transaction. */
  async function write<A extends PartRow | null>(
    actor: AuditActor,
    action: 'part.create' | 'part.update' | 'part.delete',
    change: (tx: Db) => Promise<{ before: PartRow | null; after: A }>,
  ): Promise<A> {
    return ctx.db.transaction(async (tx) => {
      const { before, after } = await change(tx as Db);
      const record = after ?? before;
      if (!record) throw AppError.notFound();
      const values =
        before && after
          ? changedFields(partValues(before), partValues(after))
          : { before: before ? partValues(before) : null, after: after ? partValues(after) : null };
      await audit(tx as Db, actor, { action, entityType: 'part', entityId: record.id, ...values }, ctx.now());
      return after;
    });
  }

  return {
    page: (opts: PartListOptions & { page: number; perPage: number }) => repo.page(opts),

    /** The parts with an HS code described (in English or Spanish) as one of `folded` (lower case), oldest first. */
    hsCodesByDescription: (folded: readonly string[]) => repo.hsCodesByDescription(folded),

    async find(id: string) {
      const row = await repo.find(id);
      if (!row) throw AppError.notFound();
      return row;
    },

    create(actor: AuditActor, values: PartValues) {
      return write(actor, 'part.create', async (tx) => {
        const parts = partCatalogRepository(tx);
        if (await parts.findDuplicate(values)) throw duplicate();
        const [after] = (await parts.insert([values], ctx.now())) as [PartRow];
        return { before: null, after };
      });
    },

    update(actor: AuditActor, id: string, values: PartValues) {
      return write(actor, 'part.update', async (tx) => {
        const parts = partCatalogRepository(tx);
        const before = await parts.find(id, { lock: true });
        if (!before) throw AppError.notFound();
        if (await parts.findDuplicate(values, id)) throw duplicate();
        const after = await parts.update(id, values, ctx.now());
        if (!after) throw AppError.notFound();
        return { before, after };
      });
    },

    async delete(actor: AuditActor, id: string) {
      await write(actor, 'part.delete', async (tx) => {
        const parts = partCatalogRepository(tx);
        const before = await parts.find(id, { lock: true });
        if (!before) throw AppError.notFound();
        await parts.delete(id);
        return { before, after: null };
      });
    },

    /** The CSV of the catalog or of the filtered view, in the list's order (one piece: the catalog is small). */
    async *exportCsv(_owner: unknown, opts: PartListOptions) {
      const rows = await repo.all(opts);
      yield writeCsv(PART_CSV_COLUMNS, rows.map(partValues));
    },

    templateCsv: () => writeCsv(PART_CSV_COLUMNS, [PART_TEMPLATE_ROW]),

    /**
     * Reads the CSV with the same checks as one part, row by row; a dry run only reports. Otherwise
     * the good, non-duplicate rows are written in one transaction (all or nothing), each with its
     * audit entry ('part.import').
     */
    importCsv(actor: AuditActor, text: CsvSource, opts: { dryRun: boolean; language: Language }): Promise<CsvImportReport> {
      const at = ctx.now();
      return importCsvFile(ctx.db, text, csvSpec, opts, (db) => {
        const parts = partCatalogRepository(db);
        return {
          findExisting: (keys) => parts.idsByKey(keys),
          // A chunk (CSV_CHUNK_ROWS at most) is one insert of the parts and one of their audit entries.
          async write(values) {
            const rows = await parts.insert(values, at);
            const entries = rows.map((row) => ({ action: 'part.import', entityType: 'part', entityId: row.id, after: partValues(row) }));
            await auditEach(db, actor, entries, at);
          },
        };
      });
    },

    suggestions: (search: string, language: Language) => repo.suggestions(search, language),
  };
}
