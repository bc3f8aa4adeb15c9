import type { ReportFrequency } from '@freight/domain/analytics';
import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/*
 * The Analytics report by mail: who asked for it, and each report sent.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's choice of the report by mail; no row is 'off'. `since` is when they chose it: a report
 * goes out only for periods that ended after it, so choosing mid-week waits for the next Monday.
 */
export const analyticsReportSubscriptions = pgTable(
  'analytics_report_subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    since: stamp('since').notNull(),
  },
  (t) => [check('analytics_report_subscriptions_frequency', sql`${t.frequency} in ('weekly', 'monthly')`)],
);

/**
 * One row per report sent: the key (user, frequency, period's first day) is taken before the mail
 * goes out, so a round run twice, or by two processes, or again after a restart sends it once.
 */
export const analyticsReportMails = pgTable(
  'analytics_report_mails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    sentAt: stamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.frequency, t.periodFrom] })],
);
