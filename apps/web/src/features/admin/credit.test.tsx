import type { AdminCreditView } from '@freight/contracts';
import type { Role } from '@freight/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const DISPUTE = {
  id: 'd1',
  account_id: 'a1',
  invoice_id: 'i1',
  invoice_number: 'INV-0100003',
  charge_code: null,
  reason: 'Appointment missed',
  amount_cents: 43_970,
  status: 'open' as const,
  created_at: '2026-11-02T10:00:00Z',
  resolved_at: null,
  resolution_note: null,
  accepted_cents: null,
  credit_memo: null,
  messages: [],
};

const CREDIT: AdminCreditView = {
  account_id: 'a1',
  account_name: 'Acme Freight',
  status: 'credit_hold',
  summary: {
    currencies: [
      { currency: 'USD', current: 10_000, days_1_30: 0, days_31_60: 43_970, days_61_90: 0, days_90_plus: 0, total_cents: 53_970 },
    ],
    credit: {
      payment_terms: 'credit',
      net_days: 30,
      grace_days: 10,
      credit_limit_cents: 2_500_000,
      used_cents: 10_000,
      on_hold: true,
      hold_reasons: ['past_due'],
      manual_hold: false,
    },
  },
  events: [{ id: 'e1', kind: 'hold_placed', source: 'auto', reason: 'past_due', by: null, created_at: '2026-11-20T10:00:00Z' }],
  open_disputes: [DISPUTE],
};

function openAccount(roles: Role[], stubs: Record<string, unknown> = {}) {
  const user = makeUser(roles);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    'GET /api/admin/accounts/a1': {
      data: {
        id: 'a1',
        name: 'Acme Freight',
        status: 'credit_hold',
        created_at: '2026-01-02T00:00:00Z',
        billing_address: null,
        account_address: null,
        users: [],
      },
    },
    'GET /api/admin/accounts/a1/credit': { data: CREDIT },
    ...stubs,
  });
  renderApp('/admin/accounts/a1');
  return fetchMock;
}

describe('the credit panel', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows accounting the hold, its reason, the aging and the record; lifting asks for a reason and sends it', async () => {
    const lift = vi.fn(() => jsonResponse(200, { data: { ...CREDIT, status: 'active', events: [] } }));
    openAccount(['fpg_accounting'], { 'POST /api/admin/accounts/a1/hold': lift });
    const panel = await screen.findByTestId('credit-panel');
    expect(panel).toHaveTextContent('An invoice is past due beyond the grace days.');
    expect(panel).toHaveTextContent('$439.70');
    expect(within(panel).getByTestId('credit-record')).toHaveTextContent('Automatic');
    await userEvent.click(within(panel).getByRole('button', { name: 'Lift hold' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Paid by wire');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift hold' }));
    await waitFor(() => expect(lift).toHaveBeenCalled());
    const init = (lift.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ action: 'lift', reason: 'Paid by wire' });
  });

  it('resolves a dispute with an amount in cents and a note', async () => {
    const resolve = vi.fn(() => jsonResponse(200, { data: { ...DISPUTE, status: 'accepted' } }));
    openAccount(['fpg_accounting'], { 'POST /api/admin/disputes/d1/resolve': resolve });
    const dispute = await screen.findByTestId('staff-dispute');
    await userEvent.type(within(dispute).getByLabelText(/Note to the shipper/), 'Refunded');
    await userEvent.click(within(dispute).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    const init = (resolve.mock.calls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ outcome: 'accepted', note: 'Refunded', amount_cents: 43_970 });
  });

  it('is not shown to sales', async () => {
    const fetchMock = openAccount(['fpg_sales']);
    expect(await screen.findByRole('heading', { name: 'Acme Freight' })).toBeInTheDocument();
    expect(screen.queryByTestId('credit-panel')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/credit'))).toBe(false);
  });
});
