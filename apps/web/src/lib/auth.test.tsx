import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordDocumentLoads } from '../test/documentLoads';
import { jsonResponse, makeUser, setCookie } from '../test/fixtures';
import { renderApp, renderGuestPage, stubApi } from '../test/renderApp';
import { fetchCurrentUser, safeRedirect } from './auth';
import { AUTH_STATE_KEY, clearAllStorage, getAuthUser, LANGUAGE_KEY } from './authState';

describe('auth state', () => {
  let documents: ReturnType<typeof recordDocumentLoads> | null = null;
  /** The login page, its way out recorded (a document load of the portal). */
  const renderLogin = (url: `/login${string}` = '/login') => {
    const view = renderGuestPage(url);
    documents = recordDocumentLoads(`http://localhost:3000${url}`);
    return view;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    documents?.restore();
    documents = null;
  });

  it('logs in (POST /login then GET /api/user), stores AUTH_STATE and lands a customer on /', async () => {
    const user = makeUser([]);
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({ 'POST /login': () => new Response(null, { status: 204 }), 'GET /api/user': { data: user } });
    renderLogin();
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(documents?.loads).toEqual(['/']));
    expect(JSON.parse(localStorage.getItem(AUTH_STATE_KEY) ?? 'null')).toEqual(user);
    // The form also asks whether the email's domain signs in through single sign-on (here: 404, no).
    const own = fetchMock.mock.calls.filter(([url]) => url !== '/sso/lookup');
    const calls = own.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(calls.slice(0, 2)).toEqual(['POST /login', 'GET /api/user']);
    expect(JSON.parse(String(own[0]?.[1]?.body))).toEqual({
      email: 'ana@example.com',
      password: 'Secret#123',
      remember: false,
    });
  });

  it('sends a staff user to the admin dashboard after login', async () => {
    const user = makeUser(['fpg_ops']);
    setCookie('XSRF-TOKEN', 't');
    stubApi({
      'POST /login': () => new Response(null, { status: 204 }),
      'GET /api/user': { data: user },
    });
    renderLogin();
    await userEvent.type(await screen.findByLabelText(/Email/), 'ops@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(documents?.loads).toEqual(['/admin/dashboard']));
  });

  it('goes back to the page the guard sent the user from, unless the user may not open it', async () => {
    setCookie('XSRF-TOKEN', 't');
    stubApi({ 'POST /login': () => new Response(null, { status: 204 }), 'GET /api/user': { data: makeUser([]) } });
    renderLogin('/login?redirect=%2Faddress-book%3Fq%3Dacme');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(documents?.loads).toEqual(['/address-book?q=acme']));
    cleanup();
    documents?.restore();

    renderLogin('/login?redirect=%2Fadmin%2Faccounts');
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(documents?.loads).toEqual(['/']));
  });

  it('shows the 422 message under the email field', async () => {
    setCookie('XSRF-TOKEN', 't');
    stubApi({
      'POST /login': () => jsonResponse(422, { message: 'bad', errors: { email: ['These credentials do not match our records.'] } }),
    });
    renderLogin();
    await userEvent.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(getAuthUser()).toBeNull();
  });

  it('loads the stored user at start and keeps guests out', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    stubApi({ 'GET /api/user': { data: user } });
    renderApp('/track');
    expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ana Pérez, profile menu' })).toHaveTextContent('Ana Pérez');
  });

  it('sends a guest to the login page (a document load) with the page to come back to', async () => {
    stubApi({});
    documents = recordDocumentLoads();
    renderApp('/address-book');
    await waitFor(() => expect(documents?.loads).toEqual(['/login?redirect=%2Faddress-book']));
  });

  it('sends an unverified user to /verify-email', async () => {
    const user = makeUser([], { email_verified_at: null });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    stubApi({ 'GET /api/user': { data: user } });
    const { router } = renderApp('/track');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(await screen.findByText('We sent a verification link to ana@example.com.')).toBeInTheDocument();
  });

  it('logs out: POST /logout (failure ignored), clears all local storage, goes to /login', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    localStorage.setItem(LANGUAGE_KEY, 'en');
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({
      'GET /api/user': { data: user },
      'POST /logout': () => jsonResponse(500, { message: 'boom', code: 'server_error' }),
    });
    renderApp('/track');
    await userEvent.click(await screen.findByRole('button', { name: /profile menu$/ }));
    documents = recordDocumentLoads('http://localhost:3000/track');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(documents?.loads).toEqual(['/login']));
    expect(localStorage.length).toBe(0);
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/logout' && init?.method === 'POST')).toBe(true);
    act(() => undefined);
  });

  it('stores no user from an answer that a logout overtook (a background refresh still on its way)', async () => {
    const user = makeUser([]);
    let answer: ((r: Response) => void) | undefined;
    stubApi({ 'GET /api/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const refreshing = fetchCurrentUser();
    await waitFor(() => expect(answer).toBeDefined());
    clearAllStorage();
    answer?.(jsonResponse(200, { data: user }));
    await refreshing;
    expect(localStorage.length).toBe(0);
    expect(getAuthUser()).toBeNull();
    // A request sent after the logout (the next login) is stored as ever.
    stubApi({ 'GET /api/user': { data: user } });
    await fetchCurrentUser();
    expect(getAuthUser()?.email).toBe(user.email);
  });

  it('switches the language at once when the stored settings change', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const spanish = { ...user, settings: { ...user.settings, language: 'es' as const } };
    // The server answers the saved language from then on (a switch refetches what is on screen).
    let current = user;
    const fetchMock = stubApi({
      'GET /api/user': () => jsonResponse(200, { data: current }),
      'PUT /api/settings': () => {
        current = spanish;
        return jsonResponse(200, { data: spanish });
      },
    });
    renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('button', { name: 'Guardar preferencias' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(AUTH_STATE_KEY) ?? '{}').settings.language).toBe('es');
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/settings' && init?.method === 'PUT')).toBe(true);
  });
});

describe('safeRedirect', () => {
  it('keeps a same-origin path with its query', () => {
    expect(safeRedirect('/track?ref=AB12&tab=2')).toBe('/track?ref=AB12&tab=2');
    expect(safeRedirect('/settings/account')).toBe('/settings/account');
  });

  it('refuses paths a browser would turn into another origin', () => {
    expect(safeRedirect('/\t/evil.com')).toBeNull();
    expect(safeRedirect('/\n/evil.com')).toBeNull();
    expect(safeRedirect('/\r\n/evil.com')).toBeNull();
    expect(safeRedirect('//evil.com')).toBeNull();
    expect(safeRedirect('/\\evil.com')).toBeNull();
    expect(safeRedirect('/x\\y')).toBeNull();
  });

  it('refuses absolute URLs and empty values', () => {
    expect(safeRedirect('https://evil.com/track')).toBeNull();
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('track')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });
});
