import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knownDevices, sessions } from '../../db/schema';

/** A signed-in session as its owner's list needs it (the row id stays on the server). */
export type UserSessionRow = Pick<typeof sessions.$inferSelect, 'id' | 'ip' | 'userAgent' | 'createdAt' | 'lastSeenAt'>;

export function userSessionsRepository(db: Db) {
  return {
    /** The user's signed-in sessions, the most recently used first; guests and second steps under way are no one's yet. */
    async signedIn(userId: string): Promise<UserSessionRow[]> {
      return db
        .select({
          id: sessions.id,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNotNull(sessions.userId)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
    },

    /**
     * Notes a sign-in from a browser (its device cookie's keyed hash) in one statement: `isNew`
     * when the user never signed in from it before, `knewOthers` when they had signed in from
     * another one (only then is a new browser worth a mail: the first ever is no news).
     */
    async seeDevice(v: { userId: string; deviceHash: string; userAgent: string | null; now: Date }) {
      const at = v.now.toISOString();
      const result = (await db.execute(sql`
        with others as (
          select count(*)::int as n from ${knownDevices}
          where ${knownDevices.userId} = ${v.userId} and ${knownDevices.deviceHash} <> ${v.deviceHash}
        ), seen as (
          insert into ${knownDevices} (user_id, device_hash, user_agent, first_seen_at, last_seen_at)
          values (${v.userId}, ${v.deviceHash}, ${v.userAgent}, ${at}::timestamptz, ${at}::timestamptz)
          on conflict (user_id, device_hash) do update set last_seen_at = excluded.last_seen_at, user_agent = excluded.user_agent
          returning (xmax = 0) as inserted
        )
        select seen.inserted, others.n as others from seen, others`)) as unknown as { rows: { inserted: boolean; others: number }[] };
      const row = result.rows[0];
      return { isNew: Boolean(row?.inserted), knewOthers: Number(row?.others ?? 0) > 0 };
    },

    /** The user's devices but one (tests and housekeeping read them). */
    async devicesOf(userId: string, exceptHash?: string) {
      const where = exceptHash
        ? and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, exceptHash))
        : eq(knownDevices.userId, userId);
      return db.select().from(knownDevices).where(where);
    },
  };
}
