import type { AccountAddress } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';

export function accountsRepository(db: Db) {
  return {
    async setAddress(accountId: string, kind: 'account' | 'billing', address: AccountAddress, now: Date) {
      const column = kind === 'account' ? { accountAddress: address } : { billingAddress: address };
      await db
        .update(accounts)
        .set({ ...column, updatedAt: now })
        .where(eq(accounts.id, accountId));
    },
  };
}
