import { CUSTOMER_PERMISSIONS } from '@freight/domain';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAnnouncement } from '../../components/a11y/announcer';
import { formWatch } from '../../components/a11y/watchSubmittedForm';
import { AUTH_STATE_KEY } from '../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { renderApp, renderGuestPage, stubApi } from '../../test/renderApp';

const address = {
  first_name: 'Bo',
  last_name: 'Billing',
  email: 'billing@acme.test',
  phone: '312 555 0100',
  company: 'Acme',
  street1: '233 S Wacker Dr',
  street2: '',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60606',
  country: 'US' as const,
};
const account = {
  role: 'account_admin' as const,
  permissions: [...CUSTOMER_PERMISSIONS],
  id: 'a1',
  name: 'Acme',
  status: 'active' as const,
  payment_terms: 'credit' as const,
  account_address: address,
  billing_address: address,
};
const LOCKED = () => jsonResponse(423, { message: 'Please confirm your password to continue.', code: 'password_confirmation_required' });
const WRONG = () => jsonResponse(422, { message: 'Invalid', errors: { password: ['The provided password is incorrect.'] } });

/** Answers a queue of handlers for one route, the last one again once the queue is used up. */
function sequence(...answers: (() => Response)[]) {
  let i = 0;
  return () => (answers[Math.min(i++, answers.length - 1)] as () => Response)();
}

const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

describe('settings: password confirmation in a modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password on 423 and saves the same profile values again', async () => {
    const user = makeUser([]);
    const saved = { ...user, email: 'new@example.com' };
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({
      'GET /api/user': { data: user },
      'PUT /profile': sequence(LOCKED, () => jsonResponse(200, { data: saved })),
      'POST /user/confirm-password': sequence(WRONG, () => new Response(null, { status: 201 })),
    });
    const { router } = renderApp('/settings');
    const email = await screen.findByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    expect(within(dialog).getByText('Please confirm your password to continue.')).toBeInTheDocument();
    const password = within(dialog).getByLabelText(/^Password/);
    await userEvent.type(password, 'Wrong#123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The provided password is incorrect.'));
    expect(callsTo(fetchMock, 'PUT', '/profile')).toHaveLength(1);

    await userEvent.clear(password);
    await userEvent.type(password, 'Secret#123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('Account updated')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm password' })).not.toBeInTheDocument());

    const puts = callsTo(fetchMock, 'PUT', '/profile');
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual(puts[0]);
    expect(puts[1]).toMatchObject({ email: 'new@example.com', first_name: 'Ana' });
    expect(callsTo(fetchMock, 'POST', '/user/confirm-password')).toEqual([{ password: 'Wrong#123' }, { password: 'Secret#123' }]);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('focuses the field the server refuses after the password, however long the password took', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const taken = () => jsonResponse(422, { message: 'Invalid', errors: { email: ['The email has already been taken.'] } });
    stubApi({
      'GET /api/user': { data: user },
      'PUT /profile': sequence(LOCKED, taken),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    const said: string[] = [];
    const stopListening = onAnnouncement((m) => said.push(m));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/settings');
      fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'taken@example.com' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
      // The watch of the first submit is over while the user finds the password.
      vi.advanceTimersByTime(formWatch.ms);
      await userEvent.type(within(dialog).getByLabelText(/^Password/), 'Secret#123');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      const email = screen.getByLabelText(/^Email/);
      await waitFor(() => expect(email).toHaveFocus());
      expect(email).toHaveAccessibleDescription('The email has already been taken.');
      expect(said).toContain('1 field needs attention');
    } finally {
      vi.useRealTimers();
      stopListening();
      // 'Error updating account' closes on a fake timer that will not run: it must not reach the next test.
      notifications.clean();
    }
  });

  it('keeps the typed values when the confirmation is cancelled', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({ 'GET /api/user': { data: user }, 'PUT /profile': LOCKED });
    const { router } = renderApp('/settings');
    const email = await screen.findByLabelText(/^Email/);
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm password' })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new@example.com');
    expect(screen.queryByText('Error updating account')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/profile')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('saves the billing address after the password is confirmed, without leaving the page', async () => {
    const user = makeUser([], { account });
    const moved = { ...address, street1: '1 N Dearborn St' };
    const saved = { ...user, account: { ...account, billing_address: moved } };
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    const fetchMock = stubApi({
      'GET /api/user': { data: user },
      'PUT /api/account/billing-address': sequence(LOCKED, () => jsonResponse(200, { data: saved })),
      'POST /user/confirm-password': () => new Response(null, { status: 201 }),
    });
    const { router } = renderApp('/settings/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit billing address' }));
    const modal = await screen.findByRole('dialog', { name: 'Billing address' });
    fireEvent.change(within(modal).getByLabelText(/^Street address/), { target: { value: '1 N Dearborn St' } });
    await userEvent.click(within(modal).getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(confirm).getByLabelText(/^Password/), 'Secret#123');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('Account updated')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Billing address' })).not.toBeInTheDocument());
    expect(screen.getAllByText('1 N Dearborn St').length).toBeGreaterThan(0);
    const puts = callsTo(fetchMock, 'PUT', '/api/account/billing-address');
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual(puts[0]);
    expect(puts[1]).toMatchObject({ street1: '1 N Dearborn St' });
    expect(router.state.location.pathname).toBe('/settings/account');
  });
});

