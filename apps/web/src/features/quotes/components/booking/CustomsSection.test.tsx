import type { DutyEstimateView } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { makeUser } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import type { Quote, QuoteRate } from '../../api/quotesApi';
import { makeQuote, makeRate } from '../results/testQuote';
import { CustomsSection } from './CustomsSection';
import { checkBooking } from './checkBooking';
import { ownBrokersSaving } from './customsModel';
import { type BookingValues, initialValues, toRequest } from './model';
import { RateSummary } from './RateSummary';
import { makeAddress } from './testAddress';

const frontera: QuoteRate = {
  ...makeRate('r-dfrc', 'Demo Frontera Carga', 'DFRC', 6, [
    ['freight', '70', 60_000, 'Freight'],
    ['accessorial', 'border_transfer', 17_500, 'Accessorial'],
    ['accessorial', 'customs_broker_us', 12_500, 'Accessorial'],
    ['accessorial', 'customs_broker_mx', 12_500, 'Accessorial'],
  ]),
  crossing: { port: 'laredo', port_name: 'Laredo, TX – Nuevo Laredo, TAM', kind: 'transfer' },
};
const base = makeQuote();
const toMonterrey: Quote = makeQuote({
  rates: [frontera],
  inputs: {
    ...base.inputs,
    destination: { postal_code: '64000', country: 'MX', site_type: 'business' },
    items: [
      { ...base.inputs.items[0], description: 'Server racks' },
      { package_type: 'boxes', quantity: 10, length: 20, width: 20, height: 20, weight: 40, stackable: true, hazardous: false },
    ],
  } as Quote['inputs'],
});

let checked: BookingValues | null = null;
function Harness({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const form = useForm<BookingValues>({ initialValues: initialValues(quote) });
  checked = form.values;
  const check = () => {
    const errors = checkBooking(t, form.values, { quote, rate: frontera, insurance: null, reefer: false });
    form.setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path.startsWith('customs'))));
  };
  const customs = form.values.customs;
  return (
    <>
      <RateSummary rate={frontera} insurance={null} less={ownBrokersSaving(customs, frontera)} onChangeRate={() => {}} />
      {customs && <CustomsSection form={form} quote={quote} rate={frontera} customs={customs} />}
      <Button onClick={check}>Check</Button>
    </>
  );
}

function setup(quote = toMonterrey, language: 'en' | 'es' = 'en', stubs: Record<string, unknown> = {}) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, language } })));
  const fetchMock = stubApi(stubs);
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness quote={quote} />
    </Providers>,
  );
  return fetchMock;
}

