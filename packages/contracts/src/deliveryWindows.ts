import { z } from 'zod';

/**
 * Learned delivery windows (docs/delivery-windows.md): what a carrier's delivered shipments on a
 * lane took, as the quote's rates, the tracking pages and the staff's carrier page show it.
 */

/**
 * A shipment's expected delivery: typically `typical_days` business days after pickup (by
 * `typical_date`), late at `late_days` (by `late_date`). `source` 'history' when learned from
 * `sample` delivered shipments on the carrier's lane; 'promise' (both days the carrier's quoted
 * transit) when the lane has too few.
 */
export interface DeliveryWindowView {
  source: 'history' | 'promise';
  typical_days: number;
  late_days: number;
  sample: number;
  /** 'YYYY-MM-DD' */
  typical_date: string;
  /** 'YYYY-MM-DD' */
  late_date: string;
}

/**
 * GET /api/admin/carriers/:id/delivery-windows: per lane (origin and destination state), what the
 * carrier promised on average against what it took (50th and 90th percentiles), over the last year
 * of delivered shipments; `learned` says whether the lane has enough of them to show a window.
 */
const laneEnd = z.strictObject({ country: z.string(), state: z.string() });
export const carrierLaneWindow = z.strictObject({
  origin: laneEnd,
  destination: laneEnd,
  sample: z.number().int(),
  promised_tenths: z.number().int().meta({ description: 'The quoted transit, averaged, in tenths of a business day (24 = 2.4 days)' }),
  typical_days: z.number().int(),
  late_days: z.number().int(),
  learned: z.boolean(),
});
export type CarrierLaneWindow = z.output<typeof carrierLaneWindow>;

export const carrierDeliveryWindows = z.strictObject({
  min_sample: z.number().int().meta({ description: 'The delivered shipments a lane needs before its window is learned' }),
  lanes: z.array(carrierLaneWindow),
});
export type CarrierDeliveryWindows = z.output<typeof carrierDeliveryWindows>;
