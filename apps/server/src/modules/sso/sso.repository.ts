import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountIdentityProviders, accountSsoDomains, accounts, ssoSignIns, userIdentities } from '../../db/schema';

export type ProviderRow = typeof accountIdentityProviders.$inferSelect;
export type DomainRow = typeof accountSsoDomains.$inferSelect;
export type SignInRow = typeof ssoSignIns.$inferSelect;

/** Single sign-on's records: an account's provider and domains, sign-ins under way, linked identities. */
export function ssoRepository(db: Db) {
  return {
    async provider(accountId: string) {
      const [row] = await db.select().from(accountIdentityProviders).where(eq(accountIdentityProviders.accountId, accountId));
      return row;
    },
    async saveProvider(values: Omit<typeof accountIdentityProviders.$inferInsert, 'createdAt'> & { updatedAt: Date }) {
      await db
        .insert(accountIdentityProviders)
        .values({ ...values, createdAt: values.updatedAt })
        .onConflictDoUpdate({ target: accountIdentityProviders.accountId, set: values });
    },
    async removeProvider(accountId: string) {
      const gone = await db.delete(accountIdentityProviders).where(eq(accountIdentityProviders.accountId, accountId)).returning();
      return gone[0];
    },
    domains: (accountId: string) =>
      db.select().from(accountSsoDomains).where(eq(accountSsoDomains.accountId, accountId)).orderBy(asc(accountSsoDomains.domain)),
    async domain(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(accountSsoDomains)
        .where(and(eq(accountSsoDomains.id, id), eq(accountSsoDomains.accountId, accountId)));
      return row;
    },
    async addDomain(values: typeof accountSsoDomains.$inferInsert) {
      const [row] = await db.insert(accountSsoDomains).values(values).returning();
      if (!row) throw new Error('sso domain insert returned no row');
      return row;
    },
    async removeDomain(accountId: string, id: string) {
      await db.delete(accountSsoDomains).where(and(eq(accountSsoDomains.id, id), eq(accountSsoDomains.accountId, accountId)));
    },
    async markVerified(id: string, at: Date) {
      await db.update(accountSsoDomains).set({ verifiedAt: at }).where(eq(accountSsoDomains.id, id));
    },
    /** The account signing in the users of `domain` through its provider: the domain verified and a provider set. */
    async verifiedDomain(domain: string) {
      const [row] = await db
        .select({
          domain: accountSsoDomains,
          provider: accountIdentityProviders,
          account: { id: accounts.id, suspendedAt: accounts.suspendedAt },
        })
        .from(accountSsoDomains)
        .innerJoin(accountIdentityProviders, eq(accountIdentityProviders.accountId, accountSsoDomains.accountId))
        .innerJoin(accounts, eq(accounts.id, accountSsoDomains.accountId))
        .where(and(eq(accountSsoDomains.domain, domain), isNotNull(accountSsoDomains.verifiedAt)));
      return row;
    },
    async startSignIn(values: typeof ssoSignIns.$inferInsert) {
      await db.insert(ssoSignIns).values(values);
    },
    /** Claims a sign-in under way by its state: one statement, so a replayed callback finds nothing. */
    async takeSignIn(stateHash: string) {
      const [row] = await db.delete(ssoSignIns).where(eq(ssoSignIns.stateHash, stateHash)).returning();
      return row;
    },
    async purgeSignInsBefore(before: Date) {
      await db.delete(ssoSignIns).where(lt(ssoSignIns.createdAt, before));
    },
    async identityUser(issuer: string, subject: string) {
      const [row] = await db
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
      return row?.userId;
    },
    async linkIdentity(userId: string, issuer: string, subject: string, at: Date) {
      await db.insert(userIdentities).values({ userId, issuer, subject, createdAt: at }).onConflictDoNothing();
    },
    /** The demo's provider, seeded before the app knew where its simulator lives (and its key), gets its issuer and secret. */
    async adoptIssuer(placeholder: string, issuer: string, clientSecretSealed: string) {
      await db.update(accountIdentityProviders).set({ issuer, clientSecretSealed }).where(eq(accountIdentityProviders.issuer, placeholder));
    },
  };
}
export type SsoRepository = ReturnType<typeof ssoRepository>;
