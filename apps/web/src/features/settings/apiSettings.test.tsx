import type { CredentialView, WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { CUSTOMER_PERMISSIONS } from '@freight/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATE_KEY } from '../../lib/authState';
import i18n from '../../lib/i18n';
import { jsonResponse, makeUser, setCookie } from '../../test/fixtures';
import { renderApp, stubApi } from '../../test/renderApp';

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
const credential: CredentialView = {
  id: 'c1',
  client_id: 'fp_live_warehouse',
  name: 'Warehouse system',
  owner: { kind: 'account', id: 'a1', name: 'Acme' },
  created_by: { id: 'u1', name: 'Dana Shipper' },
  scopes: ['quotes:read', 'shipments:write'],
  status: 'active',
  expires_at: null,
  previous_secret_until: null,
  created_at: '2026-03-01T12:00:00Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: '2026-03-02T15:30:00Z',
};
const webhook: WebhookView = {
  id: 'w1',
  created_by: { id: 'u1', name: 'Dana Shipper' },
  url: 'https://erp.acme.test/hooks',
  description: 'ERP',
  events: ['shipment.booked'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-03-01T12:00:00Z',
  last_success_at: '2026-03-02T15:30:00Z',
  last_failure_at: null,
};
const delivery: WebhookDeliveryView = {
  id: 7,
  event_id: 'evt_123',
  event_type: 'shipment.booked',
  status: 'failed',
  attempts: 3,
  last_status_code: 500,
  last_error: null,
  last_duration_ms: 1234,
  next_attempt_at: null,
  created_at: '2026-03-02T15:30:00Z',
  delivered_at: null,
  replay_of: null,
  payload: { type: 'shipment.booked', timestamp: '2026-03-02T15:30:00Z', data: { bol_number: 'FP-1001' } },
};
const noPartners = { granted: [], available: [] };

const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, method: string, url: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => u === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')));

/** The account's first user on /settings/api, with the given answers over empty lists. */
function openApiSettings(table: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const user = makeUser([], { account, settings: { ...makeUser().settings, language } });
  localStorage.setItem(AUTH_STATE_KEY, JSON.stringify(user));
  setCookie('XSRF-TOKEN', 't');
  const fetchMock = stubApi({
    'GET /api/user': { data: user },
    'GET /api/settings/api-credentials': { data: [] },
    'GET /api/settings/partners': { data: noPartners },
    'GET /api/webhooks': { data: [] },
    ...table,
  });
  renderApp('/settings/api');
  return fetchMock;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('settings: API credentials', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a credential and shows its client id and secret once', async () => {
    let list: CredentialView[] = [];
    const fetchMock = openApiSettings({
      'GET /api/settings/api-credentials': () => jsonResponse(200, { data: list }),
      'POST /api/settings/api-credentials': () => {
        list = [credential];
        return jsonResponse(201, { data: { credential, client_secret: 'fps_shown_once' } });
      },
    });
    const credentials = await section('API credentials');
    expect(within(credentials).getByText(/No credentials yet/)).toBeInTheDocument();
    await userEvent.click(within(credentials).getByRole('button', { name: 'New credential' }));

    const form = await screen.findByRole('dialog', { name: 'New credential' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create credential' }));
    expect(await within(form).findByText('Choose at least one scope')).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/settings/api-credentials')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Warehouse system');
    expect(within(form).getByText('Book and cancel shipments')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'quotes:read' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'shipments:write' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create credential' }));

    const shown = await screen.findByRole('dialog', { name: 'Credential created' });
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(within(shown).getByLabelText('Client ID')).toHaveTextContent('fp_live_warehouse');
    expect(within(shown).getByLabelText('Client secret')).toHaveTextContent('fps_shown_once');
    expect(within(shown).getByRole('button', { name: 'Copy Client secret' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/settings/api-credentials')).toEqual([
      { name: 'Warehouse system', scopes: ['quotes:read', 'shipments:write'], expires_on: null },
    ]);

    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credential created' })).not.toBeInTheDocument());
    expect(await within(credentials).findByText('Warehouse system')).toBeInTheDocument();
    expect(within(credentials).getByText('fp_live_warehouse')).toBeInTheDocument();
    expect(screen.queryByText('fps_shown_once')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the expiry date under the date field', async () => {
    const fetchMock = openApiSettings({
      'POST /api/settings/api-credentials': () =>
        jsonResponse(422, { message: 'Choose an expiry date after today', errors: { expires_on: ['Choose an expiry date after today'] } }),
    });
    const credentials = await section('API credentials');
    await userEvent.click(within(credentials).getByRole('button', { name: 'New credential' }));
    const form = await screen.findByRole('dialog', { name: 'New credential' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Warehouse system');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'quotes:read' }));
    const expiry = within(form).getByLabelText(/^Expir/);
    await userEvent.type(expiry, '2030-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Create credential' }));
    await waitFor(() => expect(expiry).toHaveAccessibleDescription(/Choose an expiry date after today/));
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesOf(fetchMock, 'POST', '/api/settings/api-credentials')).toHaveLength(1);
  });

  it('revokes a credential after saying what stops', async () => {
    let list = [credential];
    const fetchMock = openApiSettings({
      'GET /api/settings/api-credentials': () => jsonResponse(200, { data: list }),
      'POST /api/settings/api-credentials/c1/revoke': () => {
        list = [{ ...credential, status: 'revoked', revoked_at: '2026-03-03T10:00:00Z' }];
        return jsonResponse(200, { data: list[0] });
      },
    });
    const credentials = await section('API credentials');
    const row = (await within(credentials).findByText('Warehouse system')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('Created by Dana Shipper')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Warehouse system' }));

    const confirm = await screen.findByRole('dialog', { name: 'Revoke Warehouse system?' });
    expect(within(confirm).getByText(/stop at their next request/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke credential' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke Warehouse system?' })).not.toBeInTheDocument());
    expect(await within(credentials).findByText('Revoked')).toBeInTheDocument();
    expect(within(credentials).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/settings/api-credentials/c1/revoke')).toHaveLength(1);
  });

  it('rotates a secret with a day of overlap by default and shows the new one once', async () => {
    const fetchMock = openApiSettings({
      'GET /api/settings/api-credentials': { data: [credential] },
      'POST /api/settings/api-credentials/c1/rotate': () =>
        jsonResponse(200, { data: { credential: { ...credential, rotated_at: '2026-03-03T10:00:00Z' }, client_secret: 'fps_rotated' } }),
    });
    const credentials = await section('API credentials');
    const row = (await within(credentials).findByText('Warehouse system')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Rotate Warehouse system' }));
    const form = await screen.findByRole('dialog', { name: 'Rotate Warehouse system' });
    const hours = within(form).getByLabelText('Overlap (hours)');
    expect(hours).toHaveAccessibleDescription('The old secret keeps working for 24 hours.');
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    expect(hours).toHaveAccessibleDescription('The old secret stops working right away.');
    await userEvent.clear(hours);
    await userEvent.type(hours, '48');
    await userEvent.click(within(form).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New secret for Warehouse system' });
    expect(within(shown).getByLabelText('Client secret')).toHaveTextContent('fps_rotated');
    expect(bodiesOf(fetchMock, 'POST', '/api/settings/api-credentials/c1/rotate')).toEqual([{ overlap_hours: 48 }]);
  });

  it('tells a user who is not the account admin who can do it, with no buttons', async () => {
    const forbidden = () => jsonResponse(403, { message: 'This action is unauthorized.', code: 'forbidden' });
    openApiSettings({
      'GET /api/settings/api-credentials': forbidden,
      'GET /api/settings/partners': forbidden,
      'GET /api/webhooks': forbidden,
    });
    expect(await screen.findByText(/Only your company's account admins can manage API credentials/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'API credentials' })).not.toBeInTheDocument();
    for (const name of ['New credential', 'Add webhook', 'Let in']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });
});

describe('settings: partners with access', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets an available partner in and lists it as let in by the company', async () => {
    const partner = { id: 'p1', name: 'ShipTMS', website: 'https://shiptms.test' };
    const fetchMock = openApiSettings({
      'GET /api/settings/partners': { data: { granted: [], available: [partner] } },
      'POST /api/settings/partners/p1': () =>
        jsonResponse(200, {
          data: { granted: [{ ...partner, granted_by: 'consent', granted_at: '2026-03-03T10:00:00Z' }], available: [] },
        }),
    });
    const partners = await section('Partners with access');
    expect(await within(partners).findByText('No partner can act for your company.')).toBeInTheDocument();
    await userEvent.click(within(partners).getByRole('combobox', { name: 'Partner' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ShipTMS', hidden: true }));
    await userEvent.click(within(partners).getByRole('button', { name: 'Let in' }));
    expect(await within(partners).findByRole('link', { name: 'ShipTMS' })).toHaveAttribute('href', 'https://shiptms.test');
    expect(within(partners).getByText('Your company')).toBeInTheDocument();
    expect(within(partners).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u, init]) => u === '/api/settings/partners/p1' && init?.method === 'POST')).toBe(true);
  });
});

describe('settings: webhooks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('adds a webhook and shows its signing secret once', async () => {
    let list: WebhookView[] = [];
    const fetchMock = openApiSettings({
      'GET /api/webhooks': () => jsonResponse(200, { data: list }),
      'POST /api/webhooks': () => {
        list = [webhook];
        return jsonResponse(201, { data: { ...webhook, secret: 'whsec_c2lnbmluZw==' } });
      },
    });
    const webhooks = await section('Webhooks');
    expect(within(webhooks).getByText('webhook-signature')).toBeInTheDocument();
    await userEvent.click(await within(webhooks).findByRole('button', { name: 'Add webhook' }));

    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    await userEvent.type(within(form).getByLabelText(/^URL/), 'https://erp.acme.test/hooks');
    await userEvent.type(within(form).getByLabelText(/^Description/), 'ERP');
    expect(within(form).getByText('A shipment is booked')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'shipment.booked' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(shown).getByLabelText('Signing secret')).toHaveTextContent('whsec_c2lnbmluZw==');
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock, 'POST', '/api/webhooks')).toEqual([
      { url: 'https://erp.acme.test/hooks', description: 'ERP', events: ['shipment.booked'], enabled: true },
    ]);
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Webhook added' })).not.toBeInTheDocument());
    expect(await within(webhooks).findByRole('switch', { name: 'Enabled: https://erp.acme.test/hooks' })).toBeChecked();
    expect(screen.queryByText('whsec_c2lnbmluZw==')).not.toBeInTheDocument();
  });

  it('lists a webhook’s deliveries and replays one', async () => {
    const fetchMock = openApiSettings({
      'GET /api/webhooks': { data: [webhook] },
      'GET /api/webhooks/w1/deliveries': { data: [delivery] },
      'POST /api/webhooks/w1/deliveries/7/replay': () =>
        jsonResponse(201, { data: { ...delivery, id: 8, status: 'pending', attempts: 0, replay_of: 7 } }),
    });
    const webhooks = await section('Webhooks');
    expect(await within(webhooks).findByText('Created by Dana Shipper')).toBeInTheDocument();
    await userEvent.click(await within(webhooks).findByRole('button', { name: 'Deliveries' }));

    const drawer = await screen.findByRole('dialog', { name: 'Deliveries to https://erp.acme.test/hooks' });
    const row = (await within(drawer).findByText('evt_123')).closest('tr') as HTMLElement;
    expect(within(row).getByText('shipment.booked')).toBeInTheDocument();
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('1,234 ms')).toBeInTheDocument();
    // The request that was sent opens under its row, read-only.
    const request = within(row).getByRole('button', { name: /^Request of shipment\.booked/ });
    await userEvent.click(request);
    expect(request).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByLabelText('Request body')).toHaveTextContent('"bol_number": "FP-1001"');
    expect(within(drawer).getByText(/webhook-id.*webhook-timestamp.*webhook-signature/)).toBeInTheDocument();
    await userEvent.click(request);
    expect(within(drawer).queryByLabelText('Request body')).not.toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /^Replay shipment\.booked/ }));
    expect(await screen.findByText('Sent again as a new delivery')).toBeInTheDocument();
    const replays = fetchMock.mock.calls.filter(([u, init]) => u === '/api/webhooks/w1/deliveries/7/replay' && init?.method === 'POST');
    expect(replays).toHaveLength(1);
  });
});

