import type { CreditApplicationListQuery } from '@freight/contracts';
import { and, asc, count, desc, eq, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, creditApplications, userSettings, users } from '../../db/schema';

export type CreditApplicationRow = typeof creditApplications.$inferSelect;

const decider = alias(users, 'decider');

/** An application with its account, its applicant and who decided it (the staff views' rows). */
const withPeople = (db: Db) =>
  db
    .select({
      application: creditApplications,
      accountName: accounts.name,
      submitter: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      decider: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
    })
    .from(creditApplications)
    .innerJoin(accounts, eq(accounts.id, creditApplications.accountId))
    .leftJoin(users, eq(users.id, creditApplications.submittedBy))
    .leftJoin(decider, eq(decider.id, creditApplications.decidedBy));

export type StaffApplicationRow = Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number];

export function creditApplicationsRepository(db: Db) {
  return {
    /** An account's applications, newest first (an account has a handful at most). */
    ofAccount(accountId: string) {
      return db
        .select()
        .from(creditApplications)
        .where(eq(creditApplications.accountId, accountId))
        .orderBy(desc(creditApplications.createdAt))
        .limit(50);
    },

    /**
     * Inserts a pending application; `undefined` when the account already has one pending (the
     * partial unique index decides, so two submits at once cannot both get in).
     */
    async insertPending(row: typeof creditApplications.$inferInsert) {
      const [created] = await db
        .insert(creditApplications)
        .values(row)
        .onConflictDoNothing({ target: creditApplications.accountId, where: sql`${creditApplications.status} = 'pending'` })
        .returning();
      return created;
    },

    /** The staff queue: pending ones oldest first (who waited longest), decided ones newest first. */
    async page(q: CreditApplicationListQuery) {
      const where = and(
        q.status === 'all' ? undefined : eq(creditApplications.status, q.status),
        q.account_id ? eq(creditApplications.accountId, q.account_id) : undefined,
      );
      const order = q.status === 'pending' ? asc(creditApplications.createdAt) : desc(creditApplications.createdAt);
      const [rows, [total]] = await Promise.all([
        withPeople(db)
          .where(where)
          .orderBy(order, asc(creditApplications.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(creditApplications).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async staffView(id: string) {
      const [row] = await withPeople(db).where(eq(creditApplications.id, id));
      return row;
    },

    /** Locks the application for its decision (two staff deciding at once: the second finds it decided). */
    async lock(id: string) {
      const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, id)).for('update');
      return row;
    },

    async update(id: string, set: Partial<typeof creditApplications.$inferInsert>) {
      await db.update(creditApplications).set(set).where(eq(creditApplications.id, id));
    },

    /** The dashboard's figure: the status index's pending rows. */
    async pendingCount() {
      const [row] = await db.select({ n: count() }).from(creditApplications).where(eq(creditApplications.status, 'pending'));
      return row?.n ?? 0;
    },

    /** Who hears the decision: the applicant, else the account's first user; with their language. */
    async recipient(application: CreditApplicationRow) {
      const byApplicant = application.submittedBy ? eq(users.id, application.submittedBy) : eq(users.accountId, application.accountId);
      const [row] = await db
        .select({ email: users.email, firstName: users.firstName, language: userSettings.language })
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(byApplicant)
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row;
    },

    /** The seed's applications carry a marked plain tax id until the app, which knows APP_KEY, seals it. */
    async unsealedSince(marker: string) {
      return db
        .select({ id: creditApplications.id, details: creditApplications.details })
        .from(creditApplications)
        .where(like(sql`${creditApplications.details}->>'tax_id_sealed'`, `${marker}%`) as SQL);
    },
  };
}
