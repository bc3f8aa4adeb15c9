import type { Role } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { CREDIT, DISPUTE, INVOICE_VIEW, makeInvoice } from '../testCredit';
import { makeAccountDetail, makeDashboard, sentBody, signInStaff } from '../testStaff';

function openDashboard(roles: Role[], stubs: Record<string, unknown> = {}) {
  const fetchMock = signInStaff(roles, {
    'GET /api/admin/dashboard': { data: makeDashboard() },
    'GET /api/admin/disputes': { data: [DISPUTE] },
    ...stubs,
  });
  const app = renderApp('/admin/dashboard');
  return { fetchMock, ...app };
}

describe('the open disputes queue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each open dispute with its account, amount, date and reason, the invoice opening on its account', async () => {
    const { router } = openDashboard(['fpg_admin'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail({ state: 'credit_hold', status: 'credit_hold' }) },
      'GET /api/admin/accounts/a1/credit': { data: CREDIT },
      'GET /api/admin/accounts/a1/invoices': { data: [makeInvoice()], meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 } },
      'GET /api/admin/invoices/i1': { data: INVOICE_VIEW },
    });
    const queue = await screen.findByTestId('open-disputes');
    const row = (await within(queue).findByText('Appointment missed by the carrier')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Acme Freight' })).toHaveAttribute('href', '/admin/accounts/a1');
    expect(row).toHaveTextContent('$439.70');
    await userEvent.click(within(row).getByRole('link', { name: 'INV-0100003' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/accounts/a1'));
    expect(router.state.location.search).toBe('?invoice=i1');
    const invoice = await screen.findByRole('region', { name: 'Invoice INV-0100003' });
    expect(invoice).toHaveTextContent('Invoice INV-0100003Disputed');
    expect(invoice).toHaveTextContent('Balance$439.70');
    expect(within(invoice).getByRole('row', { name: /Fuel surcharge/ })).toHaveTextContent('$39.70');
    expect(within(invoice).getByRole('link', { name: 'BOL-1' })).toHaveAttribute('href', '/admin/shipments/s1');
    await userEvent.click(within(invoice).getByRole('button', { name: 'Close the invoice' }));
    await waitFor(() => expect(screen.queryByTestId('staff-invoice')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('links the dispute worked in its panel to its invoice', async () => {
    openDashboard(['fpg_accounting']);
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve the dispute of INV-0100003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice dispute' });
    expect(within(dialog).getByRole('link', { name: 'Open invoice INV-0100003' })).toHaveAttribute('href', '/admin/accounts/a1?invoice=i1');
  });

  it('opens the dispute panel to resolve one: a rejection posts the outcome and the note, with no amount', async () => {
    let disputes = [DISPUTE];
    const resolve = vi.fn(() => {
      disputes = [];
      return jsonResponse(200, { data: { ...DISPUTE, status: 'rejected' } });
    });
    openDashboard(['fpg_accounting'], {
      'GET /api/admin/disputes': () => jsonResponse(200, { data: disputes }),
      'POST /api/admin/disputes/d1/resolve': resolve,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resolve the dispute of INV-0100003' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice dispute' });
    const panel = within(dialog).getByTestId('staff-dispute');
    expect(await within(panel).findByText('INV-0100003 · Fuel surcharge · $439.70')).toBeInTheDocument();
    await userEvent.click(within(panel).getByText('Reject'));
    expect(within(panel).queryByLabelText(/Amount to credit/)).toBeNull();
    await userEvent.type(within(panel).getByLabelText(/Note to the shipper/), 'The appointment was kept');
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(sentBody(resolve)).toEqual({ outcome: 'rejected', note: 'The appointment was kept' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(screen.getByTestId('open-disputes')).findByText('No open dispute.')).toBeInTheDocument();
  });

  it('is not on the dashboard of operations staff', async () => {
    const { fetchMock } = openDashboard(['fpg_ops']);
    expect(await screen.findByRole('link', { name: 'Accounts on credit hold: 1' })).toBeInTheDocument();
    expect(screen.queryByTestId('open-disputes')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/disputes'))).toBe(false);
  });
});
