import { COUNTRIES, type Language, MAX_TRUCKLOAD_STOPS, SHIPMENT_STATUSES } from '@freight/domain';
import { z } from 'zod';
import { bookingCustoms } from './customs';
import { proofOfDeliveryIn } from './deliveryReceipts';
import {
  email,
  emailOrNone,
  HHMM,
  isoDate,
  isoDateTime,
  isPostalCode,
  optionalText,
  optionalTimeOfDay,
  phone,
  requiredText,
  timeOfDay,
} from './fields';
import { SHIPMENT_SORTS } from './listSorts';
import { paymentIntentId, paymentMethodId, returnPath } from './paymentMethods';
import { bookingReferences, MAX_SHIPMENT_REFERENCES, REFERENCE_TYPES, shipmentReference } from './references';
import { mineParam } from './team';

/**
 * Booking, shipments, payments and tracking. Lengths and weights on the wire are in
 * inches and pounds (the web converts for display); money is integer minor units of `currency`.
 * Messages are i18n keys (namespace `validation`).
 */

/** How a parcel reaches its carrier: picked up within the ready and close times, or dropped off. */
export const PARCEL_HANDOFFS = ['pickup', 'drop_off'] as const;
/** Parcel delivery signature options (the adult one is a priced accessorial of the quote). */
export const PARCEL_SIGNATURES = ['none', 'signature', 'adult_signature'] as const;
/** A parcel booking's own questions; LTL's dock questions (appointment, lift-gate) are not asked. */
export const parcelOptions = z.object({
  handoff: z.enum(PARCEL_HANDOFFS, { error: 'validation.choice' }),
  signature: z.enum(PARCEL_SIGNATURES, { error: 'validation.choice' }),
  residential: z.boolean({ error: 'validation.required' }),
});
export type ParcelOptions = z.output<typeof parcelOptions>;

/** A temperature-controlled (reefer) truckload: the range to hold, in whole degrees Fahrenheit. */
export const REEFER_RUNS = ['continuous', 'cycle'] as const;
export const temperatureRange = z
  .object({
    low_f: z
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(-30, { error: 'validation.too_small' })
      .max(90, { error: 'validation.too_large' }),
    high_f: z
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(-30, { error: 'validation.too_small' })
      .max(90, { error: 'validation.too_large' }),
    run: z.enum(REEFER_RUNS, { error: 'validation.choice' }),
  })
  .refine((t) => t.high_f >= t.low_f, { path: ['high_f'], error: 'validation.temperature_range' });
export type TemperatureRange = z.output<typeof temperatureRange>;

/** Carrier-specific pickup notes of the two parcel carriers. */
export const PARCEL_PICKUP_NOTES = ['no_appointment_needed', 'pickup_confirmed', 'shipper_drops_off', 'mail_carrier_picks_up'] as const;
export type ParcelPickupNote = (typeof PARCEL_PICKUP_NOTES)[number];

/** Which insurance option of the quote the shipper took ('none': carrier liability only). */
export const INSURANCE_CHOICES = ['none', 'first_tier', 'full'] as const;

/**
 * Shipping documents (PDF): bill of lading, 4x6 parcel labels, pallet labels; rate_confirmation,
 * a truckload's agreed rate with the carrier, for the carrier to sign; shipment_summary, a
 * parcel's record of what was booked (a parcel carrier uses no bill of lading);
 * commercial_invoice, what customs reads of a shipment across the border; entry_label, the PAPS
 * (into the US) or PARS (into Canada) number and barcode the driver presents at the border;
 * usmca_certification, the USMCA certification of origin of the goods a declaration claims under it.
 */
