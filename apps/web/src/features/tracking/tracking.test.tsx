import type { ShipmentListItem, ShipmentView } from '@freight/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeListItem, makeShipmentView } from '../../components/tracking/testShipments';
import i18n from '../../lib/i18n';
import { jsonResponse } from '../../test/fixtures';
import { listPage, renderListScreen } from '../../test/listScreen';

const ROWS: ShipmentListItem[] = [
  makeListItem({
    id: 's1',
    status: 'in_transit',
    references: [
      { type: 'po_number', value: 'PO-4471' },
      { type: 'so_number', value: 'SO-2290' },
    ],
  }),
  makeListItem({ id: 's2', status: 'delayed', action_required: true, bol_number: 'FP00099999', estimated_delivery: null }),
];
const page = (data: ShipmentListItem[], last_page = 1) => listPage(data, 1, last_page, data.length);

function renderTracking(path: string, table: Record<string, unknown> = {}, language: 'en' | 'es' = 'en') {
  const app = renderListScreen({ path, endpoint: '/api/shipments', language, stubs: table });
  const calls = (method: string, url: string) =>
    app.fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);
  return { ...app, calls };
}

const detail = (over: Partial<ShipmentView> = {}) => makeShipmentView({ id: 's1', ...over });

describe('tracking list', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows a card per shipment and filters by status tabs through the URL', async () => {
    const { router, listQueries } = renderTracking('/track', {
      'GET /api/shipments': (url: string) =>
        jsonResponse(
          200,
          page(new URL(url, 'http://localhost').searchParams.get('status') === 'delayed' ? [ROWS[1] as ShipmentListItem] : ROWS),
        ),
    });
    expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Pending',
      'Dispatched',
      'In-Transit',
      'Delayed',
      'Delivered',
      'Canceled',
    ]);
    const list = await screen.findByRole('list', { name: 'Shipments' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/track/detail/s1');
    expect(cards[0]).toHaveTextContent('In-Transit');
    expect(cards[0]).toHaveTextContent('Estimated delivery Mar 13, 2026');
    expect(cards[0]).toHaveTextContent('BOL FP00012345');
    expect(within(cards[0] as HTMLElement).getByTestId('shipment-references')).toHaveTextContent('PO Number: PO-4471 · SO Number: SO-2290');
    expect(cards[1]).toHaveTextContent('Action Required');
    expect(cards[1]).toHaveTextContent('Delivery date not estimated yet');
    expect(listQueries()[0]).toEqual({ page: '1', per_page: '25' });

    await userEvent.click(screen.getByRole('tab', { name: 'Delayed' }));
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', per_page: '25', status: 'delayed' }));
    expect(router.state.location.search).toBe('?status=delayed');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Shipments' })).getAllByRole('link')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Delayed' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so, in the spec words, when the list fails to load, and tries again', async () => {
    let fail = true;
    renderTracking('/track', {
      'GET /api/shipments': () => (fail ? jsonResponse(404, { message: 'Not found.' }) : jsonResponse(200, page(ROWS))),
    });
    expect(await screen.findByText('There was an error when trying to load your shipments. Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Shipments' })).toBeInTheDocument();
    expect(screen.queryByText('There was an error when trying to load your shipments. Please try again later.')).not.toBeInTheDocument();
  });

  it('shows a capped count as a lower bound', async () => {
    renderTracking('/track', {
      'GET /api/shipments': { data: ROWS, meta: { current_page: 1, per_page: 25, total: 1000, last_page: 40, total_capped: true } },
    });
    expect(await screen.findByText('1,000+ shipments')).toBeInTheDocument();
  });

  it('says when a status has no shipments', async () => {
    renderTracking('/track?status=canceled', { 'GET /api/shipments': page([]) });
    expect(await screen.findByText('No shipments are Canceled right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all shipments' })).toBeInTheDocument();
  });
});

