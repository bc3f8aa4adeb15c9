import type { AdminCreditApplicationView, CreditStandingView } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS } from '@freight/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderApp, type stubApi } from '../../test/renderApp';
import { signIn } from '../../test/signedIn';
import { toApplicationRequest } from './components/applicationForm';
import { toDecisionRequest } from './components/DecisionForm';

const account = {
  role: 'account_admin' as const,
  permissions: [...CUSTOMER_PERMISSIONS],
  id: 'a1',
  name: 'Acme Pallets',
  status: 'active' as const,
  payment_terms: 'prepaid' as const,
  account_address: null,
  billing_address: null,
};

const STANDING: CreditStandingView = {
  payment_terms: 'prepaid',
  net_days: 30,
  credit_limit_cents: 2_500_000,
  can_apply: true,
  applications: [],
};

const APPLICATION: AdminCreditApplicationView = {
  id: 'c1',
  status: 'pending',
  legal_name: 'Acme Pallets Inc',
  requested_limit_cents: 1_500_000,
  created_at: '2026-11-20T15:00:00Z',
  decided_at: null,
  decision_reason: null,
  net_days: null,
  credit_limit_cents: null,
  grace_days: null,
  account: { id: 'a1', name: 'Acme Pallets' },
  submitted_by: { id: 'u1', name: 'Ana Pérez', email: 'ana@example.com' },
  decided_by: null,
  years_in_business: 6,
  tax_id: '12-3456789',
  bank: { name: 'First Federal', contact: 'Bea Banker', phone: '(512) 555-0150' },
  trade_references: [
    { company: 'Ref One Inc', contact: 'Rae One', email: 'ar@refone.test', phone: '(512) 555-0160' },
    { company: 'Ref Two Inc', contact: 'Rob Two', email: 'ar@reftwo.test', phone: '(512) 555-0161' },
  ],
  accounts_payable: { name: 'Paul Payable', email: 'ap@acme.test', phone: '(512) 555-0170' },
};

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).split('?')[0] === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

/** Answers a queue of handlers for one route, the last one again once the queue is used up. */
function sequence(...answers: (() => Response)[]) {
  let i = 0;
  return () => (answers[Math.min(i++, answers.length - 1)] as () => Response)();
}

describe('the requests the forms send', () => {
  it('sends the limit in cents and leaves an empty number missing (the contract says required)', () => {
    const base = {
      legal_name: 'Acme',
      tax_id: '12-3456789',
      bank: { name: 'B', contact: 'C', phone: '1' },
      trade_references: [],
      accounts_payable: { name: 'N', email: 'e', phone: 'p' },
    };
    expect(toApplicationRequest({ ...base, years_in_business: 4, requested_limit: 12_500.5 })).toMatchObject({
      years_in_business: 4,
      requested_limit_cents: 1_250_050,
    });
    const empty = toApplicationRequest({ ...base, years_in_business: '', requested_limit: '' });
    expect(empty.years_in_business).toBeUndefined();
    expect(empty.requested_limit_cents).toBeUndefined();
    expect('requested_limit' in empty).toBe(false);
  });

  it('sends a decline with its reason only, an approval with its terms', () => {
    const values = { net_days: '15', credit_limit: 10_000, grace_days: 5, reason: 'Fine' };
    expect(toDecisionRequest({ ...values, outcome: 'declined' })).toEqual({ outcome: 'declined', reason: 'Fine' });
    expect(toDecisionRequest({ ...values, outcome: 'approved' })).toEqual({
      outcome: 'approved',
      net_days: 15,
      credit_limit_cents: 1_000_000,
      grace_days: 5,
      reason: 'Fine',
    });
  });
});

describe('Settings > Credit terms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a prepaid account its terms and the form; an incomplete form says what is missing and sends nothing', async () => {
    const fetchMock = signIn(makeUser([], { account }), { 'GET /api/credit-applications': { data: STANDING } });
    renderApp('/settings/credit');
    expect(await screen.findByTestId('payment-terms')).toHaveTextContent('Prepaid by card');
    const form = screen.getByRole('form', { name: 'Apply for credit terms' });
    expect(within(form).getByLabelText(/^Legal business name/)).toHaveValue('Acme Pallets');
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(within(form).getByLabelText(/^Tax ID/)).toHaveAccessibleDescription(/Field is required/));
    fireEvent.change(within(form).getByLabelText(/^Tax ID/), { target: { value: 'no!' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Tax ID/)).toHaveAccessibleDescription(
        /Enter the tax ID \(EIN\) with letters, digits, spaces or dashes only/,
      ),
    );
    expect(callsTo(fetchMock, 'POST', '/api/credit-applications')).toEqual([]);
  });

  it('tells a user without a customer account there is nothing to apply for, without asking the server', async () => {
    const fetchMock = signIn(makeUser(['fpg_accounting']), {});
    renderApp('/settings/credit');
    expect(await screen.findByText(/no credit terms to apply for/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/credit-applications')).toEqual([]);
  });

  it('shows the application under review, and a declined one with its reason', async () => {
    const declined = {
      ...APPLICATION,
      id: 'c0',
      status: 'declined' as const,
      decided_at: '2026-10-01T00:00:00Z',
      decision_reason: 'Too new',
    };
    signIn(makeUser([], { account }), {
      'GET /api/credit-applications': { data: { ...STANDING, can_apply: false, applications: [APPLICATION, declined] } },
    });
    renderApp('/settings/credit');
    expect(await screen.findByRole('status')).toHaveTextContent('Your application is under review');
    expect(screen.queryByRole('form', { name: 'Apply for credit terms' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Your applications' });
    expect(history).toHaveTextContent('Under review');
    expect(history).toHaveTextContent('Reason: Too new');
  });
});

describe('deciding an application', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('approves with the requested limit in cents after the password is re-entered (423, then the same decision again)', async () => {
    const approved: AdminCreditApplicationView = {
      ...APPLICATION,
      status: 'approved',
      net_days: 15,
      credit_limit_cents: 1_500_000,
      grace_days: 10,
      decided_at: '2026-11-21T00:00:00Z',
      decided_by: { id: 's1', name: 'Alma Accounting' },
      decision_reason: 'Good references',
    };
    const fetchMock = signIn(makeUser(['fpg_accounting']), {
      'GET /api/admin/credit-applications/c1': { data: APPLICATION },
      'POST /api/admin/credit-applications/c1/decision': sequence(
        () => jsonResponse(423, { message: 'Please enter your password again to continue.', code: 'reauthentication_required' }),
        () => jsonResponse(200, { data: approved }),
      ),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    renderApp('/admin/credit-applications/c1');
    const decision = await screen.findByRole('form', { name: 'Decide' });
    expect(screen.getByText('12-3456789')).toBeInTheDocument();
    expect(within(decision).getByLabelText(/^Credit limit/)).toHaveValue('$15,000');
    fireEvent.change(within(decision).getByLabelText('Net days'), { target: { value: '15' } });
    await userEvent.type(within(decision).getByLabelText(/^Note for the credit record/), 'Good references');
    await userEvent.click(within(decision).getByRole('button', { name: 'Approve credit terms' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Net 15 days, credit limit $15,000.00, 10 grace days')).toBeInTheDocument();

    const sent = callsTo(fetchMock, 'POST', '/api/admin/credit-applications/c1/decision');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[0]).toEqual({
      outcome: 'approved',
      net_days: 15,
      credit_limit_cents: 1_500_000,
      grace_days: 10,
      reason: 'Good references',
    });
  });
});
