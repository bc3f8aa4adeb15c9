import type { StaffShipmentDetail, StaffShipmentRow } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../components/shipment/testShipment';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sentBody, signInStaff } from '../testStaff';

const shipment = makeShipment({
  id: 's1',
  status: 'in_transit',
  bol_number: '06141410090000145',
  pro_number: '4100118785',
  references: [
    { type: 'po_number', value: 'PO-4471' },
    { type: 'so_number', value: 'SO-2290' },
    { type: 'container_number', value: 'MSCU1234567' },
  ],
});
const row: StaffShipmentRow = {
  ...shipment,
  origin: { company: 'Demo Shipper Co', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
  destination: { company: 'Peach State Supply', city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' },
  account: { id: 'a1', name: 'Demo Shipper Co' },
};
const detail = (over: Partial<StaffShipmentDetail['shipment']> = {}): StaffShipmentDetail => ({
  shipment: { ...shipment, ...over },
  account: { id: 'a1', name: 'Demo Shipper Co', status: 'active', suspended: false },
  booked_by: { id: 'u1', name: 'Dana Shipper', email: 'shipper@demo.test' },
  quote: null,
  events: [],
  eta: { carrier_estimate: '2026-11-27', override: null, override_date: null, reason: null, shown: '2026-11-27' },
  notes: [],
  audit: [],
});

describe('admin shipments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches every account by number and filters through the URL', async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments': { data: [row], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } },
      'GET /api/admin/shipments/carriers': { data: [{ id: 'c1', name: 'Saia', scac: 'SAIA', mode: 'ltl' }] },
    });
    renderApp('/admin/shipments?status=in_transit&action_required=1');
    const table = await screen.findByRole('table', { name: 'Shipments of every account' });
    expect(table).toHaveTextContent('06141410090000145');
    expect(table).toHaveTextContent('PRO 4100118785');
    expect(within(table).getByRole('link', { name: 'Demo Shipper Co' })).toHaveAttribute('href', '/admin/accounts/a1');
    expect(screen.getByLabelText('Action Required only')).toBeChecked();
    const listCalls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/admin/shipments?'));
    expect(listCalls()[0]).toContain('status=in_transit');
    expect(listCalls()[0]).toContain('action_required=1');

    await userEvent.type(screen.getByLabelText('BOL, PRO, pickup, tracking or reference number'), '4100118785');
    await waitFor(() => expect(listCalls().at(-1)).toContain('q=4100118785'));
    await userEvent.type(screen.getByLabelText('Account name'), 'demo{Enter}');
    await waitFor(() => expect(listCalls().at(-1)).toContain('account=demo'));
  });

  it("adds a tracking event, sets 'Action Required' with a message, and checks the forms first", async () => {
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments/s1': { data: detail() },
      'GET /api/admin/shipments/s1/event-clock': { data: { time_zone: 'America/Chicago', local_now: '2026-11-25T10:30' } },
      'POST /api/admin/shipments/s1/events': () => jsonResponse(201, { data: detail({ status: 'delayed' }) }),
      'POST /api/admin/shipments/s1/action-required': { data: detail({ action_required: true, action_message: 'Call us' }) },
    });
    renderApp('/admin/shipments/s1');
    // Every reference of the shipment, each under its type.
    const references = (await screen.findAllByTestId('ref-reference')).map((r) => r.parentElement?.textContent);
    expect(references).toEqual(['PO NumberPO-4471', 'SO NumberSO-2290', 'Container NumberMSCU1234567']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add tracking event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tracking event' });
    // The time starts as now at the event's place, whose zone is named beside it.
    expect(await within(dialog).findByText('Local time at the place: Central Time (America/Chicago)')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/When/)).toHaveValue('2026-11-25T10:30'));
    await userEvent.type(within(dialog).getByLabelText(/What the shipper reads/), 'Held at terminal');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/Why you record it by hand/), 'EDI feed down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/events'));
    expect(sentBody(fetchMock, post)).toMatchObject({
      status_code: 'SD',
      occurred_at: '2026-11-25T10:30',
      description: 'Held at terminal',
      reason: 'EDI feed down',
    });
    expect(await screen.findAllByText('Delayed')).not.toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Set Action Required' }));
    const ask = await screen.findByRole('dialog', { name: 'Set Action Required' });
    await userEvent.type(within(ask).getByLabelText(/What the shipper needs to do/), 'Call us');
    await userEvent.click(within(ask).getByRole('button', { name: 'Set Action Required' }));
    expect(await screen.findByText('The shipper is asked: Call us')).toBeInTheDocument();
    const set = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/action-required'));
    expect(sentBody(fetchMock, set)).toEqual({ action_required: true, message: 'Call us' });
  });

  it('sets the estimated delivery by hand, or clears it, with a reason', async () => {
    const cleared = {
      carrier_estimate: '2026-11-27',
      override: 'cleared' as const,
      override_date: null,
      reason: 'Truck broke down',
      shown: null,
    };
    const fetchMock = signInStaff(['fpg_ops'], {
      'GET /api/admin/shipments/s1': { data: detail() },
      'POST /api/admin/shipments/s1/eta': { data: { ...detail(), eta: cleared } },
    });
    renderApp('/admin/shipments/s1');
    expect(await screen.findByTestId('eta-shown')).toHaveTextContent('The shipper sees: ');
    await userEvent.click(screen.getByRole('button', { name: 'Change estimated delivery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Estimated delivery' });
    await userEvent.click(within(dialog).getByText('No estimate'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Why/), 'Truck broke down');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/eta'));
    expect(sentBody(fetchMock, post)).toEqual({ override: 'cleared', reason: 'Truck broke down' });
    expect(await screen.findByText('The shipper sees: no estimate')).toBeInTheDocument();
    expect(screen.getByText('Cleared by staff: Truck broke down')).toBeInTheDocument();
  });
});
