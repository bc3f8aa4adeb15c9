/**
 * The Analytics report by mail: which period a weekly or monthly report covers, and which of the
 * period's changes against the period before it names (the largest by relative size).
 */
import { addDays, dayOfWeek, type IsoDate } from '../rating/days';
import { type DayRange, periodRange } from './period';

/** What a user may choose on their settings; 'off' is the default and keeps no subscription. */
export const REPORT_MAIL_CHOICES = ['off', 'weekly', 'monthly'] as const;
export type ReportMailChoice = (typeof REPORT_MAIL_CHOICES)[number];
export type ReportFrequency = Exclude<ReportMailChoice, 'off'>;
export const REPORT_FREQUENCIES: readonly ReportFrequency[] = ['weekly', 'monthly'];

/** How many changes a report names. */
export const REPORT_CHANGES = 3;

/**
 * The last whole period before `today` (the business's day): for a weekly report the Monday to
 * Sunday before the week `today` is in; for a monthly one the month before `today`'s.
 */
export function reportPeriod(frequency: ReportFrequency, today: IsoDate): DayRange {
  if (frequency === 'monthly') return periodRange('last_month', today);
  // Days since this week's Monday (Sunday belongs to the week that began six days before).
  const sinceMonday = (dayOfWeek(today) + 6) % 7;
  const to = addDays(today, -sinceMonday - 1);
  return { from: addDays(to, -6), to };
}

/** The period just before a report's: the week before, or the whole month before (not as many days). */
export function reportPreviousPeriod(frequency: ReportFrequency, period: DayRange): DayRange {
  if (frequency === 'monthly') return periodRange('last_month', period.from);
  return { from: addDays(period.from, -7), to: addDays(period.from, -1) };
}

/** What a change is of: spend with a carrier, in a mode, or on a lane. */
export type SpendDimension = 'carrier' | 'mode' | 'lane';

/** One group's spend in a period. */
export interface SpendGroup {
  dimension: SpendDimension;
  key: string;
  label: string;
  spend_cents: number;
}

export interface SpendChange {
  dimension: SpendDimension;
  key: string;
  label: string;
  before_cents: number;
  after_cents: number;
  /** (after - before) / before, in basis points (3,400 = 34%); negative when spend fell. */
  change_bp: number;
}

const DIMENSION_ORDER: readonly SpendDimension[] = ['carrier', 'mode', 'lane'];

/**
 * The `count` largest changes of spend between two periods, by relative size: (after - before) /
 * before, rise or fall alike. Only groups with spend in the period before have a relative size, so
 * a group new in the period is not among them; one that stopped is a fall of 100%. Unchanged
 * groups are left out. Ties: the larger change in cents first, then carrier, mode, lane, then label.
 */
export function largestChanges(after: readonly SpendGroup[], before: readonly SpendGroup[], count = REPORT_CHANGES): SpendChange[] {
  const id = (g: SpendGroup) => `${g.dimension}\u0000${g.key}`;
  const now = new Map(after.map((g) => [id(g), g]));
  const changes: SpendChange[] = [];
  for (const b of before) {
    if (b.spend_cents <= 0) continue;
    const a = now.get(id(b));
    const afterCents = a?.spend_cents ?? 0;
    if (afterCents === b.spend_cents) continue;
    changes.push({
      dimension: b.dimension,
      key: b.key,
      label: a?.label ?? b.label,
      before_cents: b.spend_cents,
      after_cents: afterCents,
      change_bp: Math.round(((afterCents - b.spend_cents) * 10_000) / b.spend_cents),
    });
  }
  const size = (c: SpendChange) => Math.abs(c.after_cents - c.before_cents) / c.before_cents;
  changes.sort(
    (x, y) =>
      size(y) - size(x) ||
      Math.abs(y.after_cents - y.before_cents) - Math.abs(x.after_cents - x.before_cents) ||
      DIMENSION_ORDER.indexOf(x.dimension) - DIMENSION_ORDER.indexOf(y.dimension) ||
      x.label.localeCompare(y.label),
  );
  return changes.slice(0, count);
}
