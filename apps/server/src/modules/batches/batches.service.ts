import {
  BATCH_BOOKING_COLUMNS,
  BATCH_CSV_COLUMNS,
  type BatchCreateQuery,
  type BatchFromEbayRequest,
  type BatchItemCells,
  type BatchResultRow,
  type BatchRowError,
  type BatchRowResult,
  type BatchRowUpdate,
  type BatchRowView,
  type BatchSource,
  type BatchStatusView,
  type BatchSummary,
  type BatchView,
} from '@freight/contracts';
import type { Language, UnitSystem } from '@freight/domain';
import type { AppContext } from '../../context';
import { type CsvSource, writeCsv } from '../../csv/csv';
import { inBulkLane } from '../../db/bulk-lane';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { pageMeta } from '../../paging';
import { ebayBatchRows } from '../ebay/ebay-batch.service';
import { productsService } from '../products/products.service';
import { type BatchLineRow, type BatchRow, batchesRepository, type NewBatchLine, ROWS_PER_STATEMENT } from './batches.repository';
import { settleHeldRows } from './batches-booking';
import { itemLineErrors, withItemLines } from './batches-item-lines';
import { batchRating } from './batches-rating';
import { progressOf, resultOf } from './batches-results';
import { asBatchFile, batchFileName, type Caller, type CatalogItem, checkFile, type RowReading, templateRows } from './batches-rows';
import { inWords, keepMessage, messageReader } from './kept-messages';

export type { Caller } from './batches-rows';

const isoOf = (d: Date) => d.toISOString();

function summary(row: { batch: BatchRow; creatorFirst: string | null; creatorLast: string | null; rowsBooked: number }): BatchSummary {
  const b = row.batch;
  return {
    id: b.id,
    status: b.status,
    rule: b.rule,
    preferred_carrier: b.preferredCarrier,
    max_transit_days: b.maxTransitDays,
    rows_total: b.rowsTotal,
    rows_valid: b.rowsValid,
    rows_booked: row.rowsBooked,
    file_name: b.fileName,
    source: b.source,
    created_at: isoOf(b.createdAt),
    created_by:
      b.createdBy && row.creatorFirst !== null ? { id: b.createdBy, name: `${row.creatorFirst} ${row.creatorLast ?? ''}`.trim() } : null,
  };
}

/** A row as its reader sees it: its kept messages in the reader's words (kept-messages.ts). */
const rowView = (r: BatchLineRow & { bolNumber: string | null }, read: (message: string) => string): BatchRowView => {
  const result = (r.result ?? null) as BatchRowResult | null;
  return {
    line: r.line,
    status: r.status,
    cells: r.cells,
    errors: inWords(r.errors, read),
    quote_id: r.quoteId,
    rate_id: r.rateId,
    result: result && { ...result, message: result.message ? read(result.message) : result.message },
    shipment_id: r.shipmentId,
    bol_number: r.shipmentId ? r.bolNumber : null,
    approval_id: r.approvalId,
    booking_error: r.bookingError ? read(r.bookingError) : r.bookingError,
    ebay_order_id: r.ebayOrderId,
    more_items: r.moreItems,
  };
};

