import type { BookingPlace } from '@freight/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { makeDeliveryPlace, makePlace } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { SCREEN_WAIT } from '../../../../test/busyWait';
import { jsonResponse, makeAccountUser, setCookie } from '../../../../test/fixtures';
import { renderApp, stubApi } from '../../../../test/renderApp';
import type { Quote } from '../../api/quotesApi';
import { makeQuote, RATES_COUNT } from '../results/testQuote';

/**
 * The Book step as the booking form's two test files reach it: Quote & Ship with a re-run quote,
 * then Book on one rate. The form's own rules are in BookingForm.test.tsx, what happens when it is
 * sent in BookingSubmit.test.tsx (one file took past 20 s alone).
 */

export const shipper = makeAccountUser('Demo Shipper Co');

export const user = () => userEvent.setup({ delay: null });

export const QUOTE_ID = '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a51';

export function quoteWith(overrides: Partial<Quote> = {}): Quote {
  const base = makeQuote();
  return makeQuote({
    id: QUOTE_ID,
    inputs: { ...base.inputs, pickup_date: '2030-03-11', accessorials: ['residential_delivery'] },
    ...overrides,
  });
}

/** The places of the booked shipment's fixture (a street2-less pickup), as the quote's booking prefill. */
export const PREFILL: { pickup: BookingPlace; delivery: BookingPlace } = {
  pickup: { save_to_address_book: false, ...makePlace({ street2: '' }) },
  delivery: { save_to_address_book: false, ...makeDeliveryPlace() },
};

export function signedIn(quote: Quote, extra: Record<string, unknown> = {}, who = shipper) {
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
export async function openBooking(quote: Quote, extra: Record<string, unknown> = {}, carrier = 'Saia', who = shipper) {
  const fetchMock = signedIn(quote, extra, who);
  const app = renderApp('/quote-shipment/q1');
  // The count on the page (the live region says the same words for a moment after the rates land).
  await screen.findByText(/quotes? returned/, { selector: RATES_COUNT }, SCREEN_WAIT);
  await user().click(screen.getByRole('button', { name: `Book with ${carrier}` }));
  await screen.findByText('Pickup information');
  return { fetchMock, ...app };
}

export const pickupPlace = () => within(screen.getByTestId('booking-pickup'));
export const deliveryPlace = () => within(screen.getByTestId('booking-delivery'));
/** The booking form (the shipment details form stays in the page, hidden, with labels alike). */
export const booking = () => within(document.querySelector('form[aria-label="Book shipment"]') as HTMLElement);
export const bookButton = () => screen.getByTestId('book-submit');
export const postsTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST') as [string, RequestInit][];
export const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['Idempotency-Key'];

export async function acceptDisclaimer() {
  await user().click(screen.getByRole('checkbox', { name: /I have read and accept the/ }));
}

/** What each test leaves: stubbed globals, the stored user, the language. */
export async function resetBooking() {
  vi.unstubAllGlobals();
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
}
