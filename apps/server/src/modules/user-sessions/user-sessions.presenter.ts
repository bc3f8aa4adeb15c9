import { createHash } from 'node:crypto';
import { USER_SESSION_ID_LENGTH, type UserSession, type UserSessionPlace } from '@freight/contracts';
import { addressKind, plainAddress } from './ip-address';
import { describeUserAgent } from './user-agent';
import type { UserSessionRow } from './user-sessions.repository';

/**
 * The id a session is shown by. The row's id is the SHA-256 of the cookie's token: as good as the
 * cookie to whoever could look it up, so it never leaves the server. This one is derived from it
 * and opens nothing; a request is matched against the caller's own sessions only.
 */
export const publicSessionId = (rowId: string) =>
  createHash('sha256').update(`session:${rowId}`).digest('base64url').slice(0, USER_SESSION_ID_LENGTH);

export function presentUserSession(row: UserSessionRow, o: { current: boolean; place: UserSessionPlace | null }): UserSession {
  const { browser, device } = describeUserAgent(row.userAgent);
  return {
    id: publicSessionId(row.id),
    browser,
    device,
    ip: row.ip ? plainAddress(row.ip) : null,
    local_network: addressKind(row.ip) === 'local',
    place: o.place,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: o.current,
  };
}
