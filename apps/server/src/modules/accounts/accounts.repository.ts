import type { AccountAddress } from '@freight/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, users } from '../../db/schema';

export function accountsRepository(db: Db) {
  return {
    async setAddress(accountId: string, kind: 'account' | 'billing', address: AccountAddress, now: Date) {
      const column = kind === 'account' ? { accountAddress: address } : { billingAddress: address };
      await db
        .update(accounts)
        .set({ ...column, updatedAt: now })
        .where(eq(accounts.id, accountId));
    },

    /** The account's first active account admin: the one who signed the company up, unless deactivated since. */
    async firstAdmin(accountId: string): Promise<string | undefined> {
      const [first] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.accountRole, 'account_admin'), isNull(users.deactivatedAt)))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(1);
      return first?.id;
    },
  };
}
