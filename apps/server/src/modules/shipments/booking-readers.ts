import type { AppContext } from '../../context';
import { shipmentsRepository } from './shipments.repository';
import type { CarrierFactory } from './shipments.service';

type CarrierRow = Parameters<CarrierFactory>[0];

/** How a booking reads the row of its rate's carrier (its tariff, whether it is active). */
export type CarrierRowReader = (id: string) => Promise<CarrierRow | undefined>;

/** How a booking draws its BOL serial. */
export type BolSerialDrawer = () => Promise<number>;

/**
 * A reader that reads each carrier's row once: a batch books a thousand rows with a few
 * carriers, and each row is a wide one (the whole tariff). Kept for one run of a batch's booking,
 * so a carrier switched off meanwhile is seen by the next run.
 */
export function carrierRowsReadOnce(ctx: Pick<AppContext, 'db'>): CarrierRowReader {
  const repo = shipmentsRepository(ctx.db);
  const read = new Map<string, Promise<CarrierRow | undefined>>();
  return (id) => {
    let row = read.get(id);
    if (!row) {
      row = repo.carrier(id);
      read.set(id, row);
      // A failed read is not kept: the next row reads again.
      row.catch(() => read.delete(id));
    }
    return row;
  };
}

/** How many BOL serials a batch's booking draws in one statement. */
export const BOL_SERIALS_PER_DRAW = 50;

/**
 * BOL serials for `bookings` bookings to come, drawn up to BOL_SERIALS_PER_DRAW in one statement
 * and handed out in order: a batch's booking would otherwise spend a statement a row on them. A
 * serial a failed row leaves unused is skipped, as a rolled-back booking's is.
 */
export function bolSerialsDrawnAhead(ctx: Pick<AppContext, 'db'>, bookings: number): BolSerialDrawer {
  const repo = shipmentsRepository(ctx.db);
  let left = bookings;
  let drawn: Promise<number[]> = Promise.resolve([]);
  return async () => {
    // Each call takes its turn after the one before, so two rows never take the same serial.
    const turn = drawn.then(async (serials) => {
      if (serials.length > 0) return serials;
      const count = Math.min(BOL_SERIALS_PER_DRAW, Math.max(left, 1));
      left -= count;
      return repo.nextBolSerials(count);
    });
    drawn = turn.then((serials) => serials.slice(1)).catch(() => []);
    const serials = await turn;
    const serial = serials[0];
    if (serial === undefined) throw new Error('no BOL serial');
    return serial;
  };
}
