import { and, asc, count, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, userPasskeys } from '../../db/schema';

export type PasskeyRow = typeof userPasskeys.$inferSelect;
export type NewPasskey = Pick<
  typeof userPasskeys.$inferInsert,
  'userId' | 'name' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'deviceType' | 'backedUp' | 'createdAt'
>;

export function passkeysRepository(db: Db) {
  return {
    list(userId: string) {
      return db
        .select()
        .from(userPasskeys)
        .where(eq(userPasskeys.userId, userId))
        .orderBy(asc(userPasskeys.createdAt), asc(userPasskeys.id));
    },

    /** Whether the user holds a passkey: sign-in then asks for a second factor. */
    async hasAny(userId: string) {
      const [row] = await db.select({ id: userPasskeys.id }).from(userPasskeys).where(eq(userPasskeys.userId, userId)).limit(1);
      return Boolean(row);
    },

    async count(userId: string) {
      const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, userId));
      return row?.n ?? 0;
    },

    async byCredentialId(credentialId: string) {
      const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
      return row;
    },

    async insert(passkey: NewPasskey) {
      const [row] = await db.insert(userPasskeys).values(passkey).returning();
      if (!row) throw new Error('passkey insert returned no row');
      return row;
    },

    /** Renames one of the user's passkeys; undefined when the user has no such passkey. */
    async rename(userId: string, id: string, name: string) {
      const [row] = await db
        .update(userPasskeys)
        .set({ name })
        .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
        .returning();
      return row;
    },

    /** Every passkey of the user; answers how many there were. */
    async removeAll(userId: string) {
      const removed = await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId)).returning({ id: userPasskeys.id });
      return removed.length;
    },

    async remove(userId: string, id: string) {
      const [row] = await db
        .delete(userPasskeys)
        .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
        .returning();
      return row;
    },

    /**
     * Records a use with the authenticator's new counter, only if the counter grew (or the
     * authenticator keeps none, 0 both times): of two sign-ins replaying one signature, one wins.
     */
    async recordUse(id: string, counter: number, now: Date) {
      const used = await db
        .update(userPasskeys)
        .set({ counter, lastUsedAt: now })
        .where(and(eq(userPasskeys.id, id), or(lt(userPasskeys.counter, counter), sql`${userPasskeys.counter} = 0 and ${counter} = 0`)))
        .returning({ id: userPasskeys.id });
      return used.length > 0;
    },

    /** The session's pending WebAuthn challenge, replacing any earlier one. */
    async storeChallenge(sessionId: string, challenge: string, now: Date) {
      await db.update(sessions).set({ webauthnChallenge: challenge, webauthnChallengeAt: now }).where(eq(sessions.id, sessionId));
    },

    /**
     * Spends the session's challenge if it is still the one given: a challenge answers one
     * ceremony only, even when two answers arrive at once.
     */
    async takeChallenge(sessionId: string, challenge: string) {
      const [row] = await db
        .update(sessions)
        .set({ webauthnChallenge: null, webauthnChallengeAt: null })
        .where(and(eq(sessions.id, sessionId), eq(sessions.webauthnChallenge, challenge), isNotNull(sessions.webauthnChallengeAt)))
        .returning({ id: sessions.id });
      return Boolean(row);
    },
  };
}
