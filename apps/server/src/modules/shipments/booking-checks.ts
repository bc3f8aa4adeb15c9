import {
  type AddressBookEntryValues,
  type BookingPlace,
  type BookingRequest,
  bookingModeErrors,
  isEbayOrderPrefill,
  type PlaceView,
  type QuotedFacts,
} from '@freight/contracts';
import type { Country } from '@freight/domain';
import { type AccessorialCode, type InsuranceOption, insurableOnline, isBusinessDay, originToday } from '@freight/domain/rating';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { type AddressVerifier, normalizePostalCode } from '../addresses/addresses.service';
import { checkedCustoms } from '../customs/customs.service';
import { equipmentCatalog } from '../equipment-types/equipment-types.service';
import type { QuoteRow } from '../quotes/quotes.service';
import { type QuoteInput, type QuoteResult, siteAccessorials } from '../quotes/quotes.service';
import { checkedStops } from './truckload-stops';

/** Postal codes compared in their usual form without spaces (US: the 5-digit ZIP). */
function samePostalCode(country: Country, a: string, b: string) {
  const compact = (v: string) => normalizePostalCode(country, v).replace(/[\s-]/g, '').toUpperCase();
  const [x, y] = [compact(a), compact(b)];
  return country === 'US' ? x.slice(0, 5) === y.slice(0, 5) : x === y;
}

const RESIDENTIAL_OR_LIFTGATE: AccessorialCode[] = ['residential_pickup', 'residential_delivery', 'liftgate_pickup', 'liftgate_delivery'];

/** A booking place as an address book entry: what the postal data check reads, and what is saved. */
export function asAddressEntry(
  place: PlaceView,
  locationType: 'commercial' | 'residential',
  limited: boolean,
  liftgate: boolean,
): AddressBookEntryValues {
  return {
    company: place.company,
    first_name: place.first_name,
    last_name: place.last_name,
    email: place.email,
    phone: place.phone,
    street1: place.street1,
    street2: place.street2,
    street3: '',
    street4: '',
    street5: '',
    city: place.city,
    state: place.state,
    postal_code: place.postal_code,
    country: place.country,
    interior_number: place.interior_number,
    exterior_number: place.exterior_number,
    neighborhood: place.neighborhood,
    location_type: locationType,
    limited_access: limited,
    liftgate_recommended: liftgate,
    opens_at: place.opens_at,
    closes_at: place.closes_at,
  };
}

/** What a booking is checked against: the quote it books, its inputs and result, the rate chosen. */
export interface BookingToCheck {
  quote: QuoteRow;
  input: QuoteInput;
  result: QuoteResult;
  rate: QuoteResult['rates'][number];
  body: BookingRequest;
  now: Date;
}

/**
 * Checks a booking before anything is written: its places against the postal data and the quoted
 * postal codes, the pickup date at the origin, the mode's questions (bookingModeErrors), dock answers
 * the quote priced, the insurance chosen, the customs declaration across a border. Every problem at once as a 422 on its field; otherwise the
 * normalised places and stops, the accessorials the quote priced and the insurance option.
 */
export async function checkedBooking(ctx: Pick<AppContext, 'db' | 'now'>, verifier: AddressVerifier, booking: BookingToCheck) {
  const { quote, input, result, rate, body, now } = booking;
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    errors[field] = [...(errors[field] ?? []), key];
  };
  /** The place checked against the postal data (as the address book does): errors on `field.*`, else the normalised place. */
  const checkedPlace = async (field: string, place: BookingPlace) => {
    const { entry, errors: found } = await verifier.verify(asAddressEntry(place, 'commercial', false, false));
    for (const [name, keys] of Object.entries(found)) errors[`${field}.${name}`] = keys;
    return { ...place, postal_code: entry.postal_code, state: entry.state };
  };

  const pickup = await checkedPlace('pickup', body.pickup);
  const delivery = await checkedPlace('delivery', body.delivery);
  // eBay gives no buyer email: only an eBay order's quote books without one, unless the consignee is to be mailed.
  if (!delivery.email && (body.notify_consignee || !isEbayOrderPrefill(quote.bookingPrefill))) add('delivery.email', 'validation.required');
  const stops = await checkedStops(body.stops, input, checkedPlace, samePostalCode, errors);
  if (pickup.country !== input.origin.country || !samePostalCode(pickup.country, pickup.postal_code, input.origin.postal_code)) {
    errors['pickup.postal_code'] = ['validation.postal_code_not_quoted'];
  }
  if (
    delivery.country !== input.destination.country ||
    !samePostalCode(delivery.country, delivery.postal_code, input.destination.postal_code)
  ) {
    errors['delivery.postal_code'] = ['validation.postal_code_not_quoted'];
  }
  const today = originToday({ country: input.origin.country, state: pickup.state }, now);
  if (body.pickup_date < today) add('pickup_date', 'validation.date_today_or_after');
  else if (!isBusinessDay(body.pickup_date, input.origin.country)) add('pickup_date', 'validation.business_day');
  const quoted = new Set<AccessorialCode>([...input.accessorials, ...siteAccessorials(input)]);
  const equipment =
    input.mode === 'truckload' && input.equipment_type ? await equipmentCatalog(ctx.db, ctx.now).byCode(input.equipment_type) : undefined;
  const facts: QuotedFacts = {
    mode: quote.mode,
    signature: input.signature ?? 'none',
    residential: input.destination.site_type === 'residential',
    temperatureControlled: equipment?.temperatureControlled ?? false,
  };
  for (const [field, key] of Object.entries(bookingModeErrors(body, facts, rate))) add(field, key);
  // The dock questions' answers must be priced (a parcel is refused them above).
  if (quote.mode !== 'parcel') {
    if (body.delivery_appointment && !quoted.has('appointment')) add('delivery_appointment', 'validation.requote_appointment');
    if (body.residential_or_liftgate && !RESIDENTIAL_OR_LIFTGATE.some((a) => quoted.has(a))) {
      add('residential_or_liftgate', 'validation.requote_accessorials');
    }
  }
  const customs = await checkedCustoms(
    {
      origin: input.origin.country,
      destination: input.destination.country,
      itemCount: input.items.length,
      crosses: Boolean(rate.crossing),
      customs: body.customs,
    },
    add,
  );
  const insurance = result.insurance_options.find((o) => o.kind === body.insurance);
  if (!insurance) add('insurance', 'validation.choice');
  else if (!insurableOnline(insurance as InsuranceOption)) add('insurance', 'validation.insured_value_call');
  if (Object.keys(errors).length || !insurance) throw AppError.validation(errors);
  return { pickup, delivery, stops, quoted, insurance, customs, temperatureControlled: facts.temperatureControlled };
}