describe('settings: unit system example', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a sample in the chosen units and follows the select at once', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    stubApi({ 'GET /api/user': { data: user } });
    renderApp('/settings');
    const select = await screen.findByRole('combobox', { name: 'Unit system' });
    expect(select).toHaveAccessibleDescription('Example: 1,000 lb · 48 × 40 × 48 in');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Metric (kg, cm)', hidden: true }));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Example: 453.6 kg · 121.9 × 101.6 × 121.9 cm'));
  });
});

describe('auth pages: language of an unverified user', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the choice with PUT /api/settings and stores the answered user', async () => {
    const user = makeUser([], { email_verified_at: null });
    const spanish = { ...user, settings: { ...user.settings, language: 'es' as const } };
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    // The server answers the saved language from then on (a switch refetches what is on screen).
    let current = user;
    const fetchMock = stubApi({
      'GET /api/user': () => jsonResponse(200, { data: current }),
      'PUT /api/settings': () => {
        current = spanish;
        return jsonResponse(200, { data: spanish });
      },
    });
    renderApp('/verify-email');
    const switcher = await screen.findByRole('radiogroup', { name: 'Language' });
    await userEvent.click(within(switcher).getByText('Español'));
    expect(await screen.findByRole('radiogroup', { name: 'Idioma' })).toBeInTheDocument();
    await waitFor(() => expect(JSON.parse(localStorage.getItem(AUTH_STATE_KEY) ?? '{}').settings.language).toBe('es'));
    expect(callsTo(fetchMock, 'PUT', '/api/settings')).toEqual([{ language: 'es' }]);
    expect(localStorage.getItem('LANGUAGE')).toBeNull();
  });

  it('puts the language back and says so beside the switch when the save fails, on a guest page too', async () => {
    const user = makeUser([], { email_verified_at: null });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    setCookie('XSRF-TOKEN', 't');
    stubApi({ 'PUT /api/settings': () => jsonResponse(500, { message: 'Server Error' }) });
    renderGuestPage('/track-shipment');
    const switcher = await screen.findByRole('radiogroup', { name: 'Language' });
    await userEvent.click(within(switcher).getByText('Español'));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not save your language. Please try again.');
    expect(screen.getByRole('heading', { name: 'Track a Shipment' })).toBeInTheDocument();
    expect(within(switcher).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(JSON.parse(localStorage.getItem(AUTH_STATE_KEY) ?? '{}').settings.language).toBe('en');
  });

  it('keeps a guest choice in localStorage without calling the server', async () => {
    const fetchMock = stubApi({});
    renderGuestPage('/login');
    const switcher = await screen.findByRole('radiogroup', { name: 'Language' });
    await userEvent.click(within(switcher).getByText('Español'));
    expect(await screen.findByRole('radiogroup', { name: 'Idioma' })).toBeInTheDocument();
    expect(localStorage.getItem('LANGUAGE')).toBe('es');
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/settings')).toBe(false);
  });

  it('is not shown to a verified user', async () => {
    const user = makeUser([]);
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    stubApi({ 'GET /api/user': { data: user } });
    renderApp('/confirm-password?redirect=/settings');
    await screen.findByRole('heading', { name: 'Confirm password' });
    expect(screen.queryByRole('radiogroup', { name: 'Language' })).not.toBeInTheDocument();
  });
});
