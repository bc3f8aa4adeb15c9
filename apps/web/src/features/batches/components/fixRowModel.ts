import { BATCH_CSV_COLUMNS, BATCH_ITEM_COLUMNS, type BatchColumn, type BatchItemColumn } from '@freight/contracts';
import type { BatchRow } from '../api/batchesApi';

/** The fix dialog's values: every cell of the row as text, and each further item line's item cells. */
export type FixValues = Record<BatchColumn, string> & { more_items: Record<BatchItemColumn, string>[] };

const isColumn = (field: string | null): field is BatchColumn => !!field && (BATCH_CSV_COLUMNS as readonly string[]).includes(field);
/** A further item line's cell, as the server names its problems: `more_items.<n>.<column>`. */
const isFurtherCell = (field: string | null): field is string => {
  const [head, n, column] = (field ?? '').split('.');
  return head === 'more_items' && /^\d+$/.test(n ?? '') && (BATCH_ITEM_COLUMNS as readonly string[]).includes(column ?? '');
};

/** A row's problems as the form's field errors (by column, or a further line's cell), and those about no field. */
export function splitRowErrors(row: BatchRow, t: (m: string) => string) {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const e of row.errors) {
    const text = t(e.message);
    if (isColumn(e.field) || isFurtherCell(e.field)) fields[e.field] = fields[e.field] ? `${fields[e.field]} · ${text}` : text;
    else rest.push(text);
  }
  return { fields, rest };
}

export const valuesOf = (row: BatchRow): FixValues => ({
  ...(Object.fromEntries(BATCH_CSV_COLUMNS.map((c) => [c, row.cells[c] ?? ''])) as Record<BatchColumn, string>),
  more_items: row.more_items.map(
    (cells) => Object.fromEntries(BATCH_ITEM_COLUMNS.map((c) => [c, cells[c] ?? ''])) as Record<BatchItemColumn, string>,
  ),
});

/** The field focus starts on: the first cell in error, the row's own before its further lines'. */
export const firstFieldInError = (fields: Record<string, string>) =>
  BATCH_CSV_COLUMNS.find((c) => fields[c]) ?? Object.keys(fields).find(isFurtherCell);