describe('tracking detail', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the header and the timeline newest first in the carrier local time', async () => {
    renderTracking('/track/detail/s1', { 'GET /api/shipments/s1': { data: detail() } });
    expect(await screen.findByRole('heading', { name: 'BOL FP00012345' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tracking Detail' })).toBeInTheDocument();
    expect(document.title).toBe('Tracking Detail | Freight Portal');
    const history = screen.getByRole('region', { name: 'Tracking history' });
    const times = [...history.querySelectorAll('time')].map((t) => t.textContent);
    expect(times).toEqual(['Mar 11, 2026, 2:05 PM local time', 'Mar 10, 2026, 5:30 PM local time', 'Mar 10, 2026, 8:00 AM local time']);
    const text = history.textContent ?? '';
    expect(text.indexOf('En route to destination')).toBeLessThan(text.indexOf('Departed terminal'));
    expect(text).toContain('Nashville, TN');
    expect(screen.queryByText('Action Required')).not.toBeInTheDocument();
    // In transit: too late to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel shipment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reship' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return ship' })).toBeInTheDocument();
  });

  it('shows the shipment summary, and the payment panel while the booking awaits payment', async () => {
    renderTracking('/track/detail/s1', {
      'GET /api/shipments/s1': {
        data: detail({
          status: 'pending',
          payment_state: 'awaiting',
          payment: {
            state: 'awaiting',
            due_at: new Date(Date.now() + 30 * 60_000).toISOString(),
            can_extend: true,
            amount_cents: 123_450,
            hold_cents: 25_000,
            card_last4: null,
            paid_at: null,
            credit_memo: null,
          },
        }),
      },
    });
    expect(await screen.findByTestId('shipment-summary')).toBeInTheDocument();
    expect(screen.getByTestId('payment-panel')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Later' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel shipment' })).toBeInTheDocument();
  });

  it('flags Action Required and explains it with the latest carrier event', async () => {
    renderTracking('/track/detail/s1', {
      'GET /api/shipments/s1': {
        data: detail({
          status: 'delayed',
          action_required: true,
          events: [
            makeEvent(),
            makeEvent({
              status: 'delayed',
              status_code: 'A7',
              reason_code: 'AG',
              description: 'Refused by consignee',
              city: 'Atlanta',
              state: 'GA',
              occurred_at: '2026-03-13T15:10:00Z',
              local_time: '2026-03-13T10:10',
            }),
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'BOL FP00012345' })).toBeInTheDocument();
    expect(screen.getAllByText('Action Required').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/The carrier reported an attempted, refused or damaged delivery/)).toBeInTheDocument();
    expect(screen.getByText('Latest carrier update: Refused by consignee (Atlanta, GA)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tracking history' }).querySelector('time')).toHaveTextContent(
      'Mar 13, 2026, 10:10 AM local time',
    );
  });

  it('explains a hold at the border as a document customs need, not a delivery to arrange', async () => {
    renderTracking('/track/detail/s1', {
      'GET /api/shipments/s1': {
        data: detail({
          status: 'delayed',
          action_required: true,
          events: [
            makeEvent({
              status: 'delayed',
              status_code: 'SD',
              reason_code: 'BC',
              description: 'Held by customs: a document is missing',
              city: 'Nuevo Laredo',
              state: 'TAM',
              occurred_at: '2026-03-13T15:10:00Z',
              local_time: '2026-03-13T09:10',
            }),
          ],
        }),
      },
    });
    expect(await screen.findByText(/Customs hold this shipment at the border until they have a document/)).toBeInTheDocument();
    expect(screen.queryByText(/attempted, refused or damaged delivery/)).not.toBeInTheDocument();
    expect(screen.getByText('Latest carrier update: Held by customs: a document is missing (Nuevo Laredo, TAM)')).toBeInTheDocument();
  });

  it('cancels before pickup after a confirmation and shows the canceled shipment', async () => {
    let status: ShipmentView['status'] = 'pending';
    const { calls } = renderTracking('/track/detail/s1', {
      'GET /api/shipments/s1': () => jsonResponse(200, { data: detail({ status, events: [] }) }),
      'POST /api/shipments/s1/cancel': () => {
        status = 'canceled';
        return jsonResponse(200, { data: detail({ status, events: [], canceled_at: '2026-03-10T12:00:00Z' }) });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel shipment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel shipment FP00012345?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep shipment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', '/api/shipments/s1/cancel')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel shipment' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel shipment' }));
    await waitFor(() => expect(calls('POST', '/api/shipments/s1/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel shipment' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Canceled').length).toBeGreaterThan(0);
  });

  it('shares the public tracking link', async () => {
    const user = userEvent.setup();
    renderTracking('/track/detail/s1', { 'GET /api/shipments/s1': { data: detail() } });
    await user.click(await screen.findByRole('button', { name: 'Share public tracking link' }));
    const url = 'http://localhost:3000/track-shipment?number=FP00012345';
    expect(await screen.findByLabelText('Public tracking link')).toHaveValue(url);
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByText(/Link copied/)).toBeInTheDocument();
  });

  it('says when the shipment does not exist, with a way back', async () => {
    renderTracking('/track/detail/nope', {});
    expect(await screen.findByText('Shipment not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Tracking/ })[0]).toHaveAttribute('href', '/track');
    expect(screen.getByRole('link', { name: 'Go to Shipment History' })).toHaveAttribute('href', '/my-shipments');
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderTracking('/track/detail/s1', { 'GET /api/shipments/s1': { data: detail() } }, 'es');
    expect(await screen.findByRole('heading', { name: 'Detalle del rastreo' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Historial de rastreo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compartir enlace de rastreo público' })).toBeInTheDocument();
    expect(screen.getAllByText('En tránsito').length).toBeGreaterThan(0);
    const first = screen.getByRole('region', { name: 'Historial de rastreo' }).querySelector('time');
    expect(first?.textContent).toMatch(/^11 mar 2026, 2:05\s?p\.\s?m\. hora local$/);
  });
});
