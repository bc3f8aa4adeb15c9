import type { ActiveNotice } from '@freight/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY, LANGUAGE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeAccountUser, setCookie } from '../../test/fixtures';
import { renderApp, renderGuestPage, stubApi } from '../../test/renderApp';

const customer = makeAccountUser('Acme Freight');
const info: ActiveNotice = { id: 'i1', severity: 'info', title: 'Holiday pickups', body: 'No pickups on Thursday.', dismissible: true };
const outage: ActiveNotice = {
  id: 'o1',
  severity: 'outage',
  title: 'Carrier outage',
  body: '<b>Tracking</b> is late.',
  dismissible: false,
};

function signInCustomer(stubs: Record<string, unknown>) {
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(customer));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: customer }, ...stubs });
}

const languageOf = (init?: RequestInit) => (init?.headers as Record<string, string> | undefined)?.['Accept-Language'];
/** The Accept-Language each call to `path` carried. */
const languagesOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([u]) => String(u) === path).map(([, init]) => languageOf(init));

describe('site notices', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows a customer their notices above the page, as plain text; an info notice closes for good, an outage stays', async () => {
    const fetchMock = signInCustomer({
      'GET /api/notifications/active': { data: [info, outage] },
      'POST /api/notifications/i1/dismiss': () => new Response(null, { status: 204 }),
    });
    renderApp('/address-book');
    const alert = (await screen.findByText('Service outage: Carrier outage')).closest('[role="alert"]') as HTMLElement;
    // Text is never markup: the tags show as typed.
    expect(alert).toHaveTextContent('<b>Tracking</b> is late.');
    expect(alert.querySelector('b')).toBeNull();
    expect(screen.getByText('Notice: Holiday pickups').closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByRole('button', { name: 'Close this notice' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close this notice' }));
    await waitFor(() => expect(screen.queryByText('Notice: Holiday pickups')).not.toBeInTheDocument());
    // Kept by the browser even when the reader reloads at once, before the answer.
    expect(
      fetchMock.mock.calls.some(([u, init]) => u === '/api/notifications/i1/dismiss' && init?.method === 'POST' && init.keepalive === true),
    ).toBe(true);
    expect(alert).toBeInTheDocument();
  });

  it('brings a closed notice back when the server did not take the close', async () => {
    signInCustomer({
      'GET /api/notifications/active': { data: [info] },
      'POST /api/notifications/i1/dismiss': () => jsonResponse(500, { message: 'Server Error' }),
    });
    renderApp('/address-book');
    await userEvent.click(await screen.findByRole('button', { name: 'Close this notice' }));
    expect(await screen.findByText('Notice: Holiday pickups')).toBeInTheDocument();
  });

  it('asks in the reader’s language, and again when it changes to Spanish', async () => {
    const spanish = { ...customer, settings: { ...customer.settings, language: 'es' as const } };
    const fetchMock = signInCustomer({
      // The session says Spanish now (changed in another tab): the UI and the notices follow.
      'GET /api/user': { data: spanish },
      'GET /api/notifications/active': (_u: string, init?: RequestInit) => {
        const title = languageOf(init) === 'es' ? 'Recolecciones en días festivos' : info.title;
        return jsonResponse(200, { data: [{ ...info, title }] });
      },
    });
    renderApp('/address-book');
    expect(await screen.findByText('Aviso: Recolecciones en días festivos')).toBeInTheDocument();
    expect(languagesOf(fetchMock, '/api/notifications/active').at(-1)).toBe('es');
  });

  it('shows visitors of the public tracking page the outages, with no close button and no signed-in call', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await act(() => i18n.changeLanguage('es'));
    const fetchMock = stubApi({
      'GET /api/public/notices': { data: [{ ...outage, title: 'Caída de transportista' }] },
      'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }),
    });
    renderGuestPage('/track-shipment');
    expect(await screen.findByRole('alert')).toHaveTextContent('Interrupción del servicio: Caída de transportista');
    expect(screen.queryByRole('button', { name: 'Cerrar este aviso' })).not.toBeInTheDocument();
    expect(languagesOf(fetchMock, '/api/public/notices')).toEqual(['es']);
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/notifications/active')).toBe(false);
  });
});
