import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { listPage, renderListScreen } from '../../../test/listScreen';
import { item, ROWS, SUMMARY } from '../testInvoices';

configure({ asyncUtilTimeout: 5000 });

function renderOpenInvoices(stubs: Record<string, unknown> = {}, rows = ROWS, language: 'en' | 'es' = 'en') {
  return renderListScreen({
    path: '/my-invoices',
    endpoint: '/api/invoices',
    language,
    list: () => listPage(rows, 1, 1, rows.length),
    stubs: { 'GET /api/invoices/summary': { data: SUMMARY }, ...stubs },
  });
}

/** Types the test processor's approved card into the pay dialog. */
async function typeCard(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/Name on card/), 'Dana Shipper');
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

describe('Open Invoices', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

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
    expect(JSON.parse(String(init.body))).toMatchObject({
      method: 'card',
      allocations: [
        { invoice_id: 'i1', amount_cents: 55_977 },
        { invoice_id: 'i2', amount_cents: 62_415 },
      ],
      card: { card_number: '4242424242424242', exp_month: 12, cvc: '123' },
    });
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
    const amount = within(dialog).getByLabelText('Amount for INV-0100002');
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
});
