import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, apiCalls, carriers, integrationPartners, oauthClients, partnerAccounts } from '../../db/schema';

export type PartnerRow = typeof integrationPartners.$inferSelect;
export type NewPartner = typeof integrationPartners.$inferInsert;

/** Calls and errors (status 400 and up) of one partner or account since `from`, per UTC day. */
export interface UsageDay {
  day: string;
  requests: number;
  errors: number;
}

export function integrationPartnersRepository(db: Db) {
  return {
    /** Every partner with its accounts, live credentials, today's calls and errors and its last call (each by the partner's index of calls). */
    async list(todayStart: Date) {
      const accountCount = db
        .select({ partnerId: partnerAccounts.partnerId, n: count().as('accounts') })
        .from(partnerAccounts)
        .groupBy(partnerAccounts.partnerId)
        .as('account_counts');
      const credentialCount = db
        .select({ partnerId: oauthClients.partnerId, n: count().as('credentials') })
        .from(oauthClients)
        .where(isNull(oauthClients.revokedAt))
        .groupBy(oauthClients.partnerId)
        .as('credential_counts');
      return db
        .select({
          partner: integrationPartners,
          accounts: sql<number>`coalesce(${accountCount.n}, 0)::int`,
          credentials: sql<number>`coalesce(${credentialCount.n}, 0)::int`,
          requestsToday: sql<number>`(select count(*) from ${apiCalls} where ${apiCalls.partnerId} = ${integrationPartners.id} and ${apiCalls.at} >= ${todayStart})::int`,
          errorsToday: sql<number>`(select count(*) from ${apiCalls} where ${apiCalls.partnerId} = ${integrationPartners.id} and ${apiCalls.at} >= ${todayStart} and ${apiCalls.status} >= 400)::int`,
          lastCall:
            sql<Date | null>`(select max(${apiCalls.at}) from ${apiCalls} where ${apiCalls.partnerId} = ${integrationPartners.id})`.mapWith(
              apiCalls.at,
            ),
        })
        .from(integrationPartners)
        .leftJoin(accountCount, eq(accountCount.partnerId, integrationPartners.id))
        .leftJoin(credentialCount, eq(credentialCount.partnerId, integrationPartners.id))
        .orderBy(asc(integrationPartners.name));
    },
    async find(id: string) {
      const [row] = await db.select().from(integrationPartners).where(eq(integrationPartners.id, id));
      return row;
    },
    /** A carrier partner's carrier, as the partner's page names it. */
    async carrier(id: string | null) {
      if (!id) return null;
      const [row] = await db
        .select({ id: carriers.id, name: carriers.name, scac: carriers.scac })
        .from(carriers)
        .where(eq(carriers.id, id));
      return row ?? null;
    },
    async locked(id: string) {
      const [row] = await db.select().from(integrationPartners).where(eq(integrationPartners.id, id)).for('update');
      return row;
    },
    async insert(values: NewPartner) {
      const [row] = await db.insert(integrationPartners).values(values).returning();
      if (!row) throw new Error('partner insert returned no row');
      return row;
    },
    async update(id: string, values: Partial<NewPartner>) {
      const [row] = await db.update(integrationPartners).set(values).where(eq(integrationPartners.id, id)).returning();
      return row;
    },

    accountsOf: (partnerId: string) =>
      db
        .select({
          id: accounts.id,
          name: accounts.name,
          grantedBy: partnerAccounts.grantedBy,
          grantedAt: partnerAccounts.grantedAt,
          disabledAt: partnerAccounts.disabledAt,
        })
        .from(partnerAccounts)
        .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
        .where(eq(partnerAccounts.partnerId, partnerId))
        .orderBy(asc(accounts.name)),
    /** The partners that may act for an account (its Settings page). */
    partnersOf: (accountId: string) =>
      db
        .select({ partner: integrationPartners, grantedBy: partnerAccounts.grantedBy, grantedAt: partnerAccounts.grantedAt })
        .from(partnerAccounts)
        .innerJoin(integrationPartners, eq(integrationPartners.id, partnerAccounts.partnerId))
        .where(eq(partnerAccounts.accountId, accountId))
        .orderBy(asc(integrationPartners.name)),
    async grant(values: typeof partnerAccounts.$inferInsert) {
      const [row] = await db.insert(partnerAccounts).values(values).onConflictDoNothing().returning();
      return row;
    },
    async ungrant(partnerId: string, accountId: string) {
      const [row] = await db
        .delete(partnerAccounts)
        .where(and(eq(partnerAccounts.partnerId, partnerId), eq(partnerAccounts.accountId, accountId)))
        .returning();
      return row;
    },

    /** Requests and errors a day since `from` (UTC days), of a partner. */
    usageDays: (partnerId: string, from: Date): Promise<UsageDay[]> =>
      db
        .select({
          day: sql<string>`to_char(${apiCalls.at} at time zone 'UTC', 'YYYY-MM-DD')`,
          requests: sql<number>`count(*)::int`,
          errors: sql<number>`(count(*) filter (where ${apiCalls.status} >= 400))::int`,
        })
        .from(apiCalls)
        .where(and(eq(apiCalls.partnerId, partnerId), gte(apiCalls.at, from)))
        .groupBy(sql`1`)
        .orderBy(sql`1`),
  };
}
