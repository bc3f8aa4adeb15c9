import type { ApiCallView } from '@freight/contracts';
import type { Db } from '../../db/client';
import { apiCallsRepository, type CallsOf } from './api-calls.repository';

export type { CallsOf } from './api-calls.repository';

/** The newest logged calls of a partner or a credential, as staff read them (never bodies). */
export async function recentCalls(db: Db, of: CallsOf, limit = 100): Promise<ApiCallView[]> {
  const rows = await apiCallsRepository(db).recent(of, limit);
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
