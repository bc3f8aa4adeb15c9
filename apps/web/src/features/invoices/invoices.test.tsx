import type { InvoiceListItem, InvoiceSummary, InvoiceView } from '@freight/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { listPage, renderListScreen } from '../../test/listScreen';

configure({ asyncUtilTimeout: 5000 });

const item = (over: Partial<InvoiceListItem>): InvoiceListItem => ({
  id: 'i1',
  number: 'INV-0100001',
  type: 'freight',
  status: 'open',
  shipment_id: 's1',
  bol_number: '06141410090000015',
  pro_number: '4100015838',
  delivery_location: 'Dallas, TX',
  invoice_date: '2026-11-10',
  due_date: '2026-12-10',
  days_past_due: 0,
  aging_bucket: 'current',
  currency: 'USD',
  total_cents: 55_977,
  balance_cents: 55_977,
  pending_cents: 0,
  disputed_cents: 0,
  paid_at: null,
  payment_method: null,
  payment_last4: null,
  ...over,
});

const ROWS = [
  item({}),
  item({
    id: 'i2',
    number: 'INV-0100002',
    status: 'past_due',
    days_past_due: 8,
    aging_bucket: 'days_1_30',
    balance_cents: 62_415,
    total_cents: 62_415,
  }),
];

const SUMMARY: InvoiceSummary = {
  currencies: [
    { currency: 'USD', current: 55_977, days_1_30: 62_415, days_31_60: 0, days_61_90: 0, days_90_plus: 0, total_cents: 118_392 },
  ],
  credit: {
    payment_terms: 'credit',
    net_days: 30,
    grace_days: 10,
    credit_limit_cents: 2_500_000,
    used_cents: 118_392,
    on_hold: true,
    hold_reasons: ['past_due'],
    manual_hold: false,
  },
};

function renderOpenInvoices(stubs: Record<string, unknown> = {}) {
  return renderListScreen({
    path: '/my-invoices',
    endpoint: '/api/invoices',
    list: () => listPage(ROWS, 1, 1, 2),
    stubs: { 'GET /api/invoices/summary': { data: SUMMARY }, ...stubs },
  });
}

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
    expect(rows[1]).toHaveTextContent('8 days');
    expect(within(rows[1]!).getByText('Past due')).toBeInTheDocument();
  });

  it('asks for a selection before paying, then pays the selected invoices in one payment with an Idempotency-Key', async () => {
    const pay = vi.fn((_url: string, _init?: RequestInit) =>
      jsonResponse(201, {
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
      }),
    );
    const { fetchMock } = renderOpenInvoices({ 'POST /api/invoice-payments': pay });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay selected' }));
    expect(await screen.findByText('You must select at least one invoice in order to pay')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0100001' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0100002' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay 2 selected invoices' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Name on card/), 'Dana Shipper');
    await userEvent.type(within(dialog).getByLabelText(/Card number/), '4242 4242 4242 4242');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Expiry month/), '12');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Expiry year/), String(new Date().getFullYear() + 2));
    await userEvent.type(within(dialog).getAllByLabelText(/CVC/)[0]!, '123');
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
    expect(fetchMock).toHaveBeenCalled();
  });
});

const DETAIL: InvoiceView = {
  ...item({ id: 'i9', number: 'INV-0100009', total_cents: 55_977, balance_cents: 55_977 }),
  account_name: 'Acme',
  bill_to: {
    company: 'Acme',
    name: 'Dana Shipper',
    email: 'd@acme.test',
    phone: '',
    street1: '1 Main',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60606',
    country: 'US',
  },
  shipper: { company: 'Acme', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
  consignee: { company: 'Peach', city: 'Atlanta', state: 'GA', postal_code: '30303', country: 'US' },
  carrier_name: 'Saia',
  scac: 'SAIA',
  mode: 'ltl',
  pickup_date: '2026-11-07',
  delivered_at: '2026-11-10T15:00:00.000Z',
  charges: [
    {
      key: 'freight:70',
      code: 'freight',
      label: 'Freight, class 70',
      detail: '70',
      quoted_cents: 98_000,
      invoiced_cents: 115_640,
      variance_cents: 17_640,
    },
    {
      key: 'fuel',
      code: 'fuel',
      label: 'Fuel surcharge',
      detail: null,
      quoted_cents: 9_722,
      invoiced_cents: 11_472,
      variance_cents: 1_750,
    },
  ],
  quoted_total_cents: 107_722,
  correction: { kind: 'reweigh', quoted_weight_lb: 1200, invoiced_weight_lb: 1416, quoted_class: 70, invoiced_class: 70 },
  insured_value_cents: 0,
  deductible_cents: 0,
  related_invoice: null,
  payments: [],
  disputes: [],
  pdf_url: '/api/invoices/i9/pdf',
};

describe('an invoice', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each charge quoted beside invoiced with the difference, and disputes the reweighed line', async () => {
    const dispute = vi.fn(() => jsonResponse(201, { data: {} }));
    renderListScreen({
      path: '/invoice-detail/i9',
      endpoint: '/api/invoices/i9',
      stubs: { 'GET /api/invoices/i9': { data: DETAIL }, 'POST /api/invoices/i9/disputes': dispute },
    });
    const charges = await screen.findByTestId('charges');
    expect(within(charges).getByText('+$176.40')).toBeInTheDocument();
    expect(screen.getByTestId('correction')).toHaveTextContent('you booked 1,200 lb, the carrier found 1,416 lb');
    await userEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('What do you dispute?')).toHaveValue('freight:70');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Scale ticket attached');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the dispute' }));
    await waitFor(() => expect(dispute).toHaveBeenCalled());
    const init = (dispute.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ charge_code: 'freight:70', reason: 'Scale ticket attached', amount_cents: 17_640 });
  });
});
