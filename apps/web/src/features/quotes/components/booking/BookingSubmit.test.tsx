import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../../components/shipment/testShipment';
import { jsonResponse } from '../../../../test/fixtures';
import {
  acceptDisclaimer,
  bookButton,
  booking,
  keyOf,
  openBooking,
  PREFILL,
  pickupPlace,
  postsTo,
  QUOTE_ID,
  quoteWith,
  resetBooking,
  user,
} from './testBooking';

describe('Book Shipment: sending it', () => {
  afterEach(resetBooking);

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
    expect(within(screen.getByTestId('confirmation')).getByRole('link', { name: 'Shipment History' })).toHaveAttribute(
      'href',
      '/my-shipments',
    );
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
});
