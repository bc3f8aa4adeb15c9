import type { CarrierInvoiceImportReport } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseCsvFile } from '../../../components/csv/testChooseCsvFile';
import { stubXhrWithFetch } from '../../../components/csv/testXhr';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sentBody, signInStaff } from '../testStaff';
import { makeCarrierInvoice, makeCarrierInvoiceList } from './testCarrierInvoices';

const listCalls = (mock: ReturnType<typeof signInStaff>) =>
  mock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/admin/carrier-invoices?'));

describe('admin carrier invoices', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the queue waiting first, each row with its carrier, numbers, shipment, amounts and reasons; filters go in the URL', async () => {
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices': makeCarrierInvoiceList([
        makeCarrierInvoice(),
        makeCarrierInvoice({ id: 'ci2', invoice_number: 'SAIA-9002', status: 'approved', auto_approved: true, reasons: [] }),
      ]),
      'GET /api/admin/shipments/carriers': { data: [{ id: 'c1', name: 'Saia', scac: 'SAIA', mode: 'ltl' }] },
    });
    renderApp('/admin/carrier-invoices');
    const table = await screen.findByRole('table', { name: 'Carrier invoices: Waiting' }, { timeout: 20_000 });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Invoice SAIA-9001' })).toHaveAttribute('href', '/admin/carrier-invoices/ci1');
    expect(row).toHaveTextContent('BOL 06141410090000145');
    expect(row).toHaveTextContent('PRO 4100118785');
    expect(row).toHaveTextContent('Saia (SAIA)');
    expect(within(row).getByRole('link', { name: '06141410090000145' })).toHaveAttribute('href', '/admin/shipments/s1');
    expect(row).toHaveTextContent('$500.00');
    expect(row).toHaveTextContent('$400.00');
    expect(row).toHaveTextContent('+$100.00');
    expect(row).toHaveTextContent('Reweigh');
    expect(row).not.toHaveTextContent('Auto-approved');
    // An invoice approved without a person says so on its row.
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Auto-approved');
    expect(listCalls(fetchMock)[0]).toContain('status=pending_audit');
    // The tabs count each status.
    expect(screen.getByRole('tab', { name: 'Approved (4)' })).toBeInTheDocument();
    // Those approved by themselves have their own tab: the list asks for them whatever their status now.
    await userEvent.click(screen.getByRole('tab', { name: 'Auto-approved (3)' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('auto=true'));
    expect(listCalls(fetchMock).at(-1)).not.toContain('status=');
    expect(await screen.findByRole('table', { name: 'Carrier invoices: Auto-approved' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Unmatched (1)' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('status=unmatched'));
    await userEvent.selectOptions(await screen.findByLabelText('Carrier'), 'c1');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('carrier_id=c1'));
    await userEvent.selectOptions(screen.getByLabelText('Variance reason'), 'reclass');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('reason=reclass'));
    expect(listCalls(fetchMock).at(-1)).toContain('status=unmatched');
  });

  it('is locked for operations staff in the navigation', async () => {
    signInStaff(['fpg_ops'], { 'GET /api/admin/dashboard': { data: null } });
    renderApp('/admin/support');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Carrier invoices' })).toHaveAttribute('title', expect.stringMatching(/./));
  });

  it('explains a reweigh, says the shipper is re-billed, and approves after confirming, naming the version read', async () => {
    const approved = makeCarrierInvoice({
      status: 'approved',
      approved_cents: 50_000,
      version: 4,
      decided_by: 'Ann Accounting',
      decided_at: '2026-11-26T10:00:00Z',
      due_date: '2026-12-20',
      rebill_invoice: { id: 'i9', number: 'INV-000123', total_cents: 11_500 },
    });
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices/ci1': { data: makeCarrierInvoice() },
      'POST /api/admin/carrier-invoices/ci1/approve': { data: approved },
      'GET /api/admin/carrier-invoices': makeCarrierInvoiceList([]),
    });
    renderApp('/admin/carrier-invoices/ci1');
    const reasons = await screen.findByTestId('variance-reasons');
    expect(reasons).toHaveTextContent('Reweigh: booked at 1,000 lb, billed at 1,250 lb.');
    expect(reasons).toHaveTextContent("The carrier's inspection found 1,260 lb: it supports the reweigh.");
    const lines = screen.getByRole('table', { name: /Each line billed beside the expected cost/ });
    expect(within(lines).getByRole('row', { name: /Freight/ })).toHaveTextContent('$360.00$450.00$450.00+$90.00');
    expect(screen.getByTestId('rebill-preview')).toHaveTextContent('Demo Shipper Co would receive an adjustment invoice of $115.00');

    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve invoice SAIA-9001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]) === '/api/admin/carrier-invoices/ci1/approve');
    expect(sentBody(fetchMock, post)).toEqual({ version: 3, amount: 'billed', note: '' });
    expect(await screen.findByTestId('rebill')).toHaveTextContent('adjustment invoice INV-000123 for $115.00');
  });

  it('says nothing is re-billed when the server foresees no adjustment', async () => {
    signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices/ci1': { data: makeCarrierInvoice({ rebill_preview: null }) },
    });
    renderApp('/admin/carrier-invoices/ci1');
    await screen.findByTestId('variance-reasons');
    expect(screen.queryByTestId('rebill-preview')).not.toBeInTheDocument();
  });

  it('names the invoices an upload refused whole, with the refused row’s line and reason', async () => {
    const report: CarrierInvoiceImportReport = {
      rows_total: 4,
      rows_valid: 2,
      invoices: 1,
      by_status: { approved: 1 },
      outcomes: [{ line: 2, invoice_number: 'GOOD-1', id: 'ci1', status: 'approved', reasons: [] }],
      errors: [{ line: 5, field: 'amount_cents', message: 'Enter a number' }],
      refused_invoices: [{ line: 5, invoice_number: 'HALF-1', scac: 'ODFL', field: 'amount_cents', message: 'Enter a number' }],
    };
    signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices': makeCarrierInvoiceList([]),
      'POST /api/admin/carrier-invoices/import': report,
    });
    stubXhrWithFetch();
    renderApp('/admin/carrier-invoices');
    await userEvent.click(await screen.findByRole('button', { name: 'Upload CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload carrier invoices (CSV)' });
    await chooseCsvFile(dialog, 'CSV file', new File(['invoice_number\n'], 'invoices.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload file' }));
    const refused = await within(dialog).findByRole('region', { name: 'Invoices not received: a row of theirs was refused' });
    expect(within(refused).getAllByRole('row')[1]).toHaveTextContent('5HALF-1 (ODFL)amount_cents: Enter a number');
  });

  it('short-pays: checks the amount at the field before sending, then shows the server’s refusal on its field', async () => {
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices/ci1': { data: makeCarrierInvoice() },
      'POST /api/admin/carrier-invoices/ci1/short-pay': () =>
        jsonResponse(422, {
          message: 'Invalid',
          code: 'validation',
          errors: { amount_cents: ['A short-pay pays less than the billed amount'] },
        }),
    });
    renderApp('/admin/carrier-invoices/ci1');
    await userEvent.click(await screen.findByRole('button', { name: 'Short-pay' }));
    const dialog = await screen.findByRole('dialog', { name: 'Short-pay invoice SAIA-9001' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount to pay/ });
    await userEvent.type(amount, '600');
    await userEvent.type(within(dialog).getByLabelText(/Reason for the carrier/), 'Reweigh not supported');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Short-pay' }));
    expect(await within(dialog).findByText('A short-pay pays less than the billed amount')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/short-pay'))).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '400');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Short-pay' }));
    await waitFor(() => expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/short-pay'))).toBe(true));
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/short-pay'));
    expect(sentBody(fetchMock, post)).toEqual({ version: 3, amount_cents: 40_000, reason: 'Reweigh not supported' });
    expect(await within(dialog).findByText('A short-pay pays less than the billed amount')).toBeInTheDocument();
  });

  it('disputes with a message and shows the thread with a reply box', async () => {
    const disputed = makeCarrierInvoice({
      status: 'disputed',
      version: 4,
      messages: [
        { id: 'm1', body: 'Our dock weighed 1,000 lb.', from_carrier: false, author: 'Ann Accounting', created_at: '2026-11-26T10:00:00Z' },
      ],
    });
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/carrier-invoices/ci1': { data: makeCarrierInvoice() },
      'POST /api/admin/carrier-invoices/ci1/dispute': { data: disputed },
      'GET /api/admin/carrier-invoices': makeCarrierInvoiceList([]),
    });
    renderApp('/admin/carrier-invoices/ci1');
    await userEvent.click(await screen.findByRole('button', { name: 'Dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute invoice SAIA-9001' });
    await userEvent.type(within(dialog).getByLabelText(/Message to the carrier/), 'Our dock weighed 1,000 lb.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    const thread = await screen.findByTestId('carrier-thread');
    expect(thread).toHaveTextContent('Ann Accounting');
    expect(thread).toHaveTextContent('Our dock weighed 1,000 lb.');
    expect(within(thread).getByRole('textbox', { name: 'Message to the carrier' })).toBeInTheDocument();
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/dispute'));
    expect(sentBody(fetchMock, post)).toEqual({ version: 3, message: 'Our dock weighed 1,000 lb.' });
    expect(screen.getByRole('button', { name: 'Resolve dispute' })).toBeInTheDocument();
  });
});
