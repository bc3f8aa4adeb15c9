import { customerCan } from '@freight/domain';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountPaymentProfiles, autopayInvoices, invoices, savedPaymentMethods, userSettings, users } from '../../db/schema';

export type SavedMethodRow = typeof savedPaymentMethods.$inferSelect;
export type ProfileRow = typeof accountPaymentProfiles.$inferSelect;

/** Saved methods, the account's processor customer and autopay, and autopay's progress per invoice. Pass a transaction as `db` to take part in it. */
export function paymentMethodsRepository(db: Db) {
  return {
    async profile(accountId: string) {
      const [row] = await db.select().from(accountPaymentProfiles).where(eq(accountPaymentProfiles.accountId, accountId));
      return row;
    },

    /** The account's profile row, locked for the rest of the transaction (one customer per account, one change at a time). */
    async lockProfile(accountId: string) {
      const [row] = await db.select().from(accountPaymentProfiles).where(eq(accountPaymentProfiles.accountId, accountId)).for('update');
      return row;
    },

    async insertProfile(row: typeof accountPaymentProfiles.$inferInsert) {
      await db.insert(accountPaymentProfiles).values(row).onConflictDoNothing();
    },

    async setAutopay(accountId: string, enabled: boolean, userId: string | null, at: Date) {
      await db
        .update(accountPaymentProfiles)
        .set({ autopay: enabled, autopayBy: userId, autopayChangedAt: at })
        .where(eq(accountPaymentProfiles.accountId, accountId));
    },

    /** The account's methods: the default first, then the newest. */
    methods(accountId: string) {
      return db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.accountId, accountId))
        .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.createdAt), desc(savedPaymentMethods.id));
    },

    async method(accountId: string, id: string) {
      const [row] = await db
        .select()
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.id, id)));
      return row;
    },

    async methodOfRef(accountId: string, ref: string) {
      const [row] = await db
        .select()
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.providerRef, ref)));
      return row;
    },

    /** The method a set-up (seti_...) is saving, whichever account's: the processor's webhooks name only the set-up. */
    async methodOfSetupIntent(ref: string) {
      const [row] = await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.setupIntentRef, ref));
      return row;
    },

    /** A bank account's verification settled (verified or failed), if it was still awaiting: the row, or none when it was not. */
    async settleVerification(id: string, verification: 'verified' | 'failed') {
      const [row] = await db
        .update(savedPaymentMethods)
        .set({ verification })
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.verification, 'awaiting')))
        .returning();
      return row;
    },

    /** Counts a wrong micro-deposit code of an awaiting account: the wrong codes so far. */
    async countWrongCode(id: string) {
      const [row] = await db
        .update(savedPaymentMethods)
        .set({ verifyAttempts: sql`${savedPaymentMethods.verifyAttempts} + 1` })
        .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.verification, 'awaiting')))
        .returning({ attempts: savedPaymentMethods.verifyAttempts });
      return row?.attempts;
    },

    async defaultMethod(accountId: string) {
      const [row] = await db
        .select()
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.isDefault, true)));
      return row;
    },

    async insertMethod(row: typeof savedPaymentMethods.$inferInsert) {
      const [inserted] = await db.insert(savedPaymentMethods).values(row).returning();
      if (!inserted) throw new Error('payment method not saved');
      return inserted;
    },

    async deleteMethod(accountId: string, id: string) {
      await db.delete(savedPaymentMethods).where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.id, id)));
    },

    /** Makes `id` the account's only default (the old one is cleared first: the unique index allows one). */
    async setDefault(accountId: string, id: string) {
      await db
        .update(savedPaymentMethods)
        .set({ isDefault: false })
        .where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.isDefault, true), ne(savedPaymentMethods.id, id)));
      await db
        .update(savedPaymentMethods)
        .set({ isDefault: true })
        .where(and(eq(savedPaymentMethods.accountId, accountId), eq(savedPaymentMethods.id, id)));
    },

    /** Accounts with autopay on, each with its processor customer and default method. */
    autopayAccounts() {
      return db
        .select({ profile: accountPaymentProfiles, method: savedPaymentMethods })
        .from(accountPaymentProfiles)
        .innerJoin(
          savedPaymentMethods,
          and(
            eq(savedPaymentMethods.accountId, accountPaymentProfiles.accountId),
            eq(savedPaymentMethods.isDefault, true),
            // Only a verified method is ever made the default; this keeps autopay from debiting any other.
            eq(savedPaymentMethods.verification, 'verified'),
          ),
        )
        .where(eq(accountPaymentProfiles.autopay, true))
        .orderBy(asc(accountPaymentProfiles.accountId));
    },

    /**
     * Open invoices owed now (a balance, nothing pending) due from `from` to `to`, whose autopay
     * notice has not gone out.
     */
    dueForNotice(accountId: string, from: string, to: string) {
      return db
        .select({ invoice: invoices })
        .from(invoices)
        .leftJoin(autopayInvoices, eq(autopayInvoices.invoiceId, invoices.id))
        .where(
          and(
            eq(invoices.accountId, accountId),
            gt(invoices.balanceCents, 0),
            eq(invoices.pendingCents, 0),
            gte(invoices.dueDate, from),
            lte(invoices.dueDate, to),
            isNull(autopayInvoices.noticeSentAt),
          ),
        )
        .orderBy(asc(invoices.dueDate), asc(invoices.id));
    },

    /**
     * Invoices autopay charges today: noticed, still owed, not given up, and either due by today
     * and never tried, or tried once and due for the retry by today.
     */
    dueForCharge(accountId: string, today: string) {
      return db
        .select({ invoice: invoices, progress: autopayInvoices })
        .from(autopayInvoices)
        .innerJoin(invoices, eq(invoices.id, autopayInvoices.invoiceId))
        .where(
          and(
            eq(autopayInvoices.accountId, accountId),
            isNotNull(autopayInvoices.noticeSentAt),
            isNull(autopayInvoices.gaveUpAt),
            isNull(autopayInvoices.paymentId),
            gt(invoices.balanceCents, 0),
            eq(invoices.pendingCents, 0),
            or(
              and(eq(autopayInvoices.attempts, 0), lte(invoices.dueDate, today)),
              and(eq(autopayInvoices.attempts, 1), lte(autopayInvoices.retryOn, today)),
            ),
          ),
        )
        .orderBy(asc(invoices.dueDate), asc(invoices.id));
    },

    /** Marks the notice of `invoiceId` sent; false when another run sent it first. */
    async markNoticed(invoiceId: string, accountId: string, at: Date) {
      const rows = await db
        .insert(autopayInvoices)
        .values({ invoiceId, accountId, noticeSentAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: autopayInvoices.invoiceId,
          set: { noticeSentAt: at, updatedAt: at },
          setWhere: sql`${autopayInvoices.noticeSentAt} is null`,
        })
        .returning({ id: autopayInvoices.invoiceId });
      return rows.length > 0;
    },

    /**
     * Records how attempt `attempt` of an invoice ended, if no run recorded it first (the count is
     * still one below): false otherwise, so a job run twice mails an outcome once.
     */
    async recordAttempt(
      invoiceId: string,
      attempt: number,
      outcome: { paymentId?: string | null; retryOn?: string | null; lastError?: string | null; gaveUpAt?: Date | null },
      at: Date,
    ) {
      const rows = await db
        .update(autopayInvoices)
        .set({ ...outcome, attempts: attempt, updatedAt: at })
        .where(and(eq(autopayInvoices.invoiceId, invoiceId), eq(autopayInvoices.attempts, attempt - 1)))
        .returning({ id: autopayInvoices.invoiceId });
      return rows.length > 0;
    },

    progress(invoiceId: string) {
      return db.select().from(autopayInvoices).where(eq(autopayInvoices.invoiceId, invoiceId));
    },

    /**
     * Who autopay's mails go to: the account's active, verified users who may pay invoices (its
     * admins and billing users) and keep customer service communications on.
     */
    async payers(accountId: string) {
      const rows = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          role: users.accountRole,
          language: userSettings.language,
          subscriptions: userSettings.subscriptions,
        })
        .from(users)
        .innerJoin(userSettings, eq(userSettings.userId, users.id))
        .where(and(eq(users.accountId, accountId), isNotNull(users.emailVerifiedAt), isNull(users.deactivatedAt)));
      return rows.filter((r) => r.subscriptions?.customer_service !== false && r.role !== null && customerCan(r.role, 'invoices.pay'));
    },
  };
}
