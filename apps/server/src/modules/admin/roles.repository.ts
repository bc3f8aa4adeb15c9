import type { Role } from '@freight/domain';
import { and, arrayContains, asc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import { accounts, passwordResetTokens, userSettings, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** Role Management's reads and writes: users by role or by name, their roles, staff invitations. */
export function rolesRepository(db: Db) {
  return {
    async accountName(accountId: string) {
      const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      return row?.name ?? null;
    },

    accountNames: (ids: string[]) =>
      ids.length
        ? db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids))
        : Promise.resolve([]),

    /** Users holding a role, or with `q` any user by email or full name; by email, at most 200. */
    usersFor(q?: string) {
      const where = q
        ? or(ilike(users.email, `%${escapeLike(q)}%`), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, `%${escapeLike(q)}%`))
        : sql`cardinality(${users.roles}) > 0`;
      return db.select().from(users).where(where).orderBy(asc(users.email)).limit(200);
    },

    /** Locks the super_admins in id order (a transaction's first step, so two admins' changes queue instead of deadlocking). */
    lockSuperAdmins: () =>
      db
        .select({ id: users.id })
        .from(users)
        .where(arrayContains(users.roles, ['super_admin']))
        .orderBy(asc(users.id))
        .for('update'),

    async lockUser(userId: string) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return user;
    },

    async setRoles(userId: string, roles: Role[], at: Date) {
      const [row] = await db.update(users).set({ roles, updatedAt: at }).where(eq(users.id, userId)).returning();
      if (!row) throw new Error(`user ${userId} vanished`);
      return row;
    },

    async emailTaken(email: string) {
      const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      return Boolean(exists);
    },

    async insertInviteToken(userId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },

    async nameOf(userId: string) {
      const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      return row;
    },

    /** The super_admins who hear of power grants: those whose email is verified, with their language. */
    superAdminRecipients: () =>
      db
        .select({ email: users.email, language: userSettings.language })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(and(arrayContains(users.roles, ['super_admin']), isNotNull(users.emailVerifiedAt))),
  };
}
