import { z } from 'zod';
import { email, optionalText, phone, requiredText } from './fields';
import { type TeamPerson, teamPerson } from './team';

/**
 * The partner API and integrations: OAuth client credentials, integration partners,
 * webhook subscriptions. The public API's own routes (/api/v1) reuse the web's contracts.
 */

/**
 * What a credential may do; each /api/v1 route names the one it needs. The carrier_invoices scopes
 * are a carrier partner's (a partner linked to a carrier): its freight invoices and their disputes.
 */
export const API_SCOPES = [
  'quotes:read',
  'quotes:write',
  'shipments:read',
  'shipments:write',
  'tracking:read',
  'documents:read',
  'invoices:read',
  'webhooks:manage',
  'carrier_invoices:write',
  'carrier_invoices:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const WEBHOOK_EVENT_TYPES = [
  'shipment.booked',
  'shipment.status_changed',
  'shipment.delivered',
  'document.ready',
  'invoice.created',
  'invoice.paid',
] as const;
export type WebhookEventTypeName = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A rotation's overlap: the old secret keeps working for 0 to 30 days (default 1). */
export const ROTATION_OVERLAP_HOURS = { min: 0, max: 720, default: 24 } as const;

const scopes = z
  .array(z.enum(API_SCOPES, { error: 'validation.choice' }), { error: 'validation.required' })
  .min(1, { error: 'validation.scopes_required' })
  .max(API_SCOPES.length)
  .transform((s) => [...new Set(s)]);

/** Whether 'YYYY-MM-DD' is a day of the calendar: Date.parse takes 2026-02-30 as March 2nd. */
const isCalendarDay = (v: string) => {
  const parsed = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === v;
};

/**
 * An expiry date ('YYYY-MM-DD'), or null for none. That it is after today is the server's check
 * (credentials.service.ts): it reads the app's clock.
 */
const expiry = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(isCalendarDay, { error: 'validation.date' })
  .nullable()
  .default(null);

/** POST /api/admin/oauth-clients: a credential of a partner or of one account. */
export const staffCredentialRequest = z
  .object({
    name: requiredText('validation.required', 80),
    partner_id: z.uuid({ error: 'validation.choice' }).nullable().default(null),
    account_id: z.uuid({ error: 'validation.choice' }).nullable().default(null),
    scopes,
    expires_on: expiry,
  })
  .refine((v) => (v.partner_id === null) !== (v.account_id === null), {
    error: 'validation.credential_owner',
    path: ['partner_id'],
  });
export type StaffCredentialRequest = z.output<typeof staffCredentialRequest>;

/** POST /api/settings/api-credentials: an account admin's own credential. */
export const accountCredentialRequest = z.object({
  name: requiredText('validation.required', 80),
  scopes,
  expires_on: expiry,
});
export type AccountCredentialRequest = z.output<typeof accountCredentialRequest>;

/** POST .../rotate: how long the old secret keeps working. */
export const rotateCredentialRequest = z.object({
  overlap_hours: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(ROTATION_OVERLAP_HOURS.min, { error: 'validation.too_small' })
    .max(ROTATION_OVERLAP_HOURS.max, { error: 'validation.too_large' })
    .default(ROTATION_OVERLAP_HOURS.default),
});

export type CredentialStatus = 'active' | 'expired' | 'revoked' | 'disabled';

/** A credential as lists show it: never its secret. */
export interface CredentialView {
  id: string;
  client_id: string;
  name: string;
  owner: { kind: 'partner' | 'account'; id: string; name: string };
  /** Who of the owning account made it (null for a partner's, and for one staff made). */
  created_by: TeamPerson | null;
  scopes: ApiScope[];
  status: CredentialStatus;
  expires_at: string | null;
  previous_secret_until: string | null;
  created_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

/** The answer of a creation or rotation: the secret, shown this once. */
export interface IssuedCredential {
  credential: CredentialView;
  client_secret: string;
}

/** POST /oauth/token (RFC 6749 section 4.4), form-encoded or JSON. */
export const tokenRequest = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(1000).optional(),
});

export const partnerContact = z.object({
  name: requiredText('validation.required', 120),
  email: email(),
  phone: phone().or(z.literal('').transform(() => '')),
  role: optionalText(80),
});
export type PartnerContactInput = z.input<typeof partnerContact>;

