import { type AlertView, canWorkExceptions, type ExceptionQueueItem } from '@freight/contracts';
import { canOpenAdminPage, ROLES } from '@freight/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bodiesOf, callsOf, signIn } from '../../test/signedIn';
import { ageOf } from './components/words';

const SHIPMENT = {
  id: 's1',
  number: 'FP00012345',
  pro_number: 'PRO-77',
  carrier_name: 'Saia',
  status: 'in_transit' as const,
  origin: 'Chicago, IL',
  destination: 'Atlanta, GA',
};

const alert = (over: Partial<AlertView> = {}): AlertView => ({
  id: 'a1',
  kind: 'stalled',
  state: 'open',
  raised_at: '2026-11-27T15:00:00Z',
  closed_at: null,
  acknowledged_at: null,
  details: { last_event_at: '2026-11-26T12:00:00Z' },
  shipment: SHIPMENT,
  unread: true,
  ...over,
});

describe('how long an alert has waited', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it('is said in minutes under an hour, hours under two days, then days', () => {
    expect(ageOf('2026-11-27T11:35:00Z', now)).toEqual({ unit: 'minutes', count: 25 });
    expect(ageOf('2026-11-26T13:00:00Z', now)).toEqual({ unit: 'hours', count: 23 });
    expect(ageOf('2026-11-25T13:00:00Z', now)).toEqual({ unit: 'hours', count: 47 });
    expect(ageOf('2026-11-24T11:00:00Z', now)).toEqual({ unit: 'days', count: 3 });
    expect(ageOf('2026-11-27T12:05:00Z', now)).toEqual({ unit: 'minutes', count: 0 });
  });
});

describe('the exceptions queue door', () => {
  it('opens to the roles the alerts contract lets work the queue, and to no one else', () => {
    for (const role of ROLES) expect(canOpenAdminPage([role], 'exceptions'), role).toBe(canWorkExceptions([role]));
    expect(canOpenAdminPage(['fpg_ops'], 'exceptions')).toBe(true);
    expect(canOpenAdminPage(['fpg_sales'], 'exceptions')).toBe(false);
  });
});

