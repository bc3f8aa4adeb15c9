import type { CrossingEvent, CustomsFacts } from '@freight/domain/customs';
import type { RateCrossing } from '@freight/domain/rating';

/** What a shipment's row says about its crossing, as the shipments and the customs queue read it. */
export interface CrossingRecord {
  crossing: RateCrossing;
  originCountry: string;
  customs: unknown;
  customsEntryNumber: string | null;
  customsCorrectedAt: Date | null;
  createdAt: Date;
}

/** The facts `customsStage` reads, from a shipment across a border and its events (oldest first). */
export const customsFactsOf = (row: CrossingRecord, events: readonly CrossingEvent[]): CustomsFacts => ({
  crossing: row.crossing,
  originCountry: row.originCountry,
  declared: Boolean(row.customs),
  entryNumber: row.customsEntryNumber,
  correctedAt: row.customsCorrectedAt,
  bookedAt: row.createdAt,
  events,
});
