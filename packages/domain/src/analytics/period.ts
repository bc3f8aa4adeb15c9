import { addDays, type IsoDate } from '../rating/days';
import type { AnalyticsPeriod } from './drill';

export interface DayRange {
  from: IsoDate;
  to: IsoDate;
}

const DAY_MS = 86_400_000;
const dayCount = (r: DayRange) => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The pickup days of a period as of `today`: this month, this quarter and this year run to today;
 * last month is whole; a custom period is its own days.
 */
export function periodRange(period: AnalyticsPeriod, today: IsoDate, custom?: Partial<DayRange>): DayRange {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  switch (period) {
    case 'this_month':
      return { from: `${today.slice(0, 7)}-01`, to: today };
    case 'last_month': {
      const firstOfThis = `${today.slice(0, 7)}-01`;
      const to = addDays(firstOfThis, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'quarter': {
      const first = month - ((month - 1) % 3);
      return { from: `${year}-${String(first).padStart(2, '0')}-01`, to: today };
    }
    case 'year':
      return { from: `${year}-01-01`, to: today };
    case 'custom':
      return { from: custom?.from ?? `${today.slice(0, 7)}-01`, to: custom?.to ?? today };
  }
}

/** The same number of days just before a range: what its trend is compared with. */
export function previousRange(r: DayRange): DayRange {
  const to = addDays(r.from, -1);
  return { from: addDays(to, 1 - dayCount(r)), to };
}
