import type { StaffAccountRow, StaffUserView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeAccountDetail, sentBody, signInStaff } from '../testStaff';

const row: StaffAccountRow = {
  id: 'a1',
  name: 'Acme Freight',
  state: 'unverified',
  payment_terms: 'credit',
  users_count: 1,
  contact: { name: 'Ann Acme', email: 'ann@acme.test', phone: '(312) 555-0100' },
  sales_rep: { id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' },
  created_at: '2026-11-20T10:00:00Z',
};
const page = (data: StaffAccountRow[]) => ({ data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } });
const listCalls = (mock: ReturnType<typeof signInStaff>) =>
  mock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith('/api/admin/accounts?'));

describe('Account Management', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches by anything that names the account, filters by state, and opens the sign-up queue', async () => {
    const fetchMock = signInStaff(['fpg_sales'], { 'GET /api/admin/accounts': page([row]) });
    renderApp('/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Customer accounts' });
    expect(table).toHaveTextContent('Ann Acme');
    expect(table).toHaveTextContent('Awaiting verification');
    await userEvent.type(screen.getByLabelText('Search accounts'), 'ann@acme.test');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('q=ann%40acme.test'));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('status=suspended'));
    await userEvent.click(screen.getByText('New sign-ups'));
    await waitFor(() =>
      expect(listCalls(fetchMock).at(-1)).toMatch(/signed_up_days=7.*sort=created_at&dir=desc|sort=created_at&dir=desc.*signed_up_days=7/),
    );
    expect(screen.getByText(/Accounts signed up in the last 7 days/)).toBeInTheDocument();
  });

  it("shows each account's rep, and filters a rep's own accounts", async () => {
    const fetchMock = signInStaff(['fpg_sales'], {
      'GET /api/admin/accounts': page([row]),
      'GET /api/admin/sales-reps': { data: [{ id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' }] },
    });
    renderApp('/admin/accounts');
    const table = await screen.findByRole('table', { name: 'Customer accounts' });
    expect(within(table).getByRole('row', { name: /Acme Freight/ })).toHaveTextContent('Sal Sales');
    await userEvent.selectOptions(screen.getByLabelText('Sales rep'), 'My accounts');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('sales_rep=mine'));
    await userEvent.selectOptions(screen.getByLabelText('Sales rep'), 'No sales rep');
    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toContain('sales_rep=none'));
  });

  it("lets a sales admin set an account's rep, showing the server's refusal at the field", async () => {
    const rep = {
      rep: { id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' },
      assigned_by: 'salesadmin@demo.test',
      assigned_at: '2026-11-25T10:00:00Z',
    };
    let refused = false;
    const fetchMock = signInStaff(['fpg_sales_admin'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
      'GET /api/admin/sales-reps': {
        data: [
          { id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' },
          { id: 'u8', name: 'Sara Salesadmin', email: 'salesadmin@demo.test' },
        ],
      },
      'PUT /api/admin/accounts/a1/sales-rep': () => {
        if (!refused) {
          refused = true;
          return jsonResponse(422, {
            message: 'Choose a user who holds a sales role',
            code: 'validation',
            errors: { user_id: ['Choose a user who holds a sales role'] },
          });
        }
        return jsonResponse(200, { data: rep });
      },
    });
    renderApp('/admin/accounts/a1');
    const section = await screen.findByRole('region', { name: 'Sales rep' });
    await userEvent.selectOptions(await within(section).findByLabelText('Sales rep'), 'Sal Sales (sales@demo.test)');
    await userEvent.click(within(section).getByRole('button', { name: 'Save sales rep' }));
    expect(await within(section).findByText('Choose a user who holds a sales role')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Save sales rep' }));
    expect(await screen.findByText('Sal Sales is now the sales rep of this account.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.map((c) => String(c[0])).lastIndexOf('/api/admin/accounts/a1/sales-rep');
    expect(sentBody(fetchMock, put)).toEqual({ user_id: 'u9' });
  });

  it("shows the account's rep to the staff who may not change it", async () => {
    const rep = {
      rep: { id: 'u9', name: 'Sal Sales', email: 'sales@demo.test' },
      assigned_by: 'salesadmin@demo.test',
      assigned_at: '2026-11-25T10:00:00Z',
    };
    signInStaff(['fpg_ops'], { 'GET /api/admin/accounts/a1': { data: makeAccountDetail({ sales_rep: rep }) } });
    renderApp('/admin/accounts/a1');
    const read = await screen.findByRole('region', { name: 'Sales rep' });
    expect(read).toHaveTextContent('Sal Sales (sales@demo.test)');
    expect(within(read).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('suspends an account only with a reason, and shows why it is suspended', async () => {
    const suspended = makeAccountDetail({ state: 'suspended', suspended_at: '2026-11-22T10:00:00Z', suspended_reason: 'Fraud check' });
    const fetchMock = signInStaff(['fpg_accounting'], {
      'GET /api/admin/accounts/a1': { data: makeAccountDetail() },
      'POST /api/admin/accounts/a1/suspend': () => jsonResponse(200, { data: suspended }),
    });
    renderApp('/admin/accounts/a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await within(dialog).findByText('Field is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Why/), 'Fraud check');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText('Reason: Fraud check')).toBeInTheDocument();
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/suspend'));
    expect(sentBody(fetchMock, post)).toEqual({ reason: 'Fraud check' });
    expect(screen.getByRole('button', { name: 'Reactivate account' })).toBeInTheDocument();
  });
});

describe('Role Management', () => {
  afterEach(() => vi.unstubAllGlobals());

  const ivy: StaffUserView = {
    id: 'u9',
    name: 'Ivy Invited',
    email: 'ivy@staff.test',
    roles: ['fpg_ops'],
    account: null,
    email_verified_at: null,
    last_login_at: null,
    invited: true,
  };

  it("edits a user's roles and shows the server's refusal to drop the last super_admin", async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [ivy] },
      'PUT /api/admin/roles/users/u9': () =>
        jsonResponse(409, {
          message: 'The product must keep at least one super_admin: give the role to someone else first.',
          code: 'conflict',
        }),
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit roles of Ivy Invited' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Ivy Invited' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Accounting/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByText(/at least one super_admin/)).toBeInTheDocument();
    const put = fetchMock.mock.calls.findIndex((c) => String(c[0]).includes('/roles/users/'));
    expect(sentBody(fetchMock, put)).toEqual({ roles: ['fpg_ops', 'fpg_accounting'] });
  });

  it('invites staff only with a name, an email and a role', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [] },
      'POST /api/admin/roles/invitations': () => jsonResponse(201, { data: ivy }),
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Choose at least one role')).toBeInTheDocument();
    expect(within(dialog).getByText('First name required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/First name/), 'Ivy');
    await userEvent.type(within(dialog).getByLabelText(/Last name/), 'Invited');
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'ivy@staff.test');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Operations/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.findIndex((c) => String(c[0]).endsWith('/invitations'));
    expect(sentBody(fetchMock, post)).toEqual({ first_name: 'Ivy', last_name: 'Invited', email: 'ivy@staff.test', roles: ['fpg_ops'] });
  });
});
