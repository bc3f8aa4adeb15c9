import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from '../../components/a11y/announcer';
import { AUTH_STATE_KEY, LANGUAGE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { makeAccountUser, type makeUser } from '../../test/fixtures';
import { renderApp, renderGuestPage, stubApi } from '../../test/renderApp';

const HOURS = {
  open_now: true,
  next_open_at: '2026-11-25T14:00:00Z',
  time_zone: 'America/Chicago',
  opens_at: '08:00',
  closes_at: '17:00',
  phone: '1-800-555-0100',
  phone_tel: '+18005550100',
  email: 'help@freight.test',
};

function signIn(roles: Parameters<typeof makeUser>[0] = []) {
  const user = makeAccountUser('Acme Freight', roles);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  stubApi({ 'GET /api/user': { data: user }, 'GET /api/support/hours': { data: HOURS } });
}

/** Tab once from the top of the page: the skip link comes first, and following it focuses <main>. */
async function skipToMain() {
  const u = userEvent.setup();
  await u.tab();
  const skip = screen.getByRole('link', { name: i18n.t('a11y.skip_to_main') });
  expect(skip).toHaveFocus();
  await u.keyboard('{Enter}');
  const main = screen.getByRole('main');
  expect(main).toHaveFocus();
  expect(main.id).toBe('main-content');
}

describe('every layout: skip link, one main, footer with the statement', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('customer area', async () => {
    signIn();
    renderApp('/track');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    await skipToMain();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility' })).toHaveAttribute('href', '/accessibility');
  });

  it('admin area', async () => {
    signIn(['super_admin']);
    stubApi({ 'GET /api/admin/support/summary': { data: { unread: 0, open: 0 } } });
    renderApp('/admin/roles');
    await screen.findByRole('navigation', { name: 'Admin navigation' });
    await skipToMain();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility' })).toBeInTheDocument();
  });

  it('the login page (a guest page), in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    stubApi({});
    renderGuestPage('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    await skipToMain();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accesibilidad' })).toHaveAttribute('href', '/accessibility');
  });

  it('the statement opens in the public frame, with the support email from the server', async () => {
    stubApi({ 'GET /api/support/hours': { data: HOURS } });
    renderApp('/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@freight.test' })).toHaveAttribute('href', 'mailto:help@freight.test');
    expect(screen.getByRole('heading', { name: 'Known limitations' })).toBeInTheDocument();
    expect(screen.getByText(/WCAG\) 2\.2 at level AA/)).toBeInTheDocument();
  });
});

describe('live region', () => {
  it('says each announcement, the same words twice too', async () => {
    vi.useFakeTimers();
    try {
      stubApi({});
      renderGuestPage('/login');
      const region = screen.getByTestId('live-region');
      expect(region).toHaveAttribute('aria-live', 'polite');
      act(() => announce('9 rates returned'));
      expect(region).toHaveTextContent('');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(region).toHaveTextContent('9 rates returned');
      act(() => announce('9 rates returned'));
      expect(region).toHaveTextContent('');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(region).toHaveTextContent('9 rates returned');
    } finally {
      vi.useRealTimers();
    }
  });
});
