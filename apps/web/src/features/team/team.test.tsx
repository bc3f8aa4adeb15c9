import type { TeamView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const TEAM: TeamView = {
  members: [
    {
      id: 'u1',
      first_name: 'Ana',
      last_name: 'Pérez',
      name: 'Ana Pérez',
      email: 'ana@example.com',
      role: 'account_admin',
      status: 'active',
      last_login_at: '2026-03-02T15:04:00Z',
      two_factor: true,
      booking_limit_cents: null,
      approval_required_for: [],
      deactivated_at: null,
    },
    {
      id: 'u2',
      first_name: 'Sam',
      last_name: 'Shipper',
      name: 'Sam Shipper',
      email: 'sam@example.com',
      role: 'shipper',
      status: 'deactivated',
      last_login_at: null,
      two_factor: false,
      booking_limit_cents: 50_000,
      approval_required_for: ['hazmat', 'truckload'],
      deactivated_at: '2026-03-03T10:00:00Z',
    },
  ],
  invitations: [
    {
      id: 'i1',
      email: 'nina@example.com',
      first_name: 'Nina',
      last_name: 'Billing',
      name: 'Nina Billing',
      role: 'billing',
      booking_limit_cents: null,
      approval_required_for: [],
      sent_at: '2026-03-01T10:00:00Z',
      expires_at: '2026-03-08T10:00:00Z',
      expired: false,
    },
  ],
};

function signedIn(table: Record<string, unknown>, account = TEST_ACCOUNT) {
  const user = makeUser([], { account });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, ...table });
}

describe('Settings > Team', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the users and the invitations waiting, each with role, status, last sign-in, second factor and booking limit', async () => {
    signedIn({ 'GET /api/team': { data: TEAM } });
    renderApp('/settings/team');
    expect(await screen.findByRole('tab', { name: 'Team', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity log' })).toBeInTheDocument();

    const ana = await screen.findByTestId('team-member-ana@example.com');
    expect(within(ana).getByText('You')).toBeInTheDocument();
    expect(within(ana).getByText('Account admin')).toBeInTheDocument();
    expect(within(ana).getByText('Active')).toBeInTheDocument();
    expect(within(ana).getByText('Enrolled')).toBeInTheDocument();
    expect(within(ana).getByText('No limit')).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: /^Actions/ })).toBeNull();

    const sam = screen.getByTestId('team-member-sam@example.com');
    expect(within(sam).getByText('Deactivated')).toBeInTheDocument();
    expect(within(sam).getByText('Never')).toBeInTheDocument();
    expect(within(sam).getByText('Not enrolled')).toBeInTheDocument();
    expect(within(sam).getByText('$500.00')).toBeInTheDocument();
    expect(within(sam).getByText('Approval needed for: Hazardous materials, Truckload')).toBeInTheDocument();

    const nina = screen.getByTestId('team-invitation-nina@example.com');
    expect(within(nina).getByText('Invited')).toBeInTheDocument();
    expect(within(nina).getByText('Billing')).toBeInTheDocument();
    expect(within(nina).getByText(/^Link valid until/)).toBeInTheDocument();

    await userEvent.click(within(sam).getByRole('button', { name: 'Actions for Sam Shipper' }));
    // Mantine's dropdown reads as hidden in jsdom while it is shown.
    expect(await screen.findByRole('menuitem', { name: 'Reactivate', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Change role and limit', hidden: true })).toBeInTheDocument();
  });

  it('opens Analytics to the viewers with a switch, and says so', async () => {
    let sent: unknown;
    signedIn({
      'GET /api/team': { data: TEAM },
      'GET /api/account/analytics-access': { data: { viewers: false } },
      'PUT /api/account/analytics-access': (_: string, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(200, { data: { viewers: true } });
      },
    });
    renderApp('/settings/team');
    const toggle = await screen.findByRole('switch', { name: 'Viewers may read Analytics' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText('Viewers may now read Analytics.')).toBeInTheDocument();
    expect(sent).toEqual({ viewers: true });
    expect(screen.getByRole('switch', { name: 'Viewers may read Analytics' })).toBeChecked();
  });

  it('invites: the form’s own checks at the fields, the server’s refusal at the email, the limit sent in cents', async () => {
    let sent: Record<string, unknown> | undefined;
    let answer = 422;
    const fetchMock = signedIn({
      'GET /api/team': { data: TEAM },
      'POST /api/team/invitations': (_: string, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        if (answer === 422)
          return jsonResponse(422, { message: 'Email already exists', code: 'validation', errors: { email: ['Email already exists'] } });
        return jsonResponse(201, { data: { ...TEAM.invitations[0], email: sent?.email } });
      },
    });
    renderApp('/settings/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a colleague' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a colleague' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('First name required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email required')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Omar');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'Ops');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'shipper@demo.test');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Booking limit/ }), '500');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hazardous materials' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByRole('textbox', { name: /^Email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email already exists'));
    expect(sent).toEqual({
      first_name: 'Omar',
      last_name: 'Ops',
      email: 'shipper@demo.test',
      role: 'shipper',
      booking_limit_cents: 50_000,
      approval_required_for: ['hazmat'],
    });

    answer = 201;
    await userEvent.clear(email);
    await userEvent.type(email, 'omar@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to omar@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a colleague' })).toBeNull());
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/api/team')).length).toBeGreaterThan(1);
  });

  it('hands the account admin role over once the password is entered again, as the server asks for such a grant', async () => {
    // The request takes a user's id (a UUID).
    const SAM = '00000000-0000-4000-8000-000000000002';
    const active = { ...TEAM.members[1]!, id: SAM, status: 'active' as const, deactivated_at: null };
    const transfers: unknown[] = [];
    let proven = false;
    signedIn({
      'GET /api/team': { data: { ...TEAM, members: [TEAM.members[0]!, active] } },
      'POST /api/team/transfer-admin': (_: string, init?: RequestInit) => {
        transfers.push(JSON.parse(String(init?.body)));
        if (!proven)
          return jsonResponse(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' });
        return jsonResponse(200, { data: TEAM });
      },
      'POST /user/confirm-password': () => {
        proven = true;
        return new Response(null, { status: 201 });
      },
    });
    renderApp('/settings/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Transfer account admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer the account admin role' });
    const to = within(dialog).getByRole('combobox', { name: /^New account admin/ });
    await userEvent.selectOptions(to, 'Sam Shipper (sam@example.com)');
    expect(to).toHaveValue(SAM);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(confirm).toHaveTextContent('For this change, please enter your password again.');
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Sam Shipper is now an account admin.')).toBeInTheDocument();
    expect(transfers).toEqual([
      { user_id: SAM, new_role: 'shipper' },
      { user_id: SAM, new_role: 'shipper' },
    ]);
  });

  it('is no tab of a user without the team right, and its page shows no team', async () => {
    const fetchMock = signedIn(
      {},
      { ...TEST_ACCOUNT, role: 'shipper', permissions: ['quotes.view', 'quotes.run', 'shipments.view', 'shipments.book'] },
    );
    renderApp('/settings');
    expect(await screen.findByRole('tab', { name: 'User settings', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Team' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Activity log' })).toBeNull();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/api/team'))).toBe(false);
  });
});
