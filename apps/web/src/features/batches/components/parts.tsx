import type { BatchItemCells, BatchRowStatus, BatchStatus } from '@freight/contracts';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { useFormat } from '../../../lib/useFormat';
import type { Batch, BatchRow } from '../api/batchesApi';

const ROW_COLORS: Record<BatchRowStatus, string> = {
  invalid: 'red',
  valid: 'blue',
  rated: 'teal',
  rating_failed: 'orange',
  booked: 'green',
  awaiting_approval: 'yellow',
  booking_failed: 'red',
};

const BATCH_COLORS: Record<BatchStatus, string> = { uploaded: 'blue', rated: 'teal', booked: 'green' };

export function RowStatusBadge({ status }: { status: BatchRowStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={ROW_COLORS[status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
      {t(`batches.row_status.${status}`)}
    </Badge>
  );
}

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={BATCH_COLORS[status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
      {t(`batches.status.${status}`)}
    </Badge>
  );
}

/** 'Chicago 60606, US → 75201, US' from the row's cells as written. */
export function laneOf(cells: Record<string, string>): string {
  const place = (side: 'origin' | 'destination') =>
    [cells[`${side}_postal_code`], cells[`${side}_country`]].filter((x) => x?.trim()).join(', ') || '—';
  return `${place('origin')} → ${place('destination')}`;
}

const numberOf = (text: string | undefined) => {
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** '2 × Pallets, 1,000 lb': an item line's handling units, their kind and its weight in all, in the user's units. */
export function itemLineOf(cells: BatchItemCells, t: TFunction, fmt: ReturnType<typeof useFormat>): string {
  const quantity = numberOf(cells.quantity);
  const weight = numberOf(cells.weight);
  const kind = cells.package_type?.trim()
    ? t(`quotes.form.package_types.${cells.package_type.trim()}`, { defaultValue: cells.package_type.trim() })
    : '—';
  const units = quantity !== null ? `${fmt.number(quantity)} × ${kind}` : kind;
  return weight !== null ? `${units}, ${fmt.weight((quantity ?? 1) * weight)}` : units;
}

/** Every item line of a row's shipment, each as itemLineOf says it: its own, then its further ones. */
export const itemsOf = (row: Pick<BatchRow, 'cells' | 'more_items'>, t: TFunction, fmt: ReturnType<typeof useFormat>) =>
  [row.cells, ...row.more_items].map((cells) => itemLineOf(cells, t, fmt));

/** A problem's field as the page names it: a column, or a further item line's cell ("Item line 2, weight"). */
export function fieldLabel(field: string | null, t: TFunction): string | null {
  const further = /^more_items\.(\d+)\.(\w+)$/.exec(field ?? '');
  return further ? t('batches.item_line_field', { n: Number(further[1]) + 2, column: further[2] }) : field;
}

/** The rate the row's rule (or the shipper) chose, if any. */
export const chosenRate = (row: BatchRow) => (row.rate_id ? (row.result?.rates.find((r) => r.id === row.rate_id) ?? null) : null);

/** What a row's line of the file is called in the table and its buttons: its reference, or its line. */
export const rowName = (row: BatchRow, t: TFunction) =>
  row.cells.client_ref?.trim()
    ? t('batches.row_named', { line: row.line, ref: row.cells.client_ref.trim() })
    : t('batches.row_line', { line: row.line });

/** Rows rating looks at: the good ones not yet booked. */
export const isRateable = (row: BatchRow) => row.status === 'valid' || row.status === 'rated' || row.status === 'rating_failed';
/** A row checked and not rated yet (an upload's, or one fixed since): rating it is not rating it again. */
export const neverRated = (row: BatchRow) => row.status === 'valid';

/** Rows a booking would book: rated with a chosen rate, or whose booking failed before. */
export const isBookable = (row: BatchRow) => (row.status === 'rated' || row.status === 'booking_failed') && !!row.rate_id;

/** The total of the chosen rates of `rows` with their insurance premiums (a batch is rated in one currency). */
export function totalOf(rows: readonly BatchRow[]): { cents: number; currency: string } {
  let cents = 0;
  let currency = 'USD';
  for (const row of rows) {
    const rate = chosenRate(row);
    if (!rate) continue;
    cents += rate.total_cents + (row.result?.insurance?.premium_cents ?? 0);
    currency = row.result?.currency ?? currency;
  }
  return { cents, currency };
}

/** What each rateable row was before a rating started: it counts as rated once that has changed. */
export type RateSnapshot = Map<number, string>;
const stateOf = (row: BatchRow) => `${row.status}|${row.quote_id ?? ''}|${row.result?.message ?? ''}`;

export function snapshotForRating(batch: Batch): RateSnapshot {
  return new Map(batch.rows.filter(isRateable).map((r) => [r.line, stateOf(r)]));
}

/**
 * How far a rating has come: of the rows it rates, those saved since it started (rated or failed,
 * with a new quote or result). The server saves each row as it is rated, so a poll sees it grow.
 */
export function ratingProgress(snapshot: RateSnapshot, batch: Batch | undefined): { done: number; total: number } {
  const total = snapshot.size;
  if (!batch) return { done: 0, total };
  let done = 0;
  for (const row of batch.rows) {
    const before = snapshot.get(row.line);
    if (before === undefined) continue;
    if ((row.status === 'rated' || row.status === 'rating_failed') && stateOf(row) !== before) done++;
  }
  return { done, total };
}

export type Format = ReturnType<typeof useFormat>;
