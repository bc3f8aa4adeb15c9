import type { AuditEntryView, StaffUserView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sequence } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sentBody, signInStaff } from '../testStaff';

const dana: StaffUserView = {
  id: 'u1',
  name: 'Dana Shipper',
  email: 'dana@shipper.test',
  roles: [],
  account: { id: 'a1', name: 'Demo Shipper Co' },
  email_verified_at: '2026-11-01T10:00:00Z',
  last_login_at: null,
  invited: false,
};

const puts = (mock: ReturnType<typeof signInStaff>) =>
  mock.mock.calls.flatMap((c, i) => ((c[1] as RequestInit | undefined)?.method === 'PUT' ? [sentBody(mock, i)] : []));

describe('Role Management: grants of power', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names a customer user's account and waits for its confirmation, then asks the password and saves with the account's id", async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [dana] },
      'PUT /api/admin/roles/users/u1': sequence(
        () => jsonResponse(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' }),
        () => jsonResponse(200, { data: { ...dana, roles: ['fpg_admin'] } }),
      ),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    renderApp('/admin/roles?q=dana');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit roles of Dana Shipper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Dana Shipper' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Admin/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Dana Shipper belongs to the customer account Demo Shipper Co.');
    expect(puts(fetchMock)).toEqual([]);

    // Back keeps the choice; confirming sends the account's id.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('checkbox', { name: /^Admin/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Make Dana Shipper staff' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(confirm).toHaveTextContent('For this change, please enter your password again.');
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roles of Dana Shipper' })).not.toBeInTheDocument());
    expect(puts(fetchMock)).toEqual([
      { roles: ['fpg_admin'], confirm_account_id: 'a1' },
      { roles: ['fpg_admin'], confirm_account_id: 'a1' },
    ]);
  });

  it('asks nothing more of a staff user, and nothing when only roles are taken away', async () => {
    const ops: StaffUserView = { ...dana, id: 'u2', name: 'Otto Ops', account: null, roles: ['fpg_ops', 'fpg_sales'] };
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [ops] },
      'PUT /api/admin/roles/users/u2': { data: { ...ops, roles: ['fpg_ops'] } },
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit roles of Otto Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Otto Ops' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Sales' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roles of Otto Ops' })).not.toBeInTheDocument());
    expect(puts(fetchMock)).toEqual([{ roles: ['fpg_ops'] }]);
  });
});

describe('Audit Log: what each entry is about', () => {
  afterEach(() => vi.unstubAllGlobals());

  const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
    id: 'e1',
    action: 'user.roles',
    entity_type: 'user',
    entity_id: 'u2',
    target_label: 'Otto Ops <ops@demo.test>',
    account_id: null,
    actor_email: 'super@demo.test',
    ip: '127.0.0.1',
    before: { roles: ['fpg_ops'] },
    after: { roles: ['fpg_ops', 'fpg_admin'] },
    created_at: '2026-11-24T10:00:00Z',
    ...over,
  });

  it('words the action and the kind, names and links the record, filters by any kind and exports the search', async () => {
    const entries = [
      entry({}),
      entry({
        id: 'e2',
        action: 'oauth_client.rotate',
        entity_type: 'oauth_client',
        entity_id: 'c1',
        target_label: 'Acme prod (fpc_1)',
      }),
      entry({ id: 'e3', action: 'carrier.activated', entity_type: 'carrier', entity_id: 'k1', target_label: null }),
    ];
    const fetchMock = signInStaff(['super_admin'], {
      // The server filters by the kind asked for; the table then shows only what it answered.
      'GET /api/admin/audit': (url: string) => {
        const kind = new URL(url, 'http://localhost').searchParams.get('entity_type');
        const data = entries.filter((e) => !kind || e.entity_type === kind);
        return jsonResponse(200, { data, meta: { current_page: 1, per_page: 50, total: data.length, last_page: 1 } });
      },
      'GET /api/admin/audit/export': () => new Response('x', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    renderApp('/admin/audit-log');
    const table = await screen.findByRole('table', { name: 'Staff actions, newest first' });
    expect(table).toHaveTextContent('Roles changed');
    expect(table).toHaveTextContent('API credential secret rotated');
    expect(within(table).getByRole('link', { name: 'Otto Ops <ops@demo.test>' })).toHaveAttribute('href', '/admin/roles?q=ops%40demo.test');
    expect(within(table).getByRole('link', { name: 'Acme prod (fpc_1)' })).toHaveAttribute('href', '/admin/oauth');
    // No label recorded nor read: the record's id, linked to its page.
    expect(within(table).getByRole('link', { name: 'k1' })).toHaveAttribute('href', '/admin/carriers/k1');

    await userEvent.selectOptions(screen.getByLabelText('Record'), 'oauth_client');
    // The table shows what the server answered for the kind chosen; the export then asks for the same.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'k1' })).not.toBeInTheDocument());
    expect(screen.getByRole('table', { name: 'Staff actions, newest first' })).not.toHaveTextContent('Roles changed');
    expect(screen.getByRole('link', { name: 'Acme prod (fpc_1)' })).toBeInTheDocument();
    globalThis.URL.createObjectURL = vi.fn(() => 'blob:x');
    globalThis.URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/admin/audit/export?entity_type=oauth_client&format=xlsx'),
    );
  });
});
