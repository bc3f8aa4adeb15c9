import type { InvoicePaymentView } from '@freight/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderListScreen } from '../../../test/listScreen';
import { DETAIL, RESOLVED_DISPUTE } from '../testInvoices';

const renderDetail = (stubs: Record<string, unknown>) =>
  renderListScreen({ path: '/invoice-detail/i9', endpoint: '/api/invoices/i9', stubs });

describe('an invoice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each charge quoted beside invoiced with the difference, and disputes the reweighed line', async () => {
    const dispute = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, { data: {} }));
    renderDetail({ 'GET /api/invoices/i9': { data: DETAIL }, 'POST /api/invoices/i9/disputes': dispute });
    const charges = await screen.findByTestId('charges');
    expect(within(charges).getByText('+$176.40')).toBeInTheDocument();
    expect(within(charges).getByText('+$193.90')).toBeInTheDocument();
    expect(screen.getByTestId('correction')).toHaveTextContent('you booked 1,200 lb, the carrier found 1,416 lb');
    // The invoiced shipment's references, each under its type.
    expect(screen.getByText('PO Number').parentElement).toHaveTextContent('PO NumberPO-4471');
    expect(screen.getByText('SO Number').parentElement).toHaveTextContent('SO NumberSO-2290');
    await userEvent.click(screen.getByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('What do you dispute?')).toHaveValue('freight:70');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Scale ticket attached');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the dispute' }));
    await waitFor(() => expect(dispute).toHaveBeenCalled());
    const init = dispute.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ charge_code: 'freight:70', reason: 'Scale ticket attached', amount_cents: 17_640 });
    expect(await screen.findByText('Dispute sent. Our accounting team will answer here.')).toBeInTheDocument();
  });

  it('shows the maximum of what is disputed and refuses more than it, before sending', async () => {
    const dispute = vi.fn((_url: string, _init?: RequestInit) => jsonResponse(201, { data: {} }));
    renderDetail({ 'GET /api/invoices/i9': { data: DETAIL }, 'POST /api/invoices/i9/disputes': dispute });
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Up to $1,156.40');
    await userEvent.selectOptions(within(dialog).getByLabelText('What do you dispute?'), 'fuel');
    expect(dialog).toHaveTextContent('Up to $114.72');
    const amount = within(dialog).getByLabelText(/Amount disputed/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '114.73');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Wrong fuel table');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the dispute' }));
    expect(await within(dialog).findByText('The disputed amount cannot be more than $114.72')).toBeInTheDocument();
    expect(dispute).not.toHaveBeenCalled();
    await userEvent.selectOptions(within(dialog).getByLabelText('What do you dispute?'), '');
    expect(dialog).toHaveTextContent('Up to $1,271.12');
  });

  it('shows a resolved dispute with its outcome, note, thread and credit memo', async () => {
    renderDetail({ 'GET /api/invoices/i9': { data: { ...DETAIL, disputes: [RESOLVED_DISPUTE] } } });
    const dispute = await screen.findByTestId('dispute');
    expect(dispute).toHaveTextContent('Fuel surcharge · $17.50');
    expect(dispute).toHaveTextContent(/Opened by Bea Billing · [A-Z][a-z]{2} \d+, 2026/);
    expect(dispute).toHaveTextContent('Accepted: a credit of $17.50 was applied.');
    expect(dispute).toHaveTextContent('Note: The carrier agreed.');
    expect(dispute).toHaveTextContent('Checking with the carrier.');
    expect(within(dispute).getByRole('link', { name: 'Credit memo INV-0100012' })).toHaveAttribute('href', '/invoice-detail/m7');
    expect(within(dispute).queryByLabelText('Your message')).not.toBeInTheDocument();
  });

  it('names who of the team made each payment and opened each dispute, in English and Spanish', async () => {
    const payment: InvoicePaymentView = {
      id: 'p1',
      paid_by: { id: 'u3', name: 'Bea Billing' },
      method: 'card',
      status: 'settled',
      amount_cents: 10_000,
      payment_total_cents: 10_000,
      card_brand: 'visa',
      last4: '4242',
      created_at: '2026-03-12T15:00:00Z',
      settled_at: '2026-03-12T15:00:00Z',
      returned_at: null,
      receipt_url: '/api/invoice-payments/p1/receipt',
    };
    const invoice = { data: { ...DETAIL, payments: [payment], disputes: [RESOLVED_DISPUTE] } };
    renderDetail({ 'GET /api/invoices/i9': invoice });
    expect(await screen.findByTestId('invoice-payment')).toHaveTextContent('Card •••• 4242 · Paid · Paid by Bea Billing');
    vi.unstubAllGlobals();
    cleanup();

    await act(() => i18n.changeLanguage('es'));
    try {
      renderListScreen({
        path: '/invoice-detail/i9',
        endpoint: '/api/invoices/i9',
        stubs: { 'GET /api/invoices/i9': invoice },
        language: 'es',
      });
      expect(await screen.findByTestId('invoice-payment')).toHaveTextContent('Pagado por Bea Billing');
      expect(screen.getByTestId('dispute')).toHaveTextContent('Abierta por Bea Billing');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows a receipt credited by a credit memo, and the memo credits its invoice, in English and Spanish', async () => {
    const receipt = { ...DETAIL, balance_cents: 0, credit_memos: [{ id: 'm1', number: 'INV-000321', total_cents: -120_000 }] };
    renderDetail({ 'GET /api/invoices/i9': { data: receipt } });
    const credited = await screen.findByTestId('invoice-credited');
    expect(credited).toHaveTextContent('Credited');
    expect(credited).toHaveTextContent('Credited by credit memo INV-000321: -$1,200.00');
    expect(within(credited).getByRole('link', { name: 'INV-000321' })).toHaveAttribute('href', '/invoice-detail/m1');
    vi.unstubAllGlobals();
    cleanup();

    const memo = { ...DETAIL, id: 'i9', type: 'credit_memo', related_invoice: { id: 'r1', number: 'INV-000100' }, credit_memos: [] };
    await act(() => i18n.changeLanguage('es'));
    try {
      renderListScreen({
        path: '/invoice-detail/i9',
        endpoint: '/api/invoices/i9',
        stubs: { 'GET /api/invoices/i9': { data: memo } },
        language: 'es',
      });
      expect(await screen.findByRole('link', { name: 'Abona a la factura INV-000100' })).toHaveAttribute('href', '/invoice-detail/r1');
      expect(screen.queryByTestId('invoice-credited')).not.toBeInTheDocument();
      vi.unstubAllGlobals();
      cleanup();
      renderListScreen({
        path: '/invoice-detail/i9',
        endpoint: '/api/invoices/i9',
        stubs: { 'GET /api/invoices/i9': { data: receipt } },
        language: 'es',
      });
      expect(await screen.findByTestId('invoice-credited')).toHaveTextContent('Abonada con la nota de crédito INV-000321');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
