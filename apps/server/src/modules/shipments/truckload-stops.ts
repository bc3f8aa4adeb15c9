import type { BookingPlace, BookingStop, PlaceView, StopView } from '@freight/contracts';
import type { Country } from '@freight/domain';
import type { BookedStop } from '../../carrier-adapters/adapter';
import { nameOfParts } from '../../people';
import type { QuoteInput } from '../quotes/quotes.service';

/**
 * A truckload's extra stops as a shipment keeps them. They live in the `delivery`
 * jsonb next to the final delivery's place (key `stops`, in route order), so booking them needed
 * no migration; these helpers are the only readers and writers of that key, and every answer
 * gets the delivery place without it.
 */
interface StoredDelivery extends PlaceView {
  stops?: StopView[];
}

/** The final delivery's place, without the stops kept beside it. */
export function deliveryPlaceOf(row: { delivery: unknown }): PlaceView {
  const { stops: _stops, ...place } = row.delivery as StoredDelivery;
  return place;
}

/** The extra stops of a shipment in route order ([] for one without, every LTL and parcel). */
export function stopsOf(row: { delivery: unknown }): StopView[] {
  return (row.delivery as StoredDelivery | null)?.stops ?? [];
}

/** The `delivery` jsonb to store: the delivery's place, with the stops when there are any. */
export function storedDelivery(delivery: PlaceView, stops: StopView[]): StoredDelivery {
  return stops.length ? { ...delivery, stops } : delivery;
}

/** The quote's stops (truckload only; quotes from before stops have none). */
export const quotedStops = (input: QuoteInput) => (input.mode === 'truckload' ? (input.stops ?? []) : []);

/**
 * The booked stops checked against the quote's: one per quoted stop, each place checked like
 * pickup and delivery (`check`, which adds `stops.N.place.*` errors) and at the quoted postal
 * code. Errors go into `errors`; the answer is the stops as stored.
 */
export async function checkedStops(
  booked: BookingStop[],
  input: QuoteInput,
  check: (field: string, place: BookingPlace) => Promise<BookingPlace>,
  samePostalCode: (country: Country, a: string, b: string) => boolean,
  errors: Record<string, string[]>,
): Promise<StopView[]> {
  const quoted = quotedStops(input);
  if (booked.length !== quoted.length) {
    errors.stops = ['validation.stops_not_quoted'];
    return [];
  }
  const stops: StopView[] = [];
  for (const [n, stop] of booked.entries()) {
    const q = quoted[n];
    if (!q) continue;
    const place = await check(`stops.${n}.place`, stop.place);
    if (place.country !== q.country || !samePostalCode(place.country, place.postal_code, q.postal_code)) {
      errors[`stops.${n}.place.postal_code`] = ['validation.postal_code_not_quoted'];
    }
    stops.push({
      kind: q.kind,
      place: placeViewOf(place),
      date: stop.date,
      appointment: stop.appointment,
      time_from: stop.time_from,
      time_to: stop.appointment ? '' : stop.time_to,
    });
  }
  return stops;
}

/** A booking place as stored and answered (PlaceView): the contact and full address. */
export function placeViewOf(p: BookingPlace): PlaceView {
  return {
    company: p.company,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    street1: p.street1,
    street2: p.street2,
    city: p.city,
    state: p.state,
    postal_code: p.postal_code,
    country: p.country,
    interior_number: p.interior_number,
    exterior_number: p.exterior_number,
    neighborhood: p.neighborhood,
    opens_at: p.opens_at,
    closes_at: p.closes_at,
  };
}

/** The stops as the carrier's booking request carries them. */
export function bookedStops(stops: StopView[]): BookedStop[] {
  return stops.map((s) => ({
    kind: s.kind,
    postal_code: s.place.postal_code,
    country: s.place.country,
    site_type: 'business',
    city: s.place.city,
    state: s.place.state,
    company: s.place.company,
    street1: s.place.street1,
    street2: s.place.street2,
    contact: nameOfParts(s.place.first_name, s.place.last_name),
    phone: s.place.phone,
    date: s.date,
    appointment: s.appointment,
    time_from: s.time_from,
    time_to: s.time_to,
  }));
}
