import type { EbayModeRates, EbayOrderView, EbayQuoteInput } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderListScreen } from '../../../test/listScreen';
import { makeQuote } from '../components/results/testQuote';

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
    phone: '5125550142',
  },
  items: [{ line_item_id: 'l1', sku: 'KP-36', title: 'Kraft paper roll, 36 in', quantity: 3 }],
  total_cents: 19_200,
  currency: 'USD',
  status: 'awaiting',
  quote_id: null,
  shipment: null,
  fulfilled_at: null,
  fulfillment_error: null,
};
const ROLLS = {
  description: 'Kraft paper rolls',
  package_type: 'rolls',
  quantity: 3,
  length: 36,
  width: 12,
  height: 12,
  weight: 95,
  hazardous: false,
};
const fill = (modes: EbayQuoteInput['modes'], mode?: 'ltl' | 'parcel'): EbayQuoteInput => ({
  input: {
    ...(mode ? { mode } : {}),
    pickup_date: '2026-11-30',
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '78701', country: 'US', site_type: 'residential' },
    items: [ROLLS as never],
    insured_value: 192,
    client_ref: '06-10839-76532',
    unit_system: 'imperial',
  },
  unmatched: [],
  ship_to: ORDER.ship_to,
  ship_to_verified: true,
  modes,
});
const BOTH: EbayModeRates = {
  parcel: { total_cents: 62_300, currency: 'USD', carrier_name: 'UPS Ground', transit_days: 3 },
  ltl: { total_cents: 24_500, currency: 'USD', carrier_name: 'Saia', transit_days: 2 },
  cheapest: 'ltl',
};

function open(input: EbayQuoteInput, stubs: Record<string, unknown> = {}, language: 'en' | 'es' = 'en') {
  return renderListScreen({
    path: '/quote-ebay-shipment/o1',
    endpoint: '/api/ebay/orders/o1',
    list: () => ({ data: ORDER }),
    language,
    stubs: { 'GET /api/ebay/orders/o1/quote-input': { data: input }, 'GET /api/ebay/orders/o1/mode-rates': { data: BOTH }, ...stubs },
  });
}

describe('quoting an eBay order', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rolls that fit both: parcel and LTL rated side by side, the cheapest marked; the chosen one is quoted as it', async () => {
    const rated = vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      return jsonResponse(201, { data: makeQuote({ id: 'q9', mode: body.mode, inputs: { ...makeQuote().inputs, mode: body.mode } }) });
    });
    const { bodiesOf } = open(fill({ ltl: true, parcel: true, parcel_problem: null }), {
      'POST /api/quotes': rated,
      'POST /api/ebay/orders/o1/quote': { data: makeQuote({ id: 'q9' }) },
    });
    const parcel = await screen.findByTestId('ebay-mode-parcel');
    const ltl = screen.getByTestId('ebay-mode-ltl');
    expect(parcel).toHaveTextContent('From $623.00');
    expect(parcel).toHaveTextContent('UPS Ground, 3 business days');
    expect(ltl).toHaveTextContent('From $245.00');
    expect(within(ltl).getByText('Cheapest')).toBeInTheDocument();
    expect(within(parcel).queryByText('Cheapest')).toBeNull();
    // Nothing is quoted (or shown to quote) before the seller chooses.
    expect(screen.queryByRole('button', { name: 'Get rates' })).toBeNull();
    await userEvent.click(within(ltl).getByRole('button', { name: 'Quote LTL' }));
    await waitFor(() => expect(rated).toHaveBeenCalledTimes(1));
    expect(bodiesOf('POST', '/api/quotes')[0]).toMatchObject({ mode: 'ltl', items: [expect.objectContaining({ package_type: 'rolls' })] });
    expect(within(ltl).getByRole('button', { name: 'Quote LTL' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a drum too heavy for parcel is quoted as LTL and the page says why; no comparison', async () => {
    open(fill({ ltl: true, parcel: false, parcel_problem: 'weight' }, 'ltl'));
    expect(await screen.findByTestId('ebay-single-mode')).toHaveTextContent('These items are too heavy for parcel: quoted as LTL');
    expect(screen.queryByTestId('ebay-mode-choice')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Get rates' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    open(fill({ ltl: true, parcel: true, parcel_problem: null }), {}, 'es');
    const ltl = await screen.findByTestId('ebay-mode-ltl');
    expect(ltl).toHaveTextContent(/Desde .*245\.00/);
    expect(ltl).toHaveTextContent('Saia, 2 días hábiles');
    expect(within(ltl).getByText('La más económica')).toBeInTheDocument();
    expect(within(ltl).getByRole('button', { name: 'Cotizar LTL' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Estos artículos pueden enviarse por paquetería o por LTL' })).toBeInTheDocument();
  });
});