export const DOCUMENT_KINDS = [
  'bol',
  'labels',
  'pallet_labels',
  'rate_confirmation',
  'shipment_summary',
  'commercial_invoice',
  'entry_label',
  'usmca_certification',
  'carta_porte',
  'carta_porte_pdf',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * A stamped Carta Porte kept for a shipment (GET /api/shipments/:id/carta-porte-versions, newest
 * first): each new pedimento or corrected declaration stamps a new one, and the earlier stay
 * printable with `?version=` (a cancelled CFDI is still asked for by its UUID).
 */
export const cartaPorteVersionView = z.strictObject({
  version: z.number().int(),
  uuid: z.string().meta({ description: "The fiscal folio the certifier gave it (the TimbreFiscalDigital's UUID)" }),
  stamped_at: z.string().meta({ description: 'When it was stamped (ISO 8601, UTC)' }),
  reason: z
    .enum(['pedimento', 'correction'])
    .nullable()
    .meta({ description: 'Why it replaced the one before: a new pedimento or a corrected declaration; null for the first' }),
  customs_version: z.number().int().meta({ description: "The declaration's version it was written from" }),
});
export type CartaPorteVersionView = z.output<typeof cartaPorteVersionView>;

/** A downloaded document's file name: the Carta Porte is the SAT's XML, every other document a PDF. */
export const documentFileName = (kind: DocumentKind, bolNumber: string) => `${kind}-${bolNumber}.${kind === 'carta_porte' ? 'xml' : 'pdf'}`;

/**
 * A shipping document as a download: `url` in the language of who reads it at work (the carrier's;
 * customs' at the destination for the commercial invoice), `copy` in the reader's.
 */
export interface ShipmentDocument {
  kind: DocumentKind;
  url: string;
  language: Language;
  copy: { language: Language; url: string } | null;
}

/**
 * One end of a booking: a full address (a BOL and a parcel label need the street) and the person
 * to reach there. `address_book_id` names the entry it was picked from; `save_to_address_book`
 * saves a typed one back.
 */
export const bookingPlace = z
  .object(
    {
      address_book_id: z.uuid({ error: 'validation.invalid' }).optional(),
      save_to_address_book: z.boolean().default(false),
      company: requiredText('validation.required', 160),
      first_name: requiredText('validation.required', 80),
      last_name: requiredText('validation.required', 80),
      email: email('validation.required'),
      phone: phone('validation.required'),
      street1: requiredText(),
      street2: optionalText(),
      city: requiredText('validation.required', 100),
      state: requiredText('validation.required', 64),
      postal_code: requiredText('validation.required', 16),
      country: z.enum(COUNTRIES, { error: 'validation.required' }),
      /** Mexico only. */
      interior_number: optionalText(20),
      exterior_number: optionalText(20),
      neighborhood: optionalText(100),
      /** Hours of operation, 'HH:MM' or ''. */
      opens_at: optionalTimeOfDay,
      closes_at: optionalTimeOfDay,
    },
    { error: 'validation.required' },
  )
  .superRefine((p, ctx) => {
    if (p.postal_code && p.country && !isPostalCode(p.country, p.postal_code)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'validation.postal_code' });
    }
    if (p.opens_at && p.closes_at && HHMM.test(p.opens_at) && HHMM.test(p.closes_at) && p.closes_at <= p.opens_at) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'validation.closes_after_opens' });
    }
  });
export type BookingPlace = z.output<typeof bookingPlace>;
/**
 * The delivery end: its contact's email may be left out here; the server requires it unless the
 * quote is an eBay order's (eBay gives no buyer email) or the consignee is to be mailed.
 */
export const bookingDelivery = bookingPlace.safeExtend({ email: emailOrNone });

/**
 * A truckload's extra stop as booked, in the quote's order: its full place, and when
 * the truck is expected there: the date with a window (from - to), or an appointment at one
 * time. Whether it is a pickup or a drop, and its postal code, are the quote's.
 */
export const bookingStop = z
  .object(
    {
      place: bookingPlace,
      date: isoDate,
      appointment: z.boolean().default(false),
      time_from: timeOfDay(),
      /** The window's end; none with an appointment. */
      time_to: optionalTimeOfDay,
    },
    { error: 'validation.required' },
  )
  .superRefine((s, ctx) => {
    if (!s.appointment && !s.time_to) ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'validation.required' });
    if (!s.appointment && s.time_to && HHMM.test(s.time_from) && HHMM.test(s.time_to) && s.time_to <= s.time_from) {
      ctx.addIssue({ code: 'custom', path: ['time_to'], message: 'validation.closes_after_opens' });
    }
  });
export type BookingStop = z.output<typeof bookingStop>;

/** Hazardous materials details, required when the shipment is hazardous. */
export const hazmatDetails = z.object(
  {
    proper_name: requiredText('validation.required', 200),
    hazard_class: requiredText('validation.required', 16),
    un_number: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .regex(/^(UN|NA)\s?\d{4}$/i, { error: 'validation.un_number' })
      .transform((v) => v.replace(/\s/g, '').toUpperCase()),
    packing_group: z.enum(['I', 'II', 'III', ''], { error: 'validation.choice' }).default(''),
    emergency_contact: requiredText('validation.required', 120),
    emergency_phone: phone('validation.required'),
  },
  { error: 'validation.required' },
);
export type HazmatDetails = z.output<typeof hazmatDetails>;

