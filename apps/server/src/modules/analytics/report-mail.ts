import type { AnalyticsGroup, AnalyticsQuery, AnalyticsReport } from '@freight/contracts';
import { customerCan, instantAt, isLanguage, type Language } from '@freight/domain';
import {
  type DayRange,
  largestChanges,
  REPORT_FREQUENCIES,
  type ReportFrequency,
  reportPeriod,
  reportPreviousPeriod,
  type SpendDimension,
  type SpendGroup,
} from '@freight/domain/analytics';
import { addDays, dayOfWeek } from '@freight/domain/rating';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import type { JobOutcome } from '../../jobs/jobs';
import { analyticsReportMail } from '../../mail/analytics-report-mail';
import { signedByAppKey } from '../../security/app-keys';
import { hmac } from '../../security/tokens';
import { analyticsService } from './analytics.service';
import { type ReportSubscriber, reportMailRepository } from './report-mail.repository';

/** The report round: one recurring job, key 'round', at ROUND_HOUR on every Monday and every 1st. */
export const REPORT_MAIL_JOB = 'analytics.report_mail';
/** The hour of the business's morning the round runs. */
const ROUND_HOUR = 6;

/*
 * The unsubscribe link: the user id with a signature from APP_KEY (so it needs no column and
 * cannot be made for someone else); it works without signing in and never expires, as a mailed
 * "stop this" link must.
 */
const SIGNATURE_LENGTH = 32;
const signed = (userId: string) => `analytics-report-unsubscribe:${userId}`;
export const unsubscribeToken = (appKey: string, userId: string) => `${userId}.${hmac(appKey, signed(userId)).slice(0, SIGNATURE_LENGTH)}`;

/** The user a token was signed for, or undefined when its signature does not match. */
export function userOfUnsubscribeToken(appKey: string, token: string): string | undefined {
  const [id, sig, ...rest] = token.split('.');
  if (!id || !sig || rest.length > 0) return undefined;
  // Links mailed before an APP_KEY rotation keep working.
  return signedByAppKey(appKey, signed(id), sig, SIGNATURE_LENGTH) ? id : undefined;
}

/** The next round after `now`: ROUND_HOUR on the next Monday or 1st of a month, at the business. */
export function nextRound(now: Date, timeZone: string) {
  const days = businessDays(timeZone);
  const today = days.today(now);
  for (let n = 0; n <= 8; n++) {
    const date = addDays(today, n);
    if (dayOfWeek(date) !== 1 && !date.endsWith('-01')) continue;
    // The wall clock's hour, also on a day the clocks change (November 1 can be one).
    const at = instantAt(date, ROUND_HOUR * 60, timeZone);
    if (at > now) return at;
  }
  // Unreachable: a Monday comes within a week.
  return new Date(now.getTime() + 24 * 3600_000);
}

/** The figures of one round, by account and currency: colleagues reading the same are counted once. */
type Counted = Map<string, Promise<{ report: AnalyticsReport; before: AnalyticsReport }>>;

const groupsOf = (report: AnalyticsReport): SpendGroup[] => {
  const of = (dimension: SpendDimension, groups: AnalyticsGroup[]) =>
    groups.map((g) => ({ dimension, key: g.key, label: g.label, spend_cents: g.spend_cents }));
  return [...of('carrier', report.by_carrier), ...of('mode', report.by_mode), ...of('lane', report.top_lanes)];
};

/**
 * Lanes are listed ten at a time (the top lanes), so a lane in one period's ten and not in the
 * other's has no known spend there: only lanes in both lists are compared.
 */
function comparable(now: SpendGroup[], before: SpendGroup[]) {
  const lanes = (list: SpendGroup[]) => new Set(list.filter((g) => g.dimension === 'lane').map((g) => g.key));
  const both = new Set([...lanes(now)].filter((k) => lanes(before).has(k)));
  const keep = (g: SpendGroup) => g.dimension !== 'lane' || both.has(g.key);
  return { now: now.filter(keep), before: before.filter(keep) };
}

/**
 * The Analytics report by mail: each user's choice (off, weekly, monthly) and the round that
 * mails the reports. A report's figures are the Analytics page's own (the same service, the
 * period as custom days), so the mail and the page of its link say the same.
 */
