import { DEFAULT_SETTINGS } from '@freight/domain';
import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, render, screen, within } from '@testing-library/react';
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

function setup(quote = toMonterrey, language: 'en' | 'es' = 'en') {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser([], { settings: { ...DEFAULT_SETTINGS, language } })));
  stubApi({});
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness quote={quote} />
    </Providers>,
  );
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
    expect(section().getByRole('option', { name: /^DDP – Entregada con derechos pagados/ })).toBeInTheDocument();
  });
});
