import { CUSTOMER_PERMISSIONS } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../../lib/authState';
import { jsonResponse, makeUser, setCookie } from '../../../test/fixtures';
import { renderApp, stubApi } from '../../../test/renderApp';

const account = {
  role: 'account_admin' as const,
  permissions: [...CUSTOMER_PERMISSIONS],
  id: 'a1',
  name: 'Acme',
  status: 'active' as const,
  payment_terms: 'credit' as const,
  account_address: null,
  billing_address: null,
};
const carriers = [
  { id: 'c1', name: 'Old Dominion', scac: 'ODFL', mode: 'ltl', hidden: false, preferred: false },
  { id: 'c2', name: 'Saia', scac: 'SAIA', mode: 'ltl', hidden: true, preferred: false },
  { id: 'c3', name: 'UPS Ground', scac: 'UPSN', mode: 'parcel', hidden: false, preferred: true },
  { id: 'c4', name: 'Demo Truckload', scac: 'DTLA', mode: 'truckload', hidden: false, preferred: false },
];

const puts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === '/api/carriers/preferences' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

async function openModal(put: () => Response) {
  const user = makeUser([], { account });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    'GET /api/carriers': { data: carriers },
    'PUT /api/carriers/preferences': put,
  });
  renderApp('/settings');
  await userEvent.click(await screen.findByRole('button', { name: 'Carrier visibility' }));
  const dialog = await screen.findByRole('dialog', { name: 'Carrier visibility' });
  await within(dialog).findByRole('switch', { name: 'Hide Old Dominion' });
  return { dialog, fetchMock };
}

describe('settings: carrier visibility modal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists carriers by mode with their choices, keeps hide and preferred exclusive, and saves both lists', async () => {
    const saved = carriers.map((c) => ({ ...c, hidden: c.id === 'c1', preferred: c.id === 'c2' || c.id === 'c3' }));
    const { dialog, fetchMock } = await openModal(() => jsonResponse(200, { data: saved }));
    for (const mode of ['LTL', 'Parcel', 'Truckload']) expect(within(dialog).getByRole('heading', { name: mode })).toBeInTheDocument();
    const sw = (name: string) => within(dialog).getByRole('switch', { name });
    expect(sw('Hide Saia')).toBeChecked();
    expect(sw('Preferred: UPS Ground')).toBeChecked();
    expect(sw('Hide Old Dominion')).not.toBeChecked();

    await userEvent.click(sw('Preferred: Old Dominion'));
    expect(sw('Preferred: Old Dominion')).toBeChecked();
    // Hiding a preferred carrier drops the preference (and the other way round).
    await userEvent.click(sw('Hide Old Dominion'));
    expect(sw('Hide Old Dominion')).toBeChecked();
    expect(sw('Preferred: Old Dominion')).not.toBeChecked();
    await userEvent.click(sw('Preferred: Saia'));
    expect(sw('Hide Saia')).not.toBeChecked();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Account updated')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Carrier visibility' })).not.toBeInTheDocument());
    const [body] = puts(fetchMock);
    expect(body.hidden).toEqual(['c1']);
    expect([...body.preferred].sort()).toEqual(['c2', 'c3']);
  });

  it("shows the spec's message when the save fails and keeps the modal open", async () => {
    const { dialog, fetchMock } = await openModal(() => jsonResponse(500, { message: 'Server error', code: 'server_error' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Hide Demo Truckload' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Carrier selection failed to update...')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Carrier visibility' })).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Hide Demo Truckload' })).toBeChecked();
    expect(puts(fetchMock)[0]).toEqual({ hidden: ['c2', 'c4'], preferred: ['c3'] });
  });

  it('is not offered to a user without a customer account', async () => {
    const user = makeUser([], { account: null });
    localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
    stubApi({ 'GET /api/user': { data: user } });
    renderApp('/settings');
    await screen.findByRole('button', { name: 'Save preferences' });
    expect(screen.queryByRole('button', { name: 'Carrier visibility' })).not.toBeInTheDocument();
  });
});
