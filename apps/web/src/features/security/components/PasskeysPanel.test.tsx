import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

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

const APP_OFF = { enabled: false, confirmed_at: null, recovery_codes_remaining: 0 };
const codes = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}aaa-bbbbb`);

function signedIn(table: Record<string, unknown>) {
  const user = makeUser([]);
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  return stubApi({ 'GET /api/user': { data: user }, 'GET /user/two-factor-authentication': { data: APP_OFF }, ...table });
}

describe('Settings > Security: passkeys', () => {
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

  it('shows the recovery codes of the first passkey once, then offers new ones to a user of passkeys alone', async () => {
    let listed: unknown[] = [];
    let status = APP_OFF;
    signedIn({
      'GET /user/passkeys': () => jsonResponse(200, { data: listed }),
      'GET /user/two-factor-authentication': () => jsonResponse(200, { data: status }),
      'POST /user/passkeys/options': { data: OPTIONS },
      'POST /user/passkeys': () => {
        listed = [LAPTOP];
        status = { ...APP_OFF, recovery_codes_remaining: 10 };
        return jsonResponse(201, { data: { ...LAPTOP, recovery_codes: codes('first') } });
      },
      'POST /user/two-factor-recovery-codes': () => jsonResponse(200, { data: { recovery_codes: codes('fresh') } }),
    });
    device.create.mockResolvedValue(CREDENTIAL);
    renderApp('/settings/security');
    const panel = await screen.findByTestId('passkeys');
    expect(await within(panel).findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Recovery codes' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.type(within(dialog).getByLabelText(/^Passkey name/), 'Work laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create passkey' }));

    // Shown in the panel this once, to copy or download, until the user says they are saved.
    const shown = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes('first'));
    // In the place of the button that made them: focus moves to their notice.
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveFocus());
    expect(within(panel).getByRole('alert')).toHaveTextContent('Save your recovery codes now');
    expect(within(panel).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download as .txt' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'I have saved them' }));
    expect(within(panel).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(panel).findByText('Work laptop')).toBeInTheDocument();

    // Without the app, the passkeys' panel keeps the codes: how many are left, and new ones.
    expect(await within(panel).findByRole('heading', { name: 'Recovery codes' })).toBeInTheDocument();
    expect(within(panel).getByText('10 unused recovery codes left.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'New recovery codes' }));
    const fresh = await within(panel).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(fresh)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes('fresh'));

    // Removing the last passkey says the codes go with it.
    await userEvent.click(within(panel).getByRole('button', { name: 'I have saved them' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove Work laptop' }));
    const removing = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(removing).toHaveTextContent('It is your last second factor');
  });

  it('leaves the recovery codes to the app’s panel when the app is on', async () => {
    signedIn({
      'GET /user/passkeys': { data: [LAPTOP] },
      'GET /user/two-factor-authentication': { data: { enabled: true, confirmed_at: '2026-11-01T10:00:00Z', recovery_codes_remaining: 7 } },
    });
    renderApp('/settings/security');
    const panel = await screen.findByTestId('passkeys');
    expect(await within(panel).findByText('Work laptop')).toBeInTheDocument();
    const app = screen.getByTestId('authenticator-app');
    expect(await within(app).findByText('7 unused recovery codes left.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'New recovery codes' })).not.toBeInTheDocument();
    await userEvent.click(within(app).getByRole('button', { name: 'Turn off' }));
    const turningOff = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication?' });
    expect(turningOff).toHaveTextContent('Your recovery codes keep working.');
  });
});
