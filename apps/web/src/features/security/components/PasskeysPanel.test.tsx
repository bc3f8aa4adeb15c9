import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

// The browser's passkey dialog: what the device answers (or its refusal) is the test's to say.
const device = vi.hoisted(() => ({ create: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (actual) => ({
  ...(await actual<typeof import('@simplewebauthn/browser')>()),
  startRegistration: device.create,
}));

const LAPTOP = { id: 'p1', name: 'Work laptop', created_at: '2026-11-20T15:00:00Z', last_used_at: null, synced: false };
const OPTIONS = {
  challenge: 'c',
  rp: { id: 'localhost', name: 'Freight Portal' },
  user: { id: 'u', name: 'ana@example.com', displayName: 'Ana' },
};
const CREDENTIAL = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };
const LOCKED = () => jsonResponse(423, { message: 'Please confirm your password to continue.', code: 'password_confirmation_required' });

function signedIn(table: Record<string, unknown>) {
  const user = makeUser([]);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, 'GET /user/two-factor-authentication': { data: { enabled: false } }, ...table });
}

describe('Settings > Security: passkeys', { timeout: 60_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    device.create.mockReset();
  });

  it('names a new passkey, asks for the password when the server wants it, then lets the browser make it', async () => {
    let listed: unknown[] = [];
    let optionsCalls = 0;
    const fetchMock = signedIn({
      'GET /user/passkeys': () => jsonResponse(200, { data: listed }),
      'POST /user/passkeys/options': () => (++optionsCalls === 1 ? LOCKED() : jsonResponse(200, { data: OPTIONS })),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
      'POST /user/passkeys': () => {
        listed = [LAPTOP];
        return jsonResponse(201, { data: LAPTOP });
      },
    });
    device.create.mockResolvedValue(CREDENTIAL);
    renderApp('/settings/security');
    const panel = await screen.findByTestId('passkeys');
    expect(await within(panel).findByText('You have no passkeys yet.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    expect(within(dialog).getByLabelText(/^Passkey name/)).toHaveAccessibleDescription('Field is required');
    expect(optionsCalls).toBe(0);

    await userEvent.type(within(dialog).getByLabelText(/^Passkey name/), 'Work laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await within(panel).findByText('Work laptop')).toBeInTheDocument();
    expect(within(panel).getByText(/Never used/)).toBeInTheDocument();
    expect(device.create).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const sent = fetchMock.mock.calls.find(([url, init]) => url === '/user/passkeys' && init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ name: 'Work laptop', credential: CREDENTIAL });
  });

  it('says so when the browser dialog was closed, and shows the server’s refusal of the passkey', async () => {
    signedIn({
      'GET /user/passkeys': { data: [] },
      'POST /user/passkeys/options': { data: OPTIONS },
      'POST /user/passkeys': () =>
        jsonResponse(422, {
          message: 'This passkey could not be verified. Please try again.',
          errors: { credential: ['This passkey could not be verified. Please try again.'] },
        }),
    });
    device.create.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    renderApp('/settings/security');
    const panel = await screen.findByTestId('passkeys');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText(/^Passkey name/), 'Phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The passkey was not used: the request was canceled or timed out.');

    device.create.mockResolvedValueOnce(CREDENTIAL);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('This passkey could not be verified. Please try again.'),
    );
  });

  it('renames a passkey and removes one after asking', async () => {
    let listed = [LAPTOP];
    signedIn({
      'GET /user/passkeys': () => jsonResponse(200, { data: listed }),
      'PUT /user/passkeys/p1': () => {
        listed = [{ ...LAPTOP, name: 'Office desktop' }];
        return jsonResponse(200, { data: listed[0] });
      },
      'DELETE /user/passkeys/p1': () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('passkeys');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Rename Work laptop' }));
    const renaming = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(renaming).getByLabelText(/^Passkey name/);
    expect(name).toHaveValue('Work laptop');
    await userEvent.clear(name);
    await userEvent.type(name, 'Office desktop');
    await userEvent.click(within(renaming).getByRole('button', { name: 'Save name' }));
    expect(await within(panel).findByText('Office desktop')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Office desktop' }));
    const removing = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(removing).toHaveTextContent('“Office desktop” will no longer sign you in.');
    await userEvent.click(within(removing).getByRole('button', { name: 'Remove' }));
    expect(await within(panel).findByText('You have no passkeys yet.')).toBeInTheDocument();
  });
});
