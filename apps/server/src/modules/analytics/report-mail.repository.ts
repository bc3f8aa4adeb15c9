import type { CustomerRole } from '@freight/domain';
import type { DayRange, ReportFrequency, ReportMailChoice } from '@freight/domain/analytics';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, analyticsReportMails, analyticsReportSubscriptions, userSettings, users } from '../../db/schema';

/** A subscriber as the round reads them: who, in which account and role, and their settings. */
export interface ReportSubscriber {
  userId: string;
  email: string;
  firstName: string;
  accountRole: CustomerRole | null;
  accountId: string;
  accountName: string;
  viewersSeeAnalytics: boolean;
  language: string | null;
  unitSystem: string | null;
  currency: string | null;
}

/** The report by mail's rows: each user's choice and the reports sent. */
export function reportMailRepository(db: Db) {
  return {
    async choice(userId: string): Promise<ReportMailChoice> {
      const [row] = await db
        .select({ frequency: analyticsReportSubscriptions.frequency })
        .from(analyticsReportSubscriptions)
        .where(eq(analyticsReportSubscriptions.userId, userId));
      return row?.frequency ?? 'off';
    },

    /** Sets a user's choice; a new frequency starts now, the same one keeps its start. */
    async setChoice(userId: string, choice: ReportMailChoice, now: Date) {
      if (choice === 'off') {
        await db.delete(analyticsReportSubscriptions).where(eq(analyticsReportSubscriptions.userId, userId));
        return;
      }
      await db
        .insert(analyticsReportSubscriptions)
        .values({ userId, frequency: choice, since: now })
        .onConflictDoUpdate({
          target: analyticsReportSubscriptions.userId,
          set: { frequency: choice, since: now },
          // The same frequency chosen again keeps its first start.
          setWhere: sql`${analyticsReportSubscriptions.frequency} <> excluded.frequency`,
        });
    },

    /**
     * Active users of an account (not deactivated, the account not suspended) who chose
     * `frequency` before `endedAt`, the instant the period ended. Whether each may still read
     * Analytics is the caller's to judge (the role's rule).
     */
    async subscribers(frequency: ReportFrequency, endedAt: Date): Promise<ReportSubscriber[]> {
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          accountRole: users.accountRole,
          accountId: accounts.id,
          accountName: accounts.name,
          viewersSeeAnalytics: accounts.viewersSeeAnalytics,
          language: userSettings.language,
          unitSystem: userSettings.unitSystem,
          currency: userSettings.currency,
        })
        .from(analyticsReportSubscriptions)
        .innerJoin(users, eq(users.id, analyticsReportSubscriptions.userId))
        .innerJoin(accounts, eq(accounts.id, users.accountId))
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(
          and(
            eq(analyticsReportSubscriptions.frequency, frequency),
            lt(analyticsReportSubscriptions.since, endedAt),
            isNull(users.deactivatedAt),
            isNull(accounts.suspendedAt),
          ),
        )
        .orderBy(users.id);
      return rows;
    },

    /** Takes the key of one report before it is mailed: false when it was already taken (sent, or being sent). */
    async claim(userId: string, frequency: ReportFrequency, period: DayRange, now: Date) {
      const rows = await db
        .insert(analyticsReportMails)
        .values({ userId, frequency, periodFrom: period.from, periodTo: period.to, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: analyticsReportMails.userId });
      return rows.length > 0;
    },

    /** Gives a key back when its mail could not go out, so the next round tries again. */
    async release(userId: string, frequency: ReportFrequency, period: DayRange) {
      await db
        .delete(analyticsReportMails)
        .where(
          and(
            eq(analyticsReportMails.userId, userId),
            eq(analyticsReportMails.frequency, frequency),
            eq(analyticsReportMails.periodFrom, period.from),
          ),
        );
    },
  };
}
