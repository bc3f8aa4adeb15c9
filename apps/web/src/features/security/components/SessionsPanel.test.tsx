import type { UserSession } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

const LAPTOP: UserSession = {
  id: 'current-session-id-0001',
  browser: 'Chrome 131',
  device: 'macOS',
  ip: '203.0.113.7',
  local_network: false,
  place: { city: 'Chicago', region: 'Illinois', country: 'US' },
  created_at: '2026-11-20T15:00:00Z',
  last_seen_at: '2026-11-25T16:00:00Z',
  current: true,
};
const PHONE: UserSession = {
  ...LAPTOP,
  id: 'phone-session-id-000002',
  browser: 'Safari 17',
  device: 'iPhone',
  ip: '198.51.100.20',
  place: { city: 'Monterrey', region: 'Nuevo León', country: 'MX' },
  current: false,
};
const OLD: UserSession = { ...LAPTOP, id: 'old-session-id-00000003', browser: null, device: null, ip: null, place: null, current: false };
const OFFICE: UserSession = {
  ...LAPTOP,
  id: 'office-session-id-00004',
  browser: 'Firefox 133',
  device: 'Windows',
  ip: '10.0.0.8',
  local_network: true,
  place: null,
  current: false,
};

function signedIn(table: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { settings: { ...DEFAULT_SETTINGS, language } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({
    'GET /api/user': { data: user },
    'GET /user/two-factor-authentication': { data: { enabled: false } },
    'GET /user/passkeys': { data: [] },
    ...table,
  });
}

describe('Settings > Security: your sessions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each session with its browser, place and address, this device first and marked, unknowns said so', async () => {
    signedIn({ 'GET /api/user/sessions': { data: [PHONE, OLD, LAPTOP, OFFICE] } });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('sessions');
    expect(within(panel).getByRole('heading', { name: 'Your sessions' })).toBeInTheDocument();
    const items = await within(panel).findAllByTestId('session');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Chrome 131 on macOS');
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Chicago, Illinois, United States · IP 203.0.113.7');
    expect(items[0]).toHaveTextContent(/Started .*2026.* · Last active .*2026/);
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();

    const [phone, old, office] = [items[1]!, items[2]!, items[3]!];
    expect(phone).toHaveTextContent('Safari 17 on iPhone');
    expect(phone).toHaveTextContent('Monterrey, Nuevo León, Mexico · IP 198.51.100.20');
    expect(within(phone).queryByText('This device')).not.toBeInTheDocument();
    expect(old).toHaveTextContent('Unknown browser');
    expect(old).toHaveTextContent('Unknown place · IP unknown');
    expect(office).toHaveTextContent('Local network · IP 10.0.0.8');
    expect(
      within(phone).getByRole('button', { name: 'Sign out Safari 17 on iPhone, Monterrey, Nuevo León, Mexico · IP 198.51.100.20' }),
    ).toBeInTheDocument();
  });

  it('signs one other session out and moves focus to the list', async () => {
    let listed = [LAPTOP, PHONE];
    const fetchMock = signedIn({
      'GET /api/user/sessions': () => jsonResponse(200, { data: listed }),
      [`DELETE /api/user/sessions/${PHONE.id}`]: () => {
        listed = [LAPTOP];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('sessions');
    await userEvent.click(await within(panel).findByRole('button', { name: /^Sign out Safari 17 on iPhone/ }));
    await waitFor(() => expect(within(panel).getAllByTestId('session')).toHaveLength(1));
    expect(within(panel).getByRole('list', { name: 'Signed-in sessions' })).toHaveFocus();
    expect(within(panel).queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u, init]) => u === `/api/user/sessions/${PHONE.id}` && init?.method === 'DELETE')).toBe(true);
  });

  it('signs every other session out after asking, and says how many', async () => {
    let listed = [LAPTOP, PHONE, OLD];
    signedIn({
      'GET /api/user/sessions': () => jsonResponse(200, { data: listed }),
      'DELETE /api/user/sessions': () => {
        listed = [LAPTOP];
        return jsonResponse(200, { data: { ended: 2 } });
      },
    });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('sessions');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    expect(dialog).toHaveTextContent('This one stays signed in.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).getAllByTestId('session')).toHaveLength(3);

    await userEvent.click(within(panel).getByRole('button', { name: 'Sign out of all other sessions' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('Signed out of 2 other sessions')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getAllByTestId('session')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, and the list as it now is', async () => {
    let listed = [LAPTOP, PHONE];
    signedIn({
      'GET /api/user/sessions': () => jsonResponse(200, { data: listed }),
      [`DELETE /api/user/sessions/${PHONE.id}`]: () => {
        listed = [LAPTOP];
        return jsonResponse(404, { message: 'Not found.', code: 'not_found' });
      },
    });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('sessions');
    await userEvent.click(await within(panel).findByRole('button', { name: /^Sign out Safari/ }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Not found.');
    await waitFor(() => expect(within(panel).getAllByTestId('session')).toHaveLength(1));
  });

  it('speaks Spanish', async () => {
    signedIn({ 'GET /api/user/sessions': { data: [LAPTOP, PHONE, OLD] } }, 'es');
    renderApp('/settings/security');
    const panel = await screen.findByTestId('sessions');
    expect(await within(panel).findByRole('heading', { name: 'Sus sesiones' })).toBeInTheDocument();
    const items = await within(panel).findAllByTestId('session');
    expect(items[0]).toHaveTextContent('Chrome 131 en macOS');
    expect(within(items[0]!).getByText('Este dispositivo')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Chicago, Illinois, Estados Unidos · IP 203.0.113.7');
    expect(items[1]).toHaveTextContent('Monterrey, Nuevo León, México');
    expect(items[2]).toHaveTextContent('Navegador desconocido');
    expect(items[2]).toHaveTextContent('Lugar desconocido · IP desconocida');
    expect(within(items[1]!).getByRole('button', { name: /^Cerrar sesión de Safari 17 en iPhone/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cerrar todas las demás sesiones' })).toBeInTheDocument();
  });

  it('stays out of the way while a second factor must be set up first', async () => {
    const user = makeUser([], { two_factor_enrolment_required: true });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({
      'GET /api/user': { data: user },
      'GET /user/two-factor-authentication': { data: { enabled: false } },
      'GET /user/passkeys': { data: [] },
    });
    renderApp('/settings/security');
    await screen.findByTestId('passkeys');
    expect(screen.queryByTestId('sessions')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/user/sessions')).toBe(false);
  });
});
