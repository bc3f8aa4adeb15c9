import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/**
 * A staff user's saved views: a named filter set (the list's URL query) of an admin list. Each is
 * its owner's alone; the name is unique per user and list (the index also serves the user's list).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: ['shipments', 'accounts'] }).notNull(),
    name: text('name').notNull(),
    /** The list's filters as its URL query keeps them (strings by name), paging left out. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  // Names compare without case: 'Late LTL' and 'late ltl' are the same view to its owner.
  (t) => [uniqueIndex('saved_views_user_list_name_unique').on(t.userId, t.list, sql`lower(${t.name})`)],
);
