import { z } from 'zod';
import { email, optionalText, phone, requiredText } from './fields';
import { carrierRef } from './incidents';
import { teamPerson } from './team';

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

export const CREDENTIAL_STATUSES = ['active', 'expired', 'revoked', 'disabled'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** A credential as lists show it: never its secret. */
export const credentialView = z.strictObject({
  id: z.uuid(),
  client_id: z.string(),
  name: z.string(),
  owner: z.strictObject({ kind: z.enum(['partner', 'account']), id: z.string(), name: z.string() }),
  created_by: teamPerson
    .nullable()
    .meta({ description: "Who of the owning account made it (null for a partner's, and for one staff made)" }),
  scopes: z.array(z.enum(API_SCOPES)),
  status: z.enum(CREDENTIAL_STATUSES),
  expires_at: z.iso.datetime().nullable(),
  previous_secret_until: z.iso.datetime().nullable().meta({ description: 'Until when the secret before a rotation still works' }),
  created_at: z.iso.datetime(),
  rotated_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
});
export type CredentialView = z.output<typeof credentialView>;

/** The answer of a creation or rotation: the secret, shown this once. */
export const issuedCredential = z.strictObject({
  credential: credentialView,
  client_secret: z.string().meta({ description: 'The secret, shown this once' }),
});
export type IssuedCredential = z.output<typeof issuedCredential>;

/** POST /oauth/token (RFC 6749 section 4.4), form-encoded or JSON. */
export const tokenRequest = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(1000).optional(),
});

/** The token endpoint's answer (RFC 6749 section 5.1): a bearer token for /api/v1 calls, outside the data envelope. */
export const tokenAnswer = z.strictObject({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().meta({ description: 'Seconds the token stays valid (at most 3600)' }),
  scope: z.string().meta({ description: 'The granted scopes, space-separated' }),
});
export type TokenAnswer = z.output<typeof tokenAnswer>;

/** The API's OpenAPI 3.1 document as /api/docs/openapi.json serves it: its parts, not each operation's detail. */
export const openApiDocument = z.strictObject({
  openapi: z.string(),
  info: z.strictObject({ title: z.string(), version: z.string(), description: z.string() }),
  tags: z.array(z.strictObject({ name: z.string(), description: z.string() })),
  components: z.strictObject({ securitySchemes: z.record(z.string(), z.unknown()), schemas: z.record(z.string(), z.unknown()) }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

/** Stripe's event acknowledged: `duplicate` when its id was handled before and it was skipped. */
export const stripeEventReceipt = z.strictObject({ received: z.literal(true), duplicate: z.literal(true).optional() });

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

/** A partner company as an account sees it. */
export const partnerSummary = z.strictObject({ id: z.uuid(), name: z.string(), website: z.string() });
export type PartnerSummary = z.output<typeof partnerSummary>;

/** GET /api/settings/partners: the partners acting for the account, and the active ones it may let in. */
export const accountPartnersView = z.strictObject({
  granted: z.array(
    partnerSummary.extend({
      granted_by: z.enum(['staff', 'consent']).meta({ description: "Staff linked it, or the account's admin consented" }),
      granted_at: z.iso.datetime(),
    }),
  ),
  available: z.array(partnerSummary).meta({ description: 'The active partners not yet acting for the account' }),
});
export type AccountPartners = z.output<typeof accountPartnersView>;

/** A partner's calls of the API: a day at a time over the last 14 days, and today's. */
export const partnerUsage = z.strictObject({
  days: z
    .array(z.strictObject({ day: z.iso.date(), requests: z.number().int(), errors: z.number().int() }))
    .meta({ description: 'Calls a day over the last 14 days (UTC), oldest first; an error is a status of 400 or more' }),
  requests_today: z.number().int(),
  errors_today: z.number().int(),
  last_call_at: z.iso.datetime().nullable(),
});
export type PartnerUsage = z.output<typeof partnerUsage>;

const PARTNER_STATUSES = ['active', 'suspended'] as const;

/** One partner as the staff's partner list shows it, with today's use. */
export const partnerListItem = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(PARTNER_STATUSES),
  accounts: z.number().int().meta({ description: 'The accounts it may act for' }),
  credentials: z.number().int().meta({ description: 'Its credentials not revoked' }),
  requests_today: z.number().int(),
  errors_today: z.number().int(),
  last_call_at: z.iso.datetime().nullable(),
});
export type PartnerListItem = z.output<typeof partnerListItem>;

/** A partner as staff keep it: its contacts, the accounts it acts for, its credentials and its use. */
export const partnerView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  website: z.string(),
  status: z.enum(PARTNER_STATUSES),
  contacts: z.array(z.strictObject({ name: z.string(), email: z.string(), phone: z.string(), role: z.string() })),
  notes: z.string(),
  carrier: carrierRef.nullable().meta({ description: 'The carrier of a carrier partner, else null' }),
  created_at: z.iso.datetime(),
  accounts: z.array(
    z.strictObject({
      id: z.uuid(),
      name: z.string(),
      granted_by: z.enum(['staff', 'consent']),
      granted_at: z.iso.datetime(),
      disabled: z.boolean().meta({ description: 'Switched off by staff on the Integrations page' }),
    }),
  ),
  credentials: z.array(credentialView),
  usage: partnerUsage,
});
export type PartnerView = z.output<typeof partnerView>;

/** One logged call of the public API, newest first in its list. */
export const apiCallView = z.strictObject({
  id: z.number().int(),
  at: z.iso.datetime(),
  method: z.string(),
  route: z.string().meta({ description: "The route's pattern (`/api/v1/shipments/:id`), never its ids or query" }),
  status: z.number().int(),
  duration_ms: z.number().int(),
  client_id: z.string().meta({ description: "The credential's client id" }),
  account_id: z.uuid().nullable(),
});
export type ApiCallView = z.output<typeof apiCallView>;

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

const INTEGRATION_KINDS = ['partner', 'credential', 'webhook', 'ebay_store'] as const;

/** One connection of an account on /admin/integrations, with its health. */
export const integrationView = z.strictObject({
  kind: z.enum(INTEGRATION_KINDS),
  id: z.string().meta({ description: "The record's id; a partner's grant is `<partner id>.<account id>`" }),
  name: z.string(),
  account: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  partner: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
  enabled: z.boolean(),
  last_success_at: z.iso.datetime().nullable(),
  last_failure_at: z.iso.datetime().nullable(),
  failure_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: 'Failures over attempts in the last 7 days (0 to 1), null when nothing was tried' }),
});
export type IntegrationView = z.output<typeof integrationView>;

/** PUT /api/admin/integrations/:kind/:id: staff's switch. */
export const integrationSwitchRequest = z.object({ enabled: z.boolean({ error: 'validation.required' }) });
