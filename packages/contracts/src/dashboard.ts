import type { ShipmentStatus } from '@freight/domain';
import { z } from 'zod';
import type { CarrierPauseReason } from './incidents';

/** The admin dashboard (issue 15): what the business did today and this month, in UTC days. */
export const dashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(7)
    .max(90, { error: 'validation.too_large' })
    .default(30),
});

export interface DashboardPeriod {
  /** The first day of the period, YYYY-MM-DD (UTC). */
  from: string;
  quotes: number;
  bookings: number;
  /** Bookings per quote, 0 to 1; null without quotes. */
  rate: number | null;
  new_accounts: number;
}

export interface DashboardShipment {
  id: string;
  bol_number: string;
  account: string;
  status: ShipmentStatus;
  carrier_name: string;
  pickup_date: string;
}

/** A carrier the circuit breaker keeps out of quoting: since when, and why. */
export interface DashboardPausedCarrier {
  id: string;
  name: string;
  scac: string;
  paused_at: string;
  reason: CarrierPauseReason | null;
}

export interface DashboardView {
  today: DashboardPeriod;
  month: DashboardPeriod;
  /** One entry a day, oldest first, up to today. */
  series: { date: string; quotes: number; bookings: number }[];
  /** This month's bookings (not canceled) by mode and currency. */
  revenue: { mode: 'ltl' | 'parcel' | 'truckload'; currency: string; total_cents: number; shipments: number }[];
  /** This month's bookings by their status now. */
  statuses: { status: ShipmentStatus; count: number }[];
  action_required: { count: number; latest: DashboardShipment[] };
  delayed: { count: number; latest: DashboardShipment[] };
  accounts: { credit_hold: number; suspended: number };
  /** Credit applications waiting for a decision; null for roles that do not decide them. */
  credit_applications: { pending: number } | null;
  /** Incident groups seen in the last 24 hours; `created_at` is when each was last seen. */
  incidents: {
    count: number;
    latest: { id: string; created_at: string; carrier: string | null; operation: string; error: string; occurrences: number }[];
  };
  /** Carriers paused from quoting now, the longest paused first. */
  paused_carriers: DashboardPausedCarrier[];
}
