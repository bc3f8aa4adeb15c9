import type { ShipmentStatus } from '@freight/domain';
import type { DashboardView } from './dashboard';

// Apart from the dashboard's answer schema: the dashboard page runs these links, and a module that
// builds schemas as it loads would bring the validation library to a page that has no form.

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
