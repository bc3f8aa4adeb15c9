import type { DashboardView, StaffAccountDetail } from '@freight/contracts';
import type { Role } from '@freight/domain';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeUser, setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';

/** Signs in a staff user with these roles and stubs the API with `stubs` over `base`; the fetch mock. */
export function signInStaff(roles: Role[], stubs: Record<string, unknown>) {
  const user = makeUser(roles);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...stubs });
}

/** The JSON body a fetch mock's nth call sent. */
export const sentBody = (mock: { mock: { calls: unknown[][] } }, n = 0) =>
  JSON.parse(String(((mock.mock.calls[n] as unknown[])[1] as RequestInit).body)) as unknown;

/** Test data: an account as staff see it (GET /api/admin/accounts/:id). */
export function makeAccountDetail(overrides: Partial<StaffAccountDetail> = {}): StaffAccountDetail {
  return {
    id: 'a1',
    name: 'Acme Freight',
    state: 'active',
    status: 'active',
    payment_terms: 'credit',
    suspended_at: null,
    suspended_reason: null,
    suspension_proposals: [],
    sales_rep: null,
    created_at: '2026-01-02T00:00:00Z',
    company_address: null,
    billing_address: null,
    account_address: null,
    users: [],
    recent_quotes: [],
    recent_shipments: [],
    notes: [],
    audit: [],
    ...overrides,
  };
}

/** Test data: the dashboard's answer (GET /api/admin/dashboard), a quiet day. */
export function makeDashboard(): DashboardView {
  const period = { from: '2026-11-22', quotes: 4, bookings: 2, quotes_booked: 2, rate: 0.5, new_accounts: 1 };
  return {
    time_zone: 'America/Chicago',
    today: period,
    month: { ...period, from: '2026-11-01' },
    series: [{ date: '2026-11-22', quotes: 4, bookings: 2, quotes_booked: 2 }],
    revenue: [{ mode: 'ltl', currency: 'USD', total_cents: 125_000, shipments: 2 }],
    statuses: [{ status: 'in_transit', count: 2 }],
    action_required: { count: 0, latest: [] },
    delayed: { count: 0, latest: [] },
    accounts: { credit_hold: 1, suspended: 0 },
    credit_applications: { pending: 2 },
    incidents: { count: 0, latest: [] },
    paused_carriers: [],
  };
}
