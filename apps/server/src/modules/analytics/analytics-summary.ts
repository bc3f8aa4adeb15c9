import { accessorialContribution, addSums, contributionOf, drillFlagsOf, type ShipmentFacts } from '@freight/domain/analytics';
import type { AppContext } from '../../context';
import { keptJson } from '../../db/app-state';
import { analyticsRepository } from './analytics.repository';
import { analyticsSummaryRepository, type ChangeMarks, type SummaryRow, type SummaryShipment } from './analytics-summary.repository';

export const ANALYTICS_SUMMARY_JOB = 'analytics.summary_refresh';
/** The summary is at most this far behind the shipments (the job's period). */
export const SUMMARY_REFRESH_MS = 60_000;
/** Changes are looked for again this far before the last marks: a transaction that committed late is not missed. */
const OVERLAP_MS = 5 * 60_000;
const MARKS_KEY = 'analytics_summary.marks';

/** The last day of the month that starts on `first`. */
const monthEnd = (first: string) => {
  const [y, m] = first.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The dimensions a summary row is kept per: what the page filters and groups by. */
const keyOf = (s: ShipmentFacts & { carrierName: string }) =>
  [s.pickupDate, s.currency, s.mode, s.carrierId ?? '', s.carrierName, s.userId, s.originState, s.destinationState].join('\u0000');

/** An account's shipments of some days summed into summary rows, each shipment counted by the domain's own rules. */
export function summaryRows(accountId: string, facts: readonly (ShipmentFacts & { carrierName: string })[]): SummaryRow[] {
  const rows = new Map<string, SummaryRow>();
  for (const s of facts) {
    const key = keyOf(s);
    let row = rows.get(key);
    if (!row) {
      row = {
        accountId,
        day: s.pickupDate,
        currency: s.currency,
        mode: s.mode,
        carrierId: s.carrierId,
        carrierName: s.carrierName,
        userId: s.userId,
        originState: s.originState,
        destinationState: s.destinationState,
        ...contributionOf(s),
        accessorials: accessorialContribution(s),
      };
      rows.set(key, row);
      continue;
    }
    addSums(row, contributionOf(s));
    for (const [kind, c] of Object.entries(accessorialContribution(s))) {
      const k = row.accessorials[kind] ?? { cents: 0, shipments: 0 };
      row.accessorials[kind] = { cents: k.cents + c.cents, shipments: k.shipments + c.shipments };
    }
  }
  return [...rows.values()];
}

/** Each shipment of some days as the drill-down reads it: its dimensions and the figures it stands behind. */
export const summaryShipments = (facts: readonly ShipmentFacts[]): SummaryShipment[] =>
  facts.map((s) => ({
    shipmentId: s.id,
    day: s.pickupDate,
    currency: s.currency,
    mode: s.mode,
    carrierId: s.carrierId,
    userId: s.userId,
    originState: s.originState,
    destinationState: s.destinationState,
    ...drillFlagsOf(s),
  }));

/**
 * Keeps the Analytics summary (analytics_days, and each of its shipments in analytics_shipments for
 * the drill-down) current: a full count reads every account's
 * shipments month by month; every later refresh (each minute, one process at a time through the
 * job table) counts again whole only the (account, pickup day) buckets whose shipments, tracking
 * events or adjustment invoices changed since the marks it kept in app_state. No figure depends on
 * today's date (a shipment is on time or late only once picked up or delivered), so the day
 * turning over recounts nothing.
 */
export function analyticsSummary(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = analyticsSummaryRepository(ctx.db);
  const facts = analyticsRepository(ctx.db).facts;

  const kept = keptJson<ChangeMarks>(ctx.db, MARKS_KEY);

  /** Counts an account's days again whole (contiguous days read in one range). */
  async function countDays(accountId: string, days: readonly string[]) {
    const sorted = [...new Set(days)].sort();
    const [from, to] = [sorted[0], sorted[sorted.length - 1]];
    if (!from || !to) return;
    const wanted = new Set(sorted);
    const list = (await facts({ accountId, from, to })).filter((s) => wanted.has(s.pickupDate));
    await repo.replaceDays(accountId, sorted, summaryRows(accountId, list), summaryShipments(list));
  }

  return {
    /** Whether the summary was ever counted (its marks are kept). */
    counted: async () => (await kept.read()) !== null,

    /** Counts every account's shipments again from nothing. Answers how many (account, month) were read. */
    async full() {
      const marks = await repo.marks();
      const months = await repo.accountMonths();
      await repo.clear();
      for (const { accountId, month } of months) {
        const list = await facts({ accountId, from: month, to: monthEnd(month) });
        const rows = summaryRows(accountId, list);
        await repo.replaceDays(accountId, [...new Set(rows.map((r) => r.day))], rows, summaryShipments(list));
      }
      await kept.write(marks);
      return months.length;
    },

    /**
     * Counts again the (account, day) buckets changed since the last refresh (everything the first
     * time); `overlapMs` is how far before the marks it looks (a bench measuring one change passes 0).
     * Answers how many buckets.
     */
    async refresh(overlapMs = OVERLAP_MS) {
      const before = await kept.read();
      if (!before) return this.full();
      const marks = await repo.marks();
      const changed = await repo.changedSince(before, overlapMs);
      const byAccount = new Map<string, string[]>();
      for (const c of changed) byAccount.set(c.accountId, [...(byAccount.get(c.accountId) ?? []), c.day]);
      for (const [accountId, days] of byAccount) {
        // Days far apart are read apart: one range over a year would read every shipment between.
        let run: string[] = [];
        for (const d of [...new Set(days)].sort()) {
          const last = run[run.length - 1];
          if (last && Date.parse(d) - Date.parse(last) > 7 * 86_400_000) {
            await countDays(accountId, run);
            run = [];
          }
          run.push(d);
        }
        await countDays(accountId, run);
      }
      await kept.write(marks);
      return changed.length;
    },
  };
}

/** The refresh as a recurring job, every minute. */
export async function registerAnalyticsSummaryRefresh(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'jobs'>) {
  const summary = analyticsSummary(ctx);
  ctx.jobs.register(ANALYTICS_SUMMARY_JOB, async () => {
    await summary.refresh();
    return { runAgainAt: new Date(ctx.now().getTime() + SUMMARY_REFRESH_MS) };
  });
  // A process that runs jobs counts at once; the very first count (a new database, the demo just
  // seeded, or the first start after migration 0046) is done before the app listens, so the page
  // never opens on an empty summary. One that runs no jobs (JOBS_POLL_MS=0, as in tests, which
  // refresh through the test helper) leaves the first run an hour off, as the other recurring jobs.
  if (ctx.config.JOBS_POLL_MS > 0 && !(await summary.counted())) await summary.full();
  const first = ctx.config.JOBS_POLL_MS > 0 ? ctx.now() : new Date(ctx.now().getTime() + 60 * SUMMARY_REFRESH_MS);
  await ctx.jobs.schedule(ANALYTICS_SUMMARY_JOB, ANALYTICS_SUMMARY_JOB, first);
}
