import type { PaymentMethodView, ShipmentView } from '@freight/contracts';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, savedMethod, setCookie, TEST_PROCESSOR } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { LiveRegion } from '../a11y/LiveRegion';
import { PaymentPanel } from './PaymentPanel';
import { makeShipment } from './testShipment';

const NOW = new Date('2030-03-10T15:00:00Z');

const PROCESSOR = TEST_PROCESSOR;
const savedCard = (over: Partial<PaymentMethodView>) => savedMethod({ is_default: false, ...over });
const SAVED_MASTERCARD = savedCard({
  id: 'm2',
  ref: 'pm_saved_mc',
  brand: 'mastercard',
  last4: '4444',
  exp_month: 1,
  exp_year: 2031,
  is_default: true,
});
const SAVED_VISA = savedCard({});
/** What Pay Now offers: the processor and the account's saved cards (the default first, as the server lists them). */
const offer = (cards: PaymentMethodView[]) => ({
  'GET /api/shipments/payment-methods': {
    data: { processor: PROCESSOR, cards: [...cards].sort((a, b) => Number(b.is_default) - Number(a.is_default)) },
  },
});

function awaiting(secondsLeft: number, overrides: Partial<ShipmentView> = {}) {
  return makeShipment({
    payment: {
      state: 'awaiting',
      due_at: new Date(NOW.getTime() + secondsLeft * 1000).toISOString(),
      can_extend: true,
      amount_cents: 20_000,
      hold_cents: 25_000,
      card_last4: null,
      paid_at: null,
      credit_memo: null,
    },
    payment_state: 'awaiting',
    ...overrides,
  });
}

/** The panel with the page's part: a payment's answer replaces the shipment. */
function Harness({ initial, onRefresh }: { initial: ShipmentView; onRefresh: () => void }) {
  const [shipment, setShipment] = useState(initial);
  return <PaymentPanel shipment={shipment} onPaid={setShipment} onRefresh={onRefresh} />;
}

function setup(shipment: ShipmentView, api: Record<string, unknown> = {}) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(makeUser()));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi(api);
  const onRefresh = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness initial={shipment} onRefresh={onRefresh} />
      <LiveRegion />
    </Providers>,
  );
  return { fetchMock, onRefresh };
}

async function fillCard(number: string) {
  const dialog = within(await screen.findByRole('dialog'));
  await userEvent.type(dialog.getByLabelText(/Name on card/), 'Ana Pérez');
  await userEvent.type(dialog.getByLabelText(/Card number/), number);
  await userEvent.selectOptions(dialog.getByLabelText(/Expiry month/), '12');
  await userEvent.selectOptions(dialog.getByLabelText(/Expiry year/), String(new Date().getFullYear() + 2));
  await userEvent.type(dialog.getByLabelText(/Security code/), '123');
  return dialog;
}

