import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The user an account's staff-made credential or partner grant acts as, and who hears of the
 * account's switched-off webhooks when their maker is gone: its first active account admin (the
 * one who signed the company up, unless deactivated since).
 */
export async function accountAdminOf(db: Db, accountId: string): Promise<string | undefined> {
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.accountRole, 'account_admin'), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first?.id;
}