/**
 * POST /api/shipments (header Idempotency-Key): book one rate of one of the account's quotes.
 * Rules the schema cannot see are the server's (422 with the same keys): the pickup date is a
 * business day, today or after ('validation.date_today_or_after'); a delivery appointment date is
 * after the pickup date ('validation.date_after_pickup'); the places' postal codes are the
 * quote's; the rate belongs to the quote.
 */
export const bookingRequest = z
  .object({
    quote_id: z.uuid({ error: 'validation.invalid' }),
    rate_id: requiredText('validation.required', 64),
    insurance: z.enum(INSURANCE_CHOICES, { error: 'validation.choice' }).default('none'),
    pickup: bookingPlace,
    delivery: bookingDelivery,
    pickup_date: isoDate,
    /** The pickup window; none for a parcel dropped off. */
    ready_time: timeOfDay().optional(),
    close_time: timeOfDay().optional(),
    /** LTL and truckload: first come, first serve when false; an appointment is an extra charge. */
    delivery_appointment: z.boolean().optional(),
    /** The appointment's date, required with one. */
    delivery_date: isoDate.optional(),
    /** LTL and truckload, required there: the shipper says whether either end needs residential or lift-gate service. */
    residential_or_liftgate: z.boolean({ error: 'validation.required' }).optional(),
    /** The older single reference (the partner API's): it becomes the first of `references`. */
    reference_type: z.enum(REFERENCE_TYPES, { error: 'validation.choice' }).optional(),
    reference_number: z.string().trim().max(64, { error: 'validation.too_long' }).optional().default(''),
    /** The shipment's references in order, each type and value once. */
    references: z
      .array(shipmentReference, { error: 'validation.invalid' })
      .max(MAX_SHIPMENT_REFERENCES, { error: 'validation.too_many' })
      .default([]),
    /** Parcel only, required there: how the carrier gets the packages, the signature, residential delivery. */
    parcel_options: parcelOptions.optional(),
    /** A temperature-controlled truckload only, required there. */
    temperature: temperatureRange.optional(),
    notes: z.string().trim().max(1000, { error: 'validation.too_long' }).optional().default(''),
    hazardous: z.boolean().default(false),
    hazmat: hazmatDetails.optional(),
    /** Parcel only: how the parcel carrier gets the packages (derived from `parcel_options.handoff` when left out). */
    pickup_note: z.enum(PARCEL_PICKUP_NOTES, { error: 'validation.choice' }).optional(),
    /** Also mail the consignee (the delivery contact) on status changes. */
    notify_consignee: z.boolean().default(false),
    disclaimer_accepted: z.boolean({ error: 'validation.disclaimer' }).refine((v) => v, { error: 'validation.disclaimer' }),
    /** A truckload's extra stops, one per stop of the quote, in its order. */
    stops: z.array(bookingStop, { error: 'validation.invalid' }).max(MAX_TRUCKLOAD_STOPS, { error: 'validation.stops_max' }).default([]),
    /** Required when the rate crosses a border, refused otherwise: the customs declaration (customs.ts). */
    customs: bookingCustoms.optional(),
  })
  .superRefine((b, ctx) => {
    b.stops.forEach((stop, n) => {
      if (stop.date && b.pickup_date && stop.date < b.pickup_date) {
        ctx.addIssue({ code: 'custom', path: ['stops', n, 'date'], message: 'validation.stop_date_before_pickup' });
      } else if (stop.date && b.delivery_date && stop.date > b.delivery_date) {
        ctx.addIssue({ code: 'custom', path: ['stops', n, 'date'], message: 'validation.stop_date_after_delivery' });
      }
    });
    if (b.close_time && b.ready_time && HHMM.test(b.close_time) && HHMM.test(b.ready_time) && b.close_time <= b.ready_time) {
      ctx.addIssue({ code: 'custom', path: ['close_time'], message: 'validation.closes_after_opens' });
    }
    if (b.delivery_appointment && !b.delivery_date) {
      ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'validation.required' });
    }
    if (b.delivery_date && b.delivery_date <= b.pickup_date) {
      ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'validation.date_after_pickup' });
    }
    if (b.hazardous && !b.hazmat) {
      ctx.addIssue({ code: 'custom', path: ['hazmat'], message: 'validation.required' });
    }
    if (b.reference_number && !b.reference_type) {
      ctx.addIssue({ code: 'custom', path: ['reference_type'], message: 'validation.required' });
    }
    const seen = new Set<string>();
    b.references.forEach((r, n) => {
      const key = `${r.type}\u0000${r.value}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['references', n, 'value'], message: 'validation.duplicate' });
      seen.add(key);
    });
    if (bookingReferences(b).length > MAX_SHIPMENT_REFERENCES) {
      ctx.addIssue({ code: 'custom', path: ['references'], message: 'validation.too_many' });
    }
  });
export type BookingRequest = z.output<typeof bookingRequest>;
export type BookingRequestInput = z.input<typeof bookingRequest>;
export * from './references';

/** GET /api/shipments: search (BOL, PRO, reference, city), status filter, the caller's own, sort, page. */
export const shipmentListQuery = z.object({
  q: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
  status: z.enum(SHIPMENT_STATUSES, { error: 'validation.choice' }).optional(),
  sort: z.enum(SHIPMENT_SORTS, { error: 'validation.choice' }).default('created_at'),
  dir: z.enum(['asc', 'desc'], { error: 'validation.choice' }).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  /** Only the shipments the caller booked. */
  mine: mineParam,
});

/** POST /api/shipments/:id/reship: a new prefilled quote; `return` swaps pickup and delivery. Reship needs a valid email and phone. */
export const reshipRequest = z.object({
  kind: z.enum(['reship', 'return'], { error: 'validation.choice' }),
  email: email('validation.required'),
  phone: phone('validation.required'),
});

/**
 * POST /api/shipments/:id/payment (header Idempotency-Key): pay a booking awaiting payment by
 * card: the processor's payment method (pm_...), one the browser handed to the processor itself
 * or one of the account's saved cards. No card number reaches the portal.
 */
export const paymentRequest = z.object({ payment_method: paymentMethodId, return_path: returnPath.optional() });
export type PaymentRequest = z.output<typeof paymentRequest>;

/** POST /api/shipments/:id/payment/confirm: the payer is back from the challenge of this intent. */
export const paymentConfirmRequest = z.object({ payment_intent: paymentIntentId });
export type PaymentConfirmRequest = z.output<typeof paymentConfirmRequest>;

/**
 * The 402 `payment_requires_action` answer's own fields (beside `message` and `code`): the card's
 * issuer asks the payer for 3-D Secure. `next_action_url` is the challenge page (the simulator's,
 * or the issuer's when Stripe named one); Stripe.js needs only `client_secret` (handleNextAction).
 */
export interface PaymentActionRequired {
  message: string;
  code: 'payment_requires_action';
  payment_intent: string;
  client_secret: string;
  next_action_url: string | null;
}

/** The same 402 when a card being saved asks for the challenge: it names the SetupIntent instead. */
export interface SetupActionRequired extends Omit<PaymentActionRequired, 'payment_intent'> {
  setup_intent: string;
}

/**
 * One carrier event in, X12 214 style (POST /api/carriers/:scac/tracking-events, signed with the
 * carrier's HMAC key). The shipment is found by BOL or PRO number; `event_id` (or, without one,
 * the event's content) makes a second delivery of the same event a no-op.
 */
export const trackingEventIn = z
  .object({
    event_id: z.string().trim().min(1).max(100).optional(),
    bol_number: z.string().trim().max(32).optional(),
    pro_number: z.string().trim().max(32).optional(),
    /** AT7-01, e.g. X6, D1. */
    status_code: z.string().trim().min(2).max(3),
    /** AT7-02, NS when normal. */
    reason_code: z.string().trim().max(3).optional(),
    /** ISO 8601 with the local offset, e.g. 2026-11-23T14:05:00-06:00. */
    occurred_at: isoDateTime(),
    city: z.string().trim().max(100).optional().default(''),
    state: z.string().trim().max(64).optional().default(''),
    country: z.enum(COUNTRIES).optional(),
    /** The carrier's own words for the event. */
    description: z.string().trim().max(300).optional().default(''),
    /** The proof of delivery, only with a D1 (delivered) event. */
    pod: proofOfDeliveryIn.optional(),
  })
  .refine((e) => e.bol_number || e.pro_number, { path: ['bol_number'], error: 'validation.required' })
  .refine((e) => !e.pod || e.status_code.toUpperCase() === 'D1', { path: ['pod'], error: 'validation.pod_delivered_only' });
export const trackingEventsIn = z.object({
  /** The carrier's name as its system spells it: matched through the name aliases when the URL's SCAC is unknown. */
  carrier_name: z.string().trim().max(100).optional(),
  events: z.array(trackingEventIn).min(1).max(500),
});
export type TrackingEventIn = z.output<typeof trackingEventIn>;

/** What became of a carrier's posted events: taken, already had, for no shipment of the carrier's, refused as they were. */
export const trackingIngestCounts = z.strictObject({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  unknown: z.number().int(),
  rejected: z.number().int(),
});
export type TrackingIngestCounts = z.output<typeof trackingIngestCounts>;
