import type { ShipmentWatchersView } from '@freight/contracts';
import { type CustomerRole, permissionsOf } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeShipmentView } from '../../components/tracking/testShipments';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie, TEST_ACCOUNT } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

const WATCHERS = '/api/shipments/s1/watchers';
const view = (over: Partial<ShipmentWatchersView> = {}): ShipmentWatchersView => ({
  watching: false,
  booked_by_you: false,
  watchers: [],
  ...over,
});
const BEA = '0b7e3c52-6a1d-4c1e-9f0e-2d4b8a1c5e77';
const bea = { user_id: BEA, name: 'Bea Billing', you: false, added_at: '2026-03-10T12:00:00Z' };
const me = { user_id: 'u1', name: 'Ana Pérez', you: true, added_at: '2026-03-10T12:00:00Z' };

/** The shipment's page for a user of `role`, with the watchers' calls stubbed by `table`. */
function renderDetail(role: CustomerRole, table: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const base = makeUser([]);
  const user = {
    ...base,
    account: { ...TEST_ACCOUNT, role, permissions: [...permissionsOf(role)] },
    settings: { ...base.settings, language },
  };
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    'GET /api/shipments/s1': { data: makeShipmentView({ id: 's1' }) },
    ...table,
  });
  renderApp('/track/detail/s1');
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method).map(([, init]) => init?.body);
  return { calls };
}

const section = async () => within(await screen.findByRole('region', { name: /^(Watchers|Seguidores)$/ }));

describe('shipment watchers', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lets a viewer watch and stop watching, without offering to add colleagues', async () => {
    let current = view({ watchers: [bea] });
    const { calls } = renderDetail('viewer', {
      [`GET ${WATCHERS}`]: () => jsonResponse(200, { data: current }),
      [`PUT ${WATCHERS}/me`]: () => {
        current = view({ watching: true, watchers: [me, bea] });
        return jsonResponse(200, { data: current });
      },
      [`DELETE ${WATCHERS}/me`]: () => {
        current = view({ watchers: [bea] });
        return jsonResponse(200, { data: current });
      },
    });
    const box = await section();
    expect(await box.findByText('Bea Billing')).toBeInTheDocument();
    expect(box.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(box.queryByLabelText('Add a colleague')).not.toBeInTheDocument();

    await userEvent.click(box.getByRole('button', { name: 'Watch' }));
    expect(await box.findByText('Watching')).toBeInTheDocument();
    expect(box.getByText('Ana Pérez (you)')).toBeInTheDocument();
    expect(calls('PUT', `${WATCHERS}/me`)).toHaveLength(1);
    expect(await screen.findByText('You are watching this shipment: its tracking mails will come to you.')).toBeInTheDocument();

    await userEvent.click(box.getByRole('button', { name: 'Stop watching' }));
    await waitFor(() => expect(box.queryByText('Watching')).not.toBeInTheDocument());
    expect(box.getByRole('button', { name: 'Watch' })).toBeInTheDocument();
    expect(calls('GET', `${WATCHERS}/colleagues`)).toHaveLength(0);
  });

  it('lets a shipper add a colleague from the list and remove a watcher; a refusal shows at the field', async () => {
    let current = view();
    let refuse = true;
    const { calls } = renderDetail('shipper', {
      [`GET ${WATCHERS}`]: () => jsonResponse(200, { data: current }),
      [`GET ${WATCHERS}/colleagues`]: () =>
        jsonResponse(200, { data: current.watchers.length ? [] : [{ user_id: BEA, name: 'Bea Billing' }] }),
      [`POST ${WATCHERS}`]: () => {
        if (refuse) {
          refuse = false;
          return jsonResponse(422, {
            message: 'The given data was invalid.',
            errors: { user_id: ['Choose an active colleague: a deactivated user gets no mail.'] },
          });
        }
        current = view({ watchers: [bea] });
        return jsonResponse(200, { data: current });
      },
      [`DELETE ${WATCHERS}/${BEA}`]: () => {
        current = view();
        return jsonResponse(200, { data: current });
      },
    });
    const box = await section();
    expect(await box.findByText('Nobody watches this shipment yet.')).toBeInTheDocument();
    const form = await box.findByRole('form', { name: 'Add a colleague as a watcher' });
    // Nothing chosen: said at the field, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Choose one of the listed options')).toBeInTheDocument();
    expect(calls('POST', WATCHERS)).toHaveLength(0);

    await userEvent.selectOptions(await within(form).findByLabelText('Add a colleague'), 'Bea Billing');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Choose an active colleague: a deactivated user gets no mail.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await box.findByText('Bea Billing')).toBeInTheDocument();
    expect(calls('POST', WATCHERS).map((b) => JSON.parse(String(b)))).toEqual([{ user_id: BEA }, { user_id: BEA }]);
    expect(await screen.findByText('Bea Billing now watches this shipment.')).toBeInTheDocument();
    expect(await box.findByText('Every active colleague already watches this shipment.')).toBeInTheDocument();

    await userEvent.click(box.getByRole('button', { name: 'Remove Bea Billing' }));
    expect(await box.findByText('Nobody watches this shipment yet.')).toBeInTheDocument();
    expect(calls('DELETE', `${WATCHERS}/${BEA}`)).toHaveLength(1);
  });

  it('tells the booker the mails come to them, with nothing to watch', async () => {
    renderDetail('account_admin', {
      [`GET ${WATCHERS}`]: { data: view({ booked_by_you: true, watchers: [bea] }) },
      [`GET ${WATCHERS}/colleagues`]: { data: [] },
    });
    const box = await section();
    expect(await box.findByText('You booked this shipment, so its tracking mails come to you.')).toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Watch' })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderDetail('viewer', { [`GET ${WATCHERS}`]: { data: view({ watching: true, watchers: [{ ...me, name: 'Ana Pérez' }] }) } }, 'es');
    const box = await section();
    expect(await box.findByText('Siguiendo')).toBeInTheDocument();
    expect(box.getByText('Ana Pérez (usted)')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Dejar de seguir' })).toBeInTheDocument();
  });
});
