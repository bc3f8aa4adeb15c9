import type { EbayOrderView, EbayStoreView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderListScreen } from '../../../test/listScreen';

const STORE: EbayStoreView = {
  id: 's1',
  ebay_user: 'demo-seller',
  status: 'connected',
  last_sync_at: '2026-11-22T15:00:00Z',
  last_sync_error: 'http_503',
  next_sync_at: '2026-11-22T15:15:00Z',
  consent_expires_at: '2026-12-10T00:00:00Z',
  consent_expiring: true,
};
const ORDER: EbayOrderView = {
  id: 'o1',
  store: { id: 's1', ebay_user: 'demo-seller' },
  ebay_order_id: '06-10839-76532',
  ordered_at: '2026-11-20T19:04:31Z',
  buyer: 'jane_buyer',
  ship_to: {
    name: 'Jane Buyer',
    line1: '1200 Congress Ave',
    line2: '',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
    phone: '',
  },
  items: [{ line_item_id: 'l1', sku: 'CH-200', title: 'Office chairs (carton of 2)', quantity: 2 }],
  total_cents: 43_800,
  currency: 'USD',
  status: 'awaiting',
  quote_id: null,
  shipment: null,
  fulfilled_at: null,
  fulfillment_error: null,
};
const SHIPPED: EbayOrderView = {
  ...ORDER,
  id: 'o2',
  status: 'shipped',
  shipment: { id: 'sh1', bol_number: '06141410090000145', tracking_number: '1Z999AA10123456784', carrier: 'UPS' },
  fulfillment_error: 'timeout',
};

const page = (data: EbayOrderView[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });

function open(stubs: Record<string, unknown> = {}, language: 'en' | 'es' = 'en') {
  return renderListScreen({
    path: '/orders/ebay',
    endpoint: '/api/ebay/orders',
    language,
    list: (url) => page(url.searchParams.get('status') === 'shipped' ? [SHIPPED] : [ORDER]),
    stubs: { 'GET /api/ebay/stores': { data: [STORE] }, ...stubs },
  });
}

describe('eBay orders', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the stores with the last sync's failure, the consent warning, and the orders to ship with their actions", async () => {
    open();
    const store = await screen.findByTestId('ebay-store');
    expect(store).toHaveTextContent('demo-seller');
    expect(within(store).getByTestId('ebay-sync-error')).toHaveTextContent('The last sync failed (eBay answered with error 503)');
    expect(store).toHaveTextContent(/eBay's permission for this store ends on/);
    const row = await screen.findByTestId('ebay-order-row');
    expect(row).toHaveTextContent('06-10839-76532');
    expect(row).toHaveTextContent('2 × Office chairs (carton of 2)');
    expect(row).toHaveTextContent('$438.00');
    expect(within(row).getByRole('link', { name: 'Quote & ship' })).toHaveAttribute('href', '/quote-ebay-shipment/o1');
    expect(within(row).getByRole('link', { name: 'Quote' })).toHaveAttribute('href', '/ebay-quote/o1');
  });

  it('syncs on demand, and retries sending the tracking of a shipped order', async () => {
    const sync = vi.fn(() => jsonResponse(200, { data: { ...STORE, last_sync_error: null } }));
    const retry = vi.fn(() => new Response(null, { status: 202 }));
    const { router } = open({ 'POST /api/ebay/stores/s1/sync': sync, 'POST /api/ebay/orders/o2/retry-fulfillment': retry });
    await userEvent.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(sync).toHaveBeenCalled());
    await router.navigate('/orders/ebay?status=shipped');
    await waitFor(() =>
      expect(screen.getByTestId('ebay-order-row')).toHaveTextContent('Could not send the tracking to eBay (eBay did not answer in time)'),
    );
    const row = screen.getByTestId('ebay-order-row');
    expect(within(row).getByRole('link', { name: '1Z999AA10123456784' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retry).toHaveBeenCalled());
  });

  const twin = { ...ORDER, id: 'o3', ebay_order_id: '06-10839-76533' };
  const stranger = { ...ORDER, id: 'o4', ebay_order_id: '06-10839-99999', buyer: 'someone_else' };
  const openThree = (stubs: Record<string, unknown> = {}) =>
    renderListScreen({
      path: '/orders/ebay',
      endpoint: '/api/ebay/orders',
      list: () => page([ORDER, twin, stranger]),
      stubs: { 'GET /api/ebay/stores': { data: [STORE] }, ...stubs },
    });

  it("ships orders of one buyer together; with another buyer's picked they can only go as a batch", async () => {
    const { router } = openThree();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pick order 06-10839-76532' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick order 06-10839-99999' }));
    expect(screen.queryByRole('button', { name: /together/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Book 2 orders as a batch' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick order 06-10839-99999' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick order 06-10839-76533' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship 2 orders together' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/quote-ebay-shipment/o1?with=o3'));
  });

  it('books picked orders as a batch by the rule chosen, then opens the batch; a refusal is said', async () => {
    const made = vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      if (body.rule === 'cheapest')
        return jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { order_ids: ['This eBay order has shipped or was canceled: it cannot go in a batch'] },
        });
      return jsonResponse(201, { data: { id: 'b9' } });
    });
    const { router } = openThree({ 'POST /api/batches/ebay': made });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Pick order 06-10839-76532' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pick order 06-10839-99999' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 orders as a batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book 2 orders as a batch' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make the batch' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This eBay order has shipped or was canceled: it cannot go in a batch',
    );
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /How each row/ }), 'fastest');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make the batch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/batches/b9'));
    expect(JSON.parse(String(made.mock.calls.at(-1)?.[1]?.body))).toEqual({ order_ids: ['o1', 'o4'], rule: 'fastest' });
  });

  it('speaks Spanish', async () => {
    open({}, 'es');
    expect(await screen.findByRole('heading', { name: 'Pedidos de eBay' })).toBeInTheDocument();
    expect(await screen.findByText('En espera de envío')).toBeInTheDocument();
    expect(within(screen.getByTestId('ebay-order-row')).getByRole('link', { name: 'Cotizar y enviar' })).toBeInTheDocument();
  });
});
