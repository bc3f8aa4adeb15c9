import type { Country, Language } from '@freight/domain';
import { DEFAULT_PICKUP_CUTOFF, firstPickupDate, lookupPlace, type PickupOrigin, pickupExpiry } from '@freight/domain/rating';

/**
 * The pickup-date rules at the app's clock and cut-off: the first quotable date of an origin and
 * when a quote's rates stop holding. An origin is its country and state (the state sets the time
 * zone); a quoted place names its state through its postal code.
 */
export function pickupCalendar(now: () => Date, cutoff: string = DEFAULT_PICKUP_CUTOFF) {
  return {
    cutoff,
    /** The origin of a quoted place: an unknown postal code leaves the country's own time zone. */
    originOf(place: { postal_code: string; country: Country }): PickupOrigin {
      return { country: place.country, state: lookupPlace(place.postal_code, place.country)?.state ?? null };
    },
    first: (origin: PickupOrigin, language: Language = 'en') => firstPickupDate(origin, now(), cutoff, language),
    expiry: (pickupDate: string, origin: PickupOrigin) => pickupExpiry(pickupDate, origin, cutoff),
  };
}
export type PickupCalendar = ReturnType<typeof pickupCalendar>;
