import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import { jsonResponse, makeAccountUser, setCookie } from '../../../../test/fixtures';
import { renderApp, stubApi } from '../../../../test/renderApp';
import { carryQuote, peekCarriedQuote } from '../../carriedQuote';
import { makeQuote, RATES_COUNT } from '../results/testQuote';

const shipper = makeAccountUser('Demo Shipper Co');

function signedIn(extra: Record<string, unknown>) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(shipper));
  return stubApi({
    'GET /api/user': { data: shipper },
    'GET /api/carriers': { data: [] },
    'GET /api/postal-codes/US/60606': { data: { postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' } },
    'GET /api/postal-codes/US/30301': { data: { postal_code: '30301', country: 'US', city: 'Atlanta', state: 'GA' } },
    ...extra,
  });
}

const rerun = makeQuote({ id: 'q2' });

describe('quote workspace', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('re-runs a saved quote from /quote/:id: shows the new rates, with the details filled in behind them', async () => {
    const fetchMock = signedIn({ 'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: rerun }) });
    renderApp('/quote/q1');
    expect(await screen.findByText('4 quotes returned', { selector: RATES_COUNT })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/quotes/q1/rerun' && init?.method === 'POST')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Edit shipment details' }));
    expect(screen.getByLabelText(/Pickup zip/)).toHaveValue('60606');
    expect(within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText(/^Weight/)).toHaveValue('500');
  });

  it('marks the rates stale after an edit, and Re-rate rates the current details again', async () => {
    const created = vi.fn(() => jsonResponse(201, { data: makeQuote({ id: 'q3' }) }));
    signedIn({ 'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: rerun }), 'POST /api/quotes': created });
    renderApp('/quote/q1');
    await screen.findByText('4 quotes returned', { selector: RATES_COUNT });
    await userEvent.click(screen.getByRole('button', { name: 'Edit shipment details' }));
    const weight = within(screen.getByRole('group', { name: 'Item 1' })).getByLabelText(/^Weight/);
    await userEvent.clear(weight);
    await userEvent.type(weight, '700');
    await userEvent.click(screen.getByRole('button', { name: /Rate Results/ }));
    expect(screen.getByText('Your shipment details changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save quote' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Re-rate' }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const [, init] = created.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).items[0].weight).toBe(700);
    expect(await screen.findByRole('button', { name: 'Save quote' })).toBeInTheDocument();
    expect(screen.queryByText('Your shipment details changed')).not.toBeInTheDocument();
  });

  it('names the second step Request Quote when no carrier could rate', async () => {
    const none = makeQuote({
      id: 'q4',
      rates: [],
      lowest_total_cents: null,
      messages: [{ level: 'no_rate', key: 'quote.no_rate.pallets_7_plus', params: {}, text: 'Seven or more pallets' }],
    });
    signedIn({ 'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: none }) });
    renderApp('/quote/q1');
    expect(await screen.findByText('Seven or more pallets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Request Quote/ })).toBeInTheDocument();
  });

  it('says so when a quote cannot be re-run (another account’s, or gone)', async () => {
    signedIn({});
    renderApp('/quote/nope');
    expect(await screen.findByText('This quote could not be re-run')).toBeInTheDocument();
  });

  it('shows the client reference number of /:clientrefnum/q, and the International tab quotes across the border', async () => {
    signedIn({});
    const { router } = renderApp('/ACME-77/q');
    expect(await screen.findByText('Client reference ACME-77')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Quote & Ship (International)' }));
    expect(router.state.location.pathname).toBe('/quote-shipment/international');
    expect(await screen.findByText('Quotes between the United States, Canada and Mexico')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'For any other lane, call (312) 555-0150' })).toHaveAttribute('href', 'tel:+13125550150');
    // The shipment's details are asked as on Quote & Ship.
    expect(screen.getByRole('button', { name: /Get rates/ })).toBeInTheDocument();
  });

  it('offers Book on a re-run saved quote, then confirms the booking, and starts a new quote from there', async () => {
    setCookie('XSRF-TOKEN', 't');
    const shipQuote = makeQuote({
      id: '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a52',
      inputs: { ...rerun.inputs, pickup_date: '2030-03-11' },
      booking_prefill: {
        pickup: { ...makeShipment().pickup, save_to_address_book: false },
        delivery: { ...makeShipment().delivery, save_to_address_book: false },
      },
    });
    signedIn({
      'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: shipQuote }),
      'POST /api/shipments': () => jsonResponse(201, { data: makeShipment() }),
    });
    // /quote/:id is where Saved Quotes and Quote History re-run a quote: its rates book too.
    renderApp('/quote/q1');
    await screen.findByText('4 quotes returned', { selector: RATES_COUNT });
    await userEvent.click(screen.getByRole('button', { name: 'Book with Saia' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and accept the/ }));
    await userEvent.click(screen.getByTestId('book-submit'));
    expect(await screen.findByRole('heading', { name: 'Shipment booked' })).toBeInTheDocument();
    // Booked: the earlier steps are done and cannot be reopened.
    await userEvent.click(screen.getByRole('button', { name: /Shipment Details/ }));
    expect(screen.getByRole('heading', { name: 'Shipment booked' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Quote another shipment' }));
    expect(await screen.findByLabelText(/Pickup zip/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Shipment booked' })).not.toBeInTheDocument();
  });
  it("rates a visitor's carried public quote once on Quote & Ship, says so, and forgets it", async () => {
    const carried = makeQuote().inputs;
    carryQuote(carried);
    const created = vi.fn(() => jsonResponse(201, { data: makeQuote({ id: 'q4' }) }));
    signedIn({ 'POST /api/quotes': created });
    const app = renderApp('/');
    expect(await screen.findByText('Your quote from before you signed up')).toBeInTheDocument();
    expect(await screen.findByText('4 quotes returned', { selector: RATES_COUNT })).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
    const [, init] = created.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual(JSON.parse(JSON.stringify(carried)));
    expect(await peekCarriedQuote()).toBeUndefined();
    app.unmount();
  });
});
