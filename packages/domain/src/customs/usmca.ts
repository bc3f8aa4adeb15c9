/**
 * USMCA (CUSMA, T-MEC) certification of origin. The agreement sets no form, only nine data
 * elements: who certifies (importer, exporter or producer), the certifier, the exporter, the
 * producer, the importer, each good's description and 6-digit HS code, its origin criterion, the
 * blanket period when one certification covers identical goods shipped over up to 12 months, and
 * the authorised signature and date.
 */

/** Who signs: the importer, the exporter or the producer of the goods. */
export const CERTIFIER_ROLES = ['exporter', 'producer', 'importer'] as const;
export type CertifierRole = (typeof CERTIFIER_ROLES)[number];

/**
 * The producer element: the exporter itself produces the goods, several producers ("Various"),
 * or a producer who keeps its name confidential ("Available upon request by the importing
 * authorities").
 */
export const PRODUCER_STATEMENTS = ['exporter', 'various', 'on_request'] as const;
export type ProducerStatement = (typeof PRODUCER_STATEMENTS)[number];

/**
 * Why a good originates (Article 4.2): A wholly obtained or produced; B produced from originating
 * materials only; C meets the product-specific rule (tariff shift, regional value content); D
 * non-originating materials without a tariff shift, regional value content met.
 */
export const ORIGIN_CRITERIA = ['A', 'B', 'C', 'D'] as const;
export type OriginCriterion = (typeof ORIGIN_CRITERIA)[number];

/** The longest blanket period: 12 months. */
export const BLANKET_MONTHS = 12;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The last day a blanket period starting on `from` (YYYY-MM-DD) may run to: 12 months, less a day. */
export function lastBlanketDay(from: string): string {
  const d = day(from);
  const end = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + BLANKET_MONTHS, d.getUTCDate()));
  // A start on the 29th to the 31st of a month has no such day 12 months on: the month's last day is the end.
  if (end.getUTCDate() !== d.getUTCDate()) end.setUTCDate(0);
  else end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** Whether a blanket period from `from` to `to` (both days included) is valid: it ends on or after its start and within 12 months. */
export const isBlanketPeriod = (from: string, to: string): boolean => to >= from && to <= lastBlanketDay(from);

/** Whether a shipment picked up on `date` falls in the blanket period. */
export const blanketCovers = (period: { from: string; to: string }, date: string): boolean => date >= period.from && date <= period.to;
