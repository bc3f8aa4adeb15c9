import type { CarrierComparison, CarrierScorecard, ScorecardCells } from '@freight/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/renderApp';
import { signInStaff } from '../../testStaff';

const cells = (over: Partial<ScorecardCells> = {}): ScorecardCells => ({
  shipments: 10,
  pickup_measured: 8,
  pickup_on_time: 6,
  delivery_measured: 8,
  delivery_on_time: 7,
  transit_measured: 8,
  transit_days: 20,
  quoted_days: 16,
  tenders: 0,
  tenders_accepted: 0,
  corrected: 1,
  reweighed: 1,
  reclassed: 0,
  on_time_pickup_bp: 7_500,
  on_time_delivery_bp: 8_750,
  avg_transit_tenths: 25,
  avg_quoted_transit_tenths: 20,
  tender_acceptance_bp: null,
  corrected_bp: 1_000,
  rate_errors: 2,
  rate_timeouts: 1,
  claims: null,
  ...over,
});
const carrier = (id: string, name: string, mode = 'ltl') => ({ id, name, scac: name.slice(0, 4).toUpperCase(), mode, active: true });
const ODFL = '11111111-1111-4111-8111-111111111111';
const DVLN = '22222222-2222-4222-8222-222222222222';

const comparison: CarrierComparison = {
  from: '2025-12-01',
  to: '2026-11-30',
  rows: [
    { carrier: carrier(ODFL, 'Old Dominion'), ...cells() },
    {
      carrier: carrier(DVLN, 'Dry Van Lines', 'truckload'),
      ...cells({ on_time_pickup_bp: 9_000, tenders: 4, tenders_accepted: 3, tender_acceptance_bp: 7_500 }),
    },
  ],
};

describe('Admin > Carrier scorecards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('compares the carriers, sorts by a figure from the URL, and opens the shipments behind a figure', async () => {
    const fetchMock = signInStaff(['fpg_ops'], { 'GET /api/admin/carrier-scorecards': { data: comparison } });
    renderApp('/admin/carrier-scorecards?from=2025-12&to=2026-11');
    const table = await screen.findByRole('table', { name: /Carriers side by side/ });
    let rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Dry Van Lines.*10.*90\s?%.*87\.5\s?%.*2\.5 \/ 2 days.*75\s?%.*3.*10\s?%.*—/);
    expect(rows[2]).toHaveTextContent(/Old Dominion.*75\s?%/);
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: '75%' })).toHaveAttribute(
      'href',
      `/admin/shipments?carrier_id=${ODFL}&pickup_from=2025-12-01&pickup_to=2026-11-30&exclude_canceled=1&figure=picked_up_on_time`,
    );
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'Dry Van Lines' })).toHaveAttribute(
      'href',
      `/admin/carrier-scorecards/${DVLN}`,
    );
    const asked = String(fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/admin/carrier-scorecards'))?.[0]);
    expect(asked).toContain('from=2025-12');

    // Sorted by on-time pickup, highest first: Dry Van Lines (90%) before Old Dominion (75%).
    await userEvent.click(within(table).getByRole('button', { name: 'On-time pickup' }));
    await userEvent.click(within(table).getByRole('button', { name: 'On-time pickup' }));
    rows = within(await screen.findByRole('table', { name: /Carriers side by side/ })).getAllByRole('row');
    expect(within(table).getByRole('columnheader', { name: /On-time pickup/ })).toHaveAttribute('aria-sort', 'descending');
    expect(rows[1]).toHaveTextContent(/Dry Van Lines/);
    await userEvent.click(within(table).getByRole('button', { name: 'On-time pickup' }));
    rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Old Dominion/);
  });

  it("shows a carrier's twelve months, newest first, with their sum", async () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, ...cells({ shipments: i }) }));
    const scorecard: CarrierScorecard = {
      carrier: carrier(ODFL, 'Old Dominion'),
      from: '2026-01-01',
      to: '2026-12-31',
      months,
      total: cells({ shipments: 66 }),
    };
    signInStaff(['fpg_ops'], { [`GET /api/admin/carrier-scorecards/${ODFL}`]: { data: scorecard } });
    renderApp(`/admin/carrier-scorecards/${ODFL}`);
    expect(await screen.findByRole('heading', { name: 'Scorecard: Old Dominion (OLD )' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Old Dominion by month of pickup, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Dec 2026.*11/);
    expect(within(table).getByRole('rowheader', { name: 'Twelve months' }).closest('tr')).toHaveTextContent(/66/);
  });
});
