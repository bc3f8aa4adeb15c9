import { and, asc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import {
  accounts,
  apiCalls,
  ebayOrders,
  ebayStores,
  integrationPartners,
  oauthClients,
  partnerAccounts,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema';

/** One connection with the figures of its health, as every kind reads it. */
export interface ConnectionRow {
  id: string;
  name: string;
  accountId: string | null;
  accountName: string | null;
  partnerId: string | null;
  partnerName: string | null;
  enabled: boolean;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** Tries and failed tries since the health window's start; attempts 0 = nothing tried. */
  attempts: number;
  failures: number;
}

/** Which rows: a search of the names (account, partner, the connection's own) and, for the switch's answer, one id. */
export interface ConnectionFilter {
  q?: string;
  since: Date;
}

const LIST_LIMIT = 500;

const matching = (q: string | undefined, ...columns: AnyPgColumn[]) =>
  q ? or(...columns.map((c) => ilike(c, `%${escapeLike(q)}%`))) : undefined;

/** The API calls' health figures of whatever `match` picks (a credential, a partner's grant): each an index walk of api_calls. */
function callHealth(match: SQL, since: Date) {
  return {
    lastSuccessAt: sql<Date | null>`(select max(${apiCalls.at}) from ${apiCalls} where ${match} and ${apiCalls.status} < 400)`.mapWith(
      apiCalls.at,
    ),
    lastFailureAt: sql<Date | null>`(select max(${apiCalls.at}) from ${apiCalls} where ${match} and ${apiCalls.status} >= 400)`.mapWith(
      apiCalls.at,
    ),
    attempts: sql<number>`(select count(*) from ${apiCalls} where ${match} and ${apiCalls.at} >= ${since})::int`,
    failures: sql<number>`(select count(*) from ${apiCalls} where ${match} and ${apiCalls.at} >= ${since} and ${apiCalls.status} >= 400)::int`,
  };
}

/**
 * The staff Integrations page: every connection an account has, with its health. Each
 * kind is one statement, at most 500 rows, sorted by account.
 */
export function integrationsRepository(db: Db) {
  return {
    /** Partners' grants to act for accounts: health from the partner's calls for that account. */
    partnerGrants: ({ q, since }: ConnectionFilter, one?: { partnerId: string; accountId: string }) =>
      db
        .select({
          id: sql<string>`${partnerAccounts.partnerId} || '.' || ${partnerAccounts.accountId}`,
          name: integrationPartners.name,
          accountId: accounts.id,
          accountName: accounts.name,
          partnerId: integrationPartners.id,
          partnerName: integrationPartners.name,
          enabled: sql<boolean>`${partnerAccounts.disabledAt} is null`,
          ...callHealth(
            sql`${apiCalls.partnerId} = ${partnerAccounts.partnerId} and ${apiCalls.accountId} = ${partnerAccounts.accountId}`,
            since,
          ),
        })
        .from(partnerAccounts)
        .innerJoin(integrationPartners, eq(integrationPartners.id, partnerAccounts.partnerId))
        .innerJoin(accounts, eq(accounts.id, partnerAccounts.accountId))
        .where(
          and(
            matching(q, accounts.name, integrationPartners.name),
            one ? and(eq(partnerAccounts.partnerId, one.partnerId), eq(partnerAccounts.accountId, one.accountId)) : undefined,
          ),
        )
        .orderBy(asc(accounts.name), asc(integrationPartners.name))
        .limit(LIST_LIMIT),

    /** API credentials not revoked (a revoked one is gone for good; a disabled one can be switched on). */
    credentials: ({ q, since }: ConnectionFilter, id?: string) =>
      db
        .select({
          id: oauthClients.id,
          name: oauthClients.name,
          accountId: accounts.id,
          accountName: accounts.name,
          partnerId: integrationPartners.id,
          partnerName: integrationPartners.name,
          enabled: sql<boolean>`${oauthClients.disabledAt} is null`,
          ...callHealth(sql`${apiCalls.clientId} = ${oauthClients.id}`, since),
        })
        .from(oauthClients)
        .leftJoin(accounts, eq(accounts.id, oauthClients.accountId))
        .leftJoin(integrationPartners, eq(integrationPartners.id, oauthClients.partnerId))
        .where(
          and(
            isNull(oauthClients.revokedAt),
            matching(q, oauthClients.name, oauthClients.clientId, accounts.name, integrationPartners.name),
            id ? eq(oauthClients.id, id) : undefined,
          ),
        )
        .orderBy(asc(accounts.name), asc(integrationPartners.name), asc(oauthClients.name))
        .limit(LIST_LIMIT),

    /** Webhook subscriptions: attempts and failures from the deliveries tried in the window. */
    webhooks: ({ q, since }: ConnectionFilter, id?: string) => {
      const tried = sql`${webhookDeliveries.subscriptionId} = ${webhookSubscriptions.id} and ${webhookDeliveries.lastAttemptAt} >= ${since}`;
      return db
        .select({
          id: webhookSubscriptions.id,
          name: webhookSubscriptions.url,
          accountId: accounts.id,
          accountName: accounts.name,
          partnerId: integrationPartners.id,
          partnerName: integrationPartners.name,
          enabled: webhookSubscriptions.enabled,
          lastSuccessAt: webhookSubscriptions.lastSuccessAt,
          lastFailureAt: webhookSubscriptions.lastFailureAt,
          attempts: sql<number>`(select coalesce(sum(${webhookDeliveries.attempts}), 0) from ${webhookDeliveries} where ${tried})::int`,
          // Each delivered one succeeded on its last try; every other try failed.
          failures: sql<number>`(select coalesce(sum(${webhookDeliveries.attempts}), 0) - count(*) filter (where ${webhookDeliveries.status} = 'delivered') from ${webhookDeliveries} where ${tried})::int`,
        })
        .from(webhookSubscriptions)
        .leftJoin(accounts, eq(accounts.id, webhookSubscriptions.accountId))
        .leftJoin(integrationPartners, eq(integrationPartners.id, webhookSubscriptions.partnerId))
        .where(
          and(
            matching(q, webhookSubscriptions.url, webhookSubscriptions.description, accounts.name, integrationPartners.name),
            id ? eq(webhookSubscriptions.id, id) : undefined,
          ),
        )
        .orderBy(asc(accounts.name), asc(integrationPartners.name), asc(webhookSubscriptions.createdAt))
        .limit(LIST_LIMIT);
    },

    /**
     * eBay stores. The store keeps its last sync and, when that failed, the error (no log of every
     * sync): a failed sync's time is its next one less the 15-minute interval (ebay.service.ts),
     * and the rate is that last sync's outcome.
     */
    ebayStores: ({ q, since }: ConnectionFilter, id?: string) =>
      db
        .select({
          id: ebayStores.id,
          name: ebayStores.ebayUser,
          accountId: accounts.id,
          accountName: accounts.name,
          partnerId: sql<string | null>`null`,
          partnerName: sql<string | null>`null`,
          enabled: sql<boolean>`${ebayStores.disabledAt} is null`,
          lastSuccessAt: ebayStores.lastSyncAt,
          lastFailureAt:
            sql<Date | null>`case when ${ebayStores.lastSyncError} is not null then ${ebayStores.nextSyncAt} - interval '15 minutes' end`.mapWith(
              ebayStores.nextSyncAt,
            ),
          attempts: sql<number>`case when ${ebayStores.lastSyncError} is not null or ${ebayStores.lastSyncAt} >= ${since} then 1 else 0 end`,
          failures: sql<number>`case when ${ebayStores.lastSyncError} is not null then 1 else 0 end`,
        })
        .from(ebayStores)
        .innerJoin(accounts, eq(accounts.id, ebayStores.accountId))
        .where(and(matching(q, ebayStores.ebayUser, accounts.name), id ? eq(ebayStores.id, id) : undefined))
        .orderBy(asc(accounts.name), asc(ebayStores.ebayUser))
        .limit(LIST_LIMIT),

    // --- the switch --------------------------------------------------------------------------------
    async setGrantDisabled(partnerId: string, accountId: string, at: Date | null) {
      const [row] = await db
        .update(partnerAccounts)
        .set({ disabledAt: at })
        .where(and(eq(partnerAccounts.partnerId, partnerId), eq(partnerAccounts.accountId, accountId)))
        .returning();
      return row;
    },
    async setCredentialDisabled(id: string, at: Date | null) {
      const [row] = await db
        .update(oauthClients)
        .set({ disabledAt: at })
        .where(and(eq(oauthClients.id, id), isNull(oauthClients.revokedAt)))
        .returning();
      return row;
    },
    async setStoreDisabled(id: string, at: Date | null) {
      const [row] = await db.update(ebayStores).set({ disabledAt: at }).where(eq(ebayStores.id, id)).returning();
      return row;
    },
    /** A store's orders booked but not yet written back to eBay (their write-back was skipped while it was off). */
    unfulfilledOrders: (storeId: string) =>
      db
        .select({ id: ebayOrders.id })
        .from(ebayOrders)
        .where(and(eq(ebayOrders.storeId, storeId), isNotNull(ebayOrders.shipmentId), isNull(ebayOrders.fulfilledAt))),
  };
}
