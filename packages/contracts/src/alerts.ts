import { SHIPMENT_STATUSES } from '@freight/domain';
import { z } from 'zod';
import { choice } from './fields';

/**
 * Alerts raised from tracking data before anyone asks (docs/alerts.md). A rule holds for a shipment
 * (no pickup by the end of its pickup window, no event for 24 hours in transit, the delivery window
 * past the promised date, delivered with exceptions, Action Required set): one alert is raised, at
 * most one open per shipment and kind. It reaches the shipment's watchers (its booker and those who
 * watch it) by each one's preferences per kind, and the staff exceptions queue.
 */
export const ALERT_KINDS = ['no_pickup', 'stalled', 'window_slipping', 'delivered_with_exceptions', 'action_required'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The channels a watcher chooses per kind. Absent a choice: portal and mail on, SMS off. */
export const ALERT_CHANNELS = ['portal', 'mail', 'sms'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * An alert's state: `open` while its rule holds and nobody at the provider has acknowledged it,
 * `acknowledged` once staff took it (still shown to the shipper until it closes), `closed` when the
 * rule no longer holds (delivery closes no_pickup, stalled and window_slipping; Action Required
 * cleared closes action_required).
 */
export const ALERT_STATES = ['open', 'acknowledged', 'closed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** Staff roles that work the exceptions queue: operations and the admins. */
export const EXCEPTION_QUEUE_ROLES = ['super_admin', 'fpg_admin', 'fpg_ops'] as const;
export const canWorkExceptions = (roles: readonly string[]) => roles.some((r) => (EXCEPTION_QUEUE_ROLES as readonly string[]).includes(r));

/** How many alerts a page of either list holds. */
export const ALERTS_PAGE_SIZE = 50;
/** The most alerts one bulk acknowledge takes. */
export const ALERTS_ACKNOWLEDGE_MAX = 200;

/**
 * What the rule saw when it raised the alert; which fields are set depends on the kind:
 * - no_pickup: `pickup_window_end` (the end of the pickup window, an instant);
 * - stalled: `last_event_at` (the last tracking event's instant);
 * - window_slipping: `promised_on` (the date promised, YYYY-MM-DD) and `expected_on` (the date the
 *   learned window now gives, when there is one);
 * - delivered_with_exceptions: `exceptions` (the receipt's exception kinds: damage, shortage, refused);
 * - action_required: `message` (staff's message to the shipper, if any).
 */
export const alertDetails = z.strictObject({
  pickup_window_end: z.string().optional(),
  last_event_at: z.string().optional(),
  promised_on: z.string().optional(),
  expected_on: z.string().nullable().optional(),
  exceptions: z.array(z.string()).optional(),
  message: z.string().nullable().optional(),
});
export type AlertDetails = z.output<typeof alertDetails>;

/** The shipment an alert is about, as both lists show it. */
export const alertShipmentView = z.strictObject({
  id: z.string(),
  number: z.string().meta({ description: 'The BOL number' }),
  pro_number: z.string().nullable(),
  carrier_name: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  origin: z.string(),
  destination: z.string(),
});
export type AlertShipmentView = z.output<typeof alertShipmentView>;

/** One alert of the caller's account. */
export const alertView = z.strictObject({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  raised_at: z.string(),
  closed_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  details: alertDetails,
  shipment: alertShipmentView,
  unread: z.boolean().meta({ description: "The caller has not read it yet (only alerts sent to the caller's portal can be unread)" }),
});
export type AlertView = z.output<typeof alertView>;

/** GET /api/alerts: `status=open` (default) lists the alerts not closed, `all` every one; newest first. */
export const alertListQuery = z.object({
  status: choice(['open', 'all'] as const).default('open'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AlertListQuery = z.input<typeof alertListQuery>;

const unreadCount = z.number().int().meta({ description: "The caller's unread alerts, over every page" });

/** GET /api/alerts answer: a page of alerts and the caller's unread count beside it, for the bell. */
export const alertListResponse = z.strictObject({ data: z.array(alertView), has_more: z.boolean(), unread_count: unreadCount });
export type AlertListResponse = z.output<typeof alertListResponse>;

/** GET /api/alerts/unread-count, and the answer of POST /api/alerts/:id/read and POST /api/alerts/read-all. */
export const alertUnreadResponse = z.strictObject({ unread_count: unreadCount });
export type AlertUnreadResponse = z.output<typeof alertUnreadResponse>;

/** One kind's channels for the caller. */
export const alertPreference = z.object({
  kind: choice(ALERT_KINDS),
  portal: z.boolean({ error: 'validation.choice' }),
  mail: z.boolean({ error: 'validation.choice' }),
  sms: z.boolean({ error: 'validation.choice' }),
});
export type AlertPreference = z.output<typeof alertPreference>;

/** PUT /api/settings/alerts: any of the kinds, each once; kinds left out keep their setting. */
export const alertPreferencesUpdate = z.object({
  preferences: z
    .array(alertPreference, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(ALERT_KINDS.length, { error: 'validation.too_many' })
    .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, { error: 'validation.duplicate' }),
});
export type AlertPreferencesUpdate = z.input<typeof alertPreferencesUpdate>;

/** GET and PUT /api/settings/alerts answer: every kind, in ALERT_KINDS order. */
export const alertPreferencesView = z.strictObject({
  preferences: z.array(alertPreference.strict()),
  sms_available: z
    .boolean()
    .meta({ description: 'Whether the caller can receive SMS at all (a mobile number on their profile and SMS offered)' }),
});
export type AlertPreferencesView = z.output<typeof alertPreferencesView>;

/** GET /api/admin/exceptions: the open, unacknowledged alerts of every account, oldest first. */
export const exceptionQueueQuery = z.object({
  kind: choice(ALERT_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ExceptionQueueQuery = z.input<typeof exceptionQueueQuery>;

/** The shipment's last tracking event, as staff see it in the queue. */
export const exceptionLastEventView = z.strictObject({
  status_code: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  occurred_at: z.string(),
});
export type ExceptionLastEventView = z.output<typeof exceptionLastEventView>;

/** One row of the staff exceptions queue. */
export const exceptionQueueItem = z.strictObject({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  raised_at: z.string(),
  details: alertDetails,
  account_id: z.string(),
  account_name: z.string(),
  shipment: alertShipmentView,
  last_event: exceptionLastEventView.nullable(),
});
export type ExceptionQueueItem = z.output<typeof exceptionQueueItem>;

/** GET /api/admin/exceptions answer. */
export const exceptionQueueResponse = z.strictObject({
  data: z.array(exceptionQueueItem),
  has_more: z.boolean(),
  counts: z
    .record(z.enum(ALERT_KINDS), z.number().int())
    .meta({ description: 'Open, unacknowledged alerts per kind, whatever the filter' }),
});
export type ExceptionQueueResponse = z.output<typeof exceptionQueueResponse>;

/** POST /api/admin/exceptions/acknowledge: the alerts staff called about. */
export const exceptionAcknowledgeRequest = z.object({
  ids: z
    .array(z.uuid({ error: 'validation.choice' }), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(ALERTS_ACKNOWLEDGE_MAX, { error: 'validation.too_many' }),
});
export type ExceptionAcknowledgeRequest = z.input<typeof exceptionAcknowledgeRequest>;

/** POST /api/admin/exceptions/acknowledge answer: how many were open and are now acknowledged (others are left as they were). */
export const exceptionAcknowledgeResponse = z.strictObject({ acknowledged: z.number().int() });
export type ExceptionAcknowledgeResponse = z.output<typeof exceptionAcknowledgeResponse>;
