import { EDI_214_STATUS_CODES, SHIPMENT_STATUSES } from '@freight/domain';
import { SCORECARD_FIGURES } from '@freight/domain/analytics';
import { z } from 'zod';
import { isoDate, isoDateTime, queryFlag, requiredText } from './fields';
import { STAFF_SHIPMENT_SORTS } from './listSorts';
import { QUOTE_MODES } from './quoteChoices';
import { chargeView, shipmentListItem, shipmentView, trackingEventView } from './shipmentViews';
import { teamPerson } from './team';

/**
 * The staff's shipment search and detail: every account's shipments, found by any of
 * their numbers, the account, carrier, status, 'Action Required', pickup or booking dates and lane.
 */

/** A state or province code (two letters; three for a Mexican state), upper-cased. */
export const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2,3}$/, { error: 'validation.invalid' })
  .optional();

export const staffShipmentQuery = z.object({
  /** A BOL, PRO, pickup, tracking or reference number, matched exactly (any case). */
  q: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
  /** Accounts whose name contains this. */
  account: z.string().trim().max(100, { error: 'validation.too_long' }).optional(),
  account_id: z.uuid({ error: 'validation.invalid' }).optional(),
  carrier_id: z.uuid({ error: 'validation.invalid' }).optional(),
  /** Accounts whose sales rep is this user, or 'none' for accounts without a rep. */
  sales_rep_id: z.union([z.uuid(), z.literal('none')], { error: 'validation.invalid' }).optional(),
  status: z.enum(SHIPMENT_STATUSES, { error: 'validation.choice' }).optional(),
  mode: z.enum(QUOTE_MODES, { error: 'validation.choice' }).optional(),
  action_required: queryFlag,
  pickup_from: isoDate.optional(),
  pickup_to: isoDate.optional(),
  /** Booked on or after / on or before these days of the business (its time zone, not UTC). */
  created_from: isoDate.optional(),
  created_to: isoDate.optional(),
  /** '1' leaves canceled shipments out (what revenue counts). */
  exclude_canceled: z
    .enum(['0', '1'], { error: 'validation.choice' })
    .transform((v) => v === '1')
    .optional(),
  /** The lane: origin and destination state or province codes. */
  origin_state: stateCode,
  destination_state: stateCode,
  /**
   * The shipments behind a carrier scorecard's figure (with `carrier_id`, and the pickup window of
   * the figure's months): counted by the scorecards' own rules.
   */
  figure: z.enum(SCORECARD_FIGURES, { error: 'validation.choice' }).optional(),
  /** Newest bookings first, unless a pickup window is given: then by pickup date. */
  sort: z.enum(STAFF_SHIPMENT_SORTS, { error: 'validation.choice' }).optional(),
  dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffShipmentQuery = z.output<typeof staffShipmentQuery>;

/** A row of the staff's search: the shipper's list row with its account. */
export const staffShipmentRow = shipmentListItem.extend({
  account: z.strictObject({ id: z.string(), name: z.string() }),
  cost_cents: z.number().int().optional().meta({
    description:
      "The broker's cost (the price is `total_cents`), on the rows of accounts whose margin the viewer may see (as the detail's `margin`); absent on the others",
  }),
  margin_cents: z.number().int().optional(),
  margin_bp: z.number().int().nullable().optional().meta({ description: 'margin / price in basis points; null when the price is 0' }),
});
export type StaffShipmentRow = z.output<typeof staffShipmentRow>;

/** An event as the carrier (or staff, or the portal) sent it, with where it came from and when it arrived. */
export const rawEventView = trackingEventView.extend({
  id: z.string(),
  source: z.enum(['carrier', 'poll', 'portal', 'staff']),
  received_at: z.string(),
  time_zone: z
    .string()
    .nullable()
    .meta({ description: "IANA time zone of the event's place when it was recorded with one (staff events)" }),
});
export type RawEventView = z.output<typeof rawEventView>;

/** A staff note on an account or a shipment. */
export const staffNoteView = z.strictObject({
  id: z.string(),
  body: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
});
export type StaffNoteView = z.output<typeof staffNoteView>;

/** An entry of the audit log. */
export const auditEntryView = z.strictObject({
  id: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  target_label: z.string().nullable().meta({
    description:
      "What the entry is about in words (a user's name and email, a carrier's name), as recorded or read for an older entry; null when unknown",
  }),
  account_id: z.string().nullable(),
  actor_email: z.string(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntryView = z.output<typeof auditEntryView>;

/** What priced a shipment: a contract lane, a program's rule, or nothing (sold at cost). */
export const pricingAppliedView = z.union([
  z.strictObject({
    source: z.enum(['contract', 'rule']),
    scope: z.enum(['account', 'default']),
    version: z.number().int(),
    name: z.string(),
  }),
  z.strictObject({ source: z.literal('none') }),
]);
export type PricingAppliedView = z.output<typeof pricingAppliedView>;

/** A shipment's price, cost and margin (integer cents; the percent in basis points of the price). */
export const shipmentMarginView = z.strictObject({
  price_lines: z.array(chargeView).meta({ description: "What the shipper pays: the shipment's charges" }),
  price_cents: z.number().int(),
  cost_lines: z.array(chargeView).meta({ description: 'What the carrier is paid' }),
  cost_cents: z.number().int(),
  margin_cents: z.number().int(),
  margin_bp: z.number().int().nullable().meta({ description: 'margin / price in basis points; null when the price is 0' }),
  applied: pricingAppliedView,
  cost_recorded: z.boolean().meta({
    description:
      "False for a shipment booked before pricing went live: no cost was kept, its price was the carrier's tariff, so the cost shown is the price and the margin is 0",
  }),
});
export type ShipmentMarginView = z.output<typeof shipmentMarginView>;

/** The estimated delivery as staff see it: the carrier's, staff's override and why, and what the shipper is shown. */
export const staffEtaView = z.strictObject({
  carrier_estimate: z.string().nullable(),
  override: z.enum(['set', 'cleared']).nullable(),
  override_date: z.string().nullable(),
  reason: z.string().nullable(),
  shown: z.string().nullable(),
});
export type StaffEtaView = z.output<typeof staffEtaView>;

/** GET /api/admin/shipments/:id, and the answer of every staff action on the shipment. */
export const staffShipmentDetail = z.strictObject({
  shipment: shipmentView,
  account: z.strictObject({ id: z.string(), name: z.string(), status: z.string(), suspended: z.boolean() }),
  booked_by: teamPerson.extend({ email: z.string() }).nullable(),
  quote: z.strictObject({ id: z.string(), created_at: z.string(), mode: z.string() }).nullable(),
  events: z.array(rawEventView),
  eta: staffEtaView,
  notes: z.array(staffNoteView).meta({ description: 'Newest first' }),
  audit: z.array(auditEntryView),
  margin: shipmentMarginView.optional().meta({
    description:
      "The broker's side, only for staff who may see this account's margin (fpg_sales on the accounts it is the rep of); absent for the others",
  }),
});
export type StaffShipmentDetail = z.output<typeof staffShipmentDetail>;

/** 214 status codes staff may record by hand (the carrier's own, CA excepted: canceling is its own action). */
export const STAFF_EVENT_CODES = EDI_214_STATUS_CODES.filter((c) => c !== 'CA');

/** POST /api/admin/shipments/:id/events: a tracking event staff record by hand, and why. */
export const staffEventRequest = z.object({
  status_code: z.enum(STAFF_EVENT_CODES as [string, ...string[]], { error: 'validation.choice' }),
  reason_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2}$/, { error: 'validation.invalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * When it happened: with a UTC offset (2026-11-22T09:30:00-06:00), or as the local time at the
   * event's place (2026-11-22T09:30), which the server places in that state's time zone. Not in
   * the future (422 'validation.event_in_future').
   */
  occurred_at: isoDateTime({ local: true }),
  city: requiredText('validation.required', 100),
  state: requiredText('validation.required', 64),
  /** What the shipper reads on the tracking pages and in the mail. */
  description: requiredText('validation.required', 300),
  /** Why staff record it by hand (kept in the audit log). */
  reason: requiredText('validation.required', 500),
});
export type StaffEventRequest = z.output<typeof staffEventRequest>;

/** GET /api/admin/shipments/:id/event-clock?state=: the event place's time zone and the time it is there now. */
export const eventClockQuery = z.object({ state: requiredText('validation.required', 64) });
/** Its answer: the place's time zone and its clock now. */
export const eventClockView = z.strictObject({
  time_zone: z.string().meta({ description: 'IANA time zone of the place, e.g. America/Chicago' }),
  local_now: z.string().meta({ description: "'YYYY-MM-DDTHH:MM' now on the place's clock" }),
});
export type EventClockView = z.output<typeof eventClockView>;

/** Staff's word on the estimated delivery: a date of their own, no estimate at all, or (none) the carrier's. */
export const ETA_OVERRIDES = ['set', 'cleared', 'carrier'] as const;

/**
 * POST /api/admin/shipments/:id/eta: 'set' shows `date` to the shipper, 'cleared' shows no
 * estimate, 'carrier' removes the override (the carrier's estimate again). Always with a reason.
 */
export const etaOverrideRequest = z.discriminatedUnion(
  'override',
  [
    z.object({ override: z.literal('set'), date: isoDate, reason: requiredText('validation.required', 500) }),
    z.object({ override: z.literal('cleared'), reason: requiredText('validation.required', 500) }),
    z.object({ override: z.literal('carrier'), reason: requiredText('validation.required', 500) }),
  ],
  { error: 'validation.choice' },
);
export type EtaOverrideRequest = z.output<typeof etaOverrideRequest>;

/** POST /api/admin/shipments/:id/action-required: set it with a message the shipper sees, or clear it. */
export const actionRequiredRequest = z.discriminatedUnion(
  'action_required',
  [
    z.object({ action_required: z.literal(true), message: requiredText('validation.required', 500) }),
    z.object({ action_required: z.literal(false), message: z.string().max(500).optional() }),
  ],
  { error: 'validation.choice' },
);

/** POST /api/admin/shipments/:id/cancel: canceling on the shipper's behalf needs a reason. */
export const staffCancelRequest = z.object({ reason: requiredText('validation.required', 500) });

/** POST /api/admin/{accounts|shipments}/:id/notes. */
export const staffNoteRequest = z.object({ body: requiredText('validation.required', 2000) });
