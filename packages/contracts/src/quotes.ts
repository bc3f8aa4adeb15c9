import {
  COUNTRIES,
  CURRENCIES,
  type FreightClass,
  MAX_TRUCKLOAD_STOPS,
  NMFC_CLASSES,
  REQUESTABLE_ACCESSORIALS,
  TRUCKLOAD_STOP_KINDS,
  UNIT_SYSTEMS,
} from '@freight/domain';
import { PORT_CODES, type PortCode, portOnLane } from '@freight/domain/rating/ports';
import { z } from 'zod';
import { equipmentCode } from './equipmentTypes';
import { choice, email, isoDate, phone, requiredChoice, requiredText } from './fields';
import { PACKAGE_TYPES, QUOTE_MODES, SIGNATURE_OPTIONS, SITE_TYPES } from './quoteChoices';
import { mineParam } from './team';

/** Accessorials a shipper may ask for (hazmat, NYC metro and overlength are added by the engine). */
export const QUOTE_ACCESSORIALS = REQUESTABLE_ACCESSORIALS;

export const FREIGHT_CLASSES = NMFC_CLASSES;

/**
 * The quote request (POST /api/quotes). Lengths and weights are in the request's unit system
 * (inches and pounds, or centimetres and kilograms); weight is per handling unit; the insured
 * value is in the request's currency (major units). Messages are i18n keys (namespace `validation`).
 */
const positive = (requiredKey = 'validation.required') =>
  z.number({ error: requiredKey }).positive({ error: 'validation.positive' }).max(100_000, { error: 'validation.too_large' });

export const quotePlace = z.object(
  {
    postal_code: requiredText('validation.required', 16),
    country: z.enum(COUNTRIES, { error: 'validation.required' }),
    site_type: choice(SITE_TYPES).default('business'),
  },
  { error: 'validation.required' },
);

export const quoteItem = z.object(
  {
    description: z.string().trim().max(255, { error: 'validation.too_long' }).optional(),
    package_type: requiredChoice(PACKAGE_TYPES, 'validation.package_type_required'),
    quantity: z
      .number({ error: 'validation.required' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.positive' })
      .max(1000, { error: 'validation.too_large' }),
    length: positive(),
    width: positive(),
    height: positive('validation.height_required'),
    weight: positive(),
    freight_class: z
      .number({ error: 'validation.freight_class' })
      .refine((n) => (FREIGHT_CLASSES as readonly number[]).includes(n), { error: 'validation.freight_class' })
      .optional(),
    nmfc: z.string().trim().max(32, { error: 'validation.too_long' }).optional(),
    stackable: z.boolean({ error: 'validation.required' }).default(true),
    hazardous: z.boolean({ error: 'validation.required' }).default(false),
  },
  { error: 'validation.required' },
);

/**
 * A truckload's extra stop as quoted: where (postal code and country) and whether
 * freight is picked up or dropped there. Its full place is asked when booking.
 */
export const quoteStop = z.object(
  {
    kind: requiredChoice(TRUCKLOAD_STOP_KINDS, 'validation.required'),
    postal_code: requiredText('validation.required', 16),
    country: z.enum(COUNTRIES, { error: 'validation.required' }),
  },
  { error: 'validation.required' },
);
export type QuoteStop = z.output<typeof quoteStop>;

export const quoteRequest = z
  .object({
    mode: choice(QUOTE_MODES),
    pickup_date: isoDate,
    origin: quotePlace,
    destination: quotePlace,
    items: z
      .array(quoteItem, { error: 'validation.required' })
      .min(1, { error: 'validation.items_required' })
      .max(50, { error: 'validation.too_many' }),
    accessorials: z.array(choice(QUOTE_ACCESSORIALS)).max(QUOTE_ACCESSORIALS.length).default([]),
    /** Shipment value, required even when not insuring. */
    insured_value: z
      .number({ error: 'validation.required' })
      .min(0, { error: 'validation.invalid' })
      .max(100_000_000, { error: 'validation.too_large' }),
    currency: choice(CURRENCIES).optional(),
    unit_system: choice(UNIT_SYSTEMS).optional(),
    /** Truckload: an active equipment type's code (the server checks it against the types it keeps). */
    equipment_type: equipmentCode.optional(),
    client_ref: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
    /** Parcel only; LTL and truckload ignore it. */
    signature: choice(SIGNATURE_OPTIONS).default('none'),
    /** Across a border: the port of entry the shipper chose; without it each carrier crosses at its nearest. */
    port_of_entry: choice(PORT_CODES as [PortCode, ...PortCode[]]).optional(),
    /** Truckload only: the extra stops between pickup and final delivery, in route order. */
    stops: z.array(quoteStop, { error: 'validation.invalid' }).max(MAX_TRUCKLOAD_STOPS, { error: 'validation.stops_max' }).default([]),
  })
  .superRefine((q, ctx) => {
    if (q.mode !== 'truckload' && q.stops.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['stops'], message: 'validation.stops_truckload_only' });
    }
    if (q.mode === 'truckload' && q.equipment_type === undefined) {
      ctx.addIssue({ code: 'custom', path: ['equipment_type'], message: 'validation.required' });
    }
    if (q.port_of_entry && !portOnLane(q.port_of_entry, q.origin.country, q.destination.country)) {
      ctx.addIssue({ code: 'custom', path: ['port_of_entry'], message: 'validation.port_of_entry' });
    }
  });
