import type { StaffUserView } from '@freight/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sequence } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { sentBody, signInStaff } from '../testStaff';

const staff = (id: string, name: string, email: string): StaffUserView => ({
  id,
  name,
  email,
  roles: ['fpg_ops'],
  account: null,
  email_verified_at: '2026-11-01T10:00:00Z',
  last_login_at: null,
  invited: false,
});
const OTTO = staff('u2', 'Otto Ops', 'ops@demo.test');
// The signed-in super_admin (makeUser's id): no reset of their own factor is offered.
const ME = { ...staff('u1', 'Ana Pérez', 'ana@example.com'), roles: ['super_admin' as const] };

describe('Role Management: resetting a lost second factor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the reason in a dialog, shows the error at the field, sends it and says it is done', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [ME, OTTO] },
      'POST /api/admin/roles/users/u2/two-factor-reset': () => new Response(null, { status: 204 }),
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset second factor of Otto Ops' }));
    expect(screen.queryByRole('button', { name: 'Reset second factor of Ana Pérez' })).toBeNull();

    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of Otto Ops' });
    expect(dialog).toHaveTextContent('They set up a second factor again at their next sign-in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveAccessibleDescription('Reason is required');
    expect(fetchMock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'POST')).toBe(false);

    await userEvent.type(reason, 'Lost phone, identity checked by video call');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor of Otto Ops was reset.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = fetchMock.mock.calls.findIndex((c) => (c[1] as RequestInit | undefined)?.method === 'POST');
    expect(sentBody(fetchMock, post)).toEqual({ reason: 'Lost phone, identity checked by video call' });
  });

  it('asks the super admin to enter the password again when the server wants a fresh proof, then resets; backing out keeps the dialog', async () => {
    const fetchMock = signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [OTTO] },
      'POST /api/admin/roles/users/u2/two-factor-reset': sequence(
        () => jsonResponse(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' }),
        () => jsonResponse(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' }),
        () => new Response(null, { status: 204 }),
      ),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset second factor of Otto Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of Otto Ops' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Lost phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));

    // Canceled: nothing is reset, and the reason is still there to send again.
    let confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm password' })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveValue('Lost phone');
    expect(screen.queryByText('The second factor of Otto Ops was reset.')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(confirm).toHaveTextContent('For this change, please enter your password again.');
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The second factor of Otto Ops was reset.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset the second factor of Otto Ops' })).not.toBeInTheDocument());
    const posts = fetchMock.mock.calls.filter((c) => String(c[0]).includes('two-factor-reset'));
    expect(posts).toHaveLength(3);
  });

  it("shows the server's refusal for a user without a factor in the dialog", async () => {
    signInStaff(['super_admin'], {
      'GET /api/admin/roles': { data: [OTTO] },
      'POST /api/admin/roles/users/u2/two-factor-reset': () =>
        jsonResponse(409, { message: 'This user has no second factor to reset.', code: 'conflict' }),
    });
    renderApp('/admin/roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Reset second factor of Otto Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor of Otto Ops' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Lost phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This user has no second factor to reset.');
  });
});
