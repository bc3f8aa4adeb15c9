import type { BookingApproval } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const HELD: BookingApproval = {
  id: 'ap1',
  status: 'pending',
  reasons: ['over_limit'],
  requested_by: { id: 'u2', name: 'Carla Clerk' },
  decided_by: null,
  carrier_name: 'Demo Freight',
  mode: 'ltl',
  currency: 'USD',
  total_cents: 90_000,
  origin: 'Chicago, IL',
  destination: 'Dallas, TX',
  pickup_date: '2026-12-01',
  rate_expires_at: '2099-12-01T20:00:00Z',
  decline_reason: null,
  shipment_id: null,
  ebay_orders: [],
  created_at: '2026-11-25T15:00:00Z',
  decided_at: null,
};

function signIn(role: 'account_admin' | 'shipper', table: Record<string, unknown>, id?: string) {
  const permissions =
    role === 'account_admin'
      ? TEST_ACCOUNT.permissions
      : TEST_ACCOUNT.permissions.filter((p) => !p.startsWith('team.') && !p.startsWith('account.'));
  const user = makeUser([], { ...(id ? { id } : {}), account: { ...TEST_ACCOUNT, role, permissions } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

const page = (rows: BookingApproval[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length, pending: 1 },
});

describe('approvals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the bookings waiting, with who asked, the total and why', async () => {
    signIn('account_admin', { 'GET /api/approvals': page([HELD]) });
    renderApp('/approvals');
    const table = await screen.findByRole('table', { name: 'Bookings awaiting approval and their decisions' });
    const row = within(table).getByRole('row', { name: /Chicago, IL → Dallas, TX/ });
    expect(row).toHaveTextContent('Carla Clerk');
    expect(row).toHaveTextContent('$900.00');
    expect(row).toHaveTextContent('Over the booking limit');
    expect(row).toHaveTextContent('Awaiting approval');
  });

  it('lets an admin decline with a reason the booker reads; an empty reason is refused at its field', async () => {
    let current = HELD;
    const fetchMock = signIn('account_admin', {
      'GET /api/approvals/ap1': () => jsonResponse(200, { data: current }),
      'POST /api/approvals/ap1/decline': (_u: string, init?: RequestInit) => {
        current = {
          ...HELD,
          status: 'declined',
          decline_reason: JSON.parse(String(init?.body)).reason,
          decided_by: { id: 'u1', name: 'Ana Pérez' },
          decided_at: '2026-11-25T16:00:00Z',
        };
        return jsonResponse(200, { data: current });
      },
    });
    renderApp('/approvals/ap1');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/approvals/ap1/decline')).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Use the cheaper carrier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('The booking was declined and Carla Clerk was told.')).toBeInTheDocument();
    expect(await screen.findByText('Reason: Use the cheaper carrier')).toBeInTheDocument();
  });

  it('shows the new price when the held rate had to be rated again, and approves it then', async () => {
    let rerated = false;
    signIn('account_admin', {
      'GET /api/approvals/ap1': () => jsonResponse(200, { data: rerated ? { ...HELD, total_cents: 95_000 } : HELD }),
      'POST /api/approvals/ap1/approve': () => {
        if (!rerated) {
          rerated = true;
          return jsonResponse(409, {
            message: 'The held rate had expired, so the shipment was rated again: it now costs $950.00.',
            code: 'approval_rerated',
          });
        }
        return jsonResponse(200, { data: { approval: { ...HELD, status: 'approved' }, shipment: { id: 's1', bol_number: 'FP-77' } } });
      },
    });
    renderApp('/approvals/ap1?action=approve');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this booking' });
    expect(dialog).toHaveTextContent('$900.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/it now costs \$950\.00/)).toBeInTheDocument();
    expect(await screen.findByText('$950.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Approve this booking' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText('Booked. BOL FP-77.')).toBeInTheDocument();
  });

  it('shows a shipper their own booking without the decision buttons', async () => {
    signIn('shipper', { 'GET /api/approvals/ap1': { data: HELD } });
    renderApp('/approvals/ap1');
    expect(await screen.findByText('$900.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('says so when a mailed link was already used', async () => {
    signIn('account_admin', {
      'POST /api/approvals/links/tok': () =>
        jsonResponse(410, { message: 'This approval link was already used. Open Approvals to see the booking.', code: 'link_gone' }),
    });
    renderApp('/approvals/link/tok');
    expect(await screen.findByRole('alert')).toHaveTextContent('This approval link was already used.');
    expect(screen.getByRole('link', { name: 'Back to Approvals' })).toBeInTheDocument();
  });
});

describe('the bookings waiting for an account admin', () => {
  afterEach(() => vi.unstubAllGlobals());
  const approvalsItem = async (name: string) =>
    within(await screen.findByRole('navigation', { name: 'Main navigation' })).findByRole('link', { name });

  it('are counted on the Approvals item and on the home page, with the way to them', async () => {
    signIn('account_admin', { 'GET /api/approvals/summary': { data: { pending: 2 } }, 'GET /api/approvals': page([HELD]) });
    const { router } = renderApp('/');
    expect(await approvalsItem('Approvals 2 bookings wait for your approval')).toBeInTheDocument();
    const notice = await screen.findByTestId('pending-approvals-notice');
    expect(notice).toHaveTextContent('2 bookings wait for your approval');
    await userEvent.click(within(notice).getByRole('link', { name: 'Review them in Approvals' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/approvals'));
  });

  it('are counted again once the admin decides one', async () => {
    let pending = 2;
    signIn('account_admin', {
      'GET /api/approvals/summary': () => jsonResponse(200, { data: { pending } }),
      'GET /api/approvals/ap1': { data: HELD },
      'POST /api/approvals/ap1/decline': () => {
        pending = 1;
        return jsonResponse(200, { data: { ...HELD, status: 'declined', decided_at: '2026-11-25T16:00:00Z' } });
      },
    });
    renderApp('/approvals/ap1');
    expect(await approvalsItem('Approvals 2 bookings wait for your approval')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Not this week');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await approvalsItem('Approvals 1 booking waits for your approval')).toBeInTheDocument();
  });

  it('are not asked for by a colleague who does not decide', async () => {
    const fetchMock = signIn('shipper', { 'GET /api/approvals': page([HELD]) });
    renderApp('/approvals');
    expect(await approvalsItem('Approvals')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Bookings awaiting approval and their decisions' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/approvals/summary'))).toBe(false);
  });
});

describe('withdrawing a booking that waits', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets its booker withdraw it after asking, and shows it withdrawn', async () => {
    let current = HELD;
    const fetchMock = signIn(
      'shipper',
      {
        'GET /api/approvals/ap1': () => jsonResponse(200, { data: current }),
        'POST /api/approvals/ap1/withdraw': () => {
          current = { ...HELD, status: 'withdrawn', decided_by: { id: 'u2', name: 'Carla Clerk' }, decided_at: '2026-11-25T16:00:00Z' };
          return jsonResponse(200, { data: current });
        },
      },
      'u2',
    );
    renderApp('/approvals/ap1');
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this booking request?' });
    expect(dialog).toHaveTextContent('The account admins can no longer approve it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/approvals/ap1/withdraw')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw this booking request?' })).getByRole('button', {
        name: 'Withdraw request',
      }),
    );
    const said = await screen.findByRole('status');
    expect(said).toHaveTextContent('You withdrew this booking request.');
    await waitFor(() => expect(said).toHaveFocus());
    expect(await screen.findByText(/^Withdrawn by Carla Clerk on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });

  it('is offered to its booker alone, not to the admin deciding it', async () => {
    signIn('account_admin', { 'GET /api/approvals/ap1': { data: HELD } });
    renderApp('/approvals/ap1');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });

  it('links the eBay order the booking was started from', async () => {
    const fromEbay: BookingApproval = { ...HELD, ebay_orders: [{ id: 'o1', ebay_order_id: '11-20001-30001', status: 'quoted' }] };
    signIn('account_admin', { 'GET /api/approvals/ap1': { data: fromEbay } });
    renderApp('/approvals/ap1');
    const link = await screen.findByRole('link', { name: 'eBay order 11-20001-30001' });
    expect(link).toHaveAttribute('href', '/orders/ebay?status=quoted&q=11-20001-30001');
  });
});
