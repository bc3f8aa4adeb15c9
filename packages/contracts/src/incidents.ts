import { SCAC_ALIAS_KINDS } from '@freight/domain';
import { z } from 'zod';
import { isoDate, optionalText, requiredText } from './fields';
import { QUOTE_MODES } from './quoteChoices';

/**
 * API incidents: what went wrong between the portal and a carrier or marketplace,
 * grouped (the same kind, operation, carrier and error is one incident counting its occurrences).
 * - carrier_error / carrier_timeout: a carrier's rating, tracking or booking call failed or did not answer;
 * - bad_signature: a carrier's tracking post whose signature matched none of its keys;
 * - unknown_shipment: tracking events for numbers that are none of the carrier's shipments;
 * - rejected_event: tracking events with a status code the portal does not know;
 * - unknown_scac: an inbound message under a SCAC (or carrier name) that is no carrier's nor an alias;
 * - marketplace_error: a write-back to eBay failed.
 */
export const INCIDENT_KINDS = [
  'carrier_error',
  'carrier_timeout',
  'bad_signature',
  'unknown_shipment',
  'rejected_event',
  'unknown_scac',
  'marketplace_error',
] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];
/**
 * The portal's own wording of a failure, kept as a key of the shared catalogs (`incident.*`) and its
 * values, so staff read it in their language; an outside service's error is kept as it came.
 */
export const INCIDENT_MESSAGE_KEYS = [
  'unknown_scac',
  'unknown_scac_named',
  'unknown_carrier_name',
  'bad_signature',
  'no_tracking_key',
  'unknown_shipments',
  'unknown_status_codes',
  'adjustment_other_carrier',
  'timed_out',
] as const;
export interface IncidentMessage {
  key: (typeof INCIDENT_MESSAGE_KEYS)[number];
  params?: Record<string, string | number>;
}
export const INCIDENT_STATES = ['open', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

export const incidentListQuery = z.object({
  /** Words of the error, the operation or the SCAC. */
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  carrier_id: z.uuid({ error: 'validation.invalid' }).optional(),
  kind: z.enum(INCIDENT_KINDS, { error: 'validation.choice' }).optional(),
  state: z.enum(INCIDENT_STATES, { error: 'validation.choice' }).optional(),
  /** Last seen on or after this day (the business's time zone). */
  from: isoDate.optional(),
  /** Last seen on or before this day (the business's time zone). */
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type IncidentListQuery = z.output<typeof incidentListQuery>;

/** Resolve or reopen, with the staff's note (why, what was done): required, so the record says why it changed. */
export const incidentStateRequest = z.object({
  state: z.enum(INCIDENT_STATES, { error: 'validation.choice' }),
  note: requiredText('validation.required', 1000),
});
export type IncidentStateRequest = z.output<typeof incidentStateRequest>;

/** A carrier as a staff page names it: its id, name and SCAC. */
export const carrierRef = z.strictObject({ id: z.uuid(), name: z.string(), scac: z.string() });
export type CarrierRef = z.output<typeof carrierRef>;

/** One incident group as the incidents list shows it. */
export const incidentRow = z.strictObject({
  id: z.uuid(),
  kind: z.enum(INCIDENT_KINDS),
  operation: z.string(),
  carrier: carrierRef.nullable().meta({ description: 'The carrier whose call failed; null for a marketplace or an unknown sender' }),
  error: z.string().meta({ description: "The portal's own words in the reader's language, or an outside service's error as it came" }),
  occurrences: z.number().int(),
  affected_quotes: z.number().int(),
  first_seen_at: z.iso.datetime(),
  last_seen_at: z.iso.datetime(),
  state: z.enum(INCIDENT_STATES),
});
export type IncidentRow = z.output<typeof incidentRow>;

/** One incident group with its latest request and answer and how it was resolved. */
export const incidentDetail = incidentRow.extend({
  request: z
    .unknown()
    .meta({ description: 'What was sent or received, secrets and personal data redacted (JSON); null when none was kept' }),
  response: z.unknown().meta({ description: 'The answer, redacted as the request is; null when none was kept' }),
  resolved_at: z.iso.datetime().nullable(),
  resolved_by: z.string().nullable().meta({ description: 'The email of the staff member who resolved it' }),
  resolution_note: z.string(),
});
export type IncidentDetail = z.output<typeof incidentDetail>;

/**
 * SCAC aliases: another SCAC (2-4 letters) or a carrier name as inbound events and
 * invoices spell it, meaning one carrier.
 */
export const scacAliasRequest = z
  .object({
    kind: z.enum(SCAC_ALIAS_KINDS, { error: 'validation.choice' }),
    alias: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(100, { error: 'validation.too_long' }),
    carrier_id: z.uuid({ error: 'validation.carrier_unknown' }),
    note: optionalText(300),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'scac' && !/^[A-Za-z]{2,4}$/.test(a.alias))
      ctx.addIssue({ code: 'custom', path: ['alias'], message: 'validation.scac' });
  });
export type ScacAliasRequest = z.output<typeof scacAliasRequest>;

export const scacAliasListQuery = z.object({
  q: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  carrier_id: z.uuid({ error: 'validation.invalid' }).optional(),
  kind: z.enum(SCAC_ALIAS_KINDS, { error: 'validation.choice' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type ScacAliasListQuery = z.output<typeof scacAliasListQuery>;

/** A carrier for the alias editor's picker (GET /api/admin/scac-aliases/carriers), and the carrier an alias means. */
export const carrierOption = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  scac: z.string(),
  mode: z.enum(QUOTE_MODES),
});
export type CarrierOption = z.output<typeof carrierOption>;

export const scacAliasView = z.strictObject({
  id: z.uuid(),
  kind: z.enum(SCAC_ALIAS_KINDS),
  alias: z.string().meta({ description: 'As stored: a SCAC in capitals, a name in lower case with its spaces collapsed' }),
  carrier: carrierOption,
  note: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ScacAliasView = z.output<typeof scacAliasView>;

/** A carrier's tracking-event signing key, as staff see it (never the key, but once, right after a rotation). */
export const trackingKeyState = z.strictObject({
  has_key: z.boolean(),
  rotated_at: z.string().nullable(),
  previous_valid_until: z
    .string()
    .nullable()
    .meta({ description: 'Until when the key before the last rotation is still accepted; null when none is' }),
});
export type TrackingKeyState = z.output<typeof trackingKeyState>;
export const trackingKeyRotated = trackingKeyState.extend({ key: z.string().meta({ description: 'The new key, shown this once' }) });
export type TrackingKeyRotated = z.output<typeof trackingKeyRotated>;

/**
 * Why the circuit breaker paused a carrier's quoting: most of its rate calls in the window
 * (`failures` of `calls` over `window_seconds`) failed or timed out.
 */
export const carrierPauseReason = z.strictObject({
  kind: z.enum(['timeouts', 'errors']),
  failures: z.number().int(),
  calls: z.number().int(),
  window_seconds: z.number().int(),
});
export type CarrierPauseReason = z.output<typeof carrierPauseReason>;
