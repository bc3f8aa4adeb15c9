import type { SecondFactorMethod } from '@freight/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSY_WAIT } from '../../../test/busyWait';
import { jsonResponse, setCookie } from '../../../test/fixtures';
import { renderGuestPage, stubApi } from '../../../test/renderApp';

/** The login page, the right password typed: the second step offers the ways the server named. */
async function secondStep(methods: SecondFactorMethod[]) {
  setCookie('XSRF-TOKEN', 't');
  stubApi({ 'POST /login': () => jsonResponse(200, { two_factor: true, remember_device: true, methods }) });
  renderGuestPage('/login');
  await userEvent.type(await screen.findByLabelText(/^Email/), 'ana@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Demo#2026');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
}

describe('the second step of sign-in offers the user’s own factors', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a passkey alone: the passkey, no code field to fill, no way to a recovery code', async () => {
    await secondStep(['passkey']);
    expect(screen.getByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus();
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Remember this device for 30 days')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to login' })).toBeInTheDocument();
  });

  it('passkeys alone with recovery codes: the passkey first, a recovery code instead on demand', async () => {
    const fetchMock = stubApi({
      'POST /login': () => jsonResponse(200, { two_factor: true, remember_device: true, methods: ['recovery_code', 'passkey'] }),
      'POST /two-factor-challenge': () => new Response(null, { status: 204 }),
    });
    setCookie('XSRF-TOKEN', 't');
    renderGuestPage('/login');
    await userEvent.type(await screen.findByLabelText(/^Email/), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Demo#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Use your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus();
    expect(screen.queryByLabelText(/^Recovery code/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText(/^Recovery code/);
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use your authenticator app instead' })).not.toBeInTheDocument();
    await userEvent.type(field, 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => {
      const sent = fetchMock.mock.calls.find(([url]) => url === '/two-factor-challenge');
      expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ recovery_code: 'abcde-fghjk', remember_device: false });
    }, BUSY_WAIT);
  });

  it('an authenticator app alone: the code and the recovery codes, no passkey button', async () => {
    await secondStep(['totp', 'recovery_code']);
    expect(screen.getByLabelText(/^Authentication code/)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText(/^Recovery code/)).toBeInTheDocument();
    expect(screen.getByLabelText('Remember this device for 30 days')).toBeInTheDocument();
  });

  it('an app whose recovery codes are all used, and a passkey: the code and the passkey', async () => {
    await secondStep(['totp', 'passkey']);
    expect(screen.getByLabelText(/^Authentication code/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
  });
});