/** Shipping at volume: batches uploaded as CSV, checked row by row and kept as history. */
export function batchesService(ctx: AppContext) {
  const repo = batchesRepository(ctx.db);
  const products = productsService(ctx);

  /** How the account's rows are read: in `unitSystem`, each catalog product looked up once per read. */
  function reading(accountId: string, language: Language, unitSystem: UnitSystem): RowReading {
    const found = new Map<string, Promise<CatalogItem | undefined>>();
    return {
      language,
      unitSystem,
      productByNumber: (productNumber) => {
        const key = productNumber.toLowerCase();
        if (!found.has(key)) found.set(key, products.byNumber(accountId, productNumber));
        return found.get(key) as Promise<CatalogItem | undefined>;
      },
    };
  }

  /** The account's batch, its held rows brought up to date first; 404 for another account's. */
  async function settled(accountId: string, id: string) {
    if (!isUuid(id)) throw AppError.notFound();
    if (!(await repo.find(accountId, id))) throw AppError.notFound();
    // A held row an account admin has approved since is booked now; one declined or withdrawn is failed, to be booked again.
    await settleHeldRows(ctx.db, id, ctx.now());
    const found = await repo.find(accountId, id);
    if (!found) throw AppError.notFound();
    return found;
  }

  /** The batch with every row, its messages in `language`'s words. */
  async function view(accountId: string, id: string, language: Language): Promise<BatchView> {
    const found = await settled(accountId, id);
    const rows = await repo.rowsWithBolNumbers(accountId, id);
    const read = messageReader(language);
    return { ...summary(found), file_errors: inWords(found.batch.fileErrors, read), rows: rows.map((r) => rowView(r, read)) };
  }

  /** A new batch kept with every row (good or not, so a bad one can be fixed); nothing is rated or booked. */
  async function keep(
    caller: Caller,
    language: Language,
    rule: Pick<BatchCreateQuery, 'rule' | 'file_name' | 'preferred_carrier' | 'max_transit_days'>,
    source: BatchSource,
    lines: { line: number; cells: Record<string, string>; errors: BatchRowError[]; ebayOrderId?: string; moreItems?: BatchItemCells[] }[],
  ) {
    const at = ctx.now();
    const made = await repo.begin({
      accountId: caller.accountId,
      createdBy: caller.userId,
      rule: rule.rule,
      preferredCarrier: rule.rule === 'preferred_carrier' ? (rule.preferred_carrier ?? null) : null,
      maxTransitDays: rule.rule === 'cheapest_within_transit' ? (rule.max_transit_days ?? null) : null,
      fileName: batchFileName(rule.file_name),
      source,
      rowsTotal: lines.length,
      rowsValid: lines.filter((l) => !l.errors.length).length,
      createdAt: at,
      updatedAt: at,
    });
    const rows: Omit<NewBatchLine, 'batchId'>[] = lines.map((l) => ({
      line: l.line,
      status: l.errors.length ? 'invalid' : 'valid',
      cells: l.cells,
      errors: l.errors,
      ebayOrderId: l.ebayOrderId ?? null,
      moreItems: l.moreItems ?? [],
      updatedAt: at,
    }));
    try {
      // In the bulk lane: on the embedded database other people's statements go between these.
      await inBulkLane(async () => {
        for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await repo.addRows(made.id, rows.slice(i, i + ROWS_PER_STATEMENT));
      });
      await repo.showWritten(made.id);
    } catch (error) {
      // Nothing of a batch not wholly written is kept; should this fail too, housekeeping deletes it.
      await repo.discard(made.id).catch(() => {});
      throw error;
    }
    return view(caller.accountId, made.id, language);
  }

  return {
    templateCsv: () => writeCsv(BATCH_CSV_COLUMNS, templateRows(ctx.now(), ctx.config?.PICKUP_CUTOFF)),

    /**
     * Checks the file row by row and keeps it as a batch with every row (good or not, so a bad one
     * can be fixed). Nothing is rated or booked. A file whose header is wrong (or that is empty)
     * has no rows to keep: 422 with the file's problems in `file_errors`.
     */
    async create(
      caller: Caller,
      source: CsvSource,
      rule: BatchCreateQuery,
      language: Language,
      unitSystem: UnitSystem,
    ): Promise<BatchView> {
      const read = reading(caller.accountId, language, unitSystem);
      const { report, fileErrors, lines } = await checkFile(source, read);
      if (fileErrors.length || !lines.length) {
        const errors = fileErrors.length ? fileErrors : [{ field: null, message: report.errors[0]?.message ?? '' }];
        const fileErrorsInWords = inWords(errors, messageReader(language));
        throw new AppError(
          422,
          'validation',
          'validation.invalid',
          {},
          { file: ['validation.invalid'] },
          { file_errors: fileErrorsInWords },
        );
      }
      return keep(caller, language, rule, 'file', await withItemLines(lines, read));
    },

    /**
     * The eBay orders picked, one row each (in the order given), checked exactly as a file's rows
     * (ebay-batch.service.ts makes their cells). A row keeps its order: rating links the order to the
     * row's quote, so booking the row ships the order and its tracking goes back to eBay.
     */
    async createFromEbay(caller: Caller, request: BatchFromEbayRequest, unitSystem: UnitSystem, language: Language) {
      const orders = await ebayBatchRows(ctx, caller.accountId, request.order_ids, unitSystem);
      const cells = orders.map((o) => Object.fromEntries(BATCH_CSV_COLUMNS.map((c) => [c, o.cells[c] ?? ''])));
      const { lines } = await checkFile(asBatchFile(cells), reading(caller.accountId, language, unitSystem));
      const rows = orders.map((order, i) => {
        const line = lines[i] ?? { line: i + 2, cells: cells[i] ?? {}, errors: [] };
        // An order the batch cannot hold says why first; its cells stay, to show what it would ship.
        const problem = order.problem && { field: null, message: keepMessage(order.problem.key, order.problem.params) };
        return {
          ...line,
          errors: problem ? [problem, ...line.errors] : line.errors,
          ebayOrderId: order.orderId,
          moreItems: order.moreItems,
        };
      });
      return keep(caller, language, { rule: request.rule }, 'ebay', rows);
    },

    view,

    /** Batches whose upload stopped with its process before all their rows were in (housekeeping's). */
    purgeUnwritten: (before: Date) => repo.purgeUnwritten(before),

    /**
     * A row's cells changed (only those given) and/or its further item lines (all of them), and the
     * row checked again exactly as on upload: a one-row file of its cells through the same reader,
     * each further line by the item rules; or, for a rated row, another of its rates chosen. A
     * booked row (or one held for approval) stays as it was: 409.
     */
    async fixRow(caller: Caller, id: string, line: number, change: BatchRowUpdate, language: Language, unitSystem: UnitSystem) {
      if (!isUuid(id) || !(await repo.find(caller.accountId, id))) throw AppError.notFound();
      // A held row declined since may be fixed: it is no longer held.
      await settleHeldRows(ctx.db, id, ctx.now());
      const row = await repo.row(id, line);
      if (!row) throw AppError.notFound();
      if (row.shipmentId || row.approvalId) throw new AppError(409, 'conflict', 'errors.already_booked');
      if (change.rate_id !== undefined) {
        // Another of the rates the row was quoted: only a rated row has them.
        const rates = row.status === 'rated' ? ((row.result as BatchRowResult | null)?.rates ?? []) : [];
        if (!rates.some((r) => r.id === change.rate_id)) throw AppError.field('rate_id', 'validation.rate_unknown');
        await repo.choose(row.id, change.rate_id, ctx.now());
        return view(caller.accountId, id, language);
      }
      const cells = change.cells ?? {};
      const merged = Object.fromEntries(BATCH_CSV_COLUMNS.map((c) => [c, cells[c] ?? row.cells[c] ?? '']));
      const moreItems = change.more_items ?? row.moreItems;
      const read = reading(caller.accountId, language, unitSystem);
      const { lines } = await checkFile(writeCsv(BATCH_CSV_COLUMNS, [merged], { bom: false }), read);
      const errors = [...(lines[0]?.errors ?? []), ...(await itemLineErrors(moreItems, read))];
      // A change to what was rated is rated again: its earlier quote and choice no longer hold. A
      // place or reference fixed after a failed booking keeps them, so the row is booked again alone.
      const bookingOnly =
        change.more_items === undefined && Object.keys(cells).every((c) => (BATCH_BOOKING_COLUMNS as readonly string[]).includes(c));
      const keepRating = bookingOnly && !errors.length && row.quoteId !== null && ['rated', 'booking_failed'].includes(row.status);
      const status = errors.length ? 'invalid' : keepRating ? 'rated' : 'valid';
      await repo.updateRow(id, line, { cells: merged, moreItems, errors, status }, ctx.now(), keepRating);
      return view(caller.accountId, id, language);
    },

    rate: batchRating(ctx, { reading, view }),

    /** The batch without its rows: they are counted by status, with how far rating and booking have come. */
    async status(accountId: string, id: string): Promise<BatchStatusView> {
      const found = await settled(accountId, id);
      return { ...summary(found), ...progressOf(await repo.statusCounts(id, found.batch.ratingRound)) };
    },

    /** Each row's outcome in line order: its shipment, BOL number, price and problems. */
    async results(accountId: string, id: string, language: Language): Promise<BatchResultRow[]> {
      await settled(accountId, id);
      const rows = await repo.rows(id);
      const booked = await repo.bookedShipments(
        accountId,
        rows.flatMap((r) => (r.shipmentId ? [r.shipmentId] : [])),
      );
      const shipments = new Map(booked.map((s) => [s.id, s]));
      const read = messageReader(language);
      return rows.map((r) => resultOf(r, r.shipmentId ? shipments.get(r.shipmentId) : undefined, read));
    },

    async page(accountId: string, page: number, perPage: number) {
      const { rows, total } = await repo.page(accountId, page, perPage);
      return { data: rows.map(summary), meta: pageMeta(total, page, perPage) };
    },
  };
}
