import type { MarginReport } from '@freight/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/renderApp';
import { drillDown } from '../../components/margin/drill';
import { signInStaff } from '../../testStaff';

const figures = (price: number, cost: number, currency = 'USD') => ({
  currency,
  shipments: 2,
  price_cents: price,
  cost_cents: cost,
  margin_cents: price - cost,
  margin_bp: price ? Math.round(((price - cost) * 10_000) / price) : null,
});

function makeReport(overrides: Partial<MarginReport> = {}): MarginReport {
  return {
    group_by: 'lane',
    pickup_from: '2026-11-01',
    pickup_to: '2026-11-26',
    rows: [
      { key: 'IL-TX', label: 'IL → TX', ...figures(120_000, 100_000) },
      { key: 'ON-IL', label: 'ON → IL', ...figures(50_000, 45_000, 'CAD') },
    ],
    rest: 3,
    totals: [
      { ...figures(120_000, 100_000), without_cost: 1 },
      { ...figures(50_000, 45_000, 'CAD'), without_cost: 0 },
    ],
    series: [{ month: '2026-11', ...figures(120_000, 100_000) }],
    ...overrides,
  };
}

describe('Admin > Margin', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the report in a table, each currency apart, each group opening its shipments; asks with the URL', async () => {
    const fetchMock = signInStaff(['fpg_sales_admin'], {
      'GET /api/admin/margin': { data: makeReport() },
      'GET /api/admin/sales-reps': { data: [] },
    });
    renderApp('/admin/margin?group_by=lane&mode=ltl');
    const table = await screen.findByRole('table', { name: 'Margin by lane: each row opens its shipments' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/IL → TX.*USD.*\$1,200\.00.*\$1,000\.00.*\$200\.00.*16\.7\s?%/);
    expect(rows[2]).toHaveTextContent(/ON → IL.*CAD/);
    expect(within(table).getByRole('link', { name: 'IL → TX' })).toHaveAttribute(
      'href',
      '/admin/shipments?mode=ltl&pickup_from=2026-11-01&pickup_to=2026-11-26&exclude_canceled=1&origin_state=IL&destination_state=TX',
    );
    expect(within(table).getAllByRole('rowheader', { name: 'Total' })).toHaveLength(2);
    expect(screen.getByText('3 more groups are in the CSV.')).toBeInTheDocument();
    expect(screen.getByText(/1 booking was made before costs were kept/)).toBeInTheDocument();
    const asked = String(fetchMock.mock.calls.find((c) => String(c[0]).startsWith('/api/admin/margin'))?.[0]);
    expect(asked).toContain('group_by=lane');
    expect(asked).toContain('mode=ltl');

    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'month');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('group_by=month'))).toBe(true);
  });

  it('says so when nothing matches, and offers no CSV', async () => {
    signInStaff(['fpg_sales'], {
      'GET /api/admin/margin': { data: makeReport({ rows: [], rest: 0, totals: [], series: [] }) },
      'GET /api/admin/sales-reps': { data: [] },
    });
    renderApp('/admin/margin');
    expect(await screen.findByText('No booking matches: choose another range or clear the filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is locked for ops', async () => {
    signInStaff(['fpg_ops'], {});
    renderApp('/admin/margin');
    expect(await screen.findByRole('link', { name: 'Margin' })).toHaveAttribute('title', 'You do not have access to this page');
    expect(screen.queryByRole('heading', { name: 'Margin' })).not.toBeInTheDocument();
  });
});

describe('drillDown', () => {
  const range = { pickup_from: '2026-10-15', pickup_to: '2026-12-10' };
  it("narrows the shipment list to the group: its account, carrier, rep, or its month within the report's range", () => {
    expect(drillDown(range, 'customer', 'a1', { mode: 'ltl', group_by: 'x' })).toEqual({
      mode: 'ltl',
      pickup_from: '2026-10-15',
      pickup_to: '2026-12-10',
      exclude_canceled: '1',
      account_id: 'a1',
    });
    expect(drillDown(range, 'carrier', 'none', {})).not.toHaveProperty('carrier_id');
    expect(drillDown(range, 'rep', 'none', {})).toMatchObject({ sales_rep_id: 'none' });
    expect(drillDown(range, 'month', '2026-10', {})).toMatchObject({ pickup_from: '2026-10-15', pickup_to: '2026-10-31' });
    expect(drillDown(range, 'month', '2026-11', {})).toMatchObject({ pickup_from: '2026-11-01', pickup_to: '2026-11-30' });
    expect(drillDown(range, 'month', '2026-12', {})).toMatchObject({ pickup_from: '2026-12-01', pickup_to: '2026-12-10' });
  });
});
