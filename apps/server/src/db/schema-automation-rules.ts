import type { RuleActions, RuleCondition } from '@freight/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';

/**
 * An account's automation rules, applied in `position` order (1 first): conditions and actions
 * as the contract shapes them (jsonb). Names are unique per account in any case.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    conditions: jsonb('conditions').$type<RuleCondition[]>().notNull(),
    actions: jsonb('actions').$type<RuleActions>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('automation_rules_account_name_unique').on(t.accountId, sql`lower(${t.name})`),
    index('automation_rules_account_position_idx').on(t.accountId, t.position),
  ],
);
