import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, passwordResetTokens, users } from '../../db/schema';

/** Sign-in's own reads and writes: reset tokens, the last sign-in, a new company, a suspension. */
export function authRepository(db: Db) {
  return {
    async insertResetToken(values: { userId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(passwordResetTokens).values(values);
    },

    /** Spends every unused reset token of the user (after any password change, earlier links stop working). */
    async retireResetTokens(userId: string, now: Date) {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    },

    /**
     * Spends the user's token with this hash if it is unused and not expired; whether it was. One
     * statement: of two concurrent uses of a token, only one finds it unused.
     */
    async claimResetToken(userId: string, tokenHash: string, now: Date) {
      const claimed = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            eq(passwordResetTokens.userId, userId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      return claimed.length > 0;
    },

    /** A completed sign-in's time (the user's row is not otherwise changed: its updated_at stays). */
    async recordSignIn(userId: string, at: Date) {
      await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
    },

    async insertAccount(values: typeof accounts.$inferInsert) {
      const [account] = await db.insert(accounts).values(values).returning();
      if (!account) throw new Error('account insert returned no row');
      return account;
    },

    /** When the account was suspended (null when it is not, undefined when there is no such account). */
    async accountSuspendedAt(accountId: string) {
      const [account] = await db.select({ suspendedAt: accounts.suspendedAt }).from(accounts).where(eq(accounts.id, accountId));
      return account?.suspendedAt;
    },
  };
}
