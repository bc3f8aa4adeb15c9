import {
  BATCH_ITEM_COLUMNS,
  BATCH_MAX_ITEM_LINES,
  type BatchItemCells,
  type BatchRowError,
  type BatchRowFields,
  quoteItem,
} from '@freight/contracts';
import { furtherItemOf, productCells, type RowReading } from './batches-rows';
import { keepMessage } from './kept-messages';

/**
 * A shipment of several kinds of goods in a batch file: its first line is a whole row, and each
 * line right after it with the same `client_ref` that fills nothing but item cells (or a catalog
 * product's number) is one more item line of that shipment, as marketplaces' order files repeat
 * an order's number on each of its lines.
 */

/** The cells a further item line may fill: the shipment's reference, and one item (by its cells or a product). */
const ITEM_LINE_COLUMNS: readonly string[] = ['client_ref', 'product_number', ...BATCH_ITEM_COLUMNS];

const NUMBER_COLUMNS = ['quantity', 'length', 'width', 'height', 'weight', 'freight_class'] as const;

/** A file's line as checked: its cells as text, its problems, its value when good, its shipment's further item lines. */
export interface CheckedLine {
  line: number;
  cells: Record<string, string>;
  errors: BatchRowError[];
  value: BatchRowFields | undefined;
  moreItems?: BatchItemCells[];
}

const isItemLineOf = (cells: Record<string, string>, shipment: CheckedLine) => {
  const ref = cells.client_ref?.trim();
  return (
    !!ref &&
    ref === shipment.cells.client_ref?.trim() &&
    Object.entries(cells).every(([column, text]) => ITEM_LINE_COLUMNS.includes(column) || !text?.trim())
  );
};

/**
 * A further item line's cells, a named product filling those left empty, and its problems (a
 * column and a message key each) by the quote form's item rules.
 */
async function itemLineOf(cells: Partial<Record<string, string>>, reading: RowReading) {
  const item: BatchItemCells = Object.fromEntries(BATCH_ITEM_COLUMNS.map((c) => [c, cells[c]?.trim() ?? '']));
  const problems: [string, string][] = [];
  const productNumber = cells.product_number?.trim();
  if (productNumber) {
    const product = await reading.productByNumber(productNumber);
    if (!product) problems.push(['product_number', 'batch.product_unknown']);
    else
      for (const [column, value] of Object.entries(productCells(product, reading.unitSystem)) as [keyof BatchItemCells, unknown][]) {
        if (!item[column] && value !== undefined) item[column] = String(value);
      }
  }
  // A cell that is no number says so, as a row's own would; the item's rules speak for the rest.
  const notNumbers = NUMBER_COLUMNS.filter((c) => item[c] && !Number.isFinite(Number(item[c])));
  for (const column of notNumbers) problems.push([column, 'csv.number']);
  const checked = quoteItem.safeParse(furtherItemOf(item));
  for (const issue of checked.success ? [] : checked.error.issues) {
    const column = String(issue.path[0] ?? 'row');
    if (!(notNumbers as string[]).includes(column)) problems.push([column, issue.message]);
  }
  return { item, problems };
}

/** A further line's problems on its cells, `more_items.<n>.<column>` (n from 0), kept unworded (kept-messages.ts). */
const errorsOf = (n: number, problems: readonly [string, string][]): BatchRowError[] =>
  problems.map(([column, key]) => ({ field: column === 'client_ref' ? column : `more_items.${n}.${column}`, message: keepMessage(key) }));

/**
 * The file's lines as shipments: each further item line folded into the shipment above it (its
 * `moreItems`), its problems told on that shipment at the line's cells. Other lines stay as they
 * are, a shipment each.
 */
export async function withItemLines(lines: readonly CheckedLine[], reading: RowReading): Promise<CheckedLine[]> {
  const shipments: CheckedLine[] = [];
  for (const line of lines) {
    const shipment = shipments.at(-1);
    if (!shipment || !isItemLineOf(line.cells, shipment)) {
      shipments.push({ ...line });
      continue;
    }
    const { item, problems } = await itemLineOf(line.cells, reading);
    const n = shipment.moreItems?.length ?? 0;
    // One line past the quote's limit is refused with the shipment; the next ones would be too.
    if (n + 1 >= BATCH_MAX_ITEM_LINES) problems.push(['client_ref', 'validation.too_many']);
    shipment.moreItems = [...(shipment.moreItems ?? []), item];
    shipment.errors = [...shipment.errors, ...errorsOf(n, problems)];
  }
  return shipments;
}

/** A row's further item lines checked again (a fixed row), each problem at its line's cell. */
export async function itemLineErrors(items: readonly BatchItemCells[], reading: RowReading): Promise<BatchRowError[]> {
  const errors: BatchRowError[] = [];
  for (const [n, cells] of items.entries()) errors.push(...errorsOf(n, (await itemLineOf(cells, reading)).problems));
  return errors;
}
