import {
  type AddressBookEntry,
  type BookingRequestInput,
  bookingModeErrors,
  type PARCEL_HANDOFFS,
  type PARCEL_SIGNATURES,
  type PlaceView,
  type QuotedFacts,
  type REEFER_RUNS,
  type ReferenceType,
} from '@freight/contracts';
import type { Country, TruckloadStopKind } from '@freight/domain';
import type { Quote, QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { type CustomsValues, customsExtraErrors, customsRequest, initialCustoms } from './customsModel';

/** A place of the form: the fields a booked place shows (the postal code is the quote's, read-only), and where it came from. */
export interface PlaceValues extends PlaceView {
  /** The address book entry the place was picked from ('' when typed). */
  address_book_id: string;
  save_to_address_book: boolean;
}

export interface HazmatValues {
  proper_name: string;
  hazard_class: string;
  un_number: string;
  packing_group: '' | 'I' | 'II' | 'III';
  emergency_contact: string;
  emergency_phone: string;
}

/** A truckload's extra stop: its place (postal code and country the quote's) and when the truck is expected. */
export interface StopValues {
  /** The quote's: an extra pickup or drop. */
  kind: TruckloadStopKind;
  place: PlaceValues;
  date: string;
  appointment: boolean;
  time_from: string;
  time_to: string;
}

/** One reference row: a row left without a value is not sent. */
export interface ReferenceValues {
  type: ReferenceType;
  value: string;
}

/** A parcel's own questions: how the carrier gets the packages, and the signature (the quote's, or a re-rate). */
export interface ParcelValues {
  handoff: (typeof PARCEL_HANDOFFS)[number];
  signature: (typeof PARCEL_SIGNATURES)[number];
}

/** A reefer's range as typed, in the user's unit (°F imperial, °C metric). */
export interface TemperatureValues {
  low: string;
  high: string;
  run: (typeof REEFER_RUNS)[number];
}

export interface BookingValues {
  pickup: PlaceValues;
  delivery: PlaceValues;
  /** The quote's extra stops in route order. */
  stops: StopValues[];
  pickup_date: string;
  ready_time: string;
  close_time: string;
  delivery_appointment: boolean;
  delivery_date: string;
  /** The residential / lift-gate question, unanswered ''. */
  residential_or_liftgate: '' | 'yes' | 'no';
  references: ReferenceValues[];
  notes: string;
  hazardous: boolean;
  hazmat: HazmatValues;
  parcel: ParcelValues;
  temperature: TemperatureValues;
  /** Across a border: the customs declaration; null within one country. */
  customs: CustomsValues | null;
  notify_consignee: boolean;
  disclaimer_accepted: boolean;
}

export type End = 'pickup' | 'delivery';
/** Where a place sits in the form: an end, or an extra stop's place. */
export type PlacePath = End | `stops.${number}.place`;

/** The place at `path` of the values. */
export function placeAt(v: BookingValues, path: PlacePath): PlaceValues | undefined {
  if (path === 'pickup' || path === 'delivery') return v[path];
  return v.stops[Number(path.split('.')[1])]?.place;
}

/** Accessorials that answer the residential / lift-gate question with yes. */
export const RESIDENTIAL_OR_LIFTGATE = ['residential_pickup', 'residential_delivery', 'liftgate_pickup', 'liftgate_delivery'] as const;

const accessorialsOf = (quote: Quote): string[] => (quote.inputs.accessorials ?? []) as string[];

/**
 * The rates include residential or lift-gate service: asked for, or implied by a residential site
 * type (the server counts both).
 */
export const quoteHasResidentialOrLiftgate = (quote: Quote) =>
  quote.inputs.origin.site_type === 'residential' ||
  quote.inputs.destination.site_type === 'residential' ||
  accessorialsOf(quote).some((a) => (RESIDENTIAL_OR_LIFTGATE as readonly string[]).includes(a));
/** The rates include a delivery appointment. */
export const quoteHasAppointment = (quote: Quote) => accessorialsOf(quote).includes('appointment');

/** The parcel signature option the rates priced. */
export const quotedSignature = (quote: Quote): ParcelValues['signature'] => quote.inputs.signature ?? 'none';

/** What the quote decides about the booking's questions; `reefer`: its equipment keeps a temperature. */
export const quotedFacts = (quote: Quote, reefer: boolean): QuotedFacts => ({
  mode: quote.mode,
  signature: quotedSignature(quote),
  residential: quote.inputs.destination.site_type === 'residential',
  temperatureControlled: quote.mode === 'truckload' && reefer,
});

/** An address book entry's site type, as the quote form sets it when the entry is picked. */
export const siteTypeOfEntry = (a: AddressBookEntry) =>
  a.location_type === 'residential' ? 'residential' : a.limited_access ? 'limited_access' : 'business';

/**
 * Whether an entry picked on this step changes what the rates were based on: the postal code or
 * country, the site type, or a lift-gate the entry recommends and the rates lack. A street, company
 * or contact never does.
 */
export function changesRating(quote: Quote, end: 'origin' | 'destination', a: AddressBookEntry): boolean {
  const quoted = quote.inputs[end];
  if (a.country !== quoted.country || !samePostalCode(a.postal_code, quoted.postal_code)) return true;
  if (siteTypeOfEntry(a) !== (quoted.site_type ?? 'business')) return true;
  return a.liftgate_recommended && !accessorialsOf(quote).includes(`liftgate_${end === 'origin' ? 'pickup' : 'delivery'}`);
}

const emptyPlace = (postal_code: string, country: Country): PlaceValues => ({
  address_book_id: '',
  save_to_address_book: false,
  company: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  street1: '',
  street2: '',
  city: '',
  state: '',
  postal_code,
  country,
  interior_number: '',
  exterior_number: '',
  neighborhood: '',
  opens_at: '',
  closes_at: '',
});

/** A place the quote's booking prefill gives (a reship's, a return's or an eBay order's). */
type PrefilledPlace = NonNullable<Quote['booking_prefill']>['delivery'];

/**
 * A place of the quote's end, filled from a prefill (reship / return-ship) when there is one; postal code and country stay the quote's.
 * A prefilled place names no address book entry (the answer has no address_book_id), so the base's '' stays.
 */
function placeFrom(end: { postal_code: string; country: Country }, prefill: PrefilledPlace | null | undefined): PlaceValues {
  const base = emptyPlace(end.postal_code, end.country);
  if (!prefill) return base;
  return {
    ...base,
    company: prefill.company ?? '',
    first_name: prefill.first_name ?? '',
    last_name: prefill.last_name ?? '',
    email: prefill.email ?? '',
    phone: prefill.phone ?? '',
    street1: prefill.street1 ?? '',
    street2: prefill.street2 ?? '',
    city: prefill.city ?? '',
    state: prefill.state ?? '',
    interior_number: prefill.interior_number ?? '',
    exterior_number: prefill.exterior_number ?? '',
    neighborhood: prefill.neighborhood ?? '',
    opens_at: prefill.opens_at ?? '',
    closes_at: prefill.closes_at ?? '',
  };
}

/** An address book entry into a place (its postal code and country are checked against the quote's by the caller). */
export function placeFromEntry(place: PlaceValues, a: AddressBookEntry): PlaceValues {
  return {
    ...place,
    address_book_id: a.id,
    save_to_address_book: false,
    company: a.company,
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    phone: a.phone,
    street1: a.street1,
    street2: [a.street2, a.street3, a.street4, a.street5].filter(Boolean).join(', '),
    city: a.city,
    state: a.state,
    interior_number: a.interior_number,
    exterior_number: a.exterior_number,
    neighborhood: a.neighborhood,
    opens_at: a.opens_at,
    closes_at: a.closes_at,
  };
}

const normalizeCode = (v: string) => v.replace(/\s+/g, '').toUpperCase();
export const samePostalCode = (a: string, b: string) => normalizeCode(a) === normalizeCode(b);

/** Address book entries picked for the quote's ends (in the quote form or on this step). */
export type PickedPlaces = Partial<Record<'origin' | 'destination', AddressBookEntry>>;

/** The end's place: the entry picked for it while it is still at the quoted postal code, else the prefill's, else blank. */
function placeOfEnd(
  end: { postal_code: string; country: Country },
  picked: AddressBookEntry | undefined,
  prefill: PrefilledPlace | undefined,
) {
  const base = placeFrom(end, prefill);
  const stillThere = picked && picked.country === end.country && samePostalCode(picked.postal_code, end.postal_code);
  return stillThere ? placeFromEntry(emptyPlace(end.postal_code, end.country), picked) : base;
}

/** The form's first values: the quote's places (filled from what was picked, or the prefill's), date and hazardous flag. */
export function initialValues(quote: Quote, picked: PickedPlaces = {}): BookingValues {
  const { origin, destination } = quote.inputs;
  const prefill = quote.booking_prefill ?? null;
  const hazardous = (quote.inputs.items ?? []).some((i) => i.hazardous === true);
  const residential = quoteHasResidentialOrLiftgate(quote);
  const pickup = placeOfEnd(origin as { postal_code: string; country: Country }, picked.origin, prefill?.pickup);
  const stops = (quote.inputs.stops ?? []).map(
    (s, n): StopValues => ({
      kind: s.kind === 'pickup' ? 'pickup' : 'drop',
      place: placeFrom({ postal_code: s.postal_code ?? '', country: (s.country ?? 'US') as Country }, prefill?.stops?.[n]),
      date: quote.inputs.pickup_date,
      appointment: false,
      time_from: '09:00',
      time_to: '17:00',
    }),
  );
  return {
    pickup,
    delivery: placeOfEnd(destination as { postal_code: string; country: Country }, picked.destination, prefill?.delivery),
    stops,
    pickup_date: quote.inputs.pickup_date,
    ready_time: pickup.opens_at || '09:00',
    close_time: pickup.closes_at || '17:00',
    delivery_appointment: false,
    delivery_date: '',
    residential_or_liftgate: residential ? 'yes' : 'no',
    references: [{ type: 'po_number', value: '' }],
    notes: '',
    hazardous,
    hazmat: { proper_name: '', hazard_class: '', un_number: '', packing_group: '', emergency_contact: '', emergency_phone: '' },
    parcel: { handoff: 'pickup', signature: quotedSignature(quote) },
    temperature: { low: '', high: '', run: 'continuous' },
    customs: initialCustoms(quote),
    notify_consignee: false,
    disclaimer_accepted: false,
  };
}

function placeRequest(p: PlaceValues) {
  const { address_book_id, save_to_address_book, ...rest } = p;
  return address_book_id ? { ...rest, address_book_id, save_to_address_book: false } : { ...rest, save_to_address_book };
}

/** The request of the form as it stands (the contract's bookingRequest checks it). */
/**
 * The pickup window where the pickup place's hours of operation say it is closed: the driver
 * would find the dock shut. Undefined when the hours are not given or the window fits them.
 * Times are 'HH:MM', so they compare as strings.
 */
export function pickupOutsideHours(v: BookingValues): { opens: string; closes: string } | undefined {
  const { opens_at: opens, closes_at: closes } = v.pickup;
  if (!opens || !closes || !v.ready_time || !v.close_time) return undefined;
  return v.ready_time < opens || v.close_time > closes ? { opens, closes } : undefined;
}

/** A typed temperature in whole °F (the wire's unit); undefined when blank. */
export function toFahrenheit(typed: string, unit: 'imperial' | 'metric'): number | undefined {
  if (typed.trim() === '') return undefined;
  const n = Number(typed);
  return unit === 'metric' && Number.isFinite(n) ? Math.round((n * 9) / 5 + 32) : n;
}

/** The questions of the quote's mode: a parcel's options, or the dock questions (and a reefer's range). */
function modeAnswers(v: BookingValues, quote: Quote, reefer: boolean) {
  if (quote.mode === 'parcel') {
    const window = v.parcel.handoff === 'pickup' ? { ready_time: v.ready_time, close_time: v.close_time } : {};
    return { ...window, parcel_options: { ...v.parcel, residential: quotedFacts(quote, false).residential } };
  }
  const unit = quote.inputs.unit_system === 'metric' ? 'metric' : 'imperial';
  return {
    ready_time: v.ready_time,
    close_time: v.close_time,
    delivery_appointment: v.delivery_appointment,
    ...(v.delivery_appointment && v.delivery_date ? { delivery_date: v.delivery_date } : {}),
    // Unanswered: left out, so the contract says 'Field is required'.
    ...(v.residential_or_liftgate ? { residential_or_liftgate: v.residential_or_liftgate === 'yes' } : {}),
    ...(quotedFacts(quote, reefer).temperatureControlled
      ? {
          temperature: {
            low_f: toFahrenheit(v.temperature.low, unit),
            high_f: toFahrenheit(v.temperature.high, unit),
            run: v.temperature.run,
          },
        }
      : {}),
  };
}

export function toRequest(
  v: BookingValues,
  quote: Quote,
  rate: QuoteRate,
  insurance: QuoteInsuranceOption | null,
  reefer = false,
): BookingRequestInput {
  const kind = insurance?.kind;
  return {
    quote_id: quote.id,
    rate_id: rate.id,
    insurance: kind === 'first_tier' || kind === 'full' ? kind : 'none',
    pickup: placeRequest(v.pickup),
    delivery: placeRequest(v.delivery),
    pickup_date: v.pickup_date,
    ...modeAnswers(v, quote, reefer),
    references: v.references.filter((r) => r.value.trim() !== ''),
    notes: v.notes,
    hazardous: v.hazardous,
    ...(v.hazardous ? { hazmat: v.hazmat } : {}),
    ...(v.customs ? { customs: customsRequest(v.customs) } : {}),
    notify_consignee: v.notify_consignee,
    disclaimer_accepted: v.disclaimer_accepted,
    ...(v.stops.length
      ? {
          stops: v.stops.map((s) => ({
            place: placeRequest(s.place),
            date: s.date,
            appointment: s.appointment,
            time_from: s.time_from,
            time_to: s.appointment ? '' : s.time_to,
          })),
        }
      : {}),
  } as BookingRequestInput;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as 'YYYY-MM-DD' in the browser's time zone. */
export const todayIso = (d = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The form's field for a path of the request (which names a few fields its own way). */
export function formPath(path: string): string {
  return path
    .replace(/^parcel_options(\.|$)/, 'parcel$1')
    .replace(/^temperature\.(low|high)_f$/, 'temperature.$1')
    .replace(/^temperature$/, 'temperature.low')
    .replace(/^(customs\.items\.\d+)\.unit_value_cents$/, '$1.unit_value');
}

/**
 * Rules the contract leaves to the server, said before sending (same i18n keys, by form field):
 * the pickup date is today or after; an appointment, residential / lift-gate service or a parcel
 * signature the rates do not include needs a re-rate; what the quote's mode asks (a parcel's
 * options, the dock questions, a reefer's range), a cross-border lane's customs rules.
 */
export function extraErrors(v: BookingValues, quote: Quote, rate: QuoteRate, today = todayIso(), reefer = false): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, key] of Object.entries(bookingModeErrors(modeAnswers(v, quote, reefer), quotedFacts(quote, reefer), rate))) {
    errors[formPath(path)] = key;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(v.pickup_date) && v.pickup_date < today) errors.pickup_date = 'validation.date_today_or_after';
  Object.assign(errors, customsExtraErrors(quote, v.customs));
  if (quote.mode === 'parcel') return errors;
  if (v.delivery_appointment && !quoteHasAppointment(quote)) errors.delivery_appointment = 'validation.requote_appointment';
  if (v.residential_or_liftgate === 'yes' && !quoteHasResidentialOrLiftgate(quote))
    errors.residential_or_liftgate = 'validation.requote_accessorials';
  return errors;
}
