import {
  BATCH_ROW_STATUSES,
  type BatchResultRow,
  type BatchRowResult,
  type BatchRowStatus,
  type BatchStatusView,
} from '@freight/contracts';
import type { BatchLineRow } from './batches.repository';

/**
 * What a program polls and reads back of a batch (the public API's status and results): its rows
 * counted by status, and each row's outcome in a few fields.
 */

/** Rows a rating rates: those it has not rated yet are still to come. */
const RATEABLE: readonly BatchRowStatus[] = ['valid', 'rated', 'rating_failed', 'booking_failed'];
/** Rows whose booking is done: booked, or held for an account admin. */
const BOOKED: readonly BatchRowStatus[] = ['booked', 'awaiting_approval'];

/**
 * The counts by status (every status, zero included) and the progress of each phase. Rating: the
 * rows rated in the batch's latest round (whatever came of them since) of those and the rows it
 * has yet to rate (good rows not rated in it and not booked), so a second rating counts from 0
 * again and a row changed after rating is waiting for the next. Booking: the rows booked or held
 * of those booked, held, failed or rated with a chosen rate (the rows a booking takes up).
 */
export function progressOf(counted: readonly { status: BatchRowStatus; rows: number; chosen: number; ratedInRound: number }[]) {
  const counts = Object.fromEntries(BATCH_ROW_STATUSES.map((s) => [s, 0])) as Record<BatchRowStatus, number>;
  for (const c of counted) counts[c.status] = c.rows;
  const sum = (statuses: readonly BatchRowStatus[]) => statuses.reduce((n, s) => n + counts[s], 0);
  const chosen = counted.find((c) => c.status === 'rated')?.chosen ?? 0;
  const booked = sum(BOOKED);
  const rated = counted.reduce((n, c) => n + c.ratedInRound, 0);
  const waiting = counted.reduce((n, c) => n + (RATEABLE.includes(c.status) ? c.rows - c.ratedInRound : 0), 0);
  return {
    counts,
    progress: {
      rating: { done: rated, total: rated + waiting },
      booking: { done: booked, total: booked + counts.booking_failed + chosen },
    },
  } satisfies Pick<BatchStatusView, 'counts' | 'progress'>;
}

/** A row's problems by column, in the API's field-error shape (`row` for the row as a whole). */
function fieldErrors(errors: BatchLineRow['errors'], read: (message: string) => string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const field = e.field ?? 'row';
    out[field] = [...(out[field] ?? []), read(e.message)];
  }
  return out;
}

/** A row's outcome, with its shipment's number and total once booked; `read` words its kept messages (kept-messages.ts). */
export function resultOf(
  row: BatchLineRow,
  shipment: { bolNumber: string; totalCents: number; currency: string } | undefined,
  read: (message: string) => string,
): BatchResultRow {
  const rating = (row.result ?? null) as BatchRowResult | null;
  const chosen = rating?.rates.find((r) => r.id === row.rateId);
  const price = shipment
    ? { price_cents: shipment.totalCents, currency: shipment.currency }
    : chosen
      ? { price_cents: chosen.total_cents + (rating?.insurance?.premium_cents ?? 0), currency: rating?.currency ?? null }
      : { price_cents: null, currency: null };
  // A rated row without a choice says why in its result, as a failed rating does.
  const unrated = row.status === 'rating_failed' || (row.status === 'rated' && !chosen) ? (rating?.message ?? null) : null;
  const error = row.bookingError ?? unrated ?? row.errors[0]?.message ?? null;
  return {
    line: row.line,
    client_ref: row.cells.client_ref ?? '',
    status: row.status,
    shipment_id: row.shipmentId,
    bol_number: shipment?.bolNumber ?? null,
    approval_id: row.approvalId,
    ...price,
    error: error ? read(error) : error,
    errors: fieldErrors(row.errors, read),
  };
}
