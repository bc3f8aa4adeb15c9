import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { SCREEN_WAIT } from '../../../../test/busyWait';
import { jsonResponse, setCookie } from '../../../../test/fixtures';
import { renderApp, stubApi } from '../../../../test/renderApp';
import type { Quote } from '../../api/quotesApi';
import { makeRate, RATES_COUNT } from '../results/testQuote';
import { makeAddress } from './testAddress';
import {
  acceptDisclaimer,
  bookButton,
  booking,
  deliveryPlace,
  openBooking,
  PREFILL,
  pickupPlace,
  postsTo,
  quoteWith,
  resetBooking,
  shipper,
  user,
} from './testBooking';

describe('Book Shipment: the form', () => {
  afterEach(resetBooking);

  it('summarises the chosen rate and fills what the quote knows: postal codes (read-only), city and state, pickup date, shipment value, hazardous', async () => {
    const base = quoteWith();
    const quote = quoteWith({ inputs: { ...base.inputs, items: [{ ...base.inputs.items[0], hazardous: true }] } as Quote['inputs'] });
    await openBooking(quote);
    const rate = within(screen.getByTestId('booking-rate'));
    expect(rate.getByText('Saia (SAIA)')).toBeInTheDocument();
    expect(rate.getByTestId('booking-total')).toHaveTextContent('$150.00');
    expect(screen.getByTestId('booking-value')).toHaveTextContent('$8,000.00');
    expect(screen.getByText(/Required even when not insuring/)).toBeInTheDocument();

    const zip = pickupPlace().getByLabelText('ZIP/Postal code');
    expect(zip).toHaveValue('60606');
    expect(zip).toHaveAttribute('readonly');
    expect(deliveryPlace().getByLabelText('ZIP/Postal code')).toHaveValue('30301');
    await waitFor(() => expect(pickupPlace().getByLabelText(/^City/)).toHaveValue('Chicago'));
    expect(deliveryPlace().getByLabelText(/^State/)).toHaveValue('GA');
    expect(booking().getByLabelText(/^Pickup date/)).toHaveValue('2030-03-11');
    expect(screen.getByRole('checkbox', { name: /contains hazardous materials/ })).toBeChecked();
    expect(booking().getByLabelText(/^Proper shipping name/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();

    await user().click(screen.getAllByRole('button', { name: 'Change rate' })[0] as HTMLElement);
    expect(await screen.findByText('4 quotes returned', { selector: RATES_COUNT })).toBeVisible();
  });

  it('tells a prepaid account before it books that the shipment is paid by card within the hour, and no one else', async () => {
    const prepaid = { ...shipper, account: { ...shipper.account!, payment_terms: 'prepaid' as const } };
    const app = await openBooking(quoteWith(), {}, 'Saia', prepaid);
    expect(screen.getByTestId('prepaid-notice')).toHaveTextContent('After you book, pay within 60 minutes');
    // The way to another way of paying: credit terms are applied for.
    const apply = within(screen.getByTestId('prepaid-notice')).getByRole('link', { name: 'Apply for credit terms to pay by invoice.' });
    expect(apply).toHaveAttribute('href', '/settings/credit');
    app.unmount();
    localStorage.clear();
    await openBooking(quoteWith());
    expect(screen.queryByTestId('prepaid-notice')).not.toBeInTheDocument();
  });

  it('leads to the credit terms only a role that may apply for them; anyone else is told to ask the account admin', async () => {
    const prepaid = shipper.account!;
    const mayNot = {
      ...shipper,
      account: {
        ...prepaid,
        role: 'shipper' as const,
        payment_terms: 'prepaid' as const,
        permissions: prepaid.permissions.filter((p) => p !== 'credit.apply'),
      },
    };
    await openBooking(quoteWith(), {}, 'Saia', mayNot);
    const notice = screen.getByTestId('prepaid-notice');
    expect(notice).toHaveTextContent('Ask your account admin to apply for credit terms to pay by invoice.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('checks the form with the spec’s messages, next to the fields, and focuses the first one', async () => {
    const { fetchMock } = await openBooking(
      quoteWith({ inputs: { ...quoteWith().inputs, accessorials: ['residential_delivery', 'appointment'] } }),
    );
    fireEvent.change(booking().getByLabelText(/^Pickup date/), { target: { value: '2020-01-02' } });
    fireEvent.change(booking().getByLabelText(/^Ready time/), { target: { value: '' } });
    await user().click(screen.getByRole('radio', { name: 'Delivery appointment (extra charge)' }));
    fireEvent.change(booking().getByLabelText(/^Appointment date/), { target: { value: '2020-01-01' } });
    fireEvent.change(pickupPlace().getByLabelText(/^Email/), { target: { value: 'not-an-email' } });
    fireEvent.change(pickupPlace().getByLabelText(/^Phone/), { target: { value: '12' } });
    await user().click(bookButton());

    expect(await screen.findByText('Some details need your attention. Check the highlighted fields.')).toBeInTheDocument();
    expect(pickupPlace().getAllByText('Field is required').length).toBeGreaterThan(0);
    expect(pickupPlace().getByText('Invalid email')).toBeInTheDocument();
    expect(pickupPlace().getByText('Enter valid number')).toBeInTheDocument();
    expect(screen.getByText('Date needs to be today or after.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid time')).toBeInTheDocument();
    expect(screen.getByText('Date needs to be after the pickup date.')).toBeInTheDocument();
    expect(screen.getByText('You must accept the disclaimer to book.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(pickupPlace().getByLabelText(/^Company\/location name/)));
    expect(postsTo(fetchMock, '/api/shipments')).toHaveLength(0);
  });

  it('takes the attention alert away once the highlighted fields are fixed', async () => {
    await openBooking(quoteWith({ booking_prefill: PREFILL }));
    await user().click(bookButton());
    expect(await screen.findByText('Some details need your attention. Check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByText('You must accept the disclaimer to book.')).toBeInTheDocument();
    await acceptDisclaimer();
    await waitFor(() =>
      expect(screen.queryByText('Some details need your attention. Check the highlighted fields.')).not.toBeInTheDocument(),
    );
  });

  it('fills both places from the quote’s booking prefill (reship), picks from the address book, and re-rates only for a new postal code', async () => {
    const acme = makeAddress();
    const elsewhere = {
      ...acme,
      id: '6f1c2f9e-0000-4000-8000-000000000002',
      company: 'Denver Dock',
      city: 'Denver',
      state: 'CO',
      postal_code: '80202',
    };
    const { fetchMock } = await openBooking(quoteWith({ booking_prefill: PREFILL }), {
      'GET /api/addresses': { data: [acme, elsewhere], meta: { current_page: 1, per_page: 8, total: 2, last_page: 1 } },
      'POST /api/quotes': () => jsonResponse(201, { data: quoteWith({ id: 'q-denver' }) }),
    });
    expect(pickupPlace().getByLabelText(/^Company\/location name/)).toHaveValue('Acme Warehouse');
    expect(pickupPlace().getByLabelText(/^Street address/)).toHaveValue('100 W Madison St');
    expect(deliveryPlace().getByLabelText(/^First name/)).toHaveValue('Tom');
    expect(deliveryPlace().getByLabelText(/^Email/)).toHaveValue('tom@peach.test');
    expect(booking().getByLabelText(/^Ready time/)).toHaveValue('08:00');

    const box = pickupPlace().getByRole('combobox', { name: 'Pick the pickup from your address book' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'win' } });
    await user().click(
      (await screen.findByText('Windy City Depot', { selector: '[role=option] p' }, SCREEN_WAIT)).closest('[role=option]') as HTMLElement,
    );
    expect(pickupPlace().getByLabelText(/^Company\/location name/)).toHaveValue('Windy City Depot');
    expect(pickupPlace().getByLabelText(/^Opens at/)).toHaveValue('07:00');
    expect(pickupPlace().getByText('From your address book: Windy City Depot')).toBeInTheDocument();
    expect(pickupPlace().queryByRole('checkbox', { name: /Save this address/ })).not.toBeInTheDocument();
    // Typing another street or contact is no new rate.
    fireEvent.change(pickupPlace().getByLabelText(/^Street address/), { target: { value: '2 Wacker Dr' } });
    fireEvent.change(pickupPlace().getByLabelText(/^First name/), { target: { value: 'Kim' } });
    expect(postsTo(fetchMock, '/api/quotes')).toHaveLength(0);

    // An entry at another postal code is rated anew, from the Book step; the rates say why they changed.
    fireEvent.change(box, { target: { value: 'den' } });
    await user().click(
      (await screen.findByText('Denver Dock', { selector: '[role=option] p' }, SCREEN_WAIT)).closest('[role=option]') as HTMLElement,
    );
    expect(await screen.findByTestId('rerated-place', undefined, SCREEN_WAIT)).toBeInTheDocument();
    const [[, init]] = postsTo(fetchMock, '/api/quotes') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body)).origin).toMatchObject({ postal_code: '80202', country: 'US', site_type: 'business' });
  });

  it('asks a parcel only parcel questions: pickup or drop-off, the quoted signature; no dock questions', async () => {
    const base = quoteWith();
    const parcel = quoteWith({
      mode: 'parcel',
      inputs: {
        ...base.inputs,
        mode: 'parcel',
        signature: 'adult_signature',
        items: [{ package_type: 'boxes', quantity: 1, length: 12, width: 10, height: 8, weight: 10, stackable: true, hazardous: false }],
      },
      rates: [makeRate('r-ups', 'UPS Ground', 'UPSN', 3, [['freight', null, 2_500, 'Freight']])],
      booking_prefill: PREFILL,
    });
    const post = vi.fn(() => jsonResponse(201, { data: makeShipment({ mode: 'parcel', pickup_note: 'shipper_drops_off' }) }));
    const { fetchMock } = await openBooking(parcel, { 'POST /api/shipments': post }, 'UPS Ground');
    expect(booking().queryByText('Is either location residential or does it need a lift-gate?')).not.toBeInTheDocument();
    expect(booking().queryByRole('radio', { name: 'First come, first serve' })).not.toBeInTheDocument();
    expect(booking().queryByRole('radio', { name: /Delivery appointment/ })).not.toBeInTheDocument();
    expect(booking().getByLabelText(/^Signature on delivery/)).toHaveValue('adult_signature');
    expect(booking().getByTestId('parcel-residential')).toHaveTextContent('Residential delivery: yes');
    expect(booking().getByLabelText(/^Ready time/)).toBeInTheDocument();

    // Another signature than the rates priced is a re-rate.
    fireEvent.change(booking().getByLabelText(/^Signature on delivery/), { target: { value: 'none' } });
    expect(booking().getByTestId('signature-rerate')).toBeInTheDocument();
    fireEvent.change(booking().getByLabelText(/^Signature on delivery/), { target: { value: 'adult_signature' } });

    // Dropped off: no window asked.
    await user().click(booking().getByRole('radio', { name: 'I drop them off at a UPS Ground location' }));
    expect(booking().queryByLabelText(/^Ready time/)).not.toBeInTheDocument();
    expect(booking().getByTestId('pickup-note')).toHaveTextContent('Shipper drops off');
    await acceptDisclaimer();
    await user().click(bookButton());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [[, init]] = postsTo(fetchMock, '/api/shipments') as [[string, RequestInit]];
    const body = JSON.parse(String(init.body));
    expect(body.parcel_options).toEqual({ handoff: 'drop_off', signature: 'adult_signature', residential: true });
    for (const field of ['ready_time', 'close_time', 'delivery_appointment', 'residential_or_liftgate', 'pickup_note']) {
      expect(body, field).not.toHaveProperty(field);
    }
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    await openBookingEs();
    expect(screen.getByText('Información de entrega')).toBeInTheDocument();
    expect(screen.getByTestId('book-submit')).toHaveTextContent('Reservar envío');
    expect(screen.getByText('¿Alguno de los lugares es residencial o necesita plataforma elevadora?')).toBeInTheDocument();
  });
});

async function openBookingEs() {
  const es = { ...shipper, settings: { ...shipper.settings, language: 'es' as const } };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(es));
  setCookie('XSRF-TOKEN', 't');
  stubApi({
    'GET /api/user': { data: es },
    'GET /api/carriers': { data: [] },
    'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: quoteWith() }),
  });
  renderApp('/quote-shipment/q1');
  await user().click(await screen.findByRole('button', { name: 'Reservar con Saia' }, SCREEN_WAIT));
  await screen.findByText('Información de recolección');
}