export type QuoteRequest = z.output<typeof quoteRequest>;

/** POST /api/public/quotes: a visitor's quote, LTL or parcel (a truckload is quoted with an account). */
export const publicQuoteRequest = quoteRequest.refine((q) => q.mode !== 'truckload', { path: ['mode'], error: 'validation.choice' });
export type QuoteRequestInput = z.input<typeof quoteRequest>;

/** What the server computed of each item line of a quote (inches, pounds, cubic feet). */
export interface QuoteItemFacts {
  package_type: string;
  quantity: number;
  cubic_ft: number;
  weight_lb: number;
  density_pcf: number;
  freight_class: FreightClass;
  class_source: string;
  density_class: FreightClass;
}

/**
 * The quote list's filters (GET /api/quotes): `q` matches the client reference and the
 * origin/destination postal codes; `mine` keeps the quotes the caller ran.
 */
export const quoteListQuery = z.object({
  mode: choice(QUOTE_MODES).optional(),
  q: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
  mine: mineParam,
});

/**
 * The 'send the request to sales' offer (7 or more pallets and the other
 * call-for-a-quote answers), POST /api/quotes/:id/sales-request: who the sales desk should call back.
 */
export const salesRequest = z.object({
  name: requiredText('validation.required', 160),
  email: email('validation.required'),
  phone: phone('validation.required'),
  notes: z.string({ error: 'validation.invalid' }).trim().max(2000, { error: 'validation.too_long' }).optional(),
});
export type SalesRequest = z.output<typeof salesRequest>;
export type SalesRequestInput = z.input<typeof salesRequest>;

/** The request sent to the sales desk. */
export const salesRequestView = z.strictObject({
  id: z.string(),
  created_at: z.string().meta({ description: 'When it was sent (ISO 8601)' }),
});

/** GET /api/postal-codes/:country/:postal_code (and its public twin): the place of a postal code. */
export const postalPlace = z.strictObject({
  postal_code: z.string().meta({ description: 'The code as the lookup reads it (a ZIP+4 gives its first five)' }),
  country: z.enum(COUNTRIES),
  city: z.string(),
  state: z.string(),
  municipality: z.string().optional().meta({ description: 'Mexico: the municipio, when known' }),
});
export type PostalPlace = z.output<typeof postalPlace>;

/**
 * GET /api/pickup-dates/first: the first pickup date that can be quoted for an origin. The state
 * (or province) sets the origin's time zone; a postal code names it when the state is not known.
 */
export const pickupDateQuery = z.object({
  country: z.enum(COUNTRIES, { error: 'validation.choice' }),
  state: z.string().trim().max(8, { error: 'validation.too_long' }).optional(),
  postal_code: z.string().trim().max(16, { error: 'validation.too_long' }).optional(),
});
export type PickupDateQuery = z.output<typeof pickupDateQuery>;

/** Why a day before the first quotable one is not offered: a weekend, a holiday, or its cut-off has passed. */
export type PickupSkipReason = 'weekend' | 'holiday' | 'cutoff';

/** The answer of GET /api/pickup-dates/first, holiday names in the caller's language. */
export const firstPickupDate = z.strictObject({
  date: z.iso.date().meta({ description: 'The first quotable pickup date at the origin, counted in its time zone' }),
  skipped: z
    .array(
      z.strictObject({
        date: z.iso.date(),
        reason: z.enum(['weekend', 'holiday', 'cutoff'] satisfies PickupSkipReason[]),
        holiday: z.string().optional().meta({ description: 'A holiday’s name, in the language of Accept-Language' }),
      }),
    )
    .meta({ description: 'The days after today and before `date`, and why each is passed over' }),
  cutoff: z.string().meta({ description: 'HH:MM at the origin on the business day before a pickup: when a quote for it stops holding' }),
  expires_at: z.iso.datetime({ offset: true }).meta({ description: 'When a quote for `date` stops holding' }),
});
export type FirstPickupDate = z.output<typeof firstPickupDate>;
