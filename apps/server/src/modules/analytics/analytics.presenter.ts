import { ANALYTICS_TOP_LANES, type AnalyticsGroup, type AnalyticsReport } from '@freight/contracts';
import type { Language } from '@freight/domain';
import { accuracyFrom, type FigureSums, serviceFrom, volumeFrom } from '@freight/domain/analytics';
import { isMessageKey, plainText } from '../../i18n';
import type { People } from '../../people';
import type { PeriodDimensions } from './analytics-summary.repository';

/**
 * Groups with their figures worked out of each group's sums, most spend first (ties by label);
 * `top` keeps the first ANALYTICS_TOP_LANES only.
 */
export function presentGroups(groups: Map<string, FigureSums>, label: (key: string) => string, top = false): AnalyticsGroup[] {
  const rows = [...groups].map(([key, sums]) => ({
    key,
    label: label(key),
    ...volumeFrom(sums),
    ...serviceFrom(sums),
    accuracy: accuracyFrom(sums),
  }));
  rows.sort((a, b) => b.spend_cents - a.spend_cents || a.label.localeCompare(b.label));
  return top ? rows.slice(0, ANALYTICS_TOP_LANES) : rows;
}

/** An accessorial's or surcharge's kind in the reader's words, as a shipment's charges name it. */
export function accessorialLabel(kind: string, language: Language) {
  for (const key of [`shipment.accessorial.${kind}`, `shipment.charge.${kind}`]) if (isMessageKey(key)) return plainText(language, key);
  return kind;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * What the filters offer in the period: the carriers and states shipped with, and the colleagues
 * who booked (named only when they are of the account: a removed user is left out).
 */
export function presentOptions(dims: PeriodDimensions, people: People, accountId: string): AnalyticsReport['options'] {
  const carriers = new Map(dims.carriers.map((c) => [c.id, c.name]));
  const users = new Map<string, string>();
  for (const userId of dims.userIds) {
    const person = people.get(userId);
    if (person && person.accountId === accountId) users.set(userId, person.name);
  }
  return {
    carriers: [...carriers].map(([id, name]) => ({ id, name })).sort(byName),
    users: [...users].map(([id, name]) => ({ id, name })).sort(byName),
    origins: [...dims.origins].sort(),
    destinations: [...dims.destinations].sort(),
  };
}
