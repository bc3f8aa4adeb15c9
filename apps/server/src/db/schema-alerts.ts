import { ALERT_KINDS, type AlertDetails } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';
import { shipments } from './schema-shipments';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An alert raised from a shipment's tracking data (docs/alerts.md): at most one not closed per
 * shipment and kind (`alerts_open_unique`), so raising is idempotent. `closed_at` is set when the
 * rule no longer holds (delivery closes the time-based kinds); `acknowledged_at`/`_by` when staff
 * took it off the exceptions queue; `notified_at` once the watchers were told (the notify job
 * takes the rows where it is null).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    raisedAt: at('raised_at').notNull(),
    details: jsonb('details').$type<AlertDetails>().notNull().default({}),
    notifiedAt: at('notified_at'),
    closedAt: at('closed_at'),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('alerts_open_unique').on(t.shipmentId, t.kind).where(sql`${t.closedAt} is null`),
    index('alerts_account_raised_idx').on(t.accountId, t.raisedAt, t.id),
    index('alerts_account_open_idx').on(t.accountId, t.raisedAt, t.id).where(sql`${t.closedAt} is null`),
    // The staff queue, oldest first, whole or by kind.
    index('alerts_queue_idx').on(t.raisedAt, t.id).where(sql`${t.closedAt} is null and ${t.acknowledgedAt} is null`),
    index('alerts_queue_kind_idx').on(t.kind, t.raisedAt, t.id).where(sql`${t.closedAt} is null and ${t.acknowledgedAt} is null`),
    index('alerts_unnotified_idx').on(t.raisedAt, t.id).where(sql`${t.notifiedAt} is null`),
  ],
);

/** An alert in a user's portal: those whose preferences had the portal on when it was raised. */
export const alertInbox = pgTable(
  'alert_inbox',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: at('read_at'),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index('alert_inbox_unread_idx').on(t.userId).where(sql`${t.readAt} is null`)],
);

/** A user's channels for one kind; a kind without a row: portal and mail on, SMS off. */
export const alertPreferences = pgTable(
  'alert_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    portal: boolean('portal').notNull().default(true),
    mail: boolean('mail').notNull().default(true),
    sms: boolean('sms').notNull().default(false),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