export function reportMailService(ctx: AppContext) {
  const repo = reportMailRepository(ctx.db);
  const analytics = analyticsService(ctx);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);

  /**
   * A period's figures and the period before's, as the page counts them for a reader of `currency`.
   * Carrier and lane labels are the data's own and mode labels are worded by the mail, so one
   * count serves every colleague of the account who reads the same currency.
   */
  async function figures(accountId: string, currency: string, frequency: ReportFrequency, period: DayRange) {
    const caller = { accountId, currency };
    const query = (range: DayRange, currency?: string) => ({ period: 'custom', ...range, currency }) as AnalyticsQuery;
    const report = await analytics.report(caller, query(period), 'en');
    const before = await analytics.report(caller, query(reportPreviousPeriod(frequency, period), report.currency), 'en');
    return { report, before };
  }

  async function mailOne(s: ReportSubscriber, frequency: ReportFrequency, period: DayRange, counted: Counted) {
    const language: Language = isLanguage(s.language) ? s.language : 'en';
    const key = `${s.accountId}|${s.currency ?? 'USD'}`;
    let figuresOf = counted.get(key);
    if (!figuresOf) {
      figuresOf = figures(s.accountId, s.currency ?? 'USD', frequency, period);
      counted.set(key, figuresOf);
    }
    const { report, before } = await figuresOf;
    const pair = comparable(groupsOf(report), groupsOf(before));
    const link = new URLSearchParams({ period: 'custom', from: period.from, to: period.to, currency: report.currency });
    await ctx.mailer.send(
      analyticsReportMail(language, s.email, {
        name: s.firstName,
        account: s.accountName,
        frequency,
        period,
        currency: report.currency,
        otherCurrencyShipments: report.currencies.filter((c) => c.currency !== report.currency).reduce((n, c) => n + c.shipments, 0),
        unitSystem: s.unitSystem ?? 'imperial',
        totals: report.totals,
        before: before.totals,
        changes: largestChanges(pair.now, pair.before),
        analyticsUrl: `${ctx.config.appUrl}/analytics?${link}`,
        unsubscribeUrl: `${ctx.config.appUrl}/analytics-report/unsubscribe/${unsubscribeToken(ctx.appKey, s.userId)}`,
      }),
    );
  }

  return {
    choice: (userId: string) => repo.choice(userId),
    setChoice: (userId: string, frequency: Parameters<typeof repo.setChoice>[1]) => repo.setChoice(userId, frequency, ctx.now()),

    /** Turns the report off for the user a mailed token names; false when the token is not one of ours. */
    async unsubscribe(token: string) {
      const userId = userOfUnsubscribeToken(ctx.appKey, token);
      if (!userId) return false;
      await repo.setChoice(userId, 'off', ctx.now());
      return true;
    },

    /**
     * One round: for each frequency, the last whole period as of the business's today, mailed to
     * every subscriber who chose it before the period ended and may still read Analytics. Each
     * report's key is taken before its mail goes out, so it is sent once however often the round
     * runs; a mail that fails gives its key back and the round fails, to be run again.
     */
    async round(): Promise<JobOutcome> {
      const now = ctx.now();
      const today = days.today(now);
      const faults: unknown[] = [];
      for (const frequency of REPORT_FREQUENCIES) {
        const period = reportPeriod(frequency, today);
        const counted: Counted = new Map();
        for (const s of await repo.subscribers(frequency, days.end(period.to))) {
          if (!customerCan(s.accountRole, 'analytics.view', s)) continue;
          if (!(await repo.claim(s.userId, frequency, period, now))) continue;
          try {
            await mailOne(s, frequency, period, counted);
          } catch (err) {
            await repo.release(s.userId, frequency, period);
            faults.push(err);
          }
        }
      }
      if (faults.length) throw faults[0];
      return { runAgainAt: nextRound(now, days.timeZone) };
    },
  };
}

/** Registers the round and schedules it at the next Monday or 1st (a round already waiting keeps its time). */
export async function registerReportMail(ctx: AppContext) {
  const service = reportMailService(ctx);
  ctx.jobs.register(REPORT_MAIL_JOB, () => service.round());
  await ctx.jobs.schedule(REPORT_MAIL_JOB, 'round', nextRound(ctx.now(), ctx.config.BUSINESS_TIME_ZONE));
}
