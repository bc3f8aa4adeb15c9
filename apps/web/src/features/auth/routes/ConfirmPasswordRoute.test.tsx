import type { ConfirmationProof } from '@freight/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { useWithPasswordConfirmation } from '../../../components/ConfirmPasswordModal';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

// The browser's passkey dialog: what the device answers is the test's to say.
const device = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (actual) => ({
  ...(await actual<typeof import('@simplewebauthn/browser')>()),
  startAuthentication: device.get,
}));

const ASSERTION = { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} };

/** A signed-in shipper on the confirmation page, whose proofs the server names; answers the fetch stub. */
function confirmationPage(proofs: ConfirmationProof[], table: Record<string, unknown> = {}) {
  const user = makeUser([], { email: 'ana@example.com' });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    'GET /user/confirmed-password-status': { confirmed: false, proofs },
    'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    ...table,
  });
  const app = renderApp('/confirm-password?redirect=%2Fsettings');
  return { fetchMock, router: app.router };
}

const sent = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)));

describe('confirming who one is', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    device.get.mockReset();
  });

  it('asks a user without a second factor for the password, as before', async () => {
    const { fetchMock, router } = confirmationPage(['password']);
    const password = await screen.findByLabelText(/^Password/);
    expect(screen.getByRole('heading', { name: 'Confirm password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await userEvent.type(password, 'Demo#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sent(fetchMock, '/user/confirm-password')).toEqual([{ password: 'Demo#2026' }]);
  });

  it('asks a user with an authenticator app for its code, or a recovery code, never the password', async () => {
    const { fetchMock, router } = confirmationPage(['totp', 'recovery_code'], {
      'POST /user/confirm-password': (_url: string, init?: RequestInit) =>
        String(init?.body).includes('recovery_code')
          ? new Response(null, { status: 201 })
          : jsonResponse(422, {
              message: 'The provided two factor authentication code was invalid.',
              errors: { code: ['The provided two factor authentication code was invalid.'] },
            }),
    });
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByText("Please confirm it's you with your second factor to continue.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    const code = screen.getByLabelText(/^Authentication code/);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription('Field is required');
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The provided two factor authentication code was invalid.'));

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText(/^Recovery code/), 'k7m2q-x9fhp');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sent(fetchMock, '/user/confirm-password')).toEqual([{ code: '123 456' }, { recovery_code: 'k7m2q-x9fhp' }]);
  });

  it('offers a user with a passkey alone the passkey, and no code field', async () => {
    device.get.mockResolvedValue(ASSERTION);
    const { fetchMock, router } = confirmationPage(['passkey'], {
      'POST /user/confirm-password/passkey-options': { data: { challenge: 'c', allowCredentials: [{ id: 'cred', type: 'public-key' }] } },
    });
    expect(await screen.findByRole('heading', { name: "Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByText("Use your passkey to confirm it's you.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(device.get).toHaveBeenCalledWith({ optionsJSON: expect.objectContaining({ challenge: 'c' }) });
    expect(sent(fetchMock, '/user/confirm-password')).toEqual([{ credential: ASSERTION }]);
  });

  it('offers a user of passkeys alone with recovery codes the passkey first, a recovery code on demand', async () => {
    const { fetchMock, router } = confirmationPage(['recovery_code', 'passkey']);
    expect(await screen.findByText("Use your passkey to confirm it's you.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Recovery code/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await userEvent.type(screen.getByLabelText(/^Recovery code/), 'abcde-fghjk');
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sent(fetchMock, '/user/confirm-password')).toEqual([{ recovery_code: 'abcde-fghjk' }]);
  });

  it('says so when the browser’s passkey dialog was closed, and stays', async () => {
    device.get.mockRejectedValue(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    const { router } = confirmationPage(['totp', 'recovery_code', 'passkey'], {
      'POST /user/confirm-password/passkey-options': { data: { challenge: 'c' } },
    });
    // Both ways: the code field first, the passkey beside it.
    expect(await screen.findByLabelText(/^Authentication code/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not used: the request was canceled or timed out.');
    expect(router.state.location.pathname).toBe('/confirm-password');
  });

  it('tells a single sign-on user without a factor to sign in again through their provider', async () => {
    confirmationPage([]);
    expect(await screen.findByText(/there is no password to confirm/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with single sign-on' })).toHaveAttribute(
      'href',
      '/sso/start?email=ana%40example.com',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

/** A save the server refuses once with `refusal` (a 423), as a grant of power's is. */
function GrantOfPower({ save }: { save: () => Promise<string> }) {
  const { run, modal } = useWithPasswordConfirmation(save);
  return (
    <>
      <button type="button" onClick={() => void run(undefined)}>
        Grant
      </button>
      {modal}
    </>
  );
}

describe('the confirmation dialog of a refused save', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a user with a second factor for it, in words of its own (not the password’s), then saves again', async () => {
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({
      'GET /user/confirmed-password-status': { confirmed: false, proofs: ['totp'] },
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    let calls = 0;
    const save = vi.fn(async () => {
      if (++calls === 1) {
        const { ApiError } = await import('../../../lib/api');
        throw new ApiError(423, { message: 'For this change, please enter your password again.', code: 'reauthentication_required' });
      }
      return 'saved';
    });
    render(
      <Providers queryClient={createQueryClient()}>
        <GrantOfPower save={save} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Grant' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(dialog).toHaveTextContent("For this change, please confirm it's you again with your second factor.");
    expect(dialog).not.toHaveTextContent('enter your password');
    // No recovery codes left: no way to switch to one.
    expect(within(dialog).queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Authentication code/), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(fetchMock, '/user/confirm-password')).toEqual([{ code: '123456' }]);
  });
});
