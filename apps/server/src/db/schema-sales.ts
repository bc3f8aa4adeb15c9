import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';

/**
 * Each account's sales rep: a staff user holding fpg_sales or fpg_sales_admin (checked when
 * assigned), who sees the account under "my accounts" and reads its pricing program. An account
 * without a row has no rep; one row per account, replaced when the rep changes.
 */
export const accountSalesReps = pgTable(
  'account_sales_reps',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // A deleted user leaves the account without a rep rather than naming nobody.
    repId: uuid('rep_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  // "My accounts": the rep's accounts, by rep.
  (t) => [index('account_sales_reps_rep_idx').on(t.repId)],
);
