import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accounts, users } from './schema-accounts';

/**
 * What staff did in the admin area: who, when, from where, and the record before and
 * after. Rows are only ever inserted: a trigger (migration 0014) refuses UPDATE and DELETE.
 * `account_id` is the customer account concerned, if any, so an account's page lists what was
 * done to it and to its shipments; no foreign keys, so the record outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** What the entry is about, in words at the time (a user's name and email, a carrier's name...), for the log's list and search. */
    targetLabel: text('target_label'),
    accountId: uuid('account_id'),
    /** Shown in the account's own activity log (team changes, approval decisions), not only to staff. */
    shownToAccount: boolean('shown_to_account').notNull().default(false),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_account_idx').on(t.accountId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/** Staff's internal notes on an account or a shipment; customers never see them. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityType: text('entity_type', { enum: ['account', 'shipment'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_notes_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);

/**
 * A notice staff publish to the portal: shown between `starts_at` and `ends_at` (open
 * ended when null) unless retired, to every customer, one account's users, or staff.
 */
export const siteNotifications = pgTable(
  'site_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    severity: text('severity', { enum: ['info', 'warning', 'outage'] }).notNull(),
    audience: text('audience', { enum: ['customers', 'account', 'staff'] }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleEs: text('title_es').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyEs: text('body_es').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('site_notifications_window_idx').on(t.startsAt, t.endsAt).where(sql`${t.retiredAt} is null`)],
);

/** An info notice a user closed: it stays closed for that user. */
export const siteNotificationDismissals = pgTable(
  'site_notification_dismissals',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => siteNotifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

// --- Support chat ---------------------------------------------------------------
