import { addCalendarDays } from '@freight/domain';
import { groupBy, type ScorecardFacts, scorecardCounts } from '@freight/domain/analytics';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { keptJson } from '../../db/app-state';
import { carrierScorecardsRepository } from './carrier-scorecards.repository';

export const SCORECARD_REFRESH_JOB = 'carrier-scorecards.refresh';
/** The summary is at most this far behind the shipments (the job's period). */
export const REFRESH_EVERY_MS = 60_000;
/** Changes are looked for again this far before the last marks: a transaction that committed late is not missed. */
const OVERLAP_MS = 5 * 60_000;
/** A full count covers this many months back (the comparison's periods and a year of scorecard). */
export const SUMMARY_MONTHS = 24;
const MARKS_KEY = 'carrier_scorecards.marks';

interface Marks {
  shipments: string;
  events: string;
  invoices: string;
  /** The business day of the last refresh: truckload tenders due since then are counted again. */
  today: string;
}

/** The first day of the month of a day, and that month's last day. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
export function monthEnd(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
/** The first day of the month `n` months before the month of `day`. */
export function monthsBefore(day: string, n: number) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
}

/**
 * Keeps the carrier scorecards' monthly summary (carrier_scorecard_months) current: the first run
 * counts the last two years; every later one (each minute, one process at a time through the job
 * table) counts again only the carrier months whose shipments changed since the marks it kept.
 * The counting is @freight/domain/analytics' own, so the summary and the shipments a figure opens
 * never disagree.
 */
export function scorecardSummary(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const repo = carrierScorecardsRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);

  const kept = keptJson<Marks>(ctx.db, MARKS_KEY);

  /** Counts these carriers' months again (a month's shipments read once for all its carriers). */
  async function count(pairs: { carrierId: string; month: string }[], today: string) {
    const byMonth = new Map<string, Set<string>>();
    for (const p of pairs) byMonth.set(p.month, (byMonth.get(p.month) ?? new Set()).add(p.carrierId));
    const at = ctx.now();
    for (const [month, ids] of byMonth) {
      const facts = await repo.facts([...ids], month, monthEnd(month));
      const groups = groupBy(facts, (s) => s.carrierId ?? '');
      for (const carrierId of ids) {
        const list = (groups.get(carrierId) ?? []) as ScorecardFacts[];
        await repo.saveMonth({ carrierId, month, ...scorecardCounts(list, today) }, at);
      }
    }
    return pairs.length;
  }

  const marksNow = async (today: string): Promise<Marks> => ({ ...(await repo.marks()), today });

  return {
    /** Counts every carrier's months of the last two years. Answers how many carrier months. */
    async full() {
      const today = days.today(ctx.now());
      const marks = await marksNow(today);
      const from = monthsBefore(today, SUMMARY_MONTHS - 1);
      const carrierIds = await repo.carriersWithShipments(from, today);
      const pairs = [];
      for (let month = from; month <= today; month = monthsBefore(month, -1))
        for (const carrierId of carrierIds) pairs.push({ carrierId, month });
      const n = await count(pairs, today);
      await kept.write(marks);
      return n;
    },

    /**
     * Counts again the carrier months changed since the last refresh (all of them the first time);
     * `overlapMs` is how far before the marks it looks (a bench measuring one change passes 0).
     */
    async refresh(overlapMs = OVERLAP_MS) {
      const before = await kept.read();
      if (!before) return this.full();
      const today = days.today(ctx.now());
      const marks = await marksNow(today);
      const pairs = await repo.changedSince(before, overlapMs, addCalendarDays(before.today, -1), today);
      const n = await count(pairs, today);
      await kept.write(marks);
      return n;
    },
  };
}

/** The refresh as a recurring job, every minute. */
export async function registerScorecardRefresh(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'jobs'>) {
  const summary = scorecardSummary(ctx);
  ctx.jobs.register(SCORECARD_REFRESH_JOB, async () => {
    await summary.refresh();
    return { runAgainAt: new Date(ctx.now().getTime() + REFRESH_EVERY_MS) };
  });
  // A process that runs no jobs (JOBS_POLL_MS=0, as in tests) leaves the first run an hour off, as
  // the other recurring jobs are; one that runs them counts at once.
  const first = ctx.config.JOBS_POLL_MS > 0 ? ctx.now() : new Date(ctx.now().getTime() + 60 * REFRESH_EVERY_MS);
  await ctx.jobs.schedule(SCORECARD_REFRESH_JOB, SCORECARD_REFRESH_JOB, first);
}
