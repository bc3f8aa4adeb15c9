import { and, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountCreditEvents, accounts, invoices, userSettings, users } from '../../db/schema';

/**
 * The accounts' side of invoicing: credit state and its events, who gets billing mail, reminders
 * and past-due holds; for invoicesRepository, which spreads them in.
 */
export function invoiceAccountsQueries(db: Db) {
  return {
    async account(accountId: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      return row;
    },

    /** The account row locked to change it (its key stays: rows pointing at it are not held up). */
    async lockAccount(accountId: string) {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).for('no key update');
      return row;
    },

    async updateAccount(accountId: string, set: Partial<typeof accounts.$inferInsert>) {
      await db.update(accounts).set(set).where(eq(accounts.id, accountId));
    },

    async addCreditEvent(row: typeof accountCreditEvents.$inferInsert) {
      await db.insert(accountCreditEvents).values(row);
    },

    async creditEvents(accountId: string) {
      return db
        .select({ event: accountCreditEvents, firstName: users.firstName, lastName: users.lastName })
        .from(accountCreditEvents)
        .leftJoin(users, eq(users.id, accountCreditEvents.userId))
        .where(eq(accountCreditEvents.accountId, accountId))
        .orderBy(desc(accountCreditEvents.createdAt))
        .limit(100);
    },

    /** The users of an account who receive its invoice mails (customer service communications on). */
    async billingRecipients(accountId: string) {
      const rows = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(and(eq(users.accountId, accountId), sql`${users.emailVerifiedAt} is not null`));
      return rows.filter((r) => r.subscriptions?.customer_service !== false);
    },

    /**
     * The account's active, verified users with their role, language and settings: the caller
     * picks who is told (a credited booking: its booker and those who see invoices).
     */
    async teamRecipients(accountId: string) {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          accountRole: users.accountRole,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(and(eq(users.accountId, accountId), sql`${users.emailVerifiedAt} is not null`, sql`${users.deactivatedAt} is null`));
    },

    /** Invoices due for a reminder: due in `beforeDue` and not reminded, or past due on `today` and not reminded. */
    async dueForReminder(beforeDue: string, today: string, limit: number) {
      return db
        .select()
        .from(invoices)
        .where(
          and(
            sql`${invoices.balanceCents} > 0`,
            or(
              and(eq(invoices.dueDate, beforeDue), sql`${invoices.remindedBeforeAt} is null`),
              and(lt(invoices.dueDate, today), sql`${invoices.remindedPastDueAt} is null`),
            ),
          ),
        )
        .limit(limit);
    },

    /** Accounts with an undisputed invoice due before `before`: candidates for an automatic hold. */
    async accountsPastDue(before: string) {
      const rows = await db
        .selectDistinct({ accountId: invoices.accountId })
        .from(invoices)
        .where(and(sql`${invoices.balanceCents} + ${invoices.pendingCents} - ${invoices.disputedCents} > 0`, lte(invoices.dueDate, before)))
        .limit(5000);
      return rows.map((r) => r.accountId);
    },

    /** Accounts held automatically (each is checked again: a hold whose cause is gone is lifted). */
    async autoHeldAccounts() {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.status, 'credit_hold'), eq(accounts.holdSource, 'auto')));
      return rows.map((r) => r.id);
    },
  };
}
