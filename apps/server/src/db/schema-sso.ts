import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './schema-accounts';

/*
 * Single sign-on: a business account connected to its own OpenID Connect provider, the email
 * domains it proved it owns, the sign-ins under way and which provider identity is which user.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An account's identity provider. The client secret is sealed with the app's secret box (none for
 * a public client, which PKCE alone protects). `default_role` is what a user created by their
 * first sign-in through the provider gets; `passwords_allowed` false sends the domains' users to
 * the provider only.
 */
export const accountIdentityProviders = pgTable('account_identity_providers', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed'),
  defaultRole: text('default_role').notNull(),
  passwordsAllowed: boolean('passwords_allowed').notNull().default(true),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/**
 * An email domain an account claims for its provider. It counts only once `verified_at` is set:
 * the server found `verification_token` in the domain's DNS TXT records.
 */
export const accountSsoDomains = pgTable(
  'account_sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: stamp('verified_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_sso_domains_domain_idx').on(t.domain), index('account_sso_domains_account_idx').on(t.accountId)],
);

/**
 * A sign-in sent to the provider and not yet back: the state's hash finds it, the nonce and the
 * PKCE verifier (sealed) check the answer. Used once; stale ones are refused and swept.
 */
export const ssoSignIns = pgTable('sso_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  codeVerifierSealed: text('code_verifier_sealed').notNull(),
  remember: boolean('remember').notNull().default(false),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** Which user a provider's subject is: the link made at the first sign-in through it. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_subject_idx').on(t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);
