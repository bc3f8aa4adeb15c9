import { DEFAULT_SETTINGS } from '@freight/domain';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, sessions, userSettings, users } from '../../db/schema';
import { fullName, type People } from '../../people';
import { announceAccessChange } from '../support/access-changes.service';

export type UserRow = typeof users.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
export interface LoadedUser {
  user: UserRow;
  settings: SettingsRow;
  account: AccountRow | null;
}

/** Users and their settings. Pass a transaction as `db` to take part in it. */
export function usersRepository(db: Db) {
  const loadWhere = async (where: ReturnType<typeof eq>): Promise<LoadedUser | undefined> => {
    const [row] = await db
      .select({ user: users, settings: userSettings, account: accounts })
      .from(users)
      .innerJoin(userSettings, eq(userSettings.userId, users.id))
      .leftJoin(accounts, eq(accounts.id, users.accountId))
      .where(where);
    return row;
  };
  // Every request runs this: prepared (named on PostgreSQL), so it is built once and planned once per connection.
  const sessionWithUserQuery = db
    .select({ session: sessions, user: users, settings: userSettings, account: accounts })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_with_user');
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    load: (id: string) => loadWhere(eq(users.id, id)),
    /** A session with its user, settings and account in one round trip: every request looks it up. */
    async sessionWithUser(sessionId: string) {
      const [row] = await sessionWithUserQuery.execute({ id: sessionId });
      if (!row) return undefined;
      // A guest session has no user; as in load(), a user without a settings row is none.
      const auth: LoadedUser | null = row.user && row.settings ? { user: row.user, settings: row.settings, account: row.account } : null;
      return { session: row.session, auth };
    },
    loadByEmail: (email: string) => loadWhere(eq(users.email, email.toLowerCase())),
    async emailTaken(email: string, exceptUserId?: string) {
      const where = exceptUserId
        ? and(eq(users.email, email.toLowerCase()), ne(users.id, exceptUserId))
        : eq(users.email, email.toLowerCase());
      const [row] = await db.select({ id: users.id }).from(users).where(where);
      return Boolean(row);
    },
    /**
     * Inserts a user with their settings; call inside a transaction so both land or neither. A
     * customer user given no team role is the account's first user (sign-up, demo data): its
     * admin. Invitations and single sign-on say the role they give.
     */
    async create(values: Omit<typeof users.$inferInsert, 'id'>, settings: Partial<Omit<typeof userSettings.$inferInsert, 'userId'>> = {}) {
      const accountRole = values.accountRole ?? (values.accountId ? 'account_admin' : null);
      const [user] = await db
        .insert(users)
        .values({ ...values, accountRole })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      await db.insert(userSettings).values({ subscriptions: DEFAULT_SETTINGS.subscriptions, ...settings, userId: user.id });
      return user;
    },
    /**
     * Whom a mail about the user's own records goes to: their address, first name, language and
     * the mails they take (null language and subscriptions: never chosen). Undefined for a user
     * that is gone, or deactivated when `activeOnly`.
     */
    async mailRecipient(id: string, { activeOnly = false } = {}) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(activeOnly ? and(eq(users.id, id), isNull(users.deactivatedAt)) : eq(users.id, id));
      return row;
    },
    /** The full names and accounts of these users (the people an account's records name), in one query. */
    async people(ids: readonly (string | null | undefined)[]): Promise<People> {
      const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
      if (!wanted.length) return new Map();
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, accountId: users.accountId })
        .from(users)
        .where(inArray(users.id, wanted));
      return new Map(rows.map((r) => [r.id, { name: fullName(r), accountId: r.accountId }]));
    },
    async update(id: string, values: Partial<typeof users.$inferInsert>, now: Date) {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
    },
    async updateSettings(id: string, values: Partial<typeof userSettings.$inferInsert>, now: Date) {
      await db
        .update(userSettings)
        .set({ ...values, updatedAt: now })
        .where(eq(userSettings.userId, id));
    },
    /**
     * Signs the user out everywhere (but `exceptSessionId`), sign-ins of theirs still waiting for
     * the second factor too; their live streams end with the sessions.
     */
    async endSessions(userId: string, exceptSessionId?: string) {
      const theirs = or(eq(sessions.userId, userId), eq(sessions.twoFactorUserId, userId));
      const where = exceptSessionId ? and(theirs, ne(sessions.id, exceptSessionId)) : theirs;
      await db.delete(sessions).where(where);
      await announceAccessChange(db);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
