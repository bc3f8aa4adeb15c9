import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

/** The sessions table's statements (session.ts holds the rules: cookies, CSRF, idle limits). */
export function sessionsRepository(db: Db) {
  return {
    async insert(values: NewSessionRow): Promise<SessionRow | undefined> {
      const [row] = await db.insert(sessions).values(values).returning();
      return row;
    },

    remove: (id: string) => db.delete(sessions).where(eq(sessions.id, id)),

    touch: (id: string, at: Date) => db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)),

    /** Empties a session put aside by a sign-in: no user, no second step, no challenge, a CSRF token no one has. */
    putAside: (id: string, at: Date, csrfToken: string) =>
      db
        .update(sessions)
        .set({ replacedAt: at, userId: null, twoFactorUserId: null, csrfToken, webauthnChallenge: null })
        .where(eq(sessions.id, id)),

    /**
     * Deletes a user's sessions other than `keepId`: those of `ids`, or without `ids` every other
     * one, sign-ins waiting for their second step included. Answers the ids deleted.
     */
    async endOthers(userId: string, keepId: string, ids?: string[]) {
      const others = ne(sessions.id, keepId);
      const where = ids
        ? and(eq(sessions.userId, userId), inArray(sessions.id, ids), others)
        : and(or(eq(sessions.userId, userId), eq(sessions.twoFactorUserId, userId)), others);
      return db.delete(sessions).where(where).returning({ id: sessions.id });
    },

    confirmPassword: (id: string, at: Date) => db.update(sessions).set({ passwordConfirmedAt: at }).where(eq(sessions.id, id)),

    /** Deletes the sessions last seen before their limit (`forgotten` or `remembered`), and those put aside before `asideBefore`. */
    purge: (cutoffs: { forgotten: Date; remembered: Date; asideBefore: Date }) =>
      db
        .delete(sessions)
        .where(
          or(
            and(eq(sessions.remember, false), lt(sessions.lastSeenAt, cutoffs.forgotten)),
            lt(sessions.lastSeenAt, cutoffs.remembered),
            lt(sessions.replacedAt, cutoffs.asideBefore),
          ),
        ),
  };
}
