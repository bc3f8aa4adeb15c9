import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { jsonResponse, savedMethod, TEST_PROCESSOR } from '../../../test/fixtures';
import { listPage, renderListScreen } from '../../../test/listScreen';
import { item, ROWS, SUMMARY } from '../testInvoices';

const PROCESSOR = TEST_PROCESSOR;
/** The test processor: each card or bank account the browser sends it becomes pm_1, pm_2... */
const processorMade = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(200, { id: `pm_${processorMade.mock.calls.length}` }));

function renderOpenInvoices(stubs: Record<string, unknown> = {}, rows = ROWS, language: 'en' | 'es' = 'en') {
  processorMade.mockClear();
  return renderListScreen({
    path: '/my-invoices',
    endpoint: '/api/invoices',
    language,
    list: () => listPage(rows, 1, 1, rows.length),
    stubs: {
      'GET /api/invoices/summary': { data: SUMMARY },
      'GET /api/payment-methods': { data: { methods: [], autopay: false } },
      'GET /api/payment-methods/processor': { data: PROCESSOR },
      [`POST ${PROCESSOR.api_url}/v1/payment_methods`]: processorMade,
      ...stubs,
    },
  });
}

/** Types the test processor's approved card into the pay dialog. */
async function typeCard(dialog: HTMLElement) {
  await userEvent.type(await within(dialog).findByLabelText(/Name on card/), 'Dana Shipper');
  await userEvent.type(within(dialog).getByLabelText(/Card number/), '4242 4242 4242 4242');
  await userEvent.selectOptions(within(dialog).getByLabelText(/Expiry month/), '12');
  await userEvent.selectOptions(within(dialog).getByLabelText(/Expiry year/), String(new Date().getFullYear() + 2));
  const [cvc] = within(dialog).getAllByLabelText(/CVC/);
  if (cvc) await userEvent.type(cvc, '123');
}

const PAID = {
  data: {
    id: 'p1',
    method: 'card',
    status: 'settled',
    total_cents: 118_392,
    currency: 'USD',
    last4: '4242',
    receipt_url: '/r',
    invoices: [],
  },
};

