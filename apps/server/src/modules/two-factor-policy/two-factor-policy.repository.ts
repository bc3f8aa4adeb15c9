import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

/** The account's rule that every user of it holds a second factor. Pass a transaction as `db` to take part in it. */
export function twoFactorPolicyRepository(db: Db) {
  return {
    async rule(accountId: string) {
      const [row] = await db.select({ required: accounts.requireTwoFactor }).from(accounts).where(eq(accounts.id, accountId));
      return row?.required ?? false;
    },

    async setRule(accountId: string, required: boolean, now: Date) {
      await db.update(accounts).set({ requireTwoFactor: required, updatedAt: now }).where(eq(accounts.id, accountId));
    },
  };
}