describe("the shipper's alerts", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says each alert in plain words with its shipment linked to its tracking page, and counts the unread on the navigation', async () => {
    const fetchMock = signIn(makeUser(), {
      'GET /api/alerts': {
        data: [
          alert(),
          alert({
            id: 'a2',
            kind: 'window_slipping',
            unread: false,
            state: 'acknowledged',
            acknowledged_at: '2026-11-27T16:00:00Z',
            details: { promised_on: '2026-11-25', expected_on: '2026-11-30' },
            shipment: { ...SHIPMENT, id: 's2', number: 'FP00099999' },
          }),
          alert({
            id: 'a3',
            kind: 'action_required',
            unread: false,
            details: { message: 'Send the commercial invoice.' },
            shipment: { ...SHIPMENT, id: 's3', number: 'FP00055555' },
          }),
        ],
        has_more: false,
        unread_count: 4,
      },
      'GET /api/alerts/unread-count': { unread_count: 4 },
    });
    renderApp('/alerts');
    const list = await screen.findByRole('list', { name: "Your account's alerts, newest first" });
    const [stalled, late, action] = within(list).getAllByTestId('alert-item') as [HTMLElement, HTMLElement, HTMLElement];
    expect(stalled).toHaveTextContent('Shipment FP00012345 has had no tracking update since Nov 26, 2026');
    expect(stalled).toHaveTextContent('No tracking update');
    expect(stalled).toHaveTextContent('New');
    expect(stalled).toHaveTextContent('Raised Nov 27, 2026');
    expect(stalled).toHaveTextContent('Saia · Chicago, IL to Atlanta, GA');
    expect(within(stalled).getByRole('link', { name: 'FP00012345' })).toHaveAttribute('href', '/track/detail/s1');
    expect(late).toHaveTextContent(
      'Shipment FP00099999 will likely miss its promised delivery date, Nov 25, 2026; it is now expected on Nov 30, 2026.',
    );
    expect(late).toHaveTextContent('Our team is on it');
    expect(within(late).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
    expect(action).toHaveTextContent('Shipment FP00055555 needs an action from you.');
    expect(action).toHaveTextContent('Message from our team: Send the commercial invoice.');

    // The navigation's Alerts link says how many are unread after its own name.
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Alerts 4 unread alerts' })).toHaveAttribute('href', '/alerts');

    // The open ones by default; all of them once asked, in the URL.
    expect(String(callsOf(fetchMock, 'GET', '/api/alerts')[0]?.[0])).not.toContain('status=');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'all');
    await waitFor(() => expect(callsOf(fetchMock, 'GET', '/api/alerts').some(([u]) => String(u).includes('status=all'))).toBe(true));
  });

  it('marks an alert read, keeps the keyboard on it, and the navigation follows the count', async () => {
    let current = [alert()];
    let unread = 1;
    const fetchMock = signIn(makeUser(), {
      'GET /api/alerts': () => jsonResponse(200, { data: current, has_more: false, unread_count: unread }),
      'GET /api/alerts/unread-count': () => jsonResponse(200, { unread_count: unread }),
      'POST /api/alerts/a1/read': () => {
        current = [alert({ unread: false })];
        unread = 0;
        return jsonResponse(200, { unread_count: 0 });
      },
    });
    renderApp('/alerts');
    const button = await screen.findByRole('button', { name: 'Mark as read: No tracking update, shipment FP00012345' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByTestId('alerts-badge')).toHaveTextContent('1');
    await userEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark as read/ })).toBeNull());
    expect(screen.getByTestId('alert-item')).toHaveFocus();
    expect(screen.getByTestId('alert-item')).not.toHaveTextContent('New');
    expect(within(nav).queryByTestId('alerts-badge')).toBeNull();
    expect(callsOf(fetchMock, 'POST', '/api/alerts/a1/read')).toHaveLength(1);
  });

  it('says when there is nothing open', async () => {
    signIn(makeUser(), {
      'GET /api/alerts': { data: [], has_more: false, unread_count: 0 },
      'GET /api/alerts/unread-count': { unread_count: 0 },
    });
    renderApp('/alerts');
    expect(await screen.findByText('No open alerts. Everything is on its way as planned.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});

describe('the alert settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  const VIEW = {
    preferences: [
      { kind: 'no_pickup', portal: true, mail: true, sms: false },
      { kind: 'stalled', portal: true, mail: true, sms: false },
      { kind: 'window_slipping', portal: true, mail: false, sms: false },
      { kind: 'delivered_with_exceptions', portal: true, mail: true, sms: false },
      { kind: 'action_required', portal: true, mail: true, sms: false },
    ],
    sms_available: false,
  };

  it('is a table of kinds by channel; SMS says it needs a mobile number; a change is saved whole', async () => {
    const fetchMock = signIn(makeUser(), {
      'GET /api/settings/alerts': VIEW,
      'PUT /api/settings/alerts': (_u: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse(200, { ...VIEW, preferences: body.preferences });
      },
    });
    renderApp('/settings');
    const table = await screen.findByRole('table', { name: 'How each kind of alert reaches you' });
    expect(within(table).getByRole('columnheader', { name: /^SMS/ })).toHaveTextContent('Needs a mobile number on your profile');
    const sms = within(table).getByRole('checkbox', { name: 'SMS: No pickup' });
    expect(sms).toBeDisabled();
    expect(sms).toHaveAccessibleDescription('Needs a mobile number on your profile');
    expect(within(table).getByRole('checkbox', { name: 'Mail: Delivery running late' })).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save alert settings' });
    expect(save).toBeDisabled();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Mail: Delivery running late' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Portal: No tracking update' }));
    await userEvent.click(save);
    expect(await screen.findByText('Alert settings saved.')).toBeInTheDocument();
    const [sent] = bodiesOf(fetchMock, 'PUT', '/api/settings/alerts');
    expect(sent.preferences).toEqual([
      { kind: 'no_pickup', portal: true, mail: true, sms: false },
      { kind: 'stalled', portal: false, mail: true, sms: false },
      { kind: 'window_slipping', portal: true, mail: true, sms: false },
      { kind: 'delivered_with_exceptions', portal: true, mail: true, sms: false },
      { kind: 'action_required', portal: true, mail: true, sms: false },
    ]);
    expect(screen.getByRole('button', { name: 'Save alert settings' })).toBeDisabled();
  });

  it("shows the server's refusal at the box it is about, in its words", async () => {
    signIn(makeUser(), {
      'GET /api/settings/alerts': { ...VIEW, preferences: VIEW.preferences.map((p) => ({ ...p, sms: p.kind === 'stalled' })) },
      'PUT /api/settings/alerts': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          code: 'validation',
          errors: { 'preferences.1.sms': ['Add a mobile number to your profile to get text messages.'] },
        }),
    });
    renderApp('/settings');
    const table = await screen.findByRole('table', { name: 'How each kind of alert reaches you' });
    // A choice made before the number went can still be cleared.
    expect(within(table).getByRole('checkbox', { name: 'SMS: No tracking update' })).toBeEnabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Mail: No pickup' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save alert settings' }));
    const refusal = (await screen.findByText('Your alert settings were not saved')).closest('[role=alert]') as HTMLElement;
    expect(refusal).toHaveTextContent('Your alert settings were not saved');
    expect(refusal).toHaveTextContent('No tracking update, SMS: Add a mobile number to your profile to get text messages.');
    expect(within(table).getByRole('checkbox', { name: 'SMS: No tracking update' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe("staff's exceptions queue", () => {
  afterEach(() => vi.unstubAllGlobals());

  const row = (over: Partial<ExceptionQueueItem> = {}): ExceptionQueueItem => ({
    id: 'e1',
    kind: 'no_pickup',
    raised_at: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    details: { pickup_window_end: '2026-11-26T23:00:00Z' },
    account_id: 'acc1',
    account_name: 'Demo Shipper Co',
    shipment: SHIPMENT,
    last_event: { status_code: 'AF', description: 'Departed terminal', location: 'Joliet, IL', occurred_at: '2026-11-26T18:00:00Z' },
    ...over,
  });
  const COUNTS = { no_pickup: 1, stalled: 2, window_slipping: 0, delivered_with_exceptions: 0, action_required: 0 };

  it('lists the oldest first with age, kind, account, shipment, carrier and last event; filters by kind in the URL', async () => {
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/exceptions': { data: [row()], has_more: true, counts: COUNTS },
    });
    const { router } = renderApp('/admin/exceptions');
    const table = await screen.findByRole('table', { name: 'Shipments that need a call, oldest first' });
    const first = within(table).getByTestId('exception-row');
    expect(first).toHaveTextContent('5 hours');
    expect(first).toHaveTextContent('No pickup');
    expect(first).toHaveTextContent('Pickup window ended Nov 26, 2026');
    expect(within(first).getByRole('link', { name: 'Demo Shipper Co' })).toHaveAttribute('href', '/admin/accounts/acc1');
    expect(within(first).getByRole('link', { name: 'FP00012345' })).toHaveAttribute('href', '/admin/shipments/s1');
    expect(first).toHaveTextContent('SaiaPRO PRO-77');
    expect(first).toHaveTextContent('Departed terminal');
    expect(first).toHaveTextContent('Joliet, IL');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'stalled');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=stalled'));
    await waitFor(() =>
      expect(callsOf(fetchMock, 'GET', '/api/admin/exceptions').some(([u]) => String(u).includes('kind=stalled'))).toBe(true),
    );
    expect(screen.getByRole('option', { name: 'No tracking update (2)' })).toBeInTheDocument();
  });

  it('acknowledges the rows picked with select-all, once confirmed, and says how many', async () => {
    let rows = [
      row(),
      row({ id: 'e2', kind: 'stalled', details: {}, last_event: null, shipment: { ...SHIPMENT, id: 's2', number: 'FP00022222' } }),
    ];
    const fetchMock = signIn(makeUser(['fpg_ops']), {
      'GET /api/admin/exceptions': () => jsonResponse(200, { data: rows, has_more: false, counts: COUNTS }),
      'POST /api/admin/exceptions/acknowledge': () => {
        rows = [];
        return jsonResponse(200, { acknowledged: 2 });
      },
    });
    renderApp('/admin/exceptions');
    const table = await screen.findByRole('table', { name: 'Shipments that need a call, oldest first' });
    const acknowledge = screen.getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select No tracking update, shipment FP00022222' }));
    expect(within(table).getByRole('checkbox', { name: 'Select every alert on this page' })).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 selected');
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every alert on this page' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');

    await userEvent.click(acknowledge);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 alerts?' });
    // Nothing is sent before the confirmation.
    expect(callsOf(fetchMock, 'POST', '/api/admin/exceptions/acknowledge')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge 2 alerts' }));
    expect(await screen.findByText('2 alerts acknowledged.')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/admin/exceptions/acknowledge')).toEqual([{ ids: ['e1', 'e2'] }]);
    expect(await screen.findByText('No open alerts wait for a call.')).toBeInTheDocument();
  });

  it('is shut to a role the server refuses', async () => {
    const fetchMock = signIn(makeUser(['fpg_sales']), {});
    const { router } = renderApp('/admin/exceptions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(callsOf(fetchMock, 'GET', '/api/admin/exceptions')).toEqual([]);
  });
});
