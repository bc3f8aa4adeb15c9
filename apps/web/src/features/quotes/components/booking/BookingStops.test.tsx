import type { BookingRequestInput, ShipmentView } from '@freight/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../../app/providers';
import { makeDeliveryPlace, makePlace, makeShipment } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { jsonResponse, makeAccountUser, setCookie } from '../../../../test/fixtures';
import { stubApi } from '../../../../test/stubApi';
import type { Quote } from '../../api/quotesApi';
import { makeQuote, makeRate } from '../results/testQuote';
import { BookingForm } from './BookingForm';

/** Book Shipment for a truckload with an extra drop: the stop's place and time, sent with the booking. */
const rate = makeRate('r-dvln', 'Dakota Van Lines', 'DVLN', 2, [
  ['freight', null, 180_000, 'Freight'],
  ['accessorial', 'stop_off', 7_500, 'Accessorial'],
]);
const base = makeQuote();
const QUOTE: Quote = makeQuote({
  id: '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a51',
  mode: 'truckload',
  rates: [rate],
  inputs: {
    ...base.inputs,
    mode: 'truckload',
    pickup_date: '2030-03-11',
    destination: { postal_code: '30301', country: 'US', site_type: 'business' },
    equipment_type: 'dry_van',
    stops: [{ kind: 'drop', postal_code: '46204', country: 'US' }],
  } as Quote['inputs'],
  booking_prefill: {
    pickup: { save_to_address_book: false, ...makePlace() },
    delivery: { save_to_address_book: false, ...makeDeliveryPlace() },
  },
});

function renderBooking() {
  const who = makeAccountUser('Demo Shipper Co');
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(who));
  setCookie('XSRF-TOKEN', 't');
  const booked = makeShipment({ mode: 'truckload' });
  const fetchMock = stubApi({
    'GET /api/postal-codes/US/60606': { data: { postal_code: '60606', country: 'US', city: 'Chicago', state: 'IL' } },
    'GET /api/postal-codes/US/30301': { data: { postal_code: '30301', country: 'US', city: 'Atlanta', state: 'GA' } },
    'GET /api/postal-codes/US/46204': { data: { postal_code: '46204', country: 'US', city: 'Indianapolis', state: 'IN' } },
    'POST /api/shipments': () => jsonResponse(201, { data: booked }),
  });
  const onBooked = vi.fn<(s: ShipmentView) => void>();
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <BookingForm quote={QUOTE} rate={rate} insurance={null} onChangeRate={vi.fn()} onRequote={vi.fn()} onBooked={onBooked} />
      </MemoryRouter>
    </Providers>,
  );
  return { fetchMock, onBooked };
}

const user = () => userEvent.setup({ delay: null });
const enter = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const stop = () => within(screen.getByTestId('booking-stops-0-place'));

describe('BookingStops', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks the stop’s place and window, checks them, and books them with the shipment', async () => {
    const { fetchMock, onBooked } = renderBooking();
    expect(screen.getByRole('group', { name: 'Stop 1 · Extra drop' })).toBeInTheDocument();
    expect(stop().getByLabelText('ZIP/Postal code')).toHaveValue('46204');
    await waitFor(() => expect(stop().getByLabelText(/^City/)).toHaveValue('Indianapolis'));
    expect(stop().getByLabelText(/^Stop 1 date/)).toHaveValue('2030-03-11');

    await user().click(screen.getByRole('checkbox', { name: /I have read and accept the/ }));
    await user().click(screen.getByTestId('book-submit'));
    expect(stop().getAllByText('Field is required').length).toBeGreaterThan(0);
    await waitFor(() => expect(document.activeElement).toBe(stop().getByLabelText(/^Company\/location name/)));

    enter(stop().getByLabelText(/^Company\/location name/), 'Circle City Foods');
    enter(stop().getByLabelText(/^First name/), 'Dana');
    enter(stop().getByLabelText(/^Last name/), 'Price');
    enter(stop().getByLabelText(/^Email/), 'dana@circlecity.example');
    enter(stop().getByLabelText(/^Phone/), '317 555 0142');
    enter(stop().getByLabelText(/^Street address/), '1 Monument Cir');
    enter(stop().getByLabelText(/^Stop 1 date/), '2020-01-01');
    await user().click(screen.getByTestId('book-submit'));
    expect(await stop().findByText("Date can't be before the pickup date.")).toBeInTheDocument();

    enter(stop().getByLabelText(/^Stop 1 date/), '2030-03-12');
    await user().click(stop().getByRole('checkbox', { name: 'Appointment at a set time' }));
    expect(stop().queryByLabelText(/^Stop 1 until/)).not.toBeInTheDocument();
    enter(stop().getByLabelText(/^Stop 1 appointment time/), '10:30');
    await user().click(screen.getByTestId('book-submit'));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([u, i]) => u === '/api/shipments' && i?.method === 'POST') as [string, RequestInit];
    const body = JSON.parse(String(init.body)) as BookingRequestInput;
    expect(body.stops).toEqual([
      {
        place: expect.objectContaining({
          company: 'Circle City Foods',
          city: 'Indianapolis',
          state: 'IN',
          postal_code: '46204',
          country: 'US',
        }),
        date: '2030-03-12',
        appointment: true,
        time_from: '10:30',
        time_to: '',
      },
    ]);
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderBooking();
    expect(screen.getByRole('group', { name: 'Parada 1 · Entrega adicional' })).toBeInTheDocument();
    expect(stop().getByLabelText(/^Fecha de la parada 1/)).toBeInTheDocument();
    expect(stop().getByRole('checkbox', { name: 'Cita a una hora fija' })).toBeInTheDocument();
  });
});
