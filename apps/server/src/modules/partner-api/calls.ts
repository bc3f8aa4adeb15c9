import type { ApiCallView } from '@freight/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiCalls, oauthClients } from '../../db/schema';

/** Whose calls: a partner's (all its credentials) or one credential's. */
export type CallsOf = { partnerId: string } | { clientId: string };

/** The newest logged calls of a partner or a credential, as staff read them (never bodies). */
export async function recentCalls(db: Db, of: CallsOf, limit = 100): Promise<ApiCallView[]> {
  const rows = await db
    .select({ call: apiCalls, clientId: oauthClients.clientId })
    .from(apiCalls)
    .innerJoin(oauthClients, eq(oauthClients.id, apiCalls.clientId))
    .where('partnerId' in of ? eq(apiCalls.partnerId, of.partnerId) : eq(apiCalls.clientId, of.clientId))
    .orderBy(desc(apiCalls.at), desc(apiCalls.id))
    .limit(limit);
  return rows.map(({ call, clientId }) => ({
    id: call.id,
    at: call.at.toISOString(),
    method: call.method,
    route: call.route,
    status: call.status,
    duration_ms: call.durationMs,
    client_id: clientId,
    account_id: call.accountId,
  }));
}