const section = () => within(screen.getByTestId('booking-customs'));
/** A field's description holds `text` (its hint comes first when it has one). */
const says = (text: string) => new RegExp(text.replace(/[()]/g, '\\$&'));
/** Typed in one go (a paste): the words matter here, not each key. */
async function typeInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('Book Shipment: customs across the border', () => {
  afterEach(async () => {
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for each item, a broker per side and the RFC, in the words of the rules, before sending', async () => {
    setup();
    expect(section().getByText(/crosses the border at Laredo, TX – Nuevo Laredo, TAM/)).toBeInTheDocument();
    expect(section().getByRole('group', { name: 'Item 1: Server racks, 2 units' })).toBeInTheDocument();
    expect(section().getByRole('group', { name: 'Item 2: Boxes, 10 units' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const hs = section().getAllByLabelText(/^HS code/)[0] as HTMLElement;
    expect(hs).toHaveAccessibleDescription(says('Field is required'));
    expect(section().getByLabelText(/^Incoterm/)).toHaveAccessibleDescription(says('Choose one of the listed options'));
    expect(section().getByLabelText(/^Tax identifier \(RFC#\)/)).toHaveAccessibleDescription(says('Field is required'));

    await typeInto(hs, '8471.3');
    await typeInto(section().getByLabelText(/^Tax identifier/), 'XEXX010101000');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(hs).toHaveAccessibleDescription(says('Enter the HS code with 6, 8 or 10 digits'));
    expect(section().getByLabelText(/^Tax identifier/)).toHaveAccessibleDescription(
      says("Enter the Mexican party's own RFC: the generic foreign RFC is for a party abroad"),
    );
  });

  it("takes our broker's charge off the total on the side the shipper brings its own, and sends its contact", async () => {
    setup();
    const total = screen.getByTestId('booking-total');
    expect(total).toHaveTextContent('$1,025.00');
    const us = within(screen.getByTestId('customs-broker-US'));
    expect(us.getByRole('radio', { name: 'Our customs broker ($125.00, included in your rate)' })).toBeChecked();
    await userEvent.click(us.getByRole('radio', { name: 'My own customs broker ($125.00 off your total)' }));
    expect(total).toHaveTextContent('$900.00');
    await typeInto(us.getByLabelText(/^Broker's company/), 'Border Brokers Inc.');
    await typeInto(us.getByLabelText(/^Phone/), '(956) 555-0140');
    await typeInto(us.getByLabelText(/^Email/), 'entries@borderbrokers.example');
    await userEvent.selectOptions(section().getByLabelText(/^Incoterm/), 'DAP');
    const request = toRequest(checked as BookingValues, toMonterrey, frontera, null);
    expect(request.customs).toMatchObject({
      incoterm: 'DAP',
      currency: 'USD',
      brokers: [
        { country: 'US', ours: false, company: 'Border Brokers Inc.', phone: '(956) 555-0140', email: 'entries@borderbrokers.example' },
        { country: 'MX', ours: true },
      ],
    });
  });

  it('asks the origin criterion of a good claimed under USMCA, for its certification of origin, and sends it', async () => {
    setup();
    const first = within(section().getByTestId('customs-item-0'));
    expect(first.queryByLabelText(/^Origin criterion/)).not.toBeInTheDocument();
    await userEvent.click(first.getByRole('checkbox', { name: /Qualifies under USMCA/ }));
    const criterion = first.getByLabelText(/^Origin criterion/);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(criterion).toHaveAccessibleDescription(says('Field is required'));
    await userEvent.click(criterion);
    await userEvent.click(await screen.findByRole('option', { name: 'B: made only from originating materials' }));
    const request = toRequest(checked as BookingValues, toMonterrey, frontera, null);
    expect(request.customs?.items[0]).toMatchObject({ usmca: true, origin_criterion: 'B' });
    expect(request.customs?.items[1]).not.toHaveProperty('origin_criterion');
  });

  it("asks each good's SAT key and unit for the Carta Porte on a Mexican lane, and sends them", async () => {
    setup();
    const first = within(section().getByTestId('customs-item-0'));
    const key = first.getByLabelText(/^SAT goods key/);
    const unit = first.getByLabelText(/^Unit \(SAT\)/);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(key).toHaveAccessibleDescription(says('Field is required'));
    expect(unit).toHaveAccessibleDescription(says('Field is required'));
    await typeInto(key as HTMLInputElement, '43211503');
    await userEvent.click(unit);
    await userEvent.click(await screen.findByRole('option', { name: 'XPX – Pallet' }));
    const request = toRequest(checked as BookingValues, toMonterrey, frontera, null);
    expect(request.customs?.items[0]).toMatchObject({ sat_key: '43211503', sat_unit: 'XPX' });
  });

  it("fills an item's HS code from the catalogs and says where it came from, until the shipper types another", async () => {
    const fetchMock = setup(toMonterrey, 'en', {
      'POST /api/customs/hs-suggestions': { data: [{ hs_code: '940320', source: 'product', sat_key: '56101700' }, null] },
    });
    const [racks, boxes] = section().getAllByLabelText(/^HS code/) as HTMLInputElement[];
    await waitFor(() => expect(racks).toHaveValue('9403.20'));
    // The product's SAT key comes with it on a Mexican lane.
    const [rackKey, boxKey] = section().getAllByLabelText(/^SAT goods key/) as HTMLInputElement[];
    expect(rackKey).toHaveValue('56101700');
    expect(rackKey).toHaveAccessibleDescription(says('From your product catalog'));
    expect(boxKey).toHaveValue('');
    expect(racks).toHaveAccessibleDescription(says('From your product catalog: check it fits these goods.'));
    expect(boxes?.value).toBe('');
    expect(boxes).toHaveAccessibleDescription(says('6, 8 or 10 digits from the tariff schedule'));
    const asked = fetchMock.mock.calls.find(([u]) => String(u) === '/api/customs/hs-suggestions');
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ descriptions: ['Server racks', ''] });
    await userEvent.clear(racks as HTMLInputElement);
    await typeInto(racks as HTMLInputElement, '9403.10');
    expect(racks).toHaveAccessibleDescription(says('6, 8 or 10 digits from the tariff schedule'));
  });

  it("fills the shipper's own broker from the address book, each field still typed over", async () => {
    const broker = makeAddress({
      company: 'Border Brokers Inc.',
      first_name: 'Dana',
      last_name: 'Cruz',
      phone: '(956) 555-0140',
      email: 'entries@borderbrokers.example',
      city: 'Laredo',
      state: 'TX',
      postal_code: '78045',
    });
    setup(toMonterrey, 'en', { 'GET /api/addresses': { data: [broker], meta: { total: 1, page: 1, per_page: 8 } } });
    const us = within(screen.getByTestId('customs-broker-US'));
    await userEvent.click(us.getByRole('radio', { name: /^My own customs broker/ }));
    await typeInto(us.getByLabelText('Find your broker in the address book'), 'Border');
    await userEvent.click(await screen.findByRole('option', { name: /Border Brokers Inc\./ }));
    expect(us.getByLabelText(/^Broker's company/)).toHaveValue('Border Brokers Inc.');
    expect(us.getByLabelText(/^Contact/)).toHaveValue('Dana Cruz');
    expect(us.getByLabelText(/^Phone/)).toHaveValue('(956) 555-0140');
    expect(us.getByLabelText(/^Email/)).toHaveValue('entries@borderbrokers.example');
  });

  it('speaks Spanish, and asks no RFC between the United States and Canada', async () => {
    await act(() => i18n.changeLanguage('es'));
    const toToronto = makeQuote({
      rates: [frontera],
      inputs: { ...base.inputs, destination: { postal_code: 'M5V 3L9', country: 'CA', site_type: 'business' } } as Quote['inputs'],
    });
    setup(toToronto, 'es');
    expect(section().getByText(/Este envío cruza la frontera por Laredo/)).toBeInTheDocument();
    expect(section().getByLabelText(/^Fracción arancelaria/)).toBeInTheDocument();
    expect(section().getByText('Agente aduanal del lado canadiense')).toBeInTheDocument();
    expect(section().queryByLabelText(/RFC/)).not.toBeInTheDocument();
    // The Carta Porte is Mexico's: no SAT key between the United States and Canada.
    expect(section().queryByLabelText(/^Clave de producto SAT/)).not.toBeInTheDocument();
    expect(section().getByRole('option', { name: /^DDP – Entregada con derechos pagados/ })).toBeInTheDocument();
  });

  it('estimates the duties and taxes once the incoterm and the values are there, saying who pays and what it could not estimate', async () => {
    const estimate: DutyEstimateView = {
      destination: 'MX',
      currency: 'USD',
      payer: 'consignee',
      lines: [
        {
          hs_code: '940320',
          description: 'Other metal furniture, other',
          customs_value_cents: 2_000_000,
          duty_rate_basis_points: 3500,
          duty_cents: 700_000,
          reason: null,
        },
        {
          hs_code: '010121',
          description: null,
          customs_value_cents: 50_000,
          duty_rate_basis_points: null,
          duty_cents: null,
          reason: 'unknown_hs_code',
        },
      ],
      taxes: [
        { kind: 'dta', rate_basis_points: 80, cents: 16_000, complete: false },
        { kind: 'iva', rate_basis_points: 1600, cents: 434_560, complete: false },
      ],
      total_duty_cents: 700_000,
      total_tax_cents: 450_560,
      total_cents: 1_150_560,
      complete: false,
      notes: [],
      source: 'SAT TIGIE 2026',
      source_caveat: { kind: 'demo', codes: [] },
      as_of: '2026-01-01',
    };
    const fetchMock = setup(toMonterrey, 'en', { 'POST /api/customs/duty-estimate': { data: estimate } });
    expect(screen.getByTestId('duty-estimate')).toHaveTextContent('Choose the incoterm and give each item');
    await userEvent.selectOptions(section().getByLabelText(/^Incoterm/), 'DAP');
    const values = section().getAllByLabelText(/^Value of one unit/);
    await typeInto(section().getAllByLabelText(/^HS code/)[0] as HTMLElement, '9403.20');
    await typeInto(values[0] as HTMLElement, '10000');
    await typeInto(values[1] as HTMLElement, '50');
    const card = await screen.findByRole('status', { name: 'Estimated duties and taxes' });
    expect(card).toHaveTextContent('At least $11,505.60, paid by the consignee, as the incoterm says: some lines could not be estimated.');
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('HS 9403.20$20,000.00$7,000.00 (35% duty)');
    expect(rows[2]).toHaveTextContent('Not estimated: this HS code is not in our duty table');
    expect(rows[3]).toHaveTextContent('DTA (customs processing fee) 0.8%$160.00');
    expect(card).toHaveTextContent(
      'An estimate, not a charge: customs decide the amounts. Rates from SAT TIGIE 2026, as of Jan 1, 2026. Demo figures: check them against the schedule.',
    );
    const sent = fetchMock.mock.calls.filter(([u]) => String(u) === '/api/customs/duty-estimate').at(-1);
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      origin_country: 'US',
      destination_country: 'MX',
      mode: 'ltl',
      incoterm: 'DAP',
      items: [
        { hs_code: '9403.20', quantity: 2, unit_value_cents: 1_000_000 },
        { hs_code: '', quantity: 10, unit_value_cents: 5_000 },
      ],
    });
  });
});
