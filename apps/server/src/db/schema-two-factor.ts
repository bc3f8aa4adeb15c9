import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// schema.ts re-exports this file, so only lazy references to its tables are safe here.
import { users } from './schema';

/*
 * Second factors: a user's authenticator app (time-based one-time codes) and the recovery codes
 * that stand in for it when the phone is lost.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's authenticator app. The shared secret is sealed with the app's secret box (a leaked
 * database alone cannot make codes); `confirmed_at` is set once the user typed a code from the
 * app, and only then does sign-in ask for one. `last_used_step` is the 30-second step of the last
 * code accepted: a code is never accepted twice, nor one older than it.
 */
export const userAuthenticators = pgTable('user_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: stamp('confirmed_at'),
  lastUsedStep: integer('last_used_step'),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, ten at a time, kept only as a keyed hash; `used_at` once spent. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: stamp('used_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
);