describe('settings: API & webhooks in Spanish', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('words the page, its tables and its dates in Spanish', async () => {
    openApiSettings({ 'GET /api/settings/api-credentials': { data: [credential] }, 'GET /api/webhooks': { data: [webhook] } }, 'es');
    const credentials = await section('Credenciales de la API');
    expect(screen.getByRole('tab', { name: 'API y webhooks' })).toHaveAttribute('aria-selected', 'true');
    const row = (await within(credentials).findByText('Warehouse system')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Activa')).toBeInTheDocument();
    expect(within(row).getByText('No vence')).toBeInTheDocument();
    expect(within(row).getByText(/2 mar 2026/)).toBeInTheDocument();
    expect(within(row).getByText('Creada por Dana Shipper')).toBeInTheDocument();
    expect(within(credentials).getByRole('button', { name: 'Nueva credencial' })).toBeInTheDocument();
    expect(await section('Socios con acceso')).toHaveTextContent('Ningún socio puede actuar por su empresa.');
    const webhooks = await section('Webhooks');
    expect(await within(webhooks).findByRole('switch', { name: 'Activo: https://erp.acme.test/hooks' })).toBeChecked();
    expect(within(webhooks).getByText('Creado por Dana Shipper')).toBeInTheDocument();
    expect(within(webhooks).getByText('Cómo verificar las firmas')).toBeInTheDocument();
  });
});
