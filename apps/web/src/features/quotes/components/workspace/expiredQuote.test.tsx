import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipment } from '../../../../components/shipment/testShipment';
import { AUTH_STATE_KEY } from '../../../../lib/authState';
import i18n from '../../../../lib/i18n';
import { SCREEN_WAIT } from '../../../../test/busyWait';
import { jsonResponse, makeAccountUser, setCookie } from '../../../../test/fixtures';
import { renderApp, stubApi } from '../../../../test/renderApp';
import { makeQuote } from '../results/testQuote';

const user = () => userEvent.setup({ delay: null });

const OLD_ID = '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a53';
const NEW_ID = '0b5f2c1e-4d7a-4c3e-9a61-2f0d8e7b6a54';
const prefill = {
  pickup: { ...makeShipment().pickup, save_to_address_book: false },
  delivery: { ...makeShipment().delivery, save_to_address_book: false },
};
const expiredQuote = makeQuote({ id: OLD_ID, inputs: { ...makeQuote().inputs, pickup_date: '2030-03-11' }, booking_prefill: prefill });
const freshQuote = makeQuote({ id: NEW_ID, inputs: { ...expiredQuote.inputs, pickup_date: '2030-03-13' }, booking_prefill: prefill });

/** Quote & Ship with a re-run quote whose rates expire before it is booked; today's rates hold. */
function stubServer(language: 'en' | 'es') {
  const shipper = makeAccountUser('Demo Shipper Co');
  const who = { ...shipper, settings: { ...shipper.settings, language } };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(who));
  setCookie('XSRF-TOKEN', 't');
  const message = language === 'es' ? 'Las tarifas de esta cotización vencieron.' : 'The rates of this quote have expired.';
  const quoted = vi.fn(() => jsonResponse(201, { data: freshQuote }));
  const booked = vi.fn((_url: string, init?: RequestInit) =>
    JSON.parse(String(init?.body)).quote_id === OLD_ID
      ? jsonResponse(409, { message, code: 'quote_expired' })
      : jsonResponse(201, { data: makeShipment() }),
  );
  const fetchMock = stubApi({
    'GET /api/user': { data: who },
    'GET /api/carriers': { data: [] },
    'POST /api/quotes/q1/rerun': () => jsonResponse(201, { data: expiredQuote }),
    'GET /api/pickup-dates/first': { data: { date: '2030-03-13', skipped: [], cutoff: '14:00', expires_at: '2030-03-12T19:00:00.000Z' } },
    'POST /api/quotes': quoted,
    'POST /api/shipments': booked,
  });
  return { fetchMock, quoted, booked };
}

async function bookFirst(carrier: string) {
  await user().click(await screen.findByRole('button', { name: carrier }, SCREEN_WAIT));
  const disclaimer = (await waitFor(() => document.getElementById('booking-disclaimer_accepted'), SCREEN_WAIT)) as HTMLElement;
  if (!(disclaimer as HTMLInputElement).checked) await user().click(disclaimer);
  await user().click(screen.getByTestId('book-submit'));
}

describe('booking a quote whose rates expired', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('rates the same shipment for the first pickup date the origin can take, shows the new rates and books one of them', async () => {
    const { fetchMock, quoted, booked } = stubServer('en');
    renderApp('/quote-shipment/q1');
    await bookFirst('Book with Saia');

    const notice = await screen.findByTestId('rerated-expired', undefined, SCREEN_WAIT);
    expect(notice).toHaveTextContent(
      'The rates you were booking expired, so the shipment was rated again for pickup on Mar 13, 2030. Choose a rate to go on booking.',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/pickup-dates/first?country=US&postal_code=60606'))).toBe(true);
    expect(quoted).toHaveBeenCalledTimes(1);
    const [, init] = quoted.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual(JSON.parse(JSON.stringify({ ...expiredQuote.inputs, pickup_date: '2030-03-13' })));
    expect(screen.queryByTestId('booking-failed')).not.toBeInTheDocument();

    // A rate of the new quote books, with the new date; the old refusal is not shown again.
    await bookFirst('Book with Saia');
    expect(await screen.findByRole('heading', { name: 'Shipment booked' }, SCREEN_WAIT)).toBeInTheDocument();
    expect(booked).toHaveBeenCalledTimes(2);
    const [, second] = booked.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(second.body))).toMatchObject({ quote_id: NEW_ID, pickup_date: '2030-03-13' });
  });

  it('goes back to the shipment details with the failure shown when rating it again fails', async () => {
    const { quoted } = stubServer('en');
    quoted.mockImplementation(() => jsonResponse(503, { message: 'Rating is unavailable.' }));
    renderApp('/quote-shipment/q1');
    await bookFirst('Book with Saia');
    expect(await screen.findByText('We could not rate this shipment', undefined, SCREEN_WAIT)).toBeInTheDocument();
    // The Book step (and its 'rating again' notice) is hidden behind the details again.
    await waitFor(() => expect(screen.getByTestId('quote-expired')).not.toBeVisible(), SCREEN_WAIT);
    expect(screen.getByRole('button', { name: 'Get rates' })).toBeVisible();
  });

  it('says so in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    stubServer('es');
    renderApp('/quote-shipment/q1');
    await bookFirst('Reservar con Saia');
    expect(await screen.findByTestId('rerated-expired', undefined, SCREEN_WAIT)).toHaveTextContent(
      'Las tarifas que estaba reservando vencieron, así que el envío se volvió a cotizar para recolección el 13 mar 2030. Elija una tarifa para seguir con la reserva.',
    );
  });
});
