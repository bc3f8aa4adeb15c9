import type { PublicTrackingView, TrackingEventView } from '@freight/contracts';
import type { PublicEventJson, trackingRepository } from './tracking.repository';

/** 'YYYY-MM-DDTHH:MM' at the event's place: the UTC instant shifted by the place's offset. */
export function localTime(occurredAt: Date, offsetMinutes: number) {
  return new Date(occurredAt.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16);
}

/** The UTC offset written in an ISO 8601 time ('Z' or ±HH:MM), in minutes; 0 when it has none. */
export function utcOffsetMinutes(iso: string) {
  const m = /([+-])(\d{2}):?(\d{2})$/.exec(iso.trim());
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

function publicEvent(e: PublicEventJson): Omit<TrackingEventView, 'reason_code'> {
  const occurred = new Date(e.occurred_at);
  return {
    status: e.status,
    status_code: e.status_code,
    description: e.description,
    city: e.city,
    state: e.state,
    occurred_at: occurred.toISOString(),
    local_time: localTime(occurred, e.utc_offset_minutes),
  };
}

type PublicRow = NonNullable<Awaited<ReturnType<ReturnType<typeof trackingRepository>['publicLookup']>>['shipment']>;

/**
 * What anyone holding a number may see: status, carrier, dates, the cities of both ends and the
 * events (newest first). No prices, contacts, streets, postal codes or references.
 */
export function presentPublicTracking(row: PublicRow, typed: string, compact: string): PublicTrackingView {
  const matched = [row.bolNumber, row.proNumber, row.trackingNumber].find((n) => n === typed || n === compact) ?? row.bolNumber;
  return {
    number: matched,
    status: row.status,
    mode: row.mode,
    carrier_name: row.carrierName,
    pickup_date: row.pickupDate,
    estimated_delivery: row.estimatedDelivery,
    delivered_at: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
    origin: { city: row.originCity, state: row.originState, country: row.originCountry },
    destination: { city: row.destinationCity, state: row.destinationState, country: row.destinationCountry },
    events: row.events.map(publicEvent),
  };
}
