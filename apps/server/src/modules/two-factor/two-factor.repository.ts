import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rememberedDevices, userAuthenticators, userRecoveryCodes } from '../../db/schema';

export type AuthenticatorRow = typeof userAuthenticators.$inferSelect;

export function twoFactorRepository(db: Db) {
  return {
    async authenticator(userId: string) {
      const [row] = await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, userId));
      return row;
    },

    /** Whether sign-in asks the user for a second factor: one lookup by primary key on every login. */
    async hasConfirmedFactor(userId: string) {
      const [row] = await db
        .select({ userId: userAuthenticators.userId })
        .from(userAuthenticators)
        .where(and(eq(userAuthenticators.userId, userId), isNotNull(userAuthenticators.confirmedAt)));
      return Boolean(row);
    },

    /** A new secret for an enrolment not yet confirmed (any earlier unconfirmed one is replaced). */
    async startEnrolment(userId: string, secretSealed: string, now: Date) {
      await db
        .insert(userAuthenticators)
        .values({ userId, secretSealed, createdAt: now })
        .onConflictDoUpdate({
          target: userAuthenticators.userId,
          set: { secretSealed, confirmedAt: null, lastUsedStep: null, createdAt: now },
        });
    },

    /**
     * Records the step of an accepted code, only if it is newer than the last one: of two requests
     * with the same code at once, one claims it. `confirm` also sets the enrolment's confirmation.
     */
    async claimStep(userId: string, step: number, confirmAt?: Date) {
      const claimed = await db
        .update(userAuthenticators)
        .set({ lastUsedStep: step, ...(confirmAt ? { confirmedAt: confirmAt } : {}) })
        .where(
          and(
            eq(userAuthenticators.userId, userId),
            or(isNull(userAuthenticators.lastUsedStep), lt(userAuthenticators.lastUsedStep, step)),
            confirmAt ? isNull(userAuthenticators.confirmedAt) : isNotNull(userAuthenticators.confirmedAt),
          ),
        )
        .returning({ userId: userAuthenticators.userId });
      return claimed.length > 0;
    },

    /** The authenticator app (confirmed or only started); answers whether it was confirmed. */
    async removeAuthenticator(userId: string) {
      const [removed] = await db
        .delete(userAuthenticators)
        .where(eq(userAuthenticators.userId, userId))
        .returning({ confirmedAt: userAuthenticators.confirmedAt });
      return Boolean(removed?.confirmedAt);
    },

    /**
     * Every recovery code and every remembered browser of the user, once no factor is left: a
     * browser remembered for a factor that is gone would skip the next one.
     */
    async forgetSecondStep(userId: string) {
      await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
    },

    /** Replaces the user's recovery codes (used or not) with new ones, given as their hashes. */
    async replaceRecoveryCodes(userId: string, codeHashes: string[], now: Date) {
      await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
      await db.insert(userRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    },

    unusedRecoveryCodes(userId: string) {
      return db
        .select({ id: userRecoveryCodes.id, codeHash: userRecoveryCodes.codeHash })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
    },

    async countUnusedRecoveryCodes(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(userRecoveryCodes)
        .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    /** Spends a code; false when another request spent it first. */
    async spendRecoveryCode(id: string, now: Date) {
      const spent = await db
        .update(userRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(userRecoveryCodes.id, id), isNull(userRecoveryCodes.usedAt)))
        .returning({ id: userRecoveryCodes.id });
      return spent.length > 0;
    },
  };
}