describe('PaymentPanel', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    await act(() => i18n.changeLanguage('en'));
  });

  it('counts down to the automatic cancellation, then shows the expired state and fetches the shipment again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    const { onRefresh } = setup(awaiting(65));
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByTestId('payment-countdown')).toHaveTextContent('01:05');
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId('payment-countdown')).toHaveTextContent('01:00');
    expect(onRefresh).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Payment time expired')).toBeInTheDocument();
    expect(screen.getByText(/this order is being canceled automatically/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('shows hours and minutes when more than an hour is left, and Pay Later keeps the way to pay', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    setup(awaiting(2 * 3600 + 5 * 60));
    expect(screen.getByTestId('payment-countdown')).toHaveTextContent('2 h 5 min');
    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Pay Later' }));
    expect(screen.queryByRole('button', { name: 'Pay Later' })).not.toBeInTheDocument();
    expect(screen.getByText(/from Shipment History, or here/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('warns two minutes before the cancellation, on screen and through the live region, once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    setup(awaiting(125));
    expect(screen.queryByTestId('payment-warning')).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(screen.getByTestId('payment-warning')).toHaveTextContent('Less than 2 minutes left to pay.');
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent('Less than 2 minutes left to pay.'));
    expect(screen.getByText(/extend the time to pay once, by 60 minutes/)).toBeInTheDocument();
  });

  it('extends the time to pay once: the new due time is announced and the offer goes', async () => {
    const later = awaiting(3600 + 60 * 60);
    later.payment = { ...later.payment, can_extend: false };
    const extend = vi.fn(() => jsonResponse(200, { data: later }));
    setup(awaiting(90), { 'POST /api/shipments/s1/payment/extend': extend });
    await userEvent.click(screen.getByRole('button', { name: 'Extend by 60 minutes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Extend by 60 minutes' })).not.toBeInTheDocument());
    expect(extend).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('live-region')).toHaveTextContent(/extended by 60 minutes, until/));
  });

  it('says a canceled order was canceled for lack of payment', () => {
    setup(makeShipment({ status: 'canceled', payment: { ...awaiting(0).payment, state: 'expired' }, payment_state: 'expired' }));
    expect(screen.getByText(/this order was canceled automatically/)).toBeInTheDocument();
  });

  it('says a paid booking that was canceled had its card authorization released', () => {
    setup(makeShipment({ status: 'canceled', payment: { ...awaiting(0).payment, state: 'released' }, payment_state: 'released' }));
    expect(screen.getByText('Payment released')).toBeInTheDocument();
    expect(screen.getByText(/the authorization of .+ on your card was released and nothing is charged/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  /** A canceled paid booking as the page shows it after the void job ran (the memo's link needs a router). */
  function renderCanceled(payment: Partial<ShipmentView['payment']>, permissions?: string[]) {
    const user = makeUser();
    if (permissions) user.account = { ...user.account!, permissions: permissions as never };
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    const base = awaiting(0).payment;
    const shipment = makeShipment({
      status: 'canceled',
      payment: { ...base, due_at: null, can_extend: false, card_last4: '4242', ...payment },
      payment_state: payment.state,
    });
    render(
      <MemoryRouter>
        <Providers queryClient={createQueryClient()}>
          <PaymentPanel shipment={shipment} onPaid={() => {}} onRefresh={() => {}} />
        </Providers>
      </MemoryRouter>,
    );
  }
  const MEMO = { id: 'm1', number: 'INV-000321' };

  it('links the credit memo of a released booking, and says a refunded one went back to the card, in English and Spanish', async () => {
    renderCanceled({ state: 'released', credit_memo: MEMO });
    expect(screen.getByText('Payment released')).toBeInTheDocument();
    const memo = screen.getByTestId('payment-credit-memo');
    expect(memo).toHaveTextContent('The invoice of this booking is credited by credit memo INV-000321');
    expect(within(memo).getByRole('link', { name: 'INV-000321' })).toHaveAttribute('href', '/invoice-detail/m1');
    cleanup();

    renderCanceled({ state: 'refunded', credit_memo: MEMO });
    expect(screen.getByText('Payment refunded')).toBeInTheDocument();
    expect(
      screen.getByText('This booking was canceled after the payment was taken: it was refunded to the card ending in 4242.'),
    ).toBeInTheDocument();
    cleanup();

    await act(() => i18n.changeLanguage('es'));
    renderCanceled({ state: 'refunded', credit_memo: MEMO });
    expect(screen.getByText('Pago reembolsado')).toBeInTheDocument();
    expect(screen.getByTestId('payment-credit-memo')).toHaveTextContent(
      'La factura de esta reserva se abona con la nota de crédito INV-000321',
    );
  });

  it('names the memo without a link for a role that cannot see invoices, and says the money is on its way back before the job ran', () => {
    renderCanceled({ state: 'released', credit_memo: MEMO }, ['shipments.view', 'shipments.book']);
    expect(screen.getByTestId('payment-credit-memo')).toHaveTextContent('INV-000321');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    cleanup();

    renderCanceled({ state: 'paid', credit_memo: null });
    expect(screen.getByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText(/The payment on your card is being released/)).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
  });

  it('pays by a new card: checks the fields, sends the card to the processor and only its pm_ id (one Idempotency-Key) to the portal', async () => {
    const paid = awaiting(3600, {});
    paid.payment = { ...paid.payment, state: 'paid', card_last4: '4242', paid_at: '2030-03-10T15:01:00Z' };
    const pay = vi.fn(() => jsonResponse(200, { data: paid }));
    const processor = vi.fn(() => jsonResponse(200, { id: 'pm_new', object: 'payment_method' }));
    const { fetchMock } = setup(awaiting(3600), {
      ...offer([]),
      [`POST ${PROCESSOR.api_url}/v1/payment_methods`]: processor,
      'POST /api/shipments/s1/payment': pay,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByTestId('test-cards')).toHaveTextContent('4242 4242 4242 4242');
    // No saved card: nothing to choose, the card's fields at once.
    expect(dialog.queryByRole('radiogroup')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(dialog.getAllByText('Field is required').length).toBeGreaterThanOrEqual(3);
    expect(pay).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByLabelText(/Card number/), '42');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(dialog.getByText('Enter a valid card number')).toBeInTheDocument();
    expect(processor).not.toHaveBeenCalled();
    await userEvent.clear(dialog.getByLabelText(/Card number/));
    await userEvent.clear(dialog.getByLabelText(/Name on card/));

    dialog = await fillCard('4242 4242 4242 4242');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText(/paid with the card ending in 4242/)).toBeInTheDocument();
    expect(pay).toHaveBeenCalledTimes(1);
    const [, toProcessor] = fetchMock.mock.calls.find(([u]) => u.startsWith(PROCESSOR.api_url)) as [string, RequestInit];
    const sent = new URLSearchParams(String(toProcessor.body));
    expect(sent.get('key')).toBe(PROCESSOR.publishable_key);
    expect(sent.get('card[number]')).toBe('4242424242424242');
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/shipments/s1/payment') as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init.body))).toEqual({ payment_method: 'pm_new', return_path: expect.stringMatching(/^\/track\/detail\//) });
    // No number ever went to the portal.
    const portal = fetchMock.mock.calls.filter(([u]) => u.startsWith('/'));
    expect(portal.some(([, i]) => String((i as RequestInit | undefined)?.body ?? '').includes('4242424242424242'))).toBe(false);
  });

  it('preselects the account’s default saved card and pays with it; a new card stays a choice away', async () => {
    const paid = awaiting(3600, {});
    paid.payment = { ...paid.payment, state: 'paid', card_last4: '4444', paid_at: '2030-03-10T15:01:00Z' };
    const pay = vi.fn(() => jsonResponse(200, { data: paid }));
    const { fetchMock } = setup(awaiting(3600), { ...offer([SAVED_VISA, SAVED_MASTERCARD]), 'POST /api/shipments/s1/payment': pay });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = within(await screen.findByRole('dialog'));
    const mastercard = await dialog.findByRole('radio', { name: 'Mastercard ending in 4444, expires 1/2031 (default)' });
    expect(mastercard).toBeChecked();
    expect(dialog.getByRole('radio', { name: 'Visa ending in 4242, expires 12/2030' })).not.toBeChecked();
    expect(dialog.queryByLabelText(/Card number/)).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: 'A new card' }));
    expect(dialog.getByLabelText(/Card number/)).toBeInTheDocument();
    await userEvent.click(mastercard);
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/shipments/s1/payment') as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      payment_method: 'pm_saved_mc',
      return_path: expect.stringMatching(/^\/track\/detail\//),
    });
  });

  it('puts the processor’s refusal on the field it names, in Spanish too', async () => {
    setup(awaiting(3600), {
      ...offer([]),
      [`POST ${PROCESSOR.api_url}/v1/payment_methods`]: () =>
        jsonResponse(402, { error: { type: 'card_error', code: 'incorrect_number', param: 'card[number]' } }),
    });
    await act(() => i18n.changeLanguage('es'));
    await userEvent.click(screen.getByRole('button', { name: 'Pagar ahora' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(await dialog.findByLabelText(/Nombre en la tarjeta/), 'Ana Pérez');
    await userEvent.type(dialog.getByLabelText(/Número de tarjeta/), '4242 4242 4242 4241');
    await userEvent.selectOptions(dialog.getByLabelText(/Mes de venc/), '12');
    await userEvent.selectOptions(dialog.getByLabelText(/Año de venc/), String(new Date().getFullYear() + 2));
    await userEvent.type(dialog.getByLabelText(/Código de seguridad/), '123');
    await userEvent.click(dialog.getByRole('button', { name: /^Pagar / }));
    expect(await dialog.findByText('Ingrese un número de tarjeta válido')).toBeInTheDocument();
    expect(dialog.getByLabelText(/Número de tarjeta/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a declined card and a processor failure plainly, keeping the card form', async () => {
    let answer = jsonResponse(402, { code: 'payment_declined', message: 'Your card was declined. Please use another card.' });
    let made = 0;
    setup(awaiting(3600), {
      ...offer([]),
      [`POST ${PROCESSOR.api_url}/v1/payment_methods`]: () => jsonResponse(200, { id: `pm_${++made}` }),
      'POST /api/shipments/s1/payment': () => answer,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = await fillCard('4000 0000 0000 0002');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(await dialog.findByText('Your card was declined. Please use another card.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/Card number/)).toHaveValue('4000 0000 0000 0002');

    answer = jsonResponse(502, { code: 'payment_failed', message: '' });
    await userEvent.clear(dialog.getByLabelText(/Card number/));
    await userEvent.type(dialog.getByLabelText(/Card number/), '4000 0000 0000 0119');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(
      await dialog.findByText('We could not reach the payment processor. Your card was not charged. Please try again in a few minutes.'),
    ).toBeInTheDocument();
    expect(made).toBe(2);
    await waitFor(() => expect(screen.getByText('Awaiting payment')).toBeInTheDocument());
  });

  it('sends the payer to the card issuer’s 3-D Secure page when Pay Now asks for it', async () => {
    const assign = vi.fn();
    const challengePage = `${PROCESSOR.api_url}/sim/3ds/pi_abc`;
    setup(awaiting(3600), {
      ...offer([SAVED_VISA]),
      'POST /api/shipments/s1/payment': () =>
        jsonResponse(402, {
          message: 'Your bank asks you to confirm this payment. Complete the check to pay.',
          code: 'payment_requires_action',
          payment_intent: 'pi_abc',
          client_secret: 'pi_abc_secret_x',
          next_action_url: challengePage,
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByRole('radio', { name: /Visa ending in 4242/ });
    vi.stubGlobal('location', { ...window.location, assign });
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(challengePage));
    expect(dialog.getByText('Your bank asks you to confirm this payment. Opening its page…')).toBeInTheDocument();
  });

  it('back from the challenge, asks the server how the payment ended (once, never the address) and shows it paid', async () => {
    window.history.replaceState(
      null,
      '',
      '/track/detail/s1?payment_intent=pi_abc&payment_intent_client_secret=pi_abc_secret_x&redirect_status=succeeded',
    );
    const paid = awaiting(3600, {});
    paid.payment = { ...paid.payment, state: 'paid', card_last4: '3184', paid_at: '2030-03-10T15:01:00Z' };
    const confirm = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(200, { data: paid }));
    setup(awaiting(3600), { 'POST /api/shipments/s1/payment/confirm': confirm });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText(/paid with the card ending in 3184/)).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(confirm.mock.calls[0]?.[1]?.body))).toEqual({ payment_intent: 'pi_abc' });
    expect(window.location.pathname).toBe('/track/detail/s1');
    expect(window.location.search).toBe('');
  });

  it('back from a failed challenge, says the payment did not go through and keeps Pay Now', async () => {
    window.history.replaceState(null, '', '/track/detail/s1?payment_intent=pi_abc&redirect_status=failed');
    setup(awaiting(3600), {
      'POST /api/shipments/s1/payment/confirm': () =>
        jsonResponse(402, {
          message: "Your card's authentication failed, so the card was not charged. Try again or use another card.",
          code: 'payment_declined',
        }),
    });
    const failed = await screen.findByTestId('payment-challenge-failed');
    expect(failed).toHaveTextContent('The payment did not go through');
    expect(failed).toHaveTextContent("Your card's authentication failed");
    expect(screen.getByText('Awaiting payment')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
  });
});
