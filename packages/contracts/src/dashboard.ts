import type { ShipmentStatus } from '@freight/domain';
import { z } from 'zod';
import type { CarrierPauseReason } from './incidents';

/** The admin dashboard: what the business did today and this month, in the business's days (its time zone). */
export const dashboardQuery = z.object({
  days: z.coerce
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(7)
    .max(90, { error: 'validation.too_large' })
    .default(30),
});

export interface DashboardPeriod {
  /** The first day of the period, YYYY-MM-DD, in the business's time zone. */
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
  /** The business's IANA time zone: the days below are its days, and staff screens label days in it. */
  time_zone: string;
  today: DashboardPeriod;
  month: DashboardPeriod;
  /** One entry a day, oldest first, up to today. */
  series: { date: string; quotes: number; bookings: number }[];
  /** This month's bookings (not canceled) by mode and currency. */
  revenue: { mode: 'ltl' | 'parcel' | 'truckload'; currency: string; total_cents: number; shipments: number }[];
  /** This month's bookings by their status now. */
  statuses: { status: ShipmentStatus; count: number }[];
  action_required: { count: number; latest: DashboardShipment[] };
  /** Shipments delayed now, with the latest. */
  delayed: { count: number; latest: DashboardShipment[] };
  accounts: { credit_hold: number; suspended: number };
  /** Credit applications waiting for a decision; null for roles that do not decide them. */
  credit_applications: { pending: number } | null;
  /** Incident groups seen today (the business's day); `created_at` is when each was last seen. */
  incidents: {
    count: number;
    latest: { id: string; created_at: string; carrier: string | null; operation: string; error: string; occurrences: number }[];
  };
  /** Carriers paused from quoting now, the longest paused first. */
  paused_carriers: DashboardPausedCarrier[];
  /**
   * The margin on today's and this month's bookings (not canceled), by currency; only for staff
   * who may see margin (fpg_sales: the accounts it is the rep of). Absent for the others.
   */
  margin?: { today: DashboardMargin[]; month: DashboardMargin[] };
}

/** Bookings' price, cost and margin in one currency (integer cents; the percent in basis points of the price). */
export interface DashboardMargin {
  currency: string;
  shipments: number;
  price_cents: number;
  cost_cents: number;
  margin_cents: number;
  /** null when the price is 0. */
  margin_bp: number | null;
}

/** The staff list a dashboard figure opens. */
export type DashboardList = 'shipments' | 'accounts' | 'incidents' | 'creditApplications';

/** A list and its filters (the query parameters of its page and of its API). */
export interface DashboardLink {
  list: DashboardList;
  query: Record<string, string>;
}

/**
 * The list behind each figure, with the filters that make its count the figure: the dashboard's
 * links and the test that holds every figure to its list both read them here.
 */
export function dashboardLinks(view: DashboardView) {
  const shipments = (query: Record<string, string>): DashboardLink => ({ list: 'shipments', query });
  const accounts = (query: Record<string, string>): DashboardLink => ({ list: 'accounts', query });
  const month = { created_from: view.month.from };
  return {
    today: {
      bookings: shipments({ created_from: view.today.from, created_to: view.today.from }),
      new_accounts: accounts({ signed_up_days: '1' }),
    },
    month: {
      bookings: shipments(month),
      // The month's days so far, today included.
      new_accounts: accounts({ signed_up_days: String(Number(view.today.from.slice(8, 10))) }),
    },
    action_required: shipments({ action_required: '1' }),
    delayed: shipments({ status: 'delayed' }),
    credit_hold: accounts({ status: 'credit_hold' }),
    suspended: accounts({ status: 'suspended' }),
    credit_applications: { list: 'creditApplications', query: {} } as DashboardLink,
    incidents: { list: 'incidents', query: { from: view.today.from, to: view.today.from } } as DashboardLink,
    status: (status: ShipmentStatus) => shipments({ ...month, status }),
    revenue: (mode: string) => shipments({ ...month, mode, exclude_canceled: '1' }),
  };
}
