import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { countAhead } from '../../db/count-ahead';
import { accounts, auditLog, teamInvitations, userAuthenticators, userPasskeys, userSettings, users } from '../../db/schema';

export type InvitationRow = typeof teamInvitations.$inferSelect;
export type MemberRow = Awaited<ReturnType<ReturnType<typeof teamRepository>['members']>>[number];
export type ActivityRow = Awaited<ReturnType<ReturnType<typeof teamRepository>['activity']>>['rows'][number];

export interface ActivityFilter {
  accountId: string;
  /** Entries by this user or about them. */
  userId?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

/** Rows read per statement by the activity export. */
const EXPORT_BATCH = 1_000;

const memberColumns = {
  id: users.id,
  accountId: users.accountId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  accountRole: users.accountRole,
  bookingLimitCents: users.bookingLimitCents,
  approvalRequiredFor: users.approvalRequiredFor,
  deactivatedAt: users.deactivatedAt,
  lastLoginAt: users.lastLoginAt,
  // A second factor is an authenticator app once confirmed, or any passkey (as sign-in asks for one).
  twoFactor: sql<boolean>`(exists (select 1 from ${userAuthenticators} where ${userAuthenticators.userId} = ${users.id} and ${userAuthenticators.confirmedAt} is not null) or exists (select 1 from ${userPasskeys} where ${userPasskeys.userId} = ${users.id}))`,
};

const activityColumns = {
  entry: auditLog,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorAccountId: users.accountId,
};

function activityWhere(f: ActivityFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(auditLog.accountId, f.accountId), eq(auditLog.shownToAccount, true)];
  if (f.userId) conditions.push(or(eq(auditLog.actorId, f.userId), and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, f.userId))));
  if (f.from) conditions.push(gte(auditLog.createdAt, f.from));
  if (f.to) conditions.push(lt(auditLog.createdAt, f.to));
  return and(...conditions) as SQL;
}

/** An account's team: its users' roles and rights, its invitations, its activity log. Pass a transaction as `db` to take part in it. */
export function teamRepository(db: Db) {
  const activityQuery = (where: SQL | undefined) =>
    db.select(activityColumns).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where);

  return {
    /** The account's users, by name. */
    members: (accountId: string) =>
      db
        .select(memberColumns)
        .from(users)
        .where(eq(users.accountId, accountId))
        .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)),

    async member(accountId: string, userId: string) {
      const [row] = await db
        .select(memberColumns)
        .from(users)
        .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
      return row;
    },

    /**
     * Locks the account's active account admins and answers their ids: a change that could leave
     * the account without one holds them until it commits, so two such changes never both pass.
     */
    async lockActiveAdmins(accountId: string) {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.accountId, accountId), eq(users.accountRole, 'account_admin'), isNull(users.deactivatedAt)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    /** The account's active account admins with a verified email, with their language: who hears of a new admin. */
    activeAdminContacts: (accountId: string) =>
      db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: userSettings.language })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(
          and(
            eq(users.accountId, accountId),
            eq(users.accountRole, 'account_admin'),
            isNull(users.deactivatedAt),
            isNotNull(users.emailVerifiedAt),
          ),
        ),

    /** Locks one user of the account (the record a change is about). */
    async lockMember(accountId: string, userId: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
        .for('update');
      return row;
    },

    async updateMember(
      userId: string,
      values: Partial<Pick<typeof users.$inferInsert, 'accountRole' | 'bookingLimitCents' | 'approvalRequiredFor' | 'deactivatedAt'>>,
      now: Date,
    ) {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, userId));
    },

    /** Invitations not accepted nor revoked, newest first. */
    openInvitations: (accountId: string) =>
      db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.accountId, accountId), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt)))
        .orderBy(desc(teamInvitations.createdAt), desc(teamInvitations.id)),

    async openInvitationTo(accountId: string, email: string) {
      const [row] = await db
        .select()
        .from(teamInvitations)
        .where(
          and(
            eq(teamInvitations.accountId, accountId),
            eq(teamInvitations.email, email),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
          ),
        )
        .for('update');
      return row;
    },

    /** One invitation of the account, locked for the change that reads it. */
    async invitation(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, id), eq(teamInvitations.accountId, accountId)))
        .for('update');
      return row;
    },

    /** The invitation a link's token names (by its SHA-256), with its account; `lock` when accepting it. */
    async invitationByToken(tokenHash: string, lock = false) {
      const query = db
        .select({ invitation: teamInvitations, accountName: accounts.name, suspendedAt: accounts.suspendedAt })
        .from(teamInvitations)
        .innerJoin(accounts, eq(accounts.id, teamInvitations.accountId))
        .where(eq(teamInvitations.tokenHash, tokenHash));
      const [row] = lock ? await query.for('update', { of: teamInvitations }) : await query;
      return row;
    },

    async accountName(accountId: string) {
      const [row] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      return row?.name;
    },

    async insertInvitation(values: typeof teamInvitations.$inferInsert) {
      const [row] = await db.insert(teamInvitations).values(values).returning();
      if (!row) throw new Error('invitation insert returned no row');
      return row;
    },

    async updateInvitation(id: string, values: Partial<typeof teamInvitations.$inferInsert>) {
      const [row] = await db.update(teamInvitations).set(values).where(eq(teamInvitations.id, id)).returning();
      if (!row) throw new Error('invitation update returned no row');
      return row;
    },

    /** The inviter's language and currency, for the mail (English and dollars when they are gone). */
    async settingsOf(userId: string | null) {
      if (!userId) return undefined;
      const [row] = await db
        .select({ language: userSettings.language, currency: userSettings.currency, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    /** One page of the account's activity log, newest first, with who did each change. */
    async activity(filter: ActivityFilter, page: number, perPage: number) {
      const where = activityWhere(filter);
      const offset = (page - 1) * perPage;
      const [rows, counted] = await Promise.all([
        activityQuery(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(perPage).offset(offset),
        countAhead(db, auditLog, where, offset),
      ]);
      return { rows, ...counted };
    },

    /** Every entry the filter matches, newest first, a thousand at a time (keyset on the log's account index). */
    async *activityBatches(filter: ActivityFilter) {
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const keyset = after
          ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id)))
          : undefined;
        const rows = await activityQuery(and(activityWhere(filter), keyset))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(EXPORT_BATCH);
        if (rows.length) yield rows;
        const last = rows.at(-1)?.entry;
        if (rows.length < EXPORT_BATCH || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}
