import type { ShipmentView } from '@freight/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../app/providers';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { stubApi } from '../../test/stubApi';
import { LiveRegion } from '../a11y/LiveRegion';
import { PaymentPanel } from './PaymentPanel';
import { makeShipment } from './testShipment';

const NOW = new Date('2030-03-10T15:00:00Z');

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

describe('PaymentPanel', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
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
    expect(screen.getByText(/from My Shipments, or here/)).toBeInTheDocument();
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

  it('pays by card: checks the fields, sends one Idempotency-Key, then shows the paid state with the last 4 digits', async () => {
    const paid = awaiting(3600, {});
    paid.payment = { ...paid.payment, state: 'paid', card_last4: '4242', paid_at: '2030-03-10T15:01:00Z' };
    const pay = vi.fn(() => jsonResponse(200, { data: paid }));
    const { fetchMock } = setup(awaiting(3600), { 'POST /api/shipments/s1/payment': pay });
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByTestId('test-cards')).toHaveTextContent('4242 4242 4242 4242');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(dialog.getAllByText('Field is required').length).toBeGreaterThanOrEqual(3);
    expect(pay).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByLabelText(/Card number/), '42');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(dialog.getByText('Enter a valid card number')).toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText(/Card number/));
    await userEvent.clear(dialog.getByLabelText(/Name on card/));

    dialog = await fillCard('4242 4242 4242 4242');
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $200.00' }));
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(screen.getByText(/paid with the card ending in 4242/)).toBeInTheDocument();
    expect(pay).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls.find(([u]) => u === '/api/shipments/s1/payment') as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init.body))).toMatchObject({ card_number: '4242424242424242', exp_month: 12, cvc: '123' });
  });

  it('says a declined card and a processor failure plainly, keeping the card form', async () => {
    let answer = jsonResponse(402, { code: 'payment_declined', message: 'Your card was declined. Please use another card.' });
    setup(awaiting(3600), { 'POST /api/shipments/s1/payment': () => answer });
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
    await waitFor(() => expect(screen.getByText('Awaiting payment')).toBeInTheDocument());
  });
});
