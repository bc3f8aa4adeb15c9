import type { ShipmentListItem } from '@freight/contracts';
import type { CustomerRole } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeListItem, makeShipmentView } from '../../components/tracking/testShipments';
import i18n from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { listPage, renderListScreen } from '../../test/listScreen';

// The screens are heavy for jsdom; a busy machine needs more than the default second.
const ROWS: ShipmentListItem[] = [
  makeListItem({ id: 's1', status: 'pending', payment_state: 'awaiting', estimated_delivery: null }),
  makeListItem({
    id: 's2',
    booked_by: { id: 'u2', name: 'Carla Clerk' },
    status: 'delayed',
    action_required: true,
    bol_number: 'FP00099999',
    pro_number: null,
    tracking_number: '1Z999',
    reference_type: null,
    reference_number: '',
    carrier_name: 'Estes',
    mode: 'parcel',
    origin: { company: 'A', city: 'Monterrey', state: 'NLE', postal_code: '64000', country: 'MX' },
    destination: { company: 'B', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' },
    currency: 'MXN',
    total_cents: 250_000,
  }),
];

function renderHistory(
  path = '/my-shipments',
  table: Record<string, unknown> = {},
  list: (url: URL) => unknown = () => listPage(ROWS),
  language: 'en' | 'es' = 'en',
  role: CustomerRole = 'account_admin',
) {
  const stubs = { 'GET /api/shipments/s1': { data: makeShipmentView({ id: 's1', status: 'pending' }) }, ...table };
  return renderListScreen({ path, endpoint: '/api/shipments', list, language, stubs, role });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openRowMenu(bol: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bol}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

describe('shipment history', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the shipments with status, numbers, carrier, route, dates and total in its currency', async () => {
    const { listQueries } = renderHistory();
    expect(await screen.findByRole('heading', { name: 'Shipment History' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status▲', 'BOL / PRO▲', 'Carrier▲', 'Origin → Destination', 'Pickup▲', 'Total', 'Booked▼', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row') as HTMLElement[];
    expect(cellsOf(first as HTMLElement)).toEqual([
      'PendingAwaiting payment',
      'BOL FP00012345PRO 8812345670PO Number: PO-4471',
      'SaiaLTL',
      'Chicago, IL →to Atlanta, GA',
      'Mar 10, 2026No estimate yet',
      '$1,234.50',
      'Mar 9, 2026Booked by Ana Pérez',
      '⋯',
    ]);
    expect(cellsOf(second as HTMLElement)[6]).toBe('Mar 9, 2026Booked by Carla Clerk');
    expect(cellsOf(second as HTMLElement).slice(0, 6)).toEqual([
      'DelayedAction Required',
      'BOL FP00099999Tracking 1Z999',
      'EstesParcel',
      'Monterrey, NLE →to Dallas, TX',
      'Mar 10, 2026Est. Mar 13, 2026',
      'MX$2,500.00',
    ]);
    expect(screen.getByText('60 shipments')).toBeInTheDocument();
    expect(listQueries()[0]).toEqual({ page: '1', per_page: '25' });
  });

  // That typing is one request, not one a key, is the list hook's test (useListParams.test.tsx, on a
  // controlled clock): typed here in real time, a busy machine's pause between two keys is a search.
  it('searches, filters by status, sorts and pages through the URL', async () => {
    const { router, listQueries } = renderHistory('/my-shipments', {}, (url) => listPage(ROWS, Number(url.searchParams.get('page'))));
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Search'), 'Atlanta');
    await waitFor(() => expect(router.state.location.search).toBe('?q=Atlanta'));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25', q: 'Atlanta' }));

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Delayed');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25', q: 'Atlanta', status: 'delayed' }));

    await userEvent.click(screen.getByRole('button', { name: /^Pickup/ }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: 'pickup_date', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^Pickup/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Pickup/ }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ sort: 'pickup_date', dir: 'desc' }));

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(listQueries().at(-1)).toEqual({
        page: '2',
        per_page: '25',
        q: 'Atlanta',
        status: 'delayed',
        sort: 'pickup_date',
        dir: 'desc',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      q: 'Atlanta',
      status: 'delayed',
      sort: 'pickup_date',
      dir: 'desc',
      page: '2',
    });
  });

  it('opens the tracking detail from a row', async () => {
    const { router } = renderHistory();
    const table = await screen.findByRole('table');
    await userEvent.click(within(table).getByText('Estes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/track/detail/s2'));
  });

  it('cancels a shipment before pickup after a confirmation, and lists again', async () => {
    const { bodiesOf, listQueries } = renderHistory('/my-shipments', {
      'POST /api/shipments/s1/cancel': { data: makeShipmentView({ id: 's1', status: 'canceled' }) },
    });
    await screen.findByRole('table');
    // A delayed shipment is moving: no cancel.
    await userEvent.click(screen.getByRole('button', { name: 'Actions for FP00099999' }));
    expect(await screen.findByRole('menuitem', { name: 'Reship', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cancel shipment', hidden: true })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    const before = listQueries().length;
    await openRowMenu('FP00012345', 'Cancel shipment');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel shipment FP00012345?' });
    expect(bodiesOf('POST', '/api/shipments/s1/cancel')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel shipment' }));
    expect(await screen.findByText('Shipment FP00012345 canceled')).toBeInTheDocument();
    expect(bodiesOf('POST', '/api/shipments/s1/cancel')).toHaveLength(1);
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the shipment can no longer be canceled (409)', async () => {
    renderHistory('/my-shipments', {
      'POST /api/shipments/s1/cancel': () =>
        jsonResponse(409, { code: 'conflict', message: 'This shipment can no longer be canceled: the carrier has the freight.' }),
    });
    await screen.findByRole('table');
    await openRowMenu('FP00012345', 'Cancel shipment');
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel shipment' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This shipment can no longer be canceled');
    expect(alert).toHaveTextContent('the carrier has the freight.');
    expect(within(dialog).queryByRole('button', { name: 'Cancel shipment' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('reships: the contact is prefilled from the pickup, checked, and the new quote opens', async () => {
    const { router, bodiesOf } = renderHistory('/my-shipments', {
      'POST /api/shipments/s1/reship': () => jsonResponse(201, { data: { id: 'q9' } }),
    });
    await screen.findByRole('table');
    await openRowMenu('FP00012345', 'Reship');
    const dialog = await screen.findByRole('dialog', { name: 'Reship FP00012345' });
    const email = await within(dialog).findByLabelText(/Contact email/);
    const phone = within(dialog).getByLabelText(/Contact phone/);
    expect(email).toHaveValue('rosa@acme.test');
    expect(phone).toHaveValue('312 555 0101');
    await userEvent.clear(email);
    await userEvent.type(email, 'rosa@');
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to quote' }));
    expect(await within(dialog).findByText('Invalid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter valid number')).toBeInTheDocument();
    expect(bodiesOf('POST', '/api/shipments/s1/reship')).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'dock@acme.test');
    await userEvent.clear(phone);
    await userEvent.type(phone, '312 555 0188');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to quote' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote-shipment/q9'));
    expect(bodiesOf('POST', '/api/shipments/s1/reship')).toEqual([{ kind: 'reship', email: 'dock@acme.test', phone: '312 555 0188' }]);
  });

  it('return ship: prefilled from the delivery contact; the server checks land on the fields', async () => {
    const { bodiesOf } = renderHistory('/my-shipments', {
      'POST /api/shipments/s1/reship': () =>
        jsonResponse(422, { message: 'Enter valid number', errors: { phone: ['Enter valid number'] } }),
    });
    await screen.findByRole('table');
    await openRowMenu('FP00012345', 'Return ship');
    const dialog = await screen.findByRole('dialog', { name: 'Return ship FP00012345' });
    expect(await within(dialog).findByLabelText(/Contact email/)).toHaveValue('tom@peach.test');
    expect(within(dialog).getByText('Delivery contact: Tom Nguyen')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to quote' }));
    expect(await within(dialog).findByText('Enter valid number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Contact phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf('POST', '/api/shipments/s1/reship')).toEqual([{ kind: 'return', email: 'tom@peach.test', phone: '404 555 0199' }]);
  });

  it('an account admin starts on the whole account; Mine narrows the list, is kept in the URL and back shows the account again', async () => {
    const { router, listQueries } = renderHistory();
    await screen.findByRole('table');
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(show).getByRole('radio', { name: 'Whole account' })).toBeChecked();
    expect(listQueries()[0]).toEqual({ page: '1', per_page: '25' });

    await userEvent.click(within(show).getByRole('radio', { name: 'Mine' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25', mine: 'true' }));
    expect(router.state.location.search).toBe('?mine=true');
    await userEvent.click(within(show).getByRole('radio', { name: 'Whole account' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25' }));
    expect(router.state.location.search).toBe('?mine=false');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(show).getByRole('radio', { name: 'Mine' })).toBeChecked());
  });

  it('a shipper starts on their own shipments; with none, the way out is the whole account', async () => {
    const { router, listQueries } = renderHistory(
      '/my-shipments',
      {},
      (url) => listPage(url.searchParams.has('mine') ? [] : ROWS, 1, 1),
      'en',
      'shipper',
    );
    expect(await screen.findByText('You have booked no shipments yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Show' })).getByRole('radio', { name: 'Mine' })).toBeChecked();
    expect(listQueries()[0]).toEqual({ page: '1', per_page: '25', mine: 'true' });
    await userEvent.click(screen.getByRole('button', { name: 'Show the whole account' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?mine=false');
    expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25' });
  });

  it('offers Quote & Ship when there are no shipments yet', async () => {
    renderHistory('/my-shipments', {}, () => listPage([], 1, 1));
    expect(await screen.findByText('You have no shipments yet. Get a quote and book it to see it here.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Quote & Ship' })).toHaveAttribute('href', '/quote-shipment');
  });

  it('says when loading failed, and tries again', async () => {
    let fail = true;
    const { listQueries } = renderHistory('/my-shipments', {}, () => (fail ? jsonResponse(403, { message: 'Forbidden' }) : listPage(ROWS)));
    expect(await screen.findByText('There was an error when trying to load your shipments. Please try again later.')).toBeInTheDocument();
    fail = false;
    const before = listQueries().length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(listQueries().length).toBe(before + 1);
    expect(screen.queryByText('There was an error when trying to load your shipments. Please try again later.')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderHistory('/my-shipments', {}, () => listPage(ROWS), 'es');
    expect(await screen.findByRole('heading', { name: 'Historial de envíos' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Transportista/ })).toBeInTheDocument();
    expect(within(table).getByText('Pendiente')).toBeInTheDocument();
    expect(within(table).getByText('Acción requerida')).toBeInTheDocument();
    expect(within(table).getByText('Pago pendiente')).toBeInTheDocument();
    expect(screen.getByLabelText('Estado')).toBeInTheDocument();
    expect(within(table).getByText('Reservado por Carla Clerk')).toBeInTheDocument();
    const show = screen.getByRole('radiogroup', { name: 'Mostrar' });
    expect(within(show).getByRole('radio', { name: 'Toda la cuenta' })).toBeChecked();
    expect(within(show).getByRole('radio', { name: 'Míos' })).not.toBeChecked();
  });
});
