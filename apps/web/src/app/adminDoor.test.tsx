import { notifications, notificationsStore } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDashboard } from '../features/admin/testStaff';
import { adminPageOf, mayEnter } from '../lib/adminPaths';
import { AUTH_STATE_KEY } from '../lib/authState';
import { makeUser } from '../test/fixtures';
import { renderApp, stubApi } from '../test/renderApp';

const accounting = makeUser(['fpg_accounting']);

function signIn(user = accounting) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  stubApi({
    'GET /api/user': { data: user },
    'GET /api/admin/dashboard': { data: makeDashboard() },
    'GET /api/admin/accounts': {
      data: [{ id: 'a1', name: 'Acme Freight', status: 'active', users_count: 3, created_at: '2026-01-02T00:00:00Z' }],
      meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
    },
  });
}

describe('admin door', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => notifications.clean());
  });

  it('maps detail paths to the door of their page', () => {
    expect(adminPageOf('/admin/accounts/42')).toBe('accounts');
    expect(adminPageOf('/admin/notifications/edit/3')).toBe('notifications');
    expect(adminPageOf('/admin/truckloads/equipment-types')).toBe('truckloadEquipment');
    expect(mayEnter(['fpg_accounting'], '/admin/scac-aliases')).toBe(false);
    expect(mayEnter(['fpg_ops'], '/admin/scac-aliases')).toBe(true);
    expect(mayEnter(['fpg_feature'], '/admin/dashboard')).toBe(false);
    expect(mayEnter([], '/track')).toBe(true);
  });

  it('refuses an accounting user the roles page: red "Unauthrized" notice, navigation does not complete', async () => {
    signIn();
    const { router } = renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Accounts on credit hold: 1' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | Freight Portal');

    // every door is listed; the ones this user may not open are marked as such
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: /Role Management/ })).toHaveAttribute('title', 'You do not have access to this page');
    expect(within(nav).getByRole('link', { name: 'Account Management' })).not.toHaveAttribute('title');

    await userEvent.click(within(nav).getByRole('link', { name: /Role Management/ }));
    expect(await screen.findByText('Unauthrized')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page')).toBeInTheDocument();
    expect(notificationsStore.getState().notifications).toEqual([
      expect.objectContaining({ color: 'red', title: 'Unauthrized', message: 'You do not have access to this page' }),
    ]);
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lets an accounting user open Account Management', async () => {
    signIn();
    const { router } = renderApp('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Admin navigation' })).getByText('Account Management'));
    expect(await screen.findByText('Acme Freight')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/accounts');
    expect(screen.queryByText('Unauthrized')).not.toBeInTheDocument();
  });

  it('on a direct load of a refused page, tells the user and lands on the dashboard', async () => {
    signIn();
    const { router } = renderApp('/admin/roles');
    expect(await screen.findByText('Unauthrized')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('sends a customer away from the admin area to /', async () => {
    signIn(makeUser([]));
    const { router } = renderApp('/admin/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Unauthrized')).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
  });
});
