import type { Role } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { CREDIT, DISPUTE, INVOICE_VIEW, makeInvoice } from '../testCredit';
import { makeAccountDetail, sentBody, signInStaff } from '../testStaff';

const invoicesPage = (page: number) => ({
  data: [makeInvoice({ id: `i${page}`, number: `INV-010000${page}` })],
  meta: { current_page: page, per_page: 10, total: 11, last_page: 2 },
});

function openAccount(roles: Role[], stubs: Record<string, unknown> = {}) {
  const fetchMock = signInStaff(roles, {
    'GET /api/admin/accounts/a1': { data: makeAccountDetail({ state: 'credit_hold', status: 'credit_hold' }) },
    'GET /api/admin/accounts/a1/credit': { data: CREDIT },
    'GET /api/admin/accounts/a1/invoices': (url: string) =>
      jsonResponse(200, invoicesPage(Number(new URL(url, 'http://x').searchParams.get('page')))),
    ...stubs,
  });
  renderApp('/admin/accounts/a1');
  return fetchMock;
}

describe('the credit panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows accounting the hold and why, the terms and limit, the aging, the record, the open invoices a page at a time and the disputes', async () => {
    const fetchMock = openAccount(['fpg_accounting']);
    const panel = await screen.findByTestId('credit-panel');
    expect(await within(panel).findByText('Credit hold')).toBeInTheDocument();
    expect(panel).toHaveTextContent('An invoice is past due beyond the grace days.');
    expect(panel).toHaveTextContent('Credit terms, net 30 days');
    expect(panel).toHaveTextContent('$25,000.00');
    expect(panel).toHaveTextContent('$24,900.00');
    expect(within(panel).getByRole('group', { name: 'Open balance by age, USD' })).toHaveTextContent('31-60 days$439.70');

    const record = within(panel).getByTestId('credit-record');
    expect(within(record).getAllByRole('row')[1]).toHaveTextContent(
      /Hold placed.*Automatic.*An invoice is past due beyond the grace days\./,
    );

    const invoices = await within(panel).findByRole('table', { name: "The account's open invoices" });
    expect(invoices).toHaveTextContent('INV-0100001');
    expect(invoices).toHaveTextContent('Disputed');
    await userEvent.click(within(panel).getByRole('button', { name: '2' }));
    expect(await within(panel).findByText('INV-0100002')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/accounts/a1/invoices?filter=all&page=2&per_page=10');

    const dispute = within(panel).getByTestId('staff-dispute');
    expect(await within(dispute).findByText('INV-0100003 · Fuel surcharge · $439.70')).toBeInTheDocument();
    expect(dispute).toHaveTextContent('We waited all day.');
  });

  it('places a hold only with a reason, and posts it', async () => {
    const place = vi.fn(() =>
      jsonResponse(200, {
        data: {
          ...CREDIT,
          summary: { ...CREDIT.summary, credit: { ...CREDIT.summary.credit, manual_hold: true } },
          events: [
            {
              id: 'e2',
              kind: 'hold_placed',
              source: 'staff',
              reason: 'Returned check',
              by: 'Ana Pérez',
              created_at: '2026-11-21T10:00:00Z',
            },
          ],
        },
      }),
    );
    openAccount(['fpg_accounting'], {
      'GET /api/admin/accounts/a1/credit': {
        data: {
          ...CREDIT,
          status: 'active',
          summary: { ...CREDIT.summary, credit: { ...CREDIT.summary.credit, on_hold: false, hold_reasons: [] } },
        },
      },
      'POST /api/admin/accounts/a1/hold': place,
    });
    const panel = await screen.findByTestId('credit-panel');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Place hold' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    expect(place).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Returned check');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    await waitFor(() => expect(place).toHaveBeenCalled());
    expect(sentBody(place)).toEqual({ action: 'place', reason: 'Returned check' });
    expect(await within(panel).findByText('Placed by staff')).toBeInTheDocument();
    expect(within(panel).getByTestId('credit-record')).toHaveTextContent(/Hold placed.*Ana Pérez.*Returned check/);
  });

  it('saves the terms with the limit in cents, and shows the server’s field errors under their fields', async () => {
    const save = vi.fn(() => jsonResponse(422, { message: 'Invalid.', errors: { credit_limit_cents: ['Too large'] } }));
    openAccount(['super_admin'], { 'PUT /api/admin/accounts/a1/credit': save });
    const form = await screen.findByRole('form', { name: 'Credit terms' });
    const limit = within(form).getByLabelText('Credit limit (USD)');
    await userEvent.clear(limit);
    await userEvent.type(limit, '30000.5');
    await userEvent.selectOptions(within(form).getByLabelText('Net days'), '15');
    await userEvent.type(within(form).getByLabelText(/Why the terms change/), 'Paid on time for a year');
    await userEvent.click(within(form).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(sentBody(save)).toEqual({
      payment_terms: 'credit',
      net_days: 15,
      credit_limit_cents: 3_000_050,
      grace_days: 10,
      reason: 'Paid on time for a year',
    });
    expect(await within(form).findByText('Too large')).toBeInTheDocument();
    expect(limit).toHaveAttribute('aria-invalid', 'true');
  });

  it('resolves a dispute with the outcome, the amount in cents and the note', async () => {
    const resolve = vi.fn(() => jsonResponse(200, { data: { ...DISPUTE, status: 'accepted' } }));
    openAccount(['fpg_accounting'], { 'POST /api/admin/disputes/d1/resolve': resolve });
    const dispute = await screen.findByTestId('staff-dispute');
    const amount = within(dispute).getByLabelText(/Amount to credit/);
    expect(amount).toHaveValue('439.70');
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.type(within(dispute).getByLabelText(/Note to the shipper/), 'Fuel refunded in part');
    await userEvent.click(within(dispute).getByRole('button', { name: 'Resolve' }));
    expect(await within(dispute).findByText('The accepted amount cannot be more than the disputed amount')).toBeInTheDocument();
    expect(resolve).not.toHaveBeenCalled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '200.25');
    await userEvent.click(within(dispute).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(sentBody(resolve)).toEqual({ outcome: 'accepted', note: 'Fuel refunded in part', amount_cents: 20_025 });
  });

  it('opens an invoice of the list above it, and its dispute links to it', async () => {
    openAccount(['fpg_accounting'], { 'GET /api/admin/invoices/i1': { data: INVOICE_VIEW } });
    const panel = await screen.findByTestId('credit-panel');
    const dispute = await within(panel).findByTestId('staff-dispute');
    expect(within(dispute).getByRole('link', { name: 'Open invoice INV-0100003' })).toHaveAttribute(
      'href',
      '/admin/accounts/a1?invoice=i1',
    );
    await userEvent.click(await within(panel).findByRole('link', { name: 'INV-0100001' }));
    const invoice = await within(panel).findByRole('region', { name: 'Invoice INV-0100003' });
    expect(invoice).toHaveTextContent('Total$439.70');
    expect(within(invoice).getByText('PO Number').parentElement).toHaveTextContent('PO NumberPO-88');
    expect(within(invoice).getByText("Shipper's Reference").parentElement).toHaveTextContent("Shipper's ReferenceAisle 9");
    expect(within(invoice).getByRole('table', { name: 'Charges' })).toHaveTextContent('Freight, class 70$400.00$400.00');
  });

  it('is not shown to sales, who never ask for the credit', async () => {
    const fetchMock = openAccount(['fpg_sales']);
    expect(await screen.findByRole('heading', { name: 'Acme Freight' })).toBeInTheDocument();
    expect(screen.queryByTestId('credit-panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => /credit|invoices/.test(String(url)))).toBe(false);
  });
});
