import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/*
 * Second factors: a user's authenticator app (time-based one-time codes), passkeys, the recovery
 * codes that stand in for them when the phone is lost, and the devices a customer asked to be
 * remembered on.
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

/**
 * A WebAuthn credential (a passkey or a security key) the user registered and named. The public
 * key and the credential id are base64url; `counter` is the authenticator's signature counter, which
 * must grow on every use (a clone of the key would repeat one). A passkey is a second factor and
 * can also sign in without the password.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** 'multiDevice' when the credential is synced between the user's devices (a passkey). */
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: stamp('created_at').notNull().defaultNow(),
    lastUsedAt: stamp('last_used_at'),
  },
  (t) => [uniqueIndex('user_passkeys_credential_idx').on(t.credentialId), index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * A browser a customer asked to be remembered on at the second step: for 30 days sign-in there
 * asks only for the password. The browser keeps a random token in a cookie; only its keyed hash is
 * stored. Ending the factor or the reset of a lost one forgets every device.
 */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    expiresAt: stamp('expires_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    lastUsedAt: stamp('last_used_at'),
  },
  (t) => [uniqueIndex('remembered_devices_token_idx').on(t.tokenHash), index('remembered_devices_user_idx').on(t.userId)],
);

/**
 * The browsers a user has signed in from, each known by a long-lived random cookie kept only as a
 * keyed hash: a sign-in from one not seen before mails the user.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: stamp('first_seen_at').notNull().defaultNow(),
    lastSeenAt: stamp('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_device_idx').on(t.userId, t.deviceHash)],
);
