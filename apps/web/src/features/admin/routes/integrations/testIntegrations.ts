import type { CredentialView, IntegrationView, PartnerListItem, PartnerView, WebhookView } from '@freight/contracts';
import type { signInStaff } from '../../testStaff';

/** Test data of the integration pages. */

export const PARTNER_ID = '0b5c3f5e-6a57-4c1e-9f0a-3d1f7c2a9e11';
export const ACCOUNT_ID = '5d0f4b8e-2c61-4a7e-8b3d-9e6a1f2c4b77';

export const makeCredential = (over: Partial<CredentialView> = {}): CredentialView => ({
  id: 'c1',
  client_id: 'fpc_abc123',
  name: 'Production TMS',
  owner: { kind: 'partner', id: PARTNER_ID, name: 'Acme TMS' },
  created_by: null,
  scopes: ['quotes:write', 'shipments:read'],
  status: 'active',
  expires_at: null,
  previous_secret_until: null,
  created_at: '2026-11-01T10:00:00Z',
  rotated_at: null,
  revoked_at: null,
  last_used_at: '2026-11-22T15:30:00Z',
  ...over,
});

export const partnerRow = (over: Partial<PartnerListItem> = {}): PartnerListItem => ({
  id: PARTNER_ID,
  name: 'Acme TMS',
  status: 'active',
  accounts: 3,
  credentials: 2,
  requests_today: 1250,
  errors_today: 4,
  last_call_at: '2026-11-22T15:30:00Z',
  ...over,
});

export const makePartner = (over: Partial<PartnerView> = {}): PartnerView => ({
  id: PARTNER_ID,
  name: 'Acme TMS',
  website: 'acme-tms.example',
  status: 'active',
  contacts: [{ name: 'Tina Tech', email: 'tina@acme-tms.example', phone: '(312) 555-0100', role: 'Technical lead' }],
  notes: '',
  carrier: null,
  created_at: '2026-10-01T10:00:00Z',
  accounts: [{ id: ACCOUNT_ID, name: 'Blue Widgets', granted_by: 'consent', granted_at: '2026-10-05T10:00:00Z', disabled: false }],
  credentials: [makeCredential()],
  usage: {
    days: Array.from({ length: 14 }, (_, i) => ({ day: `2026-11-${String(9 + i).padStart(2, '0')}`, requests: 100 + i, errors: i % 3 })),
    requests_today: 1250,
    errors_today: 4,
    last_call_at: '2026-11-22T15:30:00Z',
  },
  ...over,
});

export const makeWebhook = (over: Partial<WebhookView> = {}): WebhookView => ({
  id: 'w1',
  created_by: null,
  url: 'https://hooks.acme-tms.example/freight',
  description: 'Production',
  events: ['shipment.booked', 'shipment.delivered'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-01T10:00:00Z',
  last_success_at: '2026-11-22T15:00:00Z',
  last_failure_at: null,
  ...over,
});

export const makeIntegration = (over: Partial<IntegrationView> = {}): IntegrationView => ({
  kind: 'webhook',
  id: 'w1',
  name: 'https://hooks.acme-tms.example/freight',
  account: { id: ACCOUNT_ID, name: 'Blue Widgets' },
  partner: null,
  enabled: true,
  last_success_at: '2026-11-22T15:00:00Z',
  last_failure_at: '2026-11-21T09:00:00Z',
  failure_rate: 0.125,
  ...over,
});

/** The index of the fetch mock's calls with this method and path. */
export const callsOf = (mock: ReturnType<typeof signInStaff>, method: string, path: string) =>
  mock.mock.calls
    .map((c, i) => [c, i] as const)
    .filter(([c]) => String(c[0]).split('?')[0] === path && ((c[1] as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, i]) => i);
