import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shipments } from './schema-shipments';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A consignee's mail subscription to one shipment's alerts, made from the public tracking page
 * (docs/consignee-alerts.md). One row per shipment and address, reused when the
 * address subscribes again. Pending until the confirmation link is used: `confirm_token_hash` holds
 * the SHA-256 of the link's random token (never the token), `confirm_expires_at` its end (48 hours).
 * `confirmed_at` set and `ended_at` null: it gets the shipment's alert mails. `ended_at` with
 * `end_reason` ('unsubscribed', 'delivered', 'canceled') when it stopped.
 */
export const consigneeAlertSubscriptions = pgTable(
  'consignee_alert_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    /** Lowercased: one subscription per mailbox, however it is typed. */
    email: text('email').notNull(),
    /** The number the subscriber looked the shipment up by: their mails name it, not the others. */
    number: text('number').notNull(),
    /** The page's language when they subscribed: 'en' or 'es'. */
    language: text('language').notNull(),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: at('confirm_expires_at'),
    createdAt: at('created_at').notNull(),
    confirmedAt: at('confirmed_at'),
    endedAt: at('ended_at'),
    endReason: text('end_reason', { enum: ['unsubscribed', 'delivered', 'canceled'] }),
  },
  (t) => [
    uniqueIndex('consignee_alert_subscriptions_address_unique').on(t.shipmentId, t.email),
    uniqueIndex('consignee_alert_subscriptions_token_unique').on(t.confirmTokenHash),
    // The live subscribers of a shipment (the notifier, the cap).
    index('consignee_alert_subscriptions_live_idx').on(t.shipmentId).where(sql`${t.endedAt} is null`),
    // Housekeeping: the pending ones whose link has lapsed.
    index('consignee_alert_subscriptions_pending_idx').on(t.confirmExpiresAt).where(sql`${t.confirmedAt} is null and ${t.endedAt} is null`),
  ],
);
