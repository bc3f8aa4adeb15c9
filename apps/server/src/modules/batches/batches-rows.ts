import { setImmediate } from 'node:timers/promises';
import {
  BATCH_CSV_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_OPTIONAL_COLUMNS,
  type BatchColumn,
  type BatchItemCells,
  type BatchRowError,
  type BatchRowFields,
  batchRowFields,
  isPostalCode,
  parseCsvBoolean,
  quoteRequest,
} from '@freight/contracts';
import type { Language, UnitSystem } from '@freight/domain';
import { DEFAULT_PICKUP_CUTOFF, firstPickupDate, fromInches, fromPounds, lookupPlace } from '@freight/domain/rating';
import { type CsvSource, type CsvSpec, readCsv, writeCsvStream } from '../../csv/csv';
import { inBulkLane } from '../../db/bulk-lane';
import { keepMessage } from './kept-messages';

/**
 * A batch file's rows: the template, the reader's spec (the quote request's fields and rules) and
 * the check of a file or of one fixed row, shared by rating, fixing and booking.
 */

/** Rows rated at once: enough to overlap the carriers' answers, few enough to leave the server to others. */
export const BATCH_RATE_PARALLEL = 4;
/**
 * Rows booked at once. Each booking is a database transaction of several statements: on two cores,
 * four at once crowded other people's statements (their quotes' p99 during a PostgreSQL booking
 * 34-61 ms over five runs), two at once left them 27-38 ms and booked 1,000 rows in 7.1-7.6 s
 * instead of 6.5-6.9.
 */
export const BATCH_BOOK_PARALLEL = 2;

/**
 * Runs `work` over `items`, `limit` at a time, answers in the items' order. Between groups it lets
 * the event loop take its turn: on the embedded database a query answers without I/O, so a batch's
 * chain of queries would otherwise keep every other request (and the carriers' HTTP answers) waiting.
 */
export async function inGroups<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    out.push(...(await Promise.all(items.slice(i, i + limit).map((item) => inBulkLane(() => work(item))))));
    await setImmediate();
  }
  return out;
}

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional marks and
 * overrides that make a name read otherwise than it is ("orders<U+202E>vsc.exe" shows as "ordersexe.csv").
 */
const UNSAFE_IN_NAME = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** The longest file name a batch keeps (in characters): enough for any real name, short enough for the list. */
export const BATCH_FILE_NAME_MAX = 200;

/**
 * The uploaded file's name as a batch shows it: its last part only (a browser may send a path,
 * "C:\fakepath\orders.csv"), without control or bidirectional characters, trimmed, at most
 * BATCH_FILE_NAME_MAX characters (never half a character); null when nothing is left.
 */
export function batchFileName(name: string | undefined | null): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const shown = [...base.replace(UNSAFE_IN_NAME, '').trim()].slice(0, BATCH_FILE_NAME_MAX).join('').trim();
  return shown || null;
}

/** Who acts: the caller's account (every batch is looked up through it) and user. */
export interface Caller {
  accountId: string;
  userId: string;
}

/**
 * The template's example row, an LTL shipment of two pallets from Chicago, picked up on the first
 * day its origin's calendar takes a pickup after `now` (weekends, holidays and the cut-off
 * skipped): a template downloaded any day uploads as a good row.
 */
export function templateRows(now: Date, cutoff: string = DEFAULT_PICKUP_CUTOFF): Partial<Record<BatchColumn, unknown>>[] {
  const origin = { country: 'US' as const, state: lookupPlace(String(TEMPLATE_ROW.origin_postal_code), 'US')?.state ?? null };
  return [{ ...TEMPLATE_ROW, pickup_date: firstPickupDate(origin, now, cutoff).date }];
}

const TEMPLATE_ROW: Partial<Record<BatchColumn, unknown>> = {
  client_ref: 'PO-1001',
  mode: 'ltl',
  origin_postal_code: '60606',
  origin_country: 'US',
  origin_site_type: 'business',
  destination_postal_code: '75201',
  destination_country: 'US',
  destination_site_type: 'business',
  package_type: 'pallets',
  quantity: 2,
  length: 48,
  width: 40,
  height: 48,
  weight: 500,
  freight_class: '',
  stackable: true,
  hazardous: false,
  insured_value: 2500,
  insurance: false,
  equipment_type: '',
  origin_company: 'Acme Chicago Dock',
  origin_street: '233 S Wacker Dr',
  origin_city: 'Chicago',
  origin_state: 'IL',
  origin_contact_name: 'Ann Lee',
  origin_contact_phone: '(312) 555-0101',
  origin_contact_email: 'ann.lee@acme.example',
  destination_company: 'Dallas Receiving LLC',
  destination_street: '2200 Ross Ave',
  destination_city: 'Dallas',
  destination_state: 'TX',
  destination_contact_name: 'Raul Ortiz',
  destination_contact_phone: '(214) 555-0177',
  destination_contact_email: 'raul@dallas-receiving.example',
  references: 'po_number:PO-1001',
};

