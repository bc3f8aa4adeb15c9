import type { StaffShipmentDetail, StaffShipmentRow } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../components/shipment/testShipment';
import { renderApp } from '../../../test/renderApp';
import { makeDashboard, signInStaff } from '../testStaff';

const shipment = makeShipment({ id: 's1', status: 'in_transit', bol_number: '06141410090000145', total_cents: 50_000 });
const place = { company: 'Demo Shipper Co', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' };
const row: StaffShipmentRow = { ...shipment, origin: place, destination: place, account: { id: 'a1', name: 'Demo Shipper Co' } };
const detail = (margin?: StaffShipmentDetail['margin']): StaffShipmentDetail => ({
  shipment,
  account: { id: 'a1', name: 'Demo Shipper Co', status: 'active', suspended: false },
  booked_by: null,
  quote: null,
  events: [],
  eta: { carrier_estimate: null, override: null, override_date: null, reason: null, shown: null },
  notes: [],
  audit: [],
  ...(margin ? { margin } : {}),
});
const margin: NonNullable<StaffShipmentDetail['margin']> = {
  price_lines: [{ code: 'freight', label: 'Freight', amount_cents: 50_000 }],
  price_cents: 50_000,
  cost_lines: [{ code: 'freight', label: 'Linehaul', amount_cents: 42_000 }],
  cost_cents: 42_000,
  margin_cents: 8_000,
  margin_bp: 1_600,
  applied: { source: 'contract', scope: 'account', version: 3, name: 'CHI-DAL' },
  cost_recorded: true,
};
const page = (data: StaffShipmentRow[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });

describe('cost and margin on the staff screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a shipment's price and cost lines, its margin and what priced it", async () => {
    signInStaff(['fpg_sales_admin'], { 'GET /api/admin/shipments/s1': { data: detail(margin) } });
    renderApp('/admin/shipments/s1');
    const section = await screen.findByRole('region', { name: 'Cost and margin' });
    expect(within(section).getByRole('table', { name: 'Price (what the shipper pays)' })).toHaveTextContent('Freight$500.00');
    expect(within(section).getByRole('table', { name: 'Cost (what the carrier is paid)' })).toHaveTextContent('Linehaul$420.00');
    expect(within(section).getByTestId('shipment-margin')).toHaveTextContent('Margin: $80.00 (16%)');
    expect(section).toHaveTextContent(`Priced by the contract lane "CHI-DAL" of the account's pricing program, version 3`);
  });

  it('has no cost section when the server sends no margin', async () => {
    signInStaff(['fpg_ops'], { 'GET /api/admin/shipments/s1': { data: detail() } });
    renderApp('/admin/shipments/s1');
    await screen.findByText('BOL 06141410090000145');
    expect(screen.queryByRole('region', { name: 'Cost and margin' })).not.toBeInTheDocument();
  });

  it("lists cost and margin for those who see margin, a dash on rows they may not see, and filters by the URL's sales rep", async () => {
    const fetchMock = signInStaff(['fpg_sales'], {
      'GET /api/admin/shipments': page([
        { ...row, cost_cents: 42_000, margin_cents: 8_000, margin_bp: 1_600 },
        { ...row, id: 's2', bol_number: '06141410090000146', account: { id: 'a2', name: 'Other Freight LLC' } },
      ]),
      'GET /api/admin/shipments/carriers': { data: [] },
      'GET /api/admin/sales-reps': { data: [{ id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' }] },
    });
    renderApp('/admin/shipments?sales_rep_id=u9&origin_state=IL&account_id=a1');
    const table = await screen.findByRole('table', { name: 'Shipments of every account' });
    expect(within(table).getByRole('columnheader', { name: 'Margin' })).toBeInTheDocument();
    const [, mine, other] = within(table).getAllByRole('row');
    expect(mine).toHaveTextContent('$420.00$80.0016%');
    expect(other).toHaveTextContent('$500.00––');
    await waitFor(() => expect(screen.getByLabelText('Sales rep')).toHaveValue('u9'));
    const listCalls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/admin/shipments?'));
    expect(listCalls()[0]).toMatch(/sales_rep_id=u9.*origin_state=IL|origin_state=IL.*sales_rep_id=u9/);
    expect(listCalls()[0]).toContain('account_id=a1');
    await userEvent.selectOptions(screen.getByLabelText('Sales rep'), 'none');
    await waitFor(() => expect(listCalls().at(-1)).toContain('sales_rep_id=none'));
  });

  it('has no cost columns for ops', async () => {
    signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments': page([row]),
      'GET /api/admin/shipments/carriers': { data: [] },
      'GET /api/admin/sales-reps': { data: [] },
    });
    renderApp('/admin/shipments');
    const table = await screen.findByRole('table', { name: 'Shipments of every account' });
    expect(within(table).queryByRole('columnheader', { name: 'Margin' })).not.toBeInTheDocument();
  });

  it("shows today's and the month's margin on the dashboard, each opening its bookings", async () => {
    const figures = { currency: 'USD', shipments: 2, price_cents: 80_000, cost_cents: 72_000, margin_cents: 8_000, margin_bp: 1_000 };
    signInStaff(['fpg_sales_admin'], {
      'GET /api/admin/dashboard': { data: { ...makeDashboard(), margin: { today: [], month: [figures] } } },
    });
    renderApp('/admin/dashboard');
    const section = await screen.findByRole('region', { name: 'Margin' });
    expect(within(section).getByRole('link', { name: 'Margin this month: $80.00' })).toHaveAttribute(
      'href',
      '/admin/shipments?created_from=2026-11-01&exclude_canceled=1',
    );
    expect(section).toHaveTextContent('10% of $800.00 on 2 bookings');
    expect(within(section).getByRole('link', { name: 'Margin today: $0.00' })).toBeInTheDocument();
  });
});
