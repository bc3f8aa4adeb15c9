import type { AddressBookEntry, BookingPlace, BookingRequestInput, ParcelPickupNote, PlaceView, ReferenceType } from '@freight/contracts';
import type { Country, TruckloadStopKind } from '@freight/domain';
import type { Quote, QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';

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

/** A truckload's extra stop (issue 20): its place (postal code and country the quote's) and when the truck is expected. */
export interface StopValues {
  /** The quote's: an extra pickup or drop. */
  kind: TruckloadStopKind;
  place: PlaceValues;
  date: string;
  appointment: boolean;
  time_from: string;
  time_to: string;
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
  reference_type: '' | ReferenceType;
  reference_number: string;
  notes: string;
  hazardous: boolean;
  hazmat: HazmatValues;
  pickup_note: '' | ParcelPickupNote;
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

/**
 * How a parcel carrier gets the packages (spec section 3, carrier-specific pickup notes): UPS and
 * FedEx let the shipper choose; USPS: the mail carrier picks up; nothing for LTL and truckload.
 */
export type PickupNoteRule = { kind: 'none' } | { kind: 'choose'; options: ParcelPickupNote[] } | { kind: 'fixed'; note: ParcelPickupNote };
export function pickupNoteRule(quote: Quote, rate: QuoteRate): PickupNoteRule {
  if (quote.mode !== 'parcel') return { kind: 'none' };
  const scac = rate.scac.toUpperCase();
  if (scac === 'USPS' || /\bUSPS\b/i.test(rate.carrier_name)) return { kind: 'fixed', note: 'mail_carrier_picks_up' };
  if (scac.startsWith('UPS') || scac.startsWith('FD') || /\b(UPS|FedEx)\b/i.test(rate.carrier_name)) {
    return { kind: 'choose', options: ['no_appointment_needed', 'pickup_confirmed', 'shipper_drops_off'] };
  }
  return { kind: 'none' };
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

/** A place of the quote's end, filled from a prefill (reship / return-ship) when there is one; postal code and country stay the quote's. */
function placeFrom(end: { postal_code: string; country: Country }, prefill: BookingPlace | null | undefined): PlaceValues {
  const base = emptyPlace(end.postal_code, end.country);
  if (!prefill) return base;
  return {
    ...base,
    address_book_id: prefill.address_book_id ?? '',
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

/** The form's first values: the quote's places, date and hazardous flag, the prefill's contacts. */
export function initialValues(quote: Quote): BookingValues {
  const { origin, destination } = quote.inputs;
  const prefill = quote.booking_prefill ?? null;
  const hazardous = (quote.inputs.items ?? []).some((i) => i.hazardous === true);
  const residential = quoteHasResidentialOrLiftgate(quote);
  const pickup = placeFrom(origin as { postal_code: string; country: Country }, prefill?.pickup);
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
    delivery: placeFrom(destination as { postal_code: string; country: Country }, prefill?.delivery),
    stops,
    pickup_date: quote.inputs.pickup_date,
    ready_time: pickup.opens_at || '09:00',
    close_time: pickup.closes_at || '17:00',
    delivery_appointment: false,
    delivery_date: '',
    residential_or_liftgate: residential ? 'yes' : 'no',
    reference_type: '',
    reference_number: '',
    notes: '',
    hazardous,
    hazmat: { proper_name: '', hazard_class: '', un_number: '', packing_group: '', emergency_contact: '', emergency_phone: '' },
    pickup_note: '',
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

export function toRequest(v: BookingValues, quote: Quote, rate: QuoteRate, insurance: QuoteInsuranceOption | null): BookingRequestInput {
  const rule = pickupNoteRule(quote, rate);
  const pickupNote = rule.kind === 'fixed' ? rule.note : rule.kind === 'choose' && v.pickup_note ? v.pickup_note : undefined;
  const kind = insurance?.kind;
  return {
    quote_id: quote.id,
    rate_id: rate.id,
    insurance: kind === 'first_tier' || kind === 'full' ? kind : 'none',
    pickup: placeRequest(v.pickup),
    delivery: placeRequest(v.delivery),
    pickup_date: v.pickup_date,
    ready_time: v.ready_time,
    close_time: v.close_time,
    delivery_appointment: v.delivery_appointment,
    ...(v.delivery_appointment && v.delivery_date ? { delivery_date: v.delivery_date } : {}),
    // Unanswered: left out, so the contract says 'Field is required'.
    ...(v.residential_or_liftgate ? { residential_or_liftgate: v.residential_or_liftgate === 'yes' } : {}),
    ...(v.reference_type ? { reference_type: v.reference_type } : {}),
    reference_number: v.reference_number,
    notes: v.notes,
    hazardous: v.hazardous,
    ...(v.hazardous ? { hazmat: v.hazmat } : {}),
    ...(pickupNote ? { pickup_note: pickupNote } : {}),
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

/**
 * Rules the contract leaves to the server, said before sending (same i18n keys): the pickup date
 * is today or after; an appointment or residential / lift-gate service the rates do not include
 * needs a re-rate; UPS and FedEx need to know how they get the packages.
 */
export function extraErrors(v: BookingValues, quote: Quote, rate: QuoteRate, today = todayIso()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(v.pickup_date) && v.pickup_date < today) errors.pickup_date = 'validation.date_today_or_after';
  if (v.delivery_appointment && !quoteHasAppointment(quote)) errors.delivery_appointment = 'validation.requote_appointment';
  if (v.residential_or_liftgate === 'yes' && !quoteHasResidentialOrLiftgate(quote))
    errors.residential_or_liftgate = 'validation.requote_accessorials';
  if (pickupNoteRule(quote, rate).kind === 'choose' && !v.pickup_note) errors.pickup_note = 'validation.required';
  return errors;
}

const PLACE_FIELDS = [
  'company',
  'first_name',
  'last_name',
  'email',
  'phone',
  'street1',
  'street2',
  'exterior_number',
  'interior_number',
  'neighborhood',
  'city',
  'state',
  'postal_code',
  'country',
  'opens_at',
  'closes_at',
];
const STOP_FIELDS = ['date', 'appointment', 'time_from', 'time_to'];

/** Where each field sits, top to bottom (the extra stops after pickup and delivery): the first one with an error gets the focus. */
export const fieldOrder = (stopCount: number): string[] => [
  ...(['pickup', 'delivery'] as const).flatMap((end) => PLACE_FIELDS.map((f) => `${end}.${f}`)),
  ...(stopCount > 0 ? ['stops'] : []),
  ...Array.from({ length: stopCount }, (_, n) => [
    ...PLACE_FIELDS.map((f) => `stops.${n}.place.${f}`),
    ...STOP_FIELDS.map((f) => `stops.${n}.${f}`),
  ]).flat(),
  'pickup_date',
  'ready_time',
  'close_time',
  'delivery_appointment',
  'delivery_date',
  'residential_or_liftgate',
  'reference_type',
  'reference_number',
  'notes',
  'hazardous',
  'hazmat',
  'hazmat.proper_name',
  'hazmat.hazard_class',
  'hazmat.un_number',
  'hazmat.packing_group',
  'hazmat.emergency_contact',
  'hazmat.emergency_phone',
  'pickup_note',
  'notify_consignee',
  'disclaimer_accepted',
];
export const FIELD_ORDER: string[] = fieldOrder(0);

/** The DOM id of a field's input. */
export const fieldId = (path: string) => `booking-${path.replace(/\./g, '-')}`;
