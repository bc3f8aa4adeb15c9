import type { StaffQuoteDetail } from '@freight/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { makeAccountDetail, signInStaff } from '../testStaff';

const recent = {
  id: 'q1',
  created_at: '2026-11-20T15:00:00Z',
  mode: 'ltl',
  origin: '60606 US',
  destination: '75201 US',
  lowest_total_cents: 34_500,
  currency: 'USD',
  booked: false,
};
const place = (postal_code: string, city: string, state: string) => ({ postal_code, country: 'US', city, state });
const rate = (over: Partial<StaffQuoteDetail['rates'][number]>): StaffQuoteDetail['rates'][number] => ({
  id: 'r1',
  carrier_name: 'Acme LTL',
  scac: 'ACME',
  service: 'standard',
  service_name: null,
  transit_days: 3,
  estimated_delivery: '2026-11-30',
  price_lines: [{ code: 'contract', label: 'Contract rate', amount_cents: 34_500 }],
  price_cents: 34_500,
  lowest: true,
  ...over,
});
const contract = { source: 'contract', scope: 'account', version: 1, name: 'CHI-DAL' } as const;
const quote = (withMargin: boolean): StaffQuoteDetail => ({
  id: 'q1',
  number: 'Q00000042',
  mode: 'ltl',
  currency: 'USD',
  created_at: '2026-11-20T15:00:00Z',
  expires_at: null,
  booked_at: null,
  account: { id: 'a1', name: 'Acme Freight' },
  created_by: 'Ann Acme',
  request: {
    pickup_date: '2026-11-27',
    origin: place('60606', 'Chicago', 'IL'),
    destination: place('75201', 'Dallas', 'TX'),
    load: { pieces: 1, weight_lb: 500, classes: [70] },
  },
  rates: [
    rate(
      withMargin
        ? {
            margin: {
              cost_lines: [{ code: 'freight', label: 'Linehaul', amount_cents: 30_000 }],
              cost_cents: 30_000,
              margin_cents: 4_500,
              margin_bp: 1_304,
              applied: contract,
              below_cost: false,
              below_minimum: true,
              cost_recorded: true,
            },
          }
        : {},
    ),
    rate({
      id: 'r2',
      carrier_name: 'Bolt Freight',
      scac: 'BOLT',
      lowest: false,
      price_cents: 34_500,
      ...(withMargin
        ? {
            margin: {
              cost_lines: [{ code: 'freight', label: 'Linehaul', amount_cents: 36_000 }],
              cost_cents: 36_000,
              margin_cents: -1_500,
              margin_bp: -435,
              applied: contract,
              below_cost: true,
              below_minimum: true,
              cost_recorded: true,
            },
          }
        : {}),
    }),
  ],
  lowest_total_cents: 34_500,
  ...(withMargin ? { lowest_cost_cents: 30_000, lowest_margin_cents: 4_500, lowest_margin_bp: 1_304 } : {}),
});

describe("a quote's cost and margin on the staff screens", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the lowest rate's cost and margin on the account page and opens the quote's rates with their lines", async () => {
    signInStaff(['fpg_sales_admin'], {
      'GET /api/admin/accounts/a1': {
        data: makeAccountDetail({
          recent_quotes: [{ ...recent, lowest_cost_cents: 30_000, lowest_margin_cents: 4_500, lowest_margin_bp: 1_304 }],
        }),
      },
      'GET /api/admin/sales-reps': { data: [] },
      'GET /api/admin/quotes/q1': { data: quote(true) },
    });
    renderApp('/admin/accounts/a1');
    const quotes = await screen.findByRole('region', { name: 'Latest quotes' });
    const [, row] = within(quotes).getAllByRole('row');
    expect(row).toHaveTextContent('$345.00$300.00$45.0013%');
    await userEvent.click(within(row as HTMLElement).getByRole('link'));

    const table = await screen.findByRole('table', { name: 'Rates of quote Q00000042, lowest first' });
    expect(screen.getByTestId('quote-lowest-margin')).toHaveTextContent('Margin on the lowest rate ($345.00): $45.00 (13%)');
    const [, acme, bolt] = within(table).getAllByRole('row');
    expect(acme).toHaveTextContent('Acme LTLLowest');
    expect(acme).toHaveTextContent('$345.00$300.00$45.0013%Contract lane "CHI-DAL"Below the minimum margin');
    expect(bolt).toHaveTextContent('$345.00$360.00-$15.00-4.4%');
    expect(bolt).toHaveTextContent('Below cost');

    // The charges open from the keyboard.
    const show = within(bolt as HTMLElement).getByRole('button', { name: 'Show the charges of Bolt Freight' });
    show.focus();
    await userEvent.keyboard('{Enter}');
    expect(show).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('table', { name: 'Cost of Bolt Freight (what the carrier is paid)' })).toHaveTextContent('Linehaul$360.00');
    expect(screen.getByRole('table', { name: 'Price of Bolt Freight (what the shipper was quoted)' })).toHaveTextContent(
      'Contract rate$345.00',
    );
    expect(screen.getByText(`Priced by the contract lane "CHI-DAL" of the account's pricing program, version 1`)).toBeInTheDocument();
  });

  it('has no cost columns for ops, on the account page or the quote', async () => {
    signInStaff(['fpg_ops'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail({ recent_quotes: [recent] }) },
      'GET /api/admin/sales-reps': { data: [] },
      'GET /api/admin/quotes/q1': { data: quote(false) },
    });
    renderApp('/admin/accounts/a1');
    const quotes = await screen.findByRole('region', { name: 'Latest quotes' });
    expect(within(quotes).queryByRole('columnheader', { name: 'Margin' })).not.toBeInTheDocument();
    await userEvent.click(within(quotes).getByRole('link'));
    const table = await screen.findByRole('table', { name: 'Rates of quote Q00000042, lowest first' });
    expect(within(table).queryByRole('columnheader', { name: 'Cost' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('quote-lowest-margin')).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show the charges of Acme LTL' }));
    expect(screen.getByRole('table', { name: 'Price of Acme LTL (what the shipper was quoted)' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Cost of/ })).not.toBeInTheDocument();
  });

  it('shows a rep the rates of another rep’s account without cost, saying why', async () => {
    signInStaff(['fpg_sales'], { 'GET /api/admin/quotes/q1': { data: quote(false) } });
    renderApp('/admin/quotes/q1');
    await screen.findByRole('table', { name: 'Rates of quote Q00000042, lowest first' });
    expect(screen.getByText("You see the cost and margin of your own accounts' quotes only.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Acme Freight' })).toHaveAttribute('href', '/admin/accounts/a1');
  });
});
