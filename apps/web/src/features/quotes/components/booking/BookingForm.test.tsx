import type { BookingPlace } from '@freight/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDeliveryPlace, makePlace, makeShipment } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { SCREEN_WAIT } from '../../../../test/busyWait';
import { jsonResponse, makeAccountUser, setCookie } from '../../../../test/fixtures';
import { renderApp, stubApi } from '../../../../test/renderApp';
import type { Quote } from '../../api/quotesApi';
import { makeQuote, makeRate, RATES_COUNT } from '../results/testQuote';
import { makeAddress } from './testAddress';

const shipper = makeAccountUser('Demo Shipper Co');

const user = () => userEvent.setup({ delay: null });

const QUOTE_ID = '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a51';

function quoteWith(overrides: Partial<Quote> = {}): Quote {
  const base = makeQuote();
  return makeQuote({
    id: QUOTE_ID,
    inputs: { ...base.inputs, pickup_date: '2030-03-11', accessorials: ['residential_delivery'] },
    ...overrides,
  });
}

/** The places of the booked shipment's fixture (a street2-less pickup), as the quote's booking prefill. */
const PREFILL: { pickup: BookingPlace; delivery: BookingPlace } = {
  pickup: { save_to_address_book: false, ...makePlace({ street2: '' }) },
  delivery: { save_to_address_book: false, ...makeDeliveryPlace() },
};

