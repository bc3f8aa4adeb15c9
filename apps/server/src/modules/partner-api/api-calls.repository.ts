import { desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { purgeOldest } from '../../db/purge';
import { apiCalls, oauthClients } from '../../db/schema';

export type ApiCallEntry = typeof apiCalls.$inferInsert;

/** Whose calls: a partner's (all its credentials) or one credential's. */
export type CallsOf = { partnerId: string } | { clientId: string };

/** The log of API calls: written in batches, read newest first, purged by age. */
export function apiCallsRepository(db: Db) {
  return {
    async insert(rows: ApiCallEntry[]) {
      await db.insert(apiCalls).values(rows);
    },

    /** The newest calls of a partner or a credential, each with its credential's public id. */
    recent(of: CallsOf, limit: number) {
      return db
        .select({ call: apiCalls, clientId: oauthClients.clientId })
        .from(apiCalls)
        .innerJoin(oauthClients, eq(oauthClients.id, apiCalls.clientId))
        .where('partnerId' in of ? eq(apiCalls.partnerId, of.partnerId) : eq(apiCalls.clientId, of.clientId))
        .orderBy(desc(apiCalls.at), desc(apiCalls.id))
        .limit(limit);
    },

    /** The calls logged before `before` go (the housekeeping's). */
    purgeBefore: (before: Date) => purgeOldest(db, apiCalls, apiCalls.id, lt(apiCalls.at, before)),
  };
}