describe('Open Invoices', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('shows the aging buckets, the hold and the rows with their aging and status', async () => {
    renderOpenInvoices();
    const summary = await screen.findByTestId('aging-summary');
    expect(summary).toHaveTextContent('$559.77');
    expect(summary).toHaveTextContent('$624.15');
    expect(summary).toHaveTextContent('$1,183.92');
    expect(screen.getByTestId('credit-hold-alert')).toHaveTextContent('An invoice is past its terms.');
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    const [, pastDue] = rows;
    expect(pastDue).toHaveTextContent('8 days');
    expect(pastDue).toHaveTextContent('BOL 06141410090000015');
    expect(within(pastDue as HTMLElement).getByText('Past due')).toBeInTheDocument();
    expect(within(pastDue as HTMLElement).getByRole('link', { name: 'INV-0100002' })).toHaveAttribute('href', '/invoice-detail/i2');
  });

  it('names every reference of the invoiced shipment with its type, in Spanish too', async () => {
    renderOpenInvoices({}, [ROWS[0]!, item({ id: 'i3', number: 'INV-0100003', shipment_id: null, bol_number: null, references: [] })]);
    const [withRefs, without] = await screen.findAllByTestId('invoice-row');
    expect(within(withRefs as HTMLElement).getByTestId('shipment-references')).toHaveTextContent('PO Number: PO-4471 · SO Number: SO-2290');
    expect(within(without as HTMLElement).queryByTestId('shipment-references')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('es'));
    try {
      renderOpenInvoices({}, ROWS, 'es');
      const [row] = await screen.findAllByTestId('invoice-row');
      expect(within(row as HTMLElement).getByTestId('shipment-references')).toHaveTextContent(
        'Número de orden de compra (PO): PO-4471 · Número de orden de venta (SO): SO-2290',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('asks for a selection before paying, then pays the selected invoices in one payment with an Idempotency-Key', async () => {
    const pay = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, PAID));
    const { listQueries } = renderOpenInvoices({ 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay selected' }));
    expect(await screen.findByText('You must select at least one invoice in order to pay')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0100001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 2 selected invoices' }));
    const dialog = await screen.findByRole('dialog');
    await typeCard(dialog);
    const listed = listQueries().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $1,183.92' }));
    await waitFor(() => expect(pay).toHaveBeenCalled());
    const init = pay.mock.calls[0]?.[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({
      method: 'card',
      allocations: [
        { invoice_id: 'i1', amount_cents: 55_977 },
        { invoice_id: 'i2', amount_cents: 62_415 },
      ],
      payment_method: 'pm_1',
      return_path: '/my-invoices',
    });
    // The card went to the processor, with the publishable key; the portal got its pm_ id alone.
    const sent = new URLSearchParams(String(processorMade.mock.calls[0]?.[1]?.body));
    expect([sent.get('key'), sent.get('card[number]'), sent.get('card[exp_month]')]).toEqual(['pk_test_web', '4242424242424242', '12']);
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Payment of $1,183.92 received. Thank you.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the receipt' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(listed));
    expect(screen.getByRole('button', { name: 'Pay selected' })).toBeInTheDocument();
  });

  it('pays a part of a balance; when the invoices changed meanwhile it says so, keeps what was typed and lists them again', async () => {
    const pay = vi
      .fn((_url: string, _init?: RequestInit) => jsonResponse(201, PAID))
      .mockImplementationOnce(() =>
        jsonResponse(409, {
          message: 'These invoices changed while you were paying. Review the balances and pay again.',
          code: 'invoice_payment_conflict',
        }),
      );
    const { listQueries } = renderOpenInvoices({ 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 1 selected invoice' }));
    const dialog = await screen.findByRole('dialog');
    const amount = await within(dialog).findByLabelText('Amount for INV-0100002');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await typeCard(dialog);
    const listed = listQueries().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('These invoices changed while you were paying.');
    await waitFor(() => expect(listQueries().length).toBeGreaterThan(listed));
    expect(within(dialog).getByLabelText(/Card number/)).toHaveValue('4242 4242 4242 4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $100.00' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(2));
    const [first, second] = pay.mock.calls.map(([, init]) => init as RequestInit);
    expect(JSON.parse(String(second?.body)).allocations).toEqual([{ invoice_id: 'i2', amount_cents: 10_000 }]);
    // A conflict is no outcome of the key: the next try is a payment of its own.
    const key = (init: RequestInit | undefined) => new Headers(init?.headers).get('Idempotency-Key');
    expect(key(second)).toMatch(/^[0-9a-f-]{36}$/);
    expect(key(second)).not.toBe(key(first));
    // The same card typed: the same method at the processor, made once.
    expect(processorMade).toHaveBeenCalledTimes(1);
  });

  it('offers the saved methods of the kind chosen, the default first; a saved bank account pays by ACH with its pm_ id alone', async () => {
    const saved = savedMethod;
    const methods = [
      saved({}),
      saved({
        id: 'm2',
        ref: 'pm_saved_bank',
        type: 'us_bank_account',
        brand: null,
        last4: '6789',
        exp_month: null,
        exp_year: null,
        bank_name: 'STRIPE TEST BANK',
        is_default: false,
      }),
      // Saved, but awaiting its micro-deposit's code: it cannot pay yet, so it is not offered.
      saved({
        id: 'm3',
        ref: 'pm_awaiting_bank',
        type: 'us_bank_account',
        brand: null,
        last4: '1113',
        exp_month: null,
        exp_year: null,
        bank_name: 'STRIPE TEST BANK',
        is_default: false,
        verification: 'awaiting',
        microdeposits_arrive_at: '2030-03-11T15:00:00Z',
        verify_attempts_left: 10,
      }),
    ];
    const pay = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, PAID));
    renderOpenInvoices({ 'GET /api/payment-methods': { data: { methods, autopay: false } }, 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 1 selected invoice' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('radio', { name: 'Visa ending in 4242, expires 12/2030 (default)' })).toBeChecked();
    expect(dialog.queryByRole('radio', { name: /STRIPE TEST BANK/ })).toBeNull();
    expect(dialog.queryByLabelText(/Card number/)).toBeNull();
    await userEvent.click(dialog.getByRole('radio', { name: 'Bank account (ACH)' }));
    expect(dialog.getByRole('radio', { name: 'STRIPE TEST BANK account ending in 6789' })).toBeChecked();
    // A bank account is never typed in here: it pays once saved and verified under Payment methods.
    expect(dialog.queryByRole('radio', { name: 'A new bank account' })).toBeNull();
    expect(dialog.queryByLabelText(/Routing number/)).toBeNull();
    expect(dialog.queryByRole('radio', { name: /ending in 1113/ })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Pay $624.15' }));
    await waitFor(() => expect(pay).toHaveBeenCalled());
    expect(JSON.parse(String((pay.mock.calls[0]?.[1] as RequestInit | undefined)?.body))).toEqual({
      method: 'ach',
      allocations: [{ invoice_id: 'i2', amount_cents: 62_415 }],
      payment_method: 'pm_saved_bank',
      return_path: '/my-invoices',
    });
    expect(processorMade).not.toHaveBeenCalled();
  });

  it('with no verified bank account, sends the payer to Payment methods to add one, and pays nothing by bank', async () => {
    const pay = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, PAID));
    renderOpenInvoices({ 'GET /api/payment-methods': { data: { methods: [], autopay: false } }, 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 1 selected invoice' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(await dialog.findByRole('radio', { name: 'Bank account (ACH)' }));
    expect(dialog.getByRole('status')).toHaveTextContent('A bank account pays only once it is saved and verified');
    expect(dialog.getByRole('link', { name: 'Add a bank account under Payment methods' })).toHaveAttribute(
      'href',
      '/settings/payment-methods',
    );
    expect(dialog.getByRole('button', { name: 'Pay $624.15' })).toBeDisabled();
    expect(pay).not.toHaveBeenCalled();
  });

  it('pays invoices of one currency at a time', async () => {
    renderOpenInvoices({}, [...ROWS, item({ id: 'i3', number: 'INV-0100003', currency: 'CAD' })]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0100001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0100003' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 2 selected invoices' }));
    expect(await screen.findByText('Pay invoices of one currency at a time.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the filter in the URL and asks the server for it', async () => {
    const { listQueries } = renderOpenInvoices();
    await screen.findAllByTestId('invoice-row');
    await userEvent.click(screen.getByText('Past Due', { exact: true }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ filter: 'past_due', sort: 'due_date', dir: 'asc' }));
  });

  it('sends the payer to the card issuer’s 3-D Secure page when asked, to come back to Open Invoices', async () => {
    const assign = vi.fn();
    const challengePage = `${PROCESSOR.api_url}/sim/3ds/pi_abc`;
    const pay = vi.fn(() =>
      jsonResponse(402, {
        message: 'Your bank asks you to confirm this payment. Complete the check to pay.',
        code: 'payment_requires_action',
        payment_intent: 'pi_abc',
        client_secret: 'pi_abc_secret_x',
        next_action_url: challengePage,
      }),
    );
    renderOpenInvoices({ 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 1 selected invoice' }));
    const dialog = await screen.findByRole('dialog');
    await typeCard(dialog);
    vi.stubGlobal('location', { ...window.location, assign });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $624.15' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(challengePage));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your bank asks you to confirm this payment. Opening its page…');
  });

  it('back from the challenge, asks the server how the payment ended (never the address) and says it was paid', async () => {
    window.history.replaceState(
      null,
      '',
      '/my-invoices?payment_intent=pi_abc&payment_intent_client_secret=pi_abc_secret_x&redirect_status=succeeded',
    );
    const confirm = vi.fn((_url: string, _init?: RequestInit) =>
      jsonResponse(200, { data: { ...PAID.data, total_cents: 62_415, last4: '3184' } }),
    );
    renderOpenInvoices({ 'POST /api/invoice-payments/confirm': confirm });
    expect(await screen.findByText('Payment of $624.15 received. Thank you.')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(confirm.mock.calls[0]?.[1]?.body))).toEqual({ payment_intent: 'pi_abc' });
    // The intent left the address: a reload does not ask again.
    expect(window.location.search).toBe('');
  });

  it('back from a failed challenge, says why the payment did not go through, in Spanish too', async () => {
    window.history.replaceState(null, '', '/my-invoices?payment_intent=pi_abc&redirect_status=failed');
    const declined = (message: string) => () => jsonResponse(402, { message, code: 'payment_declined' });
    renderOpenInvoices({
      'POST /api/invoice-payments/confirm': declined(
        "Your card's authentication failed, so the card was not charged. Try again or use another card.",
      ),
    });
    const alert = await screen.findByTestId('invoice-challenge-failed');
    expect(alert).toHaveTextContent('The payment did not go through');
    expect(alert).toHaveTextContent("Your card's authentication failed");
    cleanup();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('es'));
    try {
      window.history.replaceState(null, '', '/my-invoices?payment_intent=pi_abc&redirect_status=failed');
      renderOpenInvoices(
        { 'POST /api/invoice-payments/confirm': declined('La autenticación de su tarjeta falló, por lo que no se le cobró.') },
        ROWS,
        'es',
      );
      const spanish = await screen.findByTestId('invoice-challenge-failed');
      expect(spanish).toHaveTextContent('El pago no se realizó');
      expect(spanish).toHaveTextContent('La autenticación de su tarjeta falló');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
