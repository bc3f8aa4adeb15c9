import { customsOnRerate } from './customsModel';
import type { BookingValues } from './model';

/**
 * What a re-rated quote changes in the form: its postal codes, countries and pickup date replace
 * the old ones, a place (or extra stop) whose postal code or country changed is typed again, and
 * everything else typed stays (the customs declaration while the lane crosses the same border).
 * `next` is the form the new quote would start.
 */
export function keptOnRerate(current: BookingValues, next: BookingValues): Partial<BookingValues> {
  const place = (end: 'pickup' | 'delivery') => {
    const was = current[end];
    const fresh = next[end];
    const same = was.postal_code === fresh.postal_code && was.country === fresh.country;
    return same ? was : fresh;
  };
  return {
    pickup: place('pickup'),
    delivery: place('delivery'),
    // A stop kept where the re-rated quote has the same stop; a new or moved one is typed again.
    stops: next.stops.map((fresh, n) => {
      const was = current.stops[n];
      const same =
        was && was.kind === fresh.kind && was.place.postal_code === fresh.place.postal_code && was.place.country === fresh.place.country;
      return same ? was : fresh;
    }),
    pickup_date: next.pickup_date,
    hazardous: current.hazardous || next.hazardous,
    residential_or_liftgate: next.residential_or_liftgate,
    parcel: { ...current.parcel, signature: next.parcel.signature },
    customs: customsOnRerate(current.customs, next.customs),
  };
}
