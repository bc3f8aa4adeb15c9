import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema';

/** The channel every process listens on; the payload is an event's `seq`, or ACCESS_CHANGED. */
export const SUPPORT_CHANNEL = 'support_events';

/**
 * What the support channel carries besides an event's `seq`: word that sessions ended or a user's
 * rights changed, so every process re-checks the sessions behind its open streams (live.ts).
 */
export const ACCESS_CHANGED = 'access';

/** A stream's session as the re-check reads it: the rights its audience depends on. */
export interface StreamSession {
  id: string;
  userId: string | null;
  lastSeenAt: Date;
  remember: boolean;
  roles: string[] | null;
  emailVerifiedAt: Date | null;
  /** A deactivated user may see nothing, whatever sessions of theirs are left. */
  deactivatedAt: Date | null;
  accountId: string | null;
  suspendedAt: Date | null;
}

/**
 * Tells every process, at the commit of `db`'s transaction (at once outside one), that sessions
 * ended or rights changed. Called by whatever ends a session or takes a right away: logout, a
 * password change or reset, a suspension, a change of staff roles.
 */
export async function announceAccessChange(db: Db) {
  await db.execute(sql`select pg_notify(${SUPPORT_CHANNEL}, ${ACCESS_CHANGED})`);
}

/** The sessions of a process's open streams, in one statement; a session that ended is missing. */
export async function streamSessions(db: Db, ids: string[]): Promise<StreamSession[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      remember: sessions.remember,
      roles: users.roles,
      emailVerifiedAt: users.emailVerifiedAt,
      deactivatedAt: users.deactivatedAt,
      accountId: users.accountId,
      suspendedAt: accounts.suspendedAt,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(inArray(sessions.id, ids));
}
