import type { CurrentUser } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS, DEFAULT_SETTINGS, type InsurancePreference } from '@freight/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import type { Quote } from '../../api/quotesApi';
import { RateResults, type RateResultsProps } from '.';
import { offersSalesRequest } from './salesOffer';
import { sortRates } from './sortRates';
import { makeQuote, makeRate, RATES, RATES_COUNT } from './testQuote';

const account = {
  role: 'account_admin' as const,
  permissions: [...CUSTOMER_PERMISSIONS],
  id: 'a1',
  name: 'Acme',
  status: 'active' as const,
  payment_terms: 'credit' as const,
  account_address: null,
  billing_address: null,
};
const carriers = [
  { id: 'c1', name: 'Old Dominion', scac: 'ODFL', mode: 'ltl', hidden: false, preferred: true },
  { id: 'c2', name: 'Saia', scac: 'SAIA', mode: 'ltl', hidden: false, preferred: false },
];

function setup(
  props: Partial<RateResultsProps> = {},
  opts: { user?: CurrentUser; api?: Record<string, unknown>; insurance?: InsurancePreference } = {},
) {
  const user = opts.user ?? makeUser([], { account, settings: { ...DEFAULT_SETTINGS, insurance_preference: opts.insurance ?? 'default' } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({ 'GET /api/carriers': { data: [] }, ...opts.api });
  const all: RateResultsProps = { quote: makeQuote(), stale: false, onRerate: vi.fn(), ...props };
  const utils = render(
    <Providers queryClient={createQueryClient()}>
      <RateResults {...all} />
    </Providers>,
  );
  return { ...utils, fetchMock, props: all };
}

const carrierOrder = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const callsTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

describe('RateResults', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('says how many quotes came back, in the singular too', async () => {
    const { rerender } = setup();
    expect(screen.getByText('4 quotes returned', { selector: RATES_COUNT })).toBeInTheDocument();
    rerender(
      <Providers queryClient={createQueryClient()}>
        <RateResults quote={makeQuote({ id: 'q2', rates: RATES.slice(0, 1) })} stale={false} onRerate={vi.fn()} />
      </Providers>,
    );
    expect(await screen.findByText('1 quote returned')).toBeInTheDocument();
  });

  it('sorts by price (low to high by default), carrier name and transit time, each way', async () => {
    setup();
    await screen.findByText('4 quotes returned', { selector: RATES_COUNT });
    expect(carrierOrder()).toEqual(['Saia', 'ABF Freight', 'Old Dominion', 'Estes']);
    const sort = screen.getByLabelText('Sort by');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Price: low to high',
      'Price: high to low',
      'Carrier name: A to Z',
      'Carrier name: Z to A',
      'Transit time: shortest first',
      'Transit time: longest first',
    ]);
    const expected: [string, string[]][] = [
      ['Price: high to low', ['Estes', 'Old Dominion', 'ABF Freight', 'Saia']],
      ['Carrier name: A to Z', ['ABF Freight', 'Estes', 'Old Dominion', 'Saia']],
      ['Carrier name: Z to A', ['Saia', 'Old Dominion', 'Estes', 'ABF Freight']],
      // Equal transit times: the cheaper first.
      ['Transit time: shortest first', ['Estes', 'ABF Freight', 'Old Dominion', 'Saia']],
      ['Transit time: longest first', ['Saia', 'ABF Freight', 'Old Dominion', 'Estes']],
      ['Price: low to high', ['Saia', 'ABF Freight', 'Old Dominion', 'Estes']],
    ];
    for (const [option, order] of expected) {
      await userEvent.selectOptions(sort, option);
      expect(carrierOrder()).toEqual(order);
    }
  });

  it('keeps preferred carriers on top under every sort, with a Preferred badge', async () => {
    setup({}, { api: { 'GET /api/carriers': { data: carriers } } });
    await waitFor(() => expect(carrierOrder()).toEqual(['Old Dominion', 'Saia', 'ABF Freight', 'Estes']));
    expect(within(screen.getByRole('article', { name: 'Old Dominion' })).getByText('Preferred')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Saia' })).queryByText('Preferred')).not.toBeInTheDocument();
    expect(screen.getByText('Your preferred carriers are listed first.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Carrier name: Z to A');
    expect(carrierOrder()).toEqual(['Old Dominion', 'Saia', 'Estes', 'ABF Freight']);
  });

  it("follows the account's automation rules: a carrier left out (shown on request), the rule's pick marked, insurance chosen", async () => {
    const match = vi.fn(() =>
      jsonResponse(200, {
        data: {
          actions: { exclude_carriers: ['ABFS'], service_level: 'fastest', insurance: 'insured' },
          sources: {
            exclude_carriers: { id: 'rule1', name: 'No ABF to homes' },
            service_level: { id: 'rule2', name: 'Homes go fast' },
            insurance: { id: 'rule2', name: 'Homes go fast' },
          },
        },
      }),
    );
    const { fetchMock } = setup({}, { api: { 'POST /api/automation-rules/match': match } });
    expect(await screen.findByTestId('rule-excluded')).toHaveTextContent('1 rate left out by rule No ABF to homes.');
    expect(carrierOrder()).toEqual(['Saia', 'Old Dominion', 'Estes']);
    // The fastest of the rates left: Estes (2 days), marked with the rule that chose it.
    expect(within(screen.getByRole('article', { name: 'Estes' })).getByTestId('rule-choice')).toHaveTextContent(
      'Chosen by rule: Homes go fast',
    );
    expect(screen.getAllByTestId('rule-choice')).toHaveLength(1);
    // The insured option that covers the most is chosen for the user.
    expect(screen.getByRole('radio', { checked: true })).toHaveAccessibleName(/8,000/);
    expect(screen.getByTestId('set-by-rule')).toHaveTextContent('Homes go fast');
    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect(carrierOrder()).toEqual(['Saia', 'ABF Freight', 'Old Dominion', 'Estes']);
    await userEvent.click(screen.getByRole('button', { name: 'Hide them' }));
    expect(carrierOrder()).toEqual(['Saia', 'Old Dominion', 'Estes']);
    // The rules read the shipment as rated: its places, weight (2 × 500 lb) and value.
    expect(callsTo(fetchMock, '/api/automation-rules/match')[0]).toMatchObject({
      origin: { postal_code: '60606' },
      destination: { postal_code: '30301', site_type: 'residential' },
      weight_lb: 1000,
      item_count: 2,
      order_value_cents: 800_000,
    });
  });

  it('shows carrier, SCAC, service, transit and delivery, and a breakdown whose lines sum to the total', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'Saia' });
    const c = within(card);
    expect(c.getByText('SAIA')).toBeInTheDocument();
    expect(c.getByText('Service: Standard')).toBeInTheDocument();
    expect(c.getByText('Transit time: 4 business days')).toBeInTheDocument();
    expect(c.getByText('Estimated delivery: Mar 12, 2026')).toBeInTheDocument();
    expect(c.getByTestId('rate-total')).toHaveTextContent('$150.00');
    expect(c.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.click(c.getByRole('button', { name: 'Show charges' }));
    const table = c.getByRole('table', { name: 'Charges of Saia' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows.filter((r) => r.length)).toEqual([
      ['Freight', 'Class 70', '$200.00'],
      ['Discount', '', '-$80.00'],
      ['Fuel surcharge', '', '$25.00'],
      ['Accessorial', 'Liftgate delivery', '$5.00'],
    ]);
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('$150.00');
    const saia = RATES.find((r) => r.scac === 'SAIA');
    expect(saia?.charges.reduce((s, l) => s + l.amount_cents, 0)).toBe(saia?.total_cents);
    await userEvent.click(c.getByRole('button', { name: 'Hide charges' }));
    expect(c.queryByRole('table')).not.toBeInTheDocument();
  });

  it('when stale: says the details changed, re-rates on request, strikes the prices through and offers no save or booking', async () => {
    const onRerate = vi.fn();
    setup({ stale: true, onRerate, onBook: vi.fn() });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your shipment details changed')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Re-rate' }));
    expect(onRerate).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Save quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('rate-total')[0]).toHaveStyle({ textDecoration: 'line-through' });
  });

  it('saves the quote, then shows it as Saved', async () => {
    const onSaved = vi.fn();
    const { fetchMock } = setup({ onSaved }, { api: { 'POST /api/quotes/q1/save': { data: makeQuote({ saved: true }) } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save quote' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    expect((await screen.findAllByText('Quote saved')).length).toBeGreaterThan(0);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'q1', saved: true }));
    expect(callsTo(fetchMock, '/api/quotes/q1/save')).toHaveLength(1);
  });

  it('shows a quote already saved as Saved', async () => {
    setup({ quote: makeQuote({ saved: true }) });
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it("says the spec's words when saving fails", async () => {
    setup({}, { api: { 'POST /api/quotes/q1/save': () => jsonResponse(500, { message: 'Server error', request_id: 'x' }) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Save quote' }));
    expect(
      await screen.findByText('We were unable to save your quote at this time. Please try again or call (312) 555-0150.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save quote' })).toBeEnabled();
  });

  it('shows warnings in a yellow alert beside the rates', async () => {
    const warning = {
      level: 'warning' as const,
      key: 'quote.warning.carrier_unavailable',
      params: { carrier: 'XPO' },
      text: 'XPO could not be reached; its rate is not shown.',
    };
    setup({ quote: makeQuote({ messages: [warning] }) });
    expect(await screen.findByText('XPO could not be reached; its rate is not shown.')).toBeInTheDocument();
    expect(screen.getByText('Please note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send this request to our sales team' })).not.toBeInTheDocument();
  });

  describe('no rates', () => {
    const pallets = {
      level: 'no_rate' as const,
      key: 'quote.no_rate.volume_pallets',
      params: {},
      text: 'Shipments of 7 or more pallets (partial or full truckload) have no online quote. We can send your request to our sales team.',
    };
    const noRateQuote = makeQuote({ rates: [], lowest_total_cents: null, messages: [pallets] });

    it('explains why and sends the request to sales with the contact prefilled', async () => {
      const { fetchMock } = setup(
        { quote: noRateQuote },
        {
          api: { 'POST /api/quotes/q1/sales-request': () => jsonResponse(201, { data: { id: 's1', created_at: '2026-03-09T15:00:00Z' } }) },
        },
      );
      expect(await screen.findByText('0 quotes returned', { selector: RATES_COUNT })).toBeInTheDocument();
      expect(screen.getByText('We could not rate this shipment online')).toBeInTheDocument();
      expect(screen.getByText(pallets.text)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save quote' })).not.toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Send this request to our sales team' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this request to our sales team' });
      const d = within(dialog);
      expect(d.getByLabelText(/^Name/)).toHaveValue('Ana Pérez');
      expect(d.getByLabelText(/^Email/)).toHaveValue('ana@example.com');
      expect(d.getByLabelText(/^Phone/)).toHaveValue('555 123 4567');
      await userEvent.type(d.getByLabelText(/^Notes/), 'Dock closes at 4 pm');
      await userEvent.click(d.getByRole('button', { name: 'Send request' }));

      expect((await screen.findAllByText('Your request was sent to our sales team. We will contact you soon.')).length).toBeGreaterThan(0);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(callsTo(fetchMock, '/api/quotes/q1/sales-request')).toEqual([
        { name: 'Ana Pérez', email: 'ana@example.com', phone: '555 123 4567', notes: 'Dock closes at 4 pm' },
      ]);
      expect(screen.getByText('Request sent to our sales team')).toBeInTheDocument();
    });

    it('offers sales only for the details that were rated, not while they are stale', async () => {
      setup({ quote: noRateQuote, stale: true });
      expect(await screen.findByText('We could not rate this shipment online')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send this request to our sales team' })).not.toBeInTheDocument();
    });

    it("shows the server's field errors under the fields and checks the form first", async () => {
      const { fetchMock } = setup(
        { quote: noRateQuote },
        {
          api: {
            'POST /api/quotes/q1/sales-request': () =>
              jsonResponse(422, { message: 'The given data was invalid.', errors: { phone: ['Enter valid number'] } }),
          },
        },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Send this request to our sales team' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this request to our sales team' });
      const d = within(dialog);
      await userEvent.clear(d.getByLabelText(/^Email/));
      await userEvent.click(d.getByRole('button', { name: 'Send request' }));
      await waitFor(() => expect(d.getByLabelText(/^Email/)).toHaveAccessibleDescription('Field is required'));
      expect(callsTo(fetchMock, '/api/quotes/q1/sales-request')).toHaveLength(0);

      await userEvent.type(d.getByLabelText(/^Email/), 'ana@example.com');
      await userEvent.click(d.getByRole('button', { name: 'Send request' }));
      await waitFor(() => expect(d.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Enter valid number'));
      expect(callsTo(fetchMock, '/api/quotes/q1/sales-request')).toEqual([
        { name: 'Ana Pérez', email: 'ana@example.com', phone: '555 123 4567' },
      ]);
      expect(screen.getByRole('dialog', { name: 'Send this request to our sales team' })).toBeInTheDocument();
    });

    it('says a 422 on something the dialog has no field for above the fields', async () => {
      setup(
        { quote: noRateQuote },
        {
          api: {
            'POST /api/quotes/q1/sales-request': () =>
              jsonResponse(422, {
                message: 'This quote was already sent to sales.',
                errors: { quote: ['This quote was already sent to sales.'] },
              }),
          },
        },
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Send this request to our sales team' }));
      const dialog = await screen.findByRole('dialog', { name: 'Send this request to our sales team' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('This quote was already sent to sales.');
    });

    it('offers sales for volume, oversize or no carrier, not for a date the shipper can change', () => {
      const msg = (key: string) => ({ level: 'no_rate' as const, key, params: {}, text: key });
      const none = (keys: string[]): Pick<Quote, 'rates' | 'messages'> => ({ rates: [], messages: keys.map(msg) });
      expect(offersSalesRequest(none(['quote.no_rate.volume_pallets']))).toBe(true);
      expect(offersSalesRequest(none(['quote.no_rate.truckload_pallets']))).toBe(true);
      expect(offersSalesRequest(none(['quote.no_rate.truckload_oversize_call']))).toBe(true);
      expect(offersSalesRequest(none(['quote.no_rate.no_carriers']))).toBe(true);
      expect(offersSalesRequest(none([]))).toBe(true);
      expect(offersSalesRequest(none(['quote.no_rate.pickup_weekend']))).toBe(false);
      expect(offersSalesRequest({ rates: RATES, messages: [] })).toBe(false);
    });
  });

  describe('insurance', () => {
    it("preselects the widest cover for 'insured only' and books with it", async () => {
      const onBook = vi.fn();
      setup({ onBook }, { insurance: 'insured_only' });
      expect(await screen.findByRole('radio', { name: 'Full value insurance ($8,000.00)' })).toBeChecked();
      expect(screen.getByText('Premium $50.00 · covers up to $8,000.00 · no deductible')).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Saia' })).getByText('With insurance: $200.00')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Book with Saia' }));
      expect(onBook).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'r-saia' }),
        expect.objectContaining({ kind: 'full', coverage_cents: 800_000 }),
      );
    });

    it("preselects No insurance for 'uninsured only' and 'default', and books without insurance", async () => {
      const onBook = vi.fn();
      setup({ onBook }, { insurance: 'uninsured_only' });
      expect(await screen.findByRole('radio', { name: 'No insurance' })).toBeChecked();
      expect(screen.queryByText(/^With insurance/)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Book with Estes' }));
      expect(onBook).toHaveBeenCalledWith(expect.objectContaining({ id: 'r-exla' }), null);

      await userEvent.click(screen.getByRole('radio', { name: 'Insurance up to $5,000.00' }));
      await userEvent.click(screen.getByRole('button', { name: 'Book with Estes' }));
      expect(onBook).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r-exla' }), expect.objectContaining({ kind: 'first_tier' }));
    });

    it("starts from No insurance with the 'default' preference, and shows no Book button without onBook", async () => {
      setup();
      expect(await screen.findByRole('radio', { name: 'No insurance' })).toBeChecked();
      expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
    });
  });

  it('says where a rate across the border crosses and names its customs charges, in English and Spanish', async () => {
    const frontera = {
      ...makeRate('r-dfrc', 'Demo Frontera Carga', 'DFRC', 5, [
        ['freight', '70', 60_000, 'Freight'],
        ['accessorial', 'border_transfer', 17_500, 'Accessorial'],
        ['accessorial', 'customs_entry_mx', 4_500, 'Accessorial'],
        ['accessorial', 'customs_broker_us', 12_500, 'Accessorial'],
        ['accessorial', 'customs_broker_mx', 12_500, 'Accessorial'],
      ]),
      crossing: { port: 'laredo', port_name: 'Laredo, TX – Nuevo Laredo, TAM', kind: 'transfer' as const },
    };
    const quote = makeQuote({ rates: [frontera], lowest_total_cents: frontera.total_cents });
    const { unmount } = setup({ quote });
    const card = await screen.findByRole('article', { name: 'Demo Frontera Carga' });
    expect(within(card).getByTestId('rate-crossing')).toHaveTextContent(
      "Crosses at Laredo, TX – Nuevo Laredo, TAM, handed over to a carrier on the other side. Duties and taxes are not included: booking estimates them from each item's HS code and value.",
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Show charges' }));
    const details = within(within(card).getByRole('table'))
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(details).toEqual(
      expect.arrayContaining([
        'Transfer at the border',
        'Mexican entry: pedimento filing',
        'Our customs broker, U.S. side',
        'Our customs broker, Mexican side',
      ]),
    );
    unmount();

    await act(() => i18n.changeLanguage('es'));
    setup({ quote }, { user: makeUser([], { account, settings: { ...DEFAULT_SETTINGS, language: 'es' } }) });
    const tarjeta = await screen.findByRole('article', { name: 'Demo Frontera Carga' });
    expect(within(tarjeta).getByTestId('rate-crossing')).toHaveTextContent(
      'Cruza por Laredo, TX – Nuevo Laredo, TAM y pasa a un transportista del otro lado. No incluye aranceles ni impuestos: la reserva los estima con la fracción arancelaria y el valor de cada artículo.',
    );
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    setup(
      {},
      {
        user: makeUser([], { account, settings: { ...DEFAULT_SETTINGS, language: 'es' } }),
        api: { 'POST /api/quotes/q1/save': () => jsonResponse(500, {}) },
      },
    );
    expect(await screen.findByText('4 cotizaciones obtenidas')).toBeInTheDocument();
    expect(screen.getByLabelText('Ordenar por')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Saia' })).getByText('Tiempo de tránsito: 4 días hábiles')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sin seguro' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cotización' }));
    expect(
      await screen.findByText('No pudimos guardar su cotización en este momento. Inténtelo de nuevo o llame al (312) 555-0150.'),
    ).toBeInTheDocument();
  });

  it('sortRates compares carrier names in the UI language', () => {
    const names = sortRates(RATES, 'carrier_asc', () => false, 'es').map((r) => r.carrier_name);
    expect(names).toEqual(['ABF Freight', 'Estes', 'Old Dominion', 'Saia']);
  });
});
