import { SALES_ROLES } from '@freight/domain';
import { and, arrayOverlaps, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accountSalesReps, accounts, users } from '../../db/schema';

/** A user as a rep is shown: id, name and email. */
const repColumns = {
  id: users.id,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
};

const assigner = alias(users, 'assigner');

/** Who each account's sales rep is, and who may be one. */
export function salesRepsRepository(db: Db) {
  return {
    /** Active users holding a sales role, by name: those a rep may be chosen from. */
    candidates() {
      return db
        .select(repColumns)
        .from(users)
        .where(and(arrayOverlaps(users.roles, [...SALES_ROLES]), isNull(users.deactivatedAt)))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
    },

    /** A user by id with their roles and whether they are active, to check them before they become a rep. */
    async user(id: string) {
      const [row] = await db
        .select({ ...repColumns, roles: users.roles, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** The account's name (undefined when there is no such account), locked in `tx` while its rep changes. */
    async lockAccount(tx: Db, accountId: string) {
      const [row] = await tx
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .for('update');
      return row;
    },

    /** The account's rep with who assigned them and when. */
    async ofAccount(accountId: string, tx: Db = db) {
      const rows = await tx
        .select({ rep: repColumns, assignedBy: assigner.email, assignedAt: accountSalesReps.assignedAt })
        .from(accountSalesReps)
        .innerJoin(users, eq(users.id, accountSalesReps.repId))
        .leftJoin(assigner, eq(assigner.id, accountSalesReps.assignedBy))
        .where(eq(accountSalesReps.accountId, accountId));
      return rows[0];
    },

    /** The reps of several accounts (those that have one). */
    ofAccounts(accountIds: string[]) {
      if (!accountIds.length) return Promise.resolve([]);
      return db
        .select({ accountId: accountSalesReps.accountId, rep: repColumns })
        .from(accountSalesReps)
        .innerJoin(users, eq(users.id, accountSalesReps.repId))
        .where(inArray(accountSalesReps.accountId, accountIds));
    },

    /** The ids of the accounts whose rep is `userId`. */
    async accountsOf(userId: string) {
      const rows = await db.select({ id: accountSalesReps.accountId }).from(accountSalesReps).where(eq(accountSalesReps.repId, userId));
      return rows.map((r) => r.id);
    },

    async isRepOf(userId: string, accountId: string) {
      const [row] = await db
        .select({ id: accountSalesReps.accountId })
        .from(accountSalesReps)
        .where(and(eq(accountSalesReps.accountId, accountId), eq(accountSalesReps.repId, userId)));
      return row !== undefined;
    },

    async set(tx: Db, values: { accountId: string; repId: string; assignedBy: string; assignedAt: Date }) {
      const { accountId, ...change } = values;
      await tx.insert(accountSalesReps).values(values).onConflictDoUpdate({ target: accountSalesReps.accountId, set: change });
    },

    async clear(tx: Db, accountId: string) {
      await tx.delete(accountSalesReps).where(eq(accountSalesReps.accountId, accountId));
    },
  };
}
