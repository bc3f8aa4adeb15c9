import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

function signedIn(table: Record<string, unknown>) {
  const user = makeUser([]);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({
    'GET /api/user': { data: user },
    'GET /user/two-factor-authentication': { data: { enabled: false } },
    'GET /user/passkeys': { data: [] },
    ...table,
  });
}

describe('Settings > Security: the second factor for the team', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets the account admin require a second factor of every user, explained, and says it was saved', async () => {
    let required = false;
    const fetchMock = signedIn({
      'GET /api/account/two-factor-rule': () => jsonResponse(200, { data: { required } }),
      'PUT /api/account/two-factor-rule': (_: string, init?: RequestInit) => {
        required = (JSON.parse(String(init?.body)) as { required: boolean }).required;
        return jsonResponse(200, { data: { required } });
      },
    });
    renderApp('/settings/security');
    expect(await screen.findByRole('heading', { name: 'Second factor for your team' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Require a second factor for every user of the account' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/led to set one up at their next sign-in/);

    await userEvent.click(toggle);
    expect(await screen.findByText('Every user of the account now needs a second factor.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'PUT')?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(put?.body))).toEqual({ required: true });
  });

  it('is not shown to a user who is not the account admin', async () => {
    signedIn({ 'GET /api/account/two-factor-rule': () => jsonResponse(403, { message: 'Forbidden.', code: 'forbidden' }) });
    renderApp('/settings/security');
    expect(await screen.findByRole('heading', { name: 'Passkeys' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Require a second factor for every user of the account')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Second factor for your team' })).toBeNull();
  });
});
