import { addCalendarDays } from '@freight/domain';
import { transitBuckets } from '@freight/domain/analytics';
import { businessDays } from '../../business-days';
import type { AppContext } from '../../context';
import { keptJson } from '../../db/app-state';
import { deliveryWindowsRepository } from './delivery-windows.repository';
import { windowCache } from './window-cache';

export const TRANSIT_REFRESH_JOB = 'delivery-windows.refresh';
/** The histogram is at most this far behind the deliveries (the job's period). */
export const TRANSIT_REFRESH_EVERY_MS = 60_000;
/** Changes are looked for again this far before the last marks: a transaction that committed late is not missed. */
const OVERLAP_MS = 5 * 60_000;
/** The history a window learns from: shipments picked up in the last year (a carrier's network changes). */
export const HISTORY_DAYS = 365;
const MARKS_KEY = 'delivery_windows.marks';

interface Marks {
  shipments: string;
  events: string;
  /** The business day of the last count: a new day counts everything again (a year's oldest loads leave). */
  today: string;
}

/**
 * Keeps the transit histogram (carrier_lane_transit) current: the first run of a day counts every
 * delivered shipment of the last year; every later one (each minute, one process at a time through
 * the job table) counts again only the carrier lanes whose shipments changed or were tracked since
 * the marks it kept. Transit is counted by @freight/domain/analytics, as the Analytics page and the
 * scorecards count it. After a count this process's window cache is read again.
 */
export function transitSummary(ctx: Pick<AppContext, 'db' | 'now'> & { config: Pick<AppContext['config'], 'BUSINESS_TIME_ZONE'> }) {
  const repo = deliveryWindowsRepository(ctx.db);
  const days = businessDays(ctx.config.BUSINESS_TIME_ZONE);
  const cache = windowCache(ctx);

  const kept = keptJson<Marks>(ctx.db, MARKS_KEY);
  const marksNow = async (today: string): Promise<Marks> => ({ ...(await repo.marks()), today });

  return {
    /** Counts every carrier lane of the last year. Answers how many histogram bars. */
    async full() {
      const today = days.today(ctx.now());
      const marks = await marksNow(today);
      const bars = transitBuckets(await repo.delivered(addCalendarDays(today, -HISTORY_DAYS)));
      await repo.replace(null, bars, ctx.now());
      await kept.write(marks);
      await cache.reload();
      return bars.length;
    },

    /**
     * Counts again the carrier lanes changed since the last refresh (everything the first time and
     * on a new day); `overlapMs` is how far before the marks it looks. Answers how many lanes.
     */
    async refresh(overlapMs = OVERLAP_MS) {
      const before = await kept.read();
      const today = days.today(ctx.now());
      if (!before || before.today !== today) return this.full();
      const marks = await marksNow(today);
      const lanes = await repo.changedLanes(before, overlapMs);
      const from = addCalendarDays(today, -HISTORY_DAYS);
      const bars = [];
      for (const lane of lanes) bars.push(...transitBuckets(await repo.delivered(from, lane)));
      if (lanes.length) await repo.replace(lanes, bars, ctx.now());
      await kept.write(marks);
      await cache.reload();
      return lanes.length;
    },
  };
}

/** The refresh as a recurring job, every minute; a process that runs jobs counts at once when it starts. */
export async function registerTransitRefresh(ctx: Pick<AppContext, 'db' | 'now' | 'config' | 'jobs'>) {
  const summary = transitSummary(ctx);
  ctx.jobs.register(TRANSIT_REFRESH_JOB, async () => {
    await summary.refresh();
    return { runAgainAt: new Date(ctx.now().getTime() + TRANSIT_REFRESH_EVERY_MS) };
  });
  const first = ctx.config.JOBS_POLL_MS > 0 ? ctx.now() : new Date(ctx.now().getTime() + 60 * TRANSIT_REFRESH_EVERY_MS);
  await ctx.jobs.schedule(TRANSIT_REFRESH_JOB, TRANSIT_REFRESH_JOB, first);
}