function signedIn(quote: Quote, extra: Record<string, unknown> = {}, who = shipper) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(who));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({
    'GET /api/user': { data: who },
    'GET /api/carriers': { data: [] },
    'GET /api/postal-codes/US/60606': { data: { postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' } },
    'GET /api/postal-codes/US/30301': { data: { postal_code: '30301', country: 'US', city: 'Atlanta', state: 'GA' } },
    'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: quote }),
    ...extra,
  });
}

/** Quote & Ship with a re-run quote, then Book on one carrier's rate (Saia's). */
async function openBooking(quote: Quote, extra: Record<string, unknown> = {}, carrier = 'Saia', who = shipper) {
  const fetchMock = signedIn(quote, extra, who);
  const app = renderApp('/quote-shipment/q1');
  // The count on the page (the live region says the same words for a moment after the rates land).
  await screen.findByText(/quotes? returned/, { selector: RATES_COUNT }, SCREEN_WAIT);
  await user().click(screen.getByRole('button', { name: `Book with ${carrier}` }));
  await screen.findByText('Pickup information');
  return { fetchMock, ...app };
}

const pickupPlace = () => within(screen.getByTestId('booking-pickup'));
const deliveryPlace = () => within(screen.getByTestId('booking-delivery'));
/** The booking form (the shipment details form stays in the page, hidden, with labels alike). */
const booking = () => within(document.querySelector('form[aria-label="Book shipment"]') as HTMLElement);
const bookButton = () => screen.getByTestId('book-submit');
const postsTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST') as [string, RequestInit][];
const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['Idempotency-Key'];

async function acceptDisclaimer() {
  await user().click(screen.getByRole('checkbox', { name: /I have read and accept the/ }));
}

describe('Book Shipment', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

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

  it('books once on a double click with one Idempotency-Key, then shows the confirmation', async () => {
    let release: (r: Response) => void = () => {};
    const booked = makeShipment();
    const post = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const { fetchMock } = await openBooking(quoteWith({ booking_prefill: PREFILL }), {
      'POST /api/shipments': post,
      'GET /api/shipments/s1': { data: booked },
    });
    fireEvent.change(booking().getByLabelText(/^Reference 1 number/), { target: { value: 'PO-4471' } });
    fireEvent.change(booking().getByLabelText(/^Reference 1 type/), { target: { value: 'po_number' } });
    await acceptDisclaimer();
    await user().dblClick(bookButton());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await user().click(bookButton());
    expect(post).toHaveBeenCalledTimes(1);

    const [[, init]] = postsTo(fetchMock, '/api/shipments') as [[string, RequestInit]];
    expect(keyOf(init)).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      quote_id: QUOTE_ID,
      rate_id: 'r-saia',
      insurance: 'none',
      pickup_date: '2030-03-11',
      ready_time: '08:00',
      close_time: '17:00',
      delivery_appointment: false,
      residential_or_liftgate: true,
      references: [{ type: 'po_number', value: 'PO-4471' }],
      disclaimer_accepted: true,
      pickup: { company: 'Acme Warehouse', postal_code: '60606', country: 'US', save_to_address_book: false },
      delivery: { company: 'Peachtree Retail', postal_code: '30301' },
    });
    expect(body.hazmat).toBeUndefined();

    await act(async () => release(jsonResponse(201, { data: booked })));
    expect(await screen.findByRole('heading', { name: 'Shipment booked' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-bol')).toHaveTextContent('BOL number FP00012345');
    expect(within(screen.getByTestId('shipment-charges')).getByText('Fuel surcharge')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Bill of Lading' })).toBeInTheDocument();
    expect(screen.getByTestId('ref-pro')).toHaveTextContent('8812345670');
    expect(within(screen.getByTestId('shipment-hazmat')).getByText('UN1263')).toBeInTheDocument();
    expect(within(screen.getByTestId('shipment-items')).getByText('Paint cans')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track this shipment' })).toHaveAttribute('href', '/track/detail/s1');
    expect(screen.getByRole('link', { name: 'My Shipments' })).toHaveAttribute('href', '/my-shipments');
    expect(screen.queryByTestId('payment-panel')).not.toBeInTheDocument();
  });

  it('puts the server’s 422 errors on the fields, and what has no field above the Book button', async () => {
    await openBooking(quoteWith({ booking_prefill: PREFILL }), {
      'POST /api/shipments': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: {
            'pickup.street1': ['Street not found for this ZIP'],
            pickup_date: ['Choose a business day (no weekends or holidays).'],
            rate_id: ['This rate is not part of the quote. Re-rate and choose again.'],
            references: ['A shipment takes at most 10 references.'],
            stops: ['The stops are not those of the quote.'],
          },
        }),
    });
    await acceptDisclaimer();
    await user().click(bookButton());
    expect(await pickupPlace().findByText('Street not found for this ZIP')).toBeInTheDocument();
    expect(screen.getByText('Choose a business day (no weekends or holidays).')).toBeInTheDocument();
    expect(screen.getByText('This rate is not part of the quote. Re-rate and choose again.')).toBeInTheDocument();
    // A list's own error describes the list; one with no list on the form is said with the others.
    expect(booking().getByRole('group', { name: 'Reference numbers' })).toHaveAccessibleDescription(
      'A shipment takes at most 10 references.',
    );
    expect(screen.getByText('The stops are not those of the quote.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(pickupPlace().getByLabelText(/^Street address/)));
  });

  it('opens the credit hold dialog on 403 credit_hold, with the support phone', async () => {
    await openBooking(quoteWith({ booking_prefill: PREFILL }), {
      'POST /api/shipments': () => jsonResponse(403, { code: 'credit_hold', message: 'Your account is on credit hold.' }),
    });
    await acceptDisclaimer();
    await user().click(bookButton());
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Your account is on credit hold')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Call (312) 555-0150' })).toHaveAttribute('href', 'tel:+13125550150');
    expect(dialog.getByText(/cannot book shipments until they pay or our staff lift the hold/)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'View open invoices' })).toHaveAttribute('href', '/my-invoices');
  });

  it('says the technical difficulties on 503 and on a network failure, keeps the form, and retries with the same key until something changes', async () => {
    let answer: () => Response = () =>
      jsonResponse(503, {
        code: 'booking_failed',
        message:
          'We are having technical difficulties completing the booking process at the moment. Please call (312) 555-0150 Option 2 for immediate assistance.',
      });
    const { fetchMock } = await openBooking(quoteWith({ booking_prefill: PREFILL }), { 'POST /api/shipments': () => answer() });
    await acceptDisclaimer();
    await user().click(bookButton());
    expect(
      await screen.findByText(
        'We are having technical difficulties completing the booking process at the moment. Please call (312) 555-0150 Option 2 for immediate assistance.',
      ),
    ).toBeInTheDocument();
    expect(pickupPlace().getByLabelText(/^Company\/location name/)).toHaveValue('Acme Warehouse');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user().click(bookButton());
    await waitFor(() => expect(postsTo(fetchMock, '/api/shipments')).toHaveLength(2));
    expect(await screen.findByTestId('booking-failed')).toHaveTextContent(
      'We are having technical difficulties completing the booking process at the moment. Please call (312) 555-0150 Option 2 for immediate assistance.',
    );
    fireEvent.change(booking().getByLabelText(/^Notes to carriers/), { target: { value: 'Dock 4' } });
    await user().click(bookButton());
    await waitFor(() => expect(postsTo(fetchMock, '/api/shipments')).toHaveLength(3));
    const keys = postsTo(fetchMock, '/api/shipments').map(([, init]) => keyOf(init));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('explains that an appointment the rates lack needs a re-rate, and goes back to the shipment details', async () => {
    const { fetchMock } = await openBooking(quoteWith({ booking_prefill: PREFILL }));
    await user().click(screen.getByRole('radio', { name: 'Delivery appointment (extra charge)' }));
    const note = within(screen.getByTestId('appointment-rerate'));
    expect(note.getByText(/A delivery appointment is an extra charge your rates do not include/)).toBeInTheDocument();
    fireEvent.change(booking().getByLabelText(/^Appointment date/), { target: { value: '2030-03-13' } });
    await acceptDisclaimer();
    await user().click(bookButton());
    expect(await screen.findByText(/Your rates do not include a delivery appointment/)).toBeInTheDocument();
    expect(postsTo(fetchMock, '/api/shipments')).toHaveLength(0);
    await user().click(note.getByRole('button', { name: 'Back to shipment details' }));
    expect(await screen.findByLabelText(/Pickup zip/)).toBeVisible();
  });

  it('shows the payment panel on the confirmation of a booking awaiting payment', async () => {
    const booked = makeShipment({
      payment: {
        state: 'awaiting',
        due_at: new Date(Date.now() + 45 * 60_000).toISOString(),
        can_extend: true,
        amount_cents: 20_000,
        hold_cents: 25_000,
        card_last4: null,
        paid_at: null,
        credit_memo: null,
      },
      payment_state: 'awaiting',
    });
    await openBooking(quoteWith({ booking_prefill: PREFILL }), { 'POST /api/shipments': () => jsonResponse(201, { data: booked }) });
    await acceptDisclaimer();
    await user().click(bookButton());
    const panel = within(await screen.findByTestId('payment-panel'));
    expect(panel.getByText('Awaiting payment')).toBeInTheDocument();
    expect(panel.getByTestId('payment-countdown').textContent).toMatch(/^(44|45):\d\d$/);
    expect(panel.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
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

  it('adds and removes references with the keyboard and sends them in order', async () => {
    const post = vi.fn(() => jsonResponse(201, { data: makeShipment() }));
    const { fetchMock } = await openBooking(quoteWith({ booking_prefill: PREFILL }), { 'POST /api/shipments': post });
    fireEvent.change(booking().getByLabelText(/^Reference 1 number/), { target: { value: 'PO-1' } });
    const add = booking().getByRole('button', { name: 'Add a reference' });
    add.focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(booking().getByLabelText(/^Reference 2 number/)));
    fireEvent.change(booking().getByLabelText(/^Reference 2 type/), { target: { value: 'so_number' } });
    fireEvent.change(booking().getByLabelText(/^Reference 2 number/), { target: { value: 'SO-2' } });
    await user().click(add);
    fireEvent.change(booking().getByLabelText(/^Reference 3 type/), { target: { value: 'shipper_reference' } });
    fireEvent.change(booking().getByLabelText(/^Reference 3 number/), { target: { value: 'MINE-3' } });
    await user().click(booking().getByRole('button', { name: 'Remove reference 2' }));
    expect(booking().queryByLabelText(/^Reference 3 number/)).not.toBeInTheDocument();
    expect(booking().getByLabelText(/^Reference 2 number/)).toHaveValue('MINE-3');
    await acceptDisclaimer();
    await user().click(bookButton());
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [[, init]] = postsTo(fetchMock, '/api/shipments') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body)).references).toEqual([
      { type: 'po_number', value: 'PO-1' },
      { type: 'shipper_reference', value: 'MINE-3' },
    ]);
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
