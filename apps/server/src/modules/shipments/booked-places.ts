import type { AddressBookEntryValues, BookingRequest, PlaceView } from '@freight/contracts';
import type { AccessorialCode } from '@freight/domain/rating';
import type { Db } from '../../db/client';
import { saveToAddressBookOnce } from '../addresses/addresses.service';
import type { QuoteInput } from '../quotes/quotes.service';
import { asAddressEntry } from './booking-checks';

/** The booked places and what the quote said of them: where a typed place goes back into the address book from. */
export interface BookedPlaces {
  accountId: string;
  userId: string;
  body: BookingRequest;
  input: QuoteInput;
  pickup: PlaceView;
  delivery: PlaceView;
  stops: { place: PlaceView }[];
  quoted: Set<AccessorialCode>;
}

/**
 * Saves the places a booking asked to keep (`save_to_address_book`) to the account's address
 * book, each with what the quote knew of it (site type, lift-gate), unless an entry with the same
 * duplicate key is there already. In the booking's transaction.
 */
export async function saveBookedPlaces(tx: Db, booked: BookedPlaces, at: Date) {
  const { body, input, quoted } = booked;
  const save = (entry: AddressBookEntryValues) => saveToAddressBookOnce(tx, booked, entry, at);
  const end = (place: PlaceView, site: QuoteInput['origin'], liftgate: AccessorialCode) =>
    asAddressEntry(
      place,
      site.site_type === 'residential' ? 'residential' : 'commercial',
      site.site_type === 'limited_access',
      quoted.has(liftgate),
    );
  if (body.pickup.save_to_address_book) await save(end(booked.pickup, input.origin, 'liftgate_pickup'));
  if (body.delivery.save_to_address_book) await save(end(booked.delivery, input.destination, 'liftgate_delivery'));
  for (const [n, stop] of body.stops.entries()) {
    const place = booked.stops[n]?.place;
    if (stop.place.save_to_address_book && place) await save(asAddressEntry(place, 'commercial', false, false));
  }
}
