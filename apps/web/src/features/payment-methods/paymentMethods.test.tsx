import type { PaymentMethodView } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS, DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, savedMethod, setCookie, TEST_ACCOUNT, TEST_PROCESSOR } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const PROCESSOR = TEST_PROCESSOR;
const visa = savedMethod();

function signedIn(table: Record<string, unknown>, account = TEST_ACCOUNT, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account, settings: { ...DEFAULT_SETTINGS, language } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, 'GET /api/payment-methods/processor': { data: PROCESSOR }, ...table });
}

const bodyOf = (init?: RequestInit) => String(init?.body ?? '');

/** Types a card into the Add a card form (the simulator's fields). */
async function typeCard(number: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name on card' }), 'Bea Billing');
  await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), number);
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry month' }), '12');
  await userEvent.type(screen.getByRole('textbox', { name: 'Expiry year' }), '2030');
  await userEvent.type(screen.getByRole('textbox', { name: /Security code/ }), '123');
}

describe('Settings > Payment methods', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('sends the card to the processor with the publishable key, and only the pm_ id to the portal', async () => {
    let methods: PaymentMethodView[] = [];
    const fetchMock = signedIn({
      'GET /api/payment-methods': () => jsonResponse(200, { data: { methods, autopay: false } }),
      'POST http://processor.test/stripe-sim/v1/payment_methods': () => jsonResponse(200, { id: 'pm_123', object: 'payment_method' }),
      'POST /api/payment-methods': () => {
        methods = [visa];
        return jsonResponse(201, { data: visa });
      },
    });
    renderApp('/settings/payment-methods');
    expect(await screen.findByRole('tab', { name: 'Payment methods', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No payment method saved yet.')).toBeInTheDocument();
    const autopay = screen.getByRole('switch', { name: 'Pay invoices automatically' });
    expect(autopay).toBeDisabled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name on card' }), 'Bea Billing');
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242 4242 4242 4242');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry month' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry year' }), '2030');
    await userEvent.type(screen.getByRole('textbox', { name: /Security code/ }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText('Visa ending in 4242 saved')).toBeInTheDocument();
    const toProcessor = fetchMock.mock.calls.find((c) => String(c[0]).startsWith('http://processor.test'));
    const sent = new URLSearchParams(bodyOf(toProcessor?.[1] as RequestInit));
    expect(sent.get('key')).toBe('pk_test_web');
    expect(sent.get('card[number]')).toBe('4242424242424242');
    const toPortal = fetchMock.mock.calls.find((c) => c[0] === '/api/payment-methods' && (c[1] as RequestInit)?.method === 'POST');
    expect(JSON.parse(bodyOf(toPortal?.[1] as RequestInit))).toEqual({ payment_method: 'pm_123' });
    expect(
      fetchMock.mock.calls
        .filter((c) => !String(c[0]).startsWith('http'))
        .some((c) => bodyOf(c[1] as RequestInit).includes('4242424242424242')),
    ).toBe(false);
    const list = await screen.findByTestId('saved-payment-methods');
    expect(await within(list).findByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(list).getByText('Default')).toBeInTheDocument();
    expect(within(list).getByText('Expires 12/2030')).toBeInTheDocument();
  });

  it('shows the processor’s refusal at the field it names', async () => {
    signedIn({
      'GET /api/payment-methods': { data: { methods: [], autopay: false } },
      'POST http://processor.test/stripe-sim/v1/payment_methods': () =>
        jsonResponse(402, { error: { type: 'card_error', code: 'incorrect_number', param: 'card[number]' } }),
    });
    renderApp('/settings/payment-methods');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name on card' }), 'Bea');
    await userEvent.type(screen.getByRole('textbox', { name: 'Card number' }), '4242424242424241');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry month' }), '12');
    await userEvent.type(screen.getByRole('textbox', { name: 'Expiry year' }), '2030');
    await userEvent.type(screen.getByRole('textbox', { name: /Security code/ }), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('The payment processor says this card number is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a bank account to the processor too, only its pm_ id to the portal; a refused routing number is shown at its field', async () => {
    let methods: PaymentMethodView[] = [];
    let processorAnswers = [
      jsonResponse(400, {
        error: { type: 'invalid_request_error', code: 'routing_number_invalid', param: 'us_bank_account[routing_number]' },
      }),
      jsonResponse(200, { id: 'pm_bank', object: 'payment_method' }),
    ];
    const bank: PaymentMethodView = {
      ...visa,
      id: 'm2',
      ref: 'pm_saved_bank',
      type: 'us_bank_account',
      brand: null,
      last4: '6789',
      exp_month: null,
      exp_year: null,
      bank_name: null,
    };
    const fetchMock = signedIn({
      'GET /api/payment-methods': () => jsonResponse(200, { data: { methods, autopay: false } }),
      'POST http://processor.test/stripe-sim/v1/payment_methods': () => {
        const [next, ...rest] = processorAnswers;
        processorAnswers = rest;
        return next;
      },
      'POST /api/payment-methods': () => {
        methods = [bank];
        return jsonResponse(201, { data: bank });
      },
    });
    renderApp('/settings/payment-methods');
    const form = await screen.findByTestId('add-bank-account');
    expect(within(form).getByText(/you authorize us to debit this account/)).toBeInTheDocument();
    await userEvent.type(within(form).getByRole('textbox', { name: 'Account holder' }), 'Demo Shipper Co');
    // A routing number failing the ABA checksum never leaves the browser.
    await userEvent.type(within(form).getByRole('textbox', { name: 'Routing number' }), '110000001');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Account number' }), '000123456789');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Account type' }), 'savings');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await within(form).findByText('Enter a valid 9-digit routing number')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('http://processor.test'))).toHaveLength(0);
    // One that passes it may still be refused by the processor, which says so on the field.
    await userEvent.clear(within(form).getByRole('textbox', { name: 'Routing number' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Routing number' }), '021000021');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await within(form).findByText('The payment processor says this routing number is not valid.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Routing number' })).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(within(form).getByRole('textbox', { name: 'Routing number' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Routing number' }), '110000000');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Bank account ending in 6789 saved')).toBeInTheDocument();
    const toProcessor = fetchMock.mock.calls.filter((c) => String(c[0]).startsWith('http://processor.test')).at(-1);
    const sent = new URLSearchParams(bodyOf(toProcessor?.[1] as RequestInit));
    expect(Object.fromEntries(sent)).toMatchObject({
      key: 'pk_test_web',
      type: 'us_bank_account',
      'us_bank_account[routing_number]': '110000000',
      'us_bank_account[account_number]': '000123456789',
      'us_bank_account[account_type]': 'savings',
      'billing_details[name]': 'Demo Shipper Co',
    });
    const toPortal = fetchMock.mock.calls.filter((c) => c[0] === '/api/payment-methods' && (c[1] as RequestInit)?.method === 'POST');
    expect(toPortal.map((c) => JSON.parse(bodyOf(c[1] as RequestInit)))).toEqual([{ payment_method: 'pm_bank' }]);
    expect(within(form).getByRole('textbox', { name: 'Account number' })).toHaveValue('');
  });

  it('makes another method the default, removes one after asking, and turns autopay on, in Spanish', async () => {
    const bank: PaymentMethodView = {
      ...visa,
      id: 'm2',
      ref: 'pm_saved_bank',
      type: 'us_bank_account',
      brand: null,
      last4: '6789',
      exp_month: null,
      exp_year: null,
      bank_name: 'STRIPE TEST BANK',
      is_default: false,
    };
    let methods = [visa, bank];
    let autopay = false;
    const fetchMock = signedIn(
      {
        'GET /api/payment-methods': () => jsonResponse(200, { data: { methods, autopay } }),
        'PUT /api/payment-methods/m2/default': () => {
          methods = [
            { ...bank, is_default: true },
            { ...visa, is_default: false },
          ];
          return jsonResponse(200, { data: methods[0] });
        },
        'DELETE /api/payment-methods/m1': () => {
          methods = methods.filter((m) => m.id !== 'm1');
          return new Response(null, { status: 204 });
        },
        'PUT /api/payment-methods/autopay': (_: string, init?: RequestInit) => {
          autopay = (JSON.parse(bodyOf(init)) as { enabled: boolean }).enabled;
          return jsonResponse(200, { data: { methods, autopay } });
        },
      },
      TEST_ACCOUNT,
      'es',
    );
    renderApp('/settings/payment-methods');
    expect(await screen.findByRole('tab', { name: 'Métodos de pago', selected: true })).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Hacer predeterminado Cuenta de STRIPE TEST BANK con terminación 6789' }),
    );
    expect(await screen.findByText('Cuenta de STRIPE TEST BANK con terminación 6789 es ahora el predeterminado')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Visa con terminación 4242' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este método de pago?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('Visa con terminación 4242')).toBeNull());
    expect(fetchMock.mock.calls.some((c) => c[0] === '/api/payment-methods/m1' && (c[1] as RequestInit)?.method === 'DELETE')).toBe(true);

    const toggle = screen.getByRole('switch', { name: 'Pagar las facturas automáticamente' });
    expect(toggle).toHaveAccessibleDescription(/En la fecha de vencimiento de cada factura abierta/);
    await userEvent.click(toggle);
    expect(await screen.findByText('El pago automático está activado')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('is no tab of a user who may not pay invoices, and its page calls nothing', async () => {
    const fetchMock = signedIn(
      {},
      { ...TEST_ACCOUNT, role: 'viewer', permissions: CUSTOMER_PERMISSIONS.filter((p) => p.endsWith('.view')) },
    );
    renderApp('/settings');
    expect(await screen.findByRole('tab', { name: 'User settings', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Payment methods' })).toBeNull();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/api/payment-methods'))).toBe(false);
  });

  it('sends the payer to the card issuer’s 3-D Secure page when saving a card asks for it, to come back here', async () => {
    const assign = vi.fn();
    const challengePage = 'http://processor.test/stripe-sim/sim/3ds/seti_abc';
    signedIn({
      'GET /api/payment-methods': { data: { methods: [], autopay: false } },
      'POST http://processor.test/stripe-sim/v1/payment_methods': () => jsonResponse(200, { id: 'pm_3ds', object: 'payment_method' }),
      'POST /api/payment-methods': () =>
        jsonResponse(402, {
          message: 'Your bank asks you to confirm this payment. Complete the check to pay.',
          code: 'payment_requires_action',
          setup_intent: 'seti_abc',
          client_secret: 'seti_abc_secret_x',
          next_action_url: challengePage,
        }),
    });
    renderApp('/settings/payment-methods');
    await typeCard('4000 0025 0000 3155');
    vi.stubGlobal('location', { ...window.location, assign });
    await userEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(challengePage));
    expect(screen.getByText('Your bank asks you to confirm this card. Opening its page…')).toBeInTheDocument();
  });

  it('back from the challenge, asks the server whether the card was saved (never the address) and says so', async () => {
    window.history.replaceState(
      null,
      '',
      '/settings/payment-methods?setup_intent=seti_abc&setup_intent_client_secret=seti_abc_secret_x&redirect_status=succeeded',
    );
    let methods: PaymentMethodView[] = [];
    const secure = { ...visa, last4: '3155' };
    const confirm = vi.fn((_url: string, _init?: RequestInit) => {
      methods = [secure];
      return jsonResponse(201, { data: secure });
    });
    signedIn({
      'GET /api/payment-methods': () => jsonResponse(200, { data: { methods, autopay: false } }),
      'POST /api/payment-methods/confirm': confirm,
    });
    renderApp('/settings/payment-methods');
    expect(await screen.findByText('Visa ending in 3155 saved')).toBeInTheDocument();
    expect(JSON.parse(bodyOf(confirm.mock.calls[0]?.[1]))).toEqual({ setup_intent: 'seti_abc' });
    expect(confirm).toHaveBeenCalledTimes(1);
    const list = await screen.findByTestId('saved-payment-methods');
    expect(await within(list).findByText('Visa ending in 3155')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('back from a failed challenge, says the card was not saved and why', async () => {
    window.history.replaceState(null, '', '/settings/payment-methods?setup_intent=seti_abc&redirect_status=failed');
    signedIn({
      'GET /api/payment-methods': { data: { methods: [], autopay: false } },
      'POST /api/payment-methods/confirm': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          code: 'validation_failed',
          errors: {
            payment_method: [
              'Your bank could not confirm this card (authentication failed), so it was not saved. Try again or use another card.',
            ],
          },
        }),
    });
    renderApp('/settings/payment-methods');
    const alert = await screen.findByTestId('card-challenge-failed');
    expect(alert).toHaveTextContent('The card was not saved');
    expect(alert).toHaveTextContent('authentication failed');
    expect(await screen.findByText('No payment method saved yet.')).toBeInTheDocument();
  });
});
