import { and, asc, count, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts, users } from '../../db/schema';

/** Staff-wide reads of the admin area (no account scoping: the door guard decides who gets here). */
export function adminRepository(db: Db) {
  return {
    /** One page of accounts by name, with each account's number of users. */
    async accountsPage(opts: { page: number; perPage: number; search?: string }) {
      const where = opts.search ? ilike(accounts.name, `%${escapeLike(opts.search)}%`) : undefined;
      const usersCount = db.$with('users_count').as(
        db
          .select({ accountId: users.accountId, n: count().as('n') })
          .from(users)
          .where(isNotNull(users.accountId))
          .groupBy(users.accountId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .with(usersCount)
          .select({
            id: accounts.id,
            name: accounts.name,
            status: accounts.status,
            createdAt: accounts.createdAt,
            usersCount: usersCount.n,
          })
          .from(accounts)
          .leftJoin(usersCount, eq(usersCount.accountId, accounts.id))
          .where(where)
          .orderBy(asc(accounts.name), asc(accounts.id))
          .limit(opts.perPage)
          .offset((opts.page - 1) * opts.perPage),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async accountWithUsers(id: string) {
      const [account] = await db.select().from(accounts).where(eq(accounts.id, id));
      if (!account) return undefined;
      const members = await db.select().from(users).where(eq(users.accountId, account.id)).orderBy(asc(users.lastName));
      return { account, members };
    },

    /** Users holding at least one role (staff and feature users). */
    staff() {
      return db
        .select()
        .from(users)
        .where(and(sql`cardinality(${users.roles}) > 0`))
        .orderBy(asc(users.email));
    },
  };
}