const TYPES: CsvSpec<BatchColumn, BatchRowFields>['types'] = {
  quantity: 'number',
  length: 'number',
  width: 'number',
  height: 'number',
  weight: 'number',
  freight_class: 'number',
  insured_value: 'number',
  stackable: 'boolean',
  hazardous: 'boolean',
  insurance: 'boolean',
};

/** A row's accessorials cell as codes: semicolon-separated, any case, each once. */
export const accessorialsOf = (cell: string | undefined) => [
  ...new Set(
    (cell ?? '')
      .split(';')
      .map((c) => c.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * A further item line's cells as the quote's item, read as the reader reads a row's own: numbers
 * (NaN for a cell that is none, which the quote request refuses), stackable unless it says
 * otherwise, hazardous only when it says so.
 */
export function furtherItemOf(cells: BatchItemCells) {
  const number = (cell: string | undefined) => (cell?.trim() ? Number(cell) : undefined);
  return {
    package_type: cells.package_type ?? '',
    quantity: number(cells.quantity),
    length: number(cells.length),
    width: number(cells.width),
    height: number(cells.height),
    weight: number(cells.weight),
    freight_class: number(cells.freight_class),
    stackable: parseCsvBoolean(cells.stackable ?? '') ?? true,
    hazardous: parseCsvBoolean(cells.hazardous ?? '') ?? false,
  };
}

/** The quote request a checked row stands for: one shipment, its own item line first, then its further ones. */
export function quoteInputOf(v: BatchRowFields, moreItems: readonly BatchItemCells[] = []) {
  return {
    mode: v.mode,
    pickup_date: v.pickup_date,
    origin: { postal_code: v.origin_postal_code, country: v.origin_country, site_type: v.origin_site_type },
    destination: { postal_code: v.destination_postal_code, country: v.destination_country, site_type: v.destination_site_type },
    items: [
      {
        package_type: v.package_type,
        quantity: v.quantity,
        length: v.length,
        width: v.width,
        height: v.height,
        weight: v.weight,
        freight_class: v.freight_class,
        stackable: v.stackable,
        hazardous: v.hazardous,
      },
      ...moreItems.map(furtherItemOf),
    ],
    insured_value: v.insured_value,
    equipment_type: v.equipment_type,
    client_ref: v.client_ref,
    accessorials: accessorialsOf(v.accessorials),
  };
}

/** The column a quote request's issue path names (origin.postal_code -> origin_postal_code, items.0.weight -> weight). */
function columnOf(path: PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'items') return rest[1] ?? 'row';
  if ((head === 'origin' || head === 'destination') && rest[0]) return `${head}_${rest[0]}`;
  return head ?? 'row';
}

/** What a catalog product gives a row's item: the catalog keeps inches and pounds. */
export interface CatalogItem {
  packageType: string;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  weightLb: number;
  freightClass: number | null;
  hazardous: boolean;
}

/** How a file's rows are read: a product of the caller's catalog by its number (any case), and the units the cells are in. */
export interface RowReading {
  language: Language;
  unitSystem: UnitSystem;
  productByNumber: (productNumber: string) => Promise<CatalogItem | undefined>;
}

/** The item cells a catalog product fills, in the row's units (sizes and weight to a tenth). */
export function productCells(p: CatalogItem, unitSystem: UnitSystem): Partial<Record<BatchColumn, unknown>> {
  const tenth = (n: number) => Math.round(n * 10) / 10;
  const size = (inches: number) => tenth(fromInches(inches, unitSystem));
  return {
    package_type: p.packageType,
    length: size(p.lengthIn),
    width: size(p.widthIn),
    height: size(p.heightIn),
    weight: tenth(fromPounds(p.weightLb, unitSystem)),
    freight_class: p.freightClass ?? undefined,
    hazardous: p.hazardous,
  };
}

/**
 * A row is checked with the address import's CSV pipeline (header, cells, booleans and numbers)
 * against the quote request's fields, then as a whole quote request (its cross-field rules, a
 * truckload's equipment say), so a row's messages are the quote form's. A row naming a catalog
 * product has the item cells it left empty filled from the product first.
 */
const specFor = (reading: RowReading): CsvSpec<BatchColumn, BatchRowFields> => ({
  columns: BATCH_CSV_COLUMNS,
  // Rating needs only the postal codes: the places and references are asked for when a row is booked.
  optional: BATCH_OPTIONAL_COLUMNS,
  types: TYPES,
  prepare: async (cells, problem) => {
    const number = typeof cells.product_number === 'string' ? cells.product_number.trim() : '';
    if (!number) return cells;
    const product = await reading.productByNumber(number);
    if (!product) {
      problem('product_number', 'batch.product_unknown');
      return cells;
    }
    const filled = { ...cells };
    for (const [column, value] of Object.entries(productCells(product, reading.unitSystem)) as [BatchColumn, unknown][]) {
      if (filled[column] === undefined || filled[column] === '') filled[column] = value;
    }
    return filled;
  },
  schema: batchRowFields,
  check: (value) => {
    const errors: Record<string, string[]> = {};
    const add = (column: string, message: string) => {
      errors[column] = [...(errors[column] ?? []), message];
    };
    // A postal code not of its country's form is refused here, as the address forms refuse it,
    // rather than rated to "no rate" later.
    for (const side of ['origin', 'destination'] as const) {
      const code = value[`${side}_postal_code`];
      if (code && !isPostalCode(value[`${side}_country`], code)) add(`${side}_postal_code`, 'validation.postal_code');
    }
    // Insurance covers the goods' value: a row insured at no value would be booked uninsured.
    if (value.insurance && !value.insured_value) add('insured_value', 'validation.insured_value_needed');
    const parsed = quoteRequest.safeParse(quoteInputOf(value));
    for (const issue of parsed.success ? [] : parsed.error.issues) add(columnOf(issue.path), issue.message);
    return Object.keys(errors).length ? { errors } : {};
  },
  // Every line is a shipment of its own: two equal lines are two shipments.
  key: () => `${Math.random()}`,
});

/** The text of a checked row's cells, as the template writes them. */
export function cellsOf(v: BatchRowFields): Record<string, string> {
  return Object.fromEntries(
    BATCH_CSV_COLUMNS.map((c) => {
      const x = v[c];
      return [c, x === undefined || x === null ? '' : String(x)];
    }),
  );
}

/**
 * The checked rows of a file: each line's cells and errors (none for a good row). The errors'
 * messages are kept unworded, for whoever reads the batch (kept-messages.ts).
 */
export async function checkFile(source: CsvSource, reading: RowReading) {
  const { language } = reading;
  const refused = new Map<number, Record<string, string>>();
  const { report, rows } = await readCsv(source, specFor(reading), {
    language,
    word: keepMessage,
    maxRows: BATCH_MAX_ROWS,
    onRefused: (line, cells) => refused.set(line, { ...cells }),
  });
  const errorsByLine = new Map<number, BatchRowError[]>();
  const fileErrors: BatchRowError[] = [];
  for (const e of report.errors) {
    if (e.line === 1 && !refused.has(1)) fileErrors.push({ field: e.field, message: e.message });
    else errorsByLine.set(e.line, [...(errorsByLine.get(e.line) ?? []), { field: e.field, message: e.message }]);
  }
  const lines = [
    ...rows.map((r) => ({
      line: r.line,
      cells: cellsOf(r.value),
      errors: [] as BatchRowError[],
      value: r.value as BatchRowFields | undefined,
    })),
    ...[...refused].map(([line, cells]) => ({ line, cells, errors: errorsByLine.get(line) ?? [], value: undefined })),
    // A line refused before its cells were read (an unclosed quote) still has its errors.
    ...[...errorsByLine]
      .filter(([line]) => !refused.has(line) && !rows.some((r) => r.line === line))
      .map(([line, errors]) => ({ line, cells: {} as Record<string, string>, errors, value: undefined })),
  ].sort((a, b) => a.line - b.line);
  return { report, fileErrors, lines };
}

/** Rows written back into a file's text per piece (`asBatchFile`). */
const WRITE_STEP_ROWS = 50;

/**
 * Rows as the batch file they stand for: the template's header, then a line per row (its cells as
 * text, a row's missing column an empty cell), so they are checked as any file is and rows[i] is
 * line i + 2. The text is written a slice of rows at a time with a turn of the event loop between
 * slices: a thousand rows' text is tens of milliseconds of the server's thread, which other
 * people's requests would otherwise wait out whole.
 */
export function asBatchFile(rows: readonly Partial<Record<BatchColumn, unknown>>[]): CsvSource {
  async function* slices() {
    for (let i = 0; i < rows.length; i += WRITE_STEP_ROWS) {
      if (i > 0) await setImmediate();
      yield rows.slice(i, i + WRITE_STEP_ROWS);
    }
  }
  return writeCsvStream(BATCH_CSV_COLUMNS, slices());
}
