import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { makeAccountUser, type makeUser } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

function signIn(roles: Parameters<typeof makeUser>[0] = []) {
  const user = makeAccountUser('Acme Freight', roles);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  stubApi({ 'GET /api/user': { data: user }, 'GET /api/admin/support/summary': { data: { unread: 0, open: 0 } } });
}

/** The test setup's matchMedia matches nothing: a phone. This one matches the sm breakpoint's min-width too: a desktop. */
function desktop() {
  const media = (query: string) =>
    ({
      matches: query.startsWith('(min-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }) as unknown as MediaQueryList;
  vi.stubGlobal('matchMedia', vi.fn(media));
}

const page = () => document.querySelector('.fp-shell-page') as HTMLElement;

describe('the navigation behind the burger', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it.each([
    ['customer area', [], '/track', 'Main navigation'],
    ['admin area', ['super_admin'], '/admin/roles', 'Admin navigation'],
  ] as const)(
    '%s, on a phone: inert while closed; opened, focus in it and the page inert; Escape closes it onto the burger',
    async (_, roles, path, name) => {
      signIn([...roles]);
      renderApp(path);
      const nav = await screen.findByRole('navigation', { name });
      const burger = screen.getByRole('button', { name: 'Toggle navigation' });
      expect(nav).toHaveAttribute('inert');
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      expect(burger).toHaveAttribute('aria-controls', nav.id);
      expect(page()).not.toHaveAttribute('inert');

      const u = userEvent.setup();
      await u.click(burger);
      expect(nav).not.toHaveAttribute('inert');
      expect(burger).toHaveAttribute('aria-expanded', 'true');
      expect(nav.querySelector('a')).toHaveFocus();
      expect(page()).toHaveAttribute('inert');

      await u.keyboard('{Escape}');
      expect(nav).toHaveAttribute('inert');
      expect(burger).toHaveFocus();
      expect(page()).not.toHaveAttribute('inert');
    },
  );

  it('a link followed closes it and focus goes to the main content', async () => {
    signIn();
    const { router } = renderApp('/track');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    await u.click(nav.querySelector('a[href="/address-book"]') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/address-book'));
    expect(nav).toHaveAttribute('inert');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('on a desktop it is never inert', async () => {
    desktop();
    signIn();
    renderApp('/track');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(nav).not.toHaveAttribute('inert');
    expect(page()).not.toHaveAttribute('inert');
  });
});