/** POST /api/admin/integration-partners and PUT .../:id. */
export const partnerRequest = z.object({
  name: requiredText('validation.required', 120),
  website: optionalText(200),
  status: z.enum(['active', 'suspended'], { error: 'validation.choice' }).default('active'),
  contacts: z.array(partnerContact).max(20).default([]),
  notes: optionalText(2000),
  /**
   * A carrier partner: the carrier whose systems post its freight invoices (scopes
   * carrier_invoices:*); null for any other partner; left out, unchanged.
   */
  carrier_id: z.uuid({ error: 'validation.carrier_unknown' }).nullable().optional(),
});
export type PartnerRequest = z.output<typeof partnerRequest>;
export type PartnerRequestInput = z.input<typeof partnerRequest>;

/** POST /api/admin/integration-partners/:id/accounts: staff let a partner act for an account. */
export const partnerAccountRequest = z.object({ account_id: z.uuid({ error: 'validation.choice' }) });

export interface PartnerUsage {
  /** Calls a day over the last 14 days, oldest first ('YYYY-MM-DD'). */
  days: { day: string; requests: number; errors: number }[];
  requests_today: number;
  errors_today: number;
  last_call_at: string | null;
}

export interface PartnerListItem {
  id: string;
  name: string;
  status: 'active' | 'suspended';
  accounts: number;
  credentials: number;
  requests_today: number;
  errors_today: number;
  last_call_at: string | null;
}

export interface PartnerView {
  id: string;
  name: string;
  website: string;
  status: 'active' | 'suspended';
  contacts: { name: string; email: string; phone: string; role: string }[];
  notes: string;
  /** The carrier of a carrier partner, else null. */
  carrier: { id: string; name: string; scac: string } | null;
  created_at: string;
  accounts: { id: string; name: string; granted_by: 'staff' | 'consent'; granted_at: string; disabled: boolean }[];
  credentials: CredentialView[];
  usage: PartnerUsage;
}

/** One logged call of the public API (GET .../api-calls). */
export interface ApiCallView {
  id: number;
  at: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  client_id: string;
  account_id: string | null;
}

/** POST /api/webhooks (an account admin in Settings) or /api/v1/webhooks (a webhooks:manage token). */
export const webhookRequest = z.object({
  url: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(2000, { error: 'validation.too_long' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { error: 'validation.webhook_url' }),
  description: optionalText(200),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'validation.choice' }), { error: 'validation.required' })
    .min(1, { error: 'validation.events_required' })
    .transform((e) => [...new Set(e)]),
  enabled: z.boolean().default(true),
});
export type WebhookRequest = z.output<typeof webhookRequest>;
export type WebhookRequestInput = z.input<typeof webhookRequest>;

/** An ISO 8601 instant as answers give it (`2026-12-02T15:04:05.000Z`). */
const instant = z.iso.datetime({ offset: true });

/**
 * A webhook subscription as answered (the web's Settings and the API). The answers' schemas are
 * strict: the API tests check every answer against them, so a field added or dropped shows there
 * and in the OpenAPI document made from them.
 */
export const webhookView = z.strictObject({
  id: z.uuid(),
  created_by: teamPerson.nullable().meta({ description: 'Who of the account made it (null for a partner’s, and for one staff made)' }),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_reason: z
    .enum(['manual', 'failing'])
    .nullable()
    .meta({ description: '`failing`: turned off after failing for 3 days; `manual`: turned off by a person' }),
  created_at: instant,
  last_success_at: instant.nullable(),
  last_failure_at: instant.nullable(),
  secret: z.string().optional().meta({ description: 'The signing secret: only in the answer that creates it or rotates its secret' }),
});
export type WebhookView = z.output<typeof webhookView>;

/** One delivery of an event to a subscription (each replay is one more). */
export const webhookDeliveryView = z.strictObject({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  next_attempt_at: instant.nullable(),
  created_at: instant,
  delivered_at: instant.nullable(),
  replay_of: z.number().int().nullable().meta({ description: 'The delivery this one replays' }),
  payload: z
    .unknown()
    .meta({ description: 'The JSON body that was sent, `{type, timestamp, data}`: the same on every attempt and replay' }),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;

/** One connection of an account on /admin/integrations, with its health. */
export interface IntegrationView {
  kind: 'partner' | 'credential' | 'webhook' | 'ebay_store';
  id: string;
  name: string;
  account: { id: string; name: string } | null;
  partner: { id: string; name: string } | null;
  enabled: boolean;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** Failures over attempts in the last 7 days (0 to 1), null when nothing was tried. */
  failure_rate: number | null;
}

/** PUT /api/admin/integrations/:kind/:id: staff's switch. */
export const integrationSwitchRequest = z.object({ enabled: z.boolean({ error: 'validation.required' }) });
