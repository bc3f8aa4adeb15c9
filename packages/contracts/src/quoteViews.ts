import { COUNTRIES, CURRENCIES, TRUCKLOAD_STOP_KINDS, UNIT_SYSTEMS } from '@freight/domain';
import { PORT_CODES, type PortCode } from '@freight/domain/rating/ports';
import { z } from 'zod';
import { EBAY_ORDER_PREFILL } from './ebay';
import { PACKAGE_TYPES, QUOTE_MODES, SIGNATURE_OPTIONS, SITE_TYPES } from './quoteChoices';
import { QUOTE_ACCESSORIALS } from './quotes';
import { deliveryWindowView, insuranceView } from './shipmentDetails';
import { crossingView, placeView } from './shipmentPlaces';
import { chargeView } from './shipmentViews';
import { teamPerson } from './team';

/*
 * What the quote routes answer, as strict schemas: the API tests hold the answers to them and the
 * partner API's OpenAPI document describes the answers from them. Money is integer cents in the
 * quote's currency; dates are `YYYY-MM-DD`, times ISO 8601 in UTC.
 */

/** A quoted end as asked: postal code, country and kind of site. */
const askedPlace = z.strictObject({ postal_code: z.string(), country: z.enum(COUNTRIES), site_type: z.enum(SITE_TYPES) });

/** A quoted end: what was asked and the city and state its postal code names. */
const quotedPlace = askedPlace.extend({
  city: z.string().meta({ description: "The postal code's city; '' when the reference data does not know it" }),
  state: z.string(),
});

/** A quote in the list (GET /api/quotes): what was asked in brief and what it found, without its rates. */
export const quoteListItem = z.strictObject({
  id: z.uuid(),
  number: z.string().meta({ description: '`Q` and eight digits: what the shipper quotes by' }),
  mode: z.enum(QUOTE_MODES),
  client_ref: z.string().nullable().meta({ description: "The caller's own reference for the quote, when it gave one" }),
  saved: z.boolean().meta({ description: 'Kept by the shipper for later (saved quotes do not expire from the list)' }),
  currency: z.enum(CURRENCIES).meta({ description: 'ISO 4217 code of the quote’s prices' }),
  lowest_total_cents: z.number().int().nullable().meta({ description: 'The cheapest rate’s total; null when it found none' }),
  created_at: z.iso.datetime(),
  expires_at: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When its rates stop holding (booking it later answers 409 `quote_expired`); null on quotes from before expiry' }),
  pickup_date: z.iso.date(),
  origin: quotedPlace,
  destination: quotedPlace,
  load: z.strictObject({
    pieces: z.number().int().meta({ description: 'Handling units' }),
    weight_lb: z.number().int().meta({ description: 'Total weight in pounds, rounded' }),
    classes: z.array(z.number()).meta({ description: 'The freight classes an LTL quote was rated with, lowest first; [] otherwise' }),
  }),
  rates_count: z.number().int(),
  created_by: teamPerson.nullable().meta({ description: "Who of the account's team ran it" }),
});
export type QuoteListItem = z.output<typeof quoteListItem>;

/** The request as the quote keeps it (POST /api/quotes' body after its defaults, in its unit system and currency). */
const quotedRequest = z.strictObject({
  mode: z.enum(QUOTE_MODES),
  pickup_date: z.iso.date(),
  origin: askedPlace,
  destination: askedPlace,
  items: z.array(
    z.strictObject({
      description: z.string().optional(),
      package_type: z.enum(PACKAGE_TYPES),
      quantity: z.int(),
      length: z.number().meta({ description: 'Inches, or centimetres in the metric unit system' }),
      width: z.number(),
      height: z.number(),
      weight: z.number().meta({ description: 'Per handling unit: pounds, or kilograms in the metric unit system' }),
      freight_class: z.number().optional().meta({ description: 'The class the shipper gave; absent: from the NMFC item or the density' }),
      nmfc: z.string().optional(),
      stackable: z.boolean(),
      hazardous: z.boolean(),
    }),
  ),
  accessorials: z.array(z.enum(QUOTE_ACCESSORIALS)),
  insured_value: z.number().meta({ description: 'The shipment’s value in `currency` (major units)' }),
  currency: z.enum(CURRENCIES),
  unit_system: z.enum(UNIT_SYSTEMS),
  equipment_type: z.string().optional().meta({ description: "A truckload's equipment type code" }),
  client_ref: z.string().optional(),
  signature: z.enum(SIGNATURE_OPTIONS).meta({ description: 'A parcel’s delivery signature; `none` for LTL and truckload' }),
  port_of_entry: z.enum(PORT_CODES as [PortCode, ...PortCode[]]).optional(),
  stops: z
    .array(z.strictObject({ kind: z.enum(TRUCKLOAD_STOP_KINDS), postal_code: z.string(), country: z.enum(COUNTRIES) }))
    .meta({ description: "A truckload's extra stops in route order; [] otherwise" }),
});

/** One item line as rated, in inches, pounds and cubic feet. */
const ratedItem = z.strictObject({
  package_type: z.string(),
  quantity: z.int(),
  cubic_ft: z.number(),
  weight_lb: z.number().meta({ description: 'Of the whole line' }),
  density_pcf: z.number().meta({ description: 'Pounds per cubic foot' }),
  freight_class: z.number().meta({ description: 'The class it was rated at' }),
  class_source: z.string().meta({ description: '`explicit` (given), `nmfc` (from the NMFC item) or `density`' }),
  density_class: z.number().meta({ description: 'The class its density gives' }),
});

/** A carrier's rate: its price in the quote's currency, line by line, and when it delivers. */
export const quoteRateView = z.strictObject({
  id: z.string().meta({ description: 'What booking names the rate by' }),
  carrier_name: z.string(),
  scac: z.string(),
  service: z.string().meta({ description: "The carrier's service level; a truckload's is its equipment type code" }),
  service_name: z.string().nullable().meta({ description: "A truckload's equipment type named in the reader's language; null otherwise" }),
  transit_days: z.int().meta({ description: 'Business days from pickup' }),
  estimated_delivery: z.iso.date(),
  delivery_window: deliveryWindowView
    .nullable()
    .meta({ description: "The lane's learned delivery window, or the promise; null on quotes rated before windows" }),
  crossing: crossingView.nullable().meta({ description: 'Across a border: where and how it crosses; null within one country' }),
  currency: z.enum(CURRENCIES),
  total_cents: z.int(),
  charges: z.array(
    chargeView.extend({ detail: z.string().nullable().meta({ description: 'The accessorial or surcharge it is for; null otherwise' }) }),
  ),
});
export type QuoteRateView = z.output<typeof quoteRateView>;

/** A place the Book Shipment step starts from (a reship's, a return's or an eBay order's). */
const prefilledPlace = placeView.extend({ save_to_address_book: z.boolean().optional() });

/** A quote in full (POST /api/quotes, GET /api/quotes/:id): what was asked, what it rated, and why a rate is missing. */
export const quoteView = quoteListItem
  .omit({ pickup_date: true, origin: true, destination: true, load: true, rates_count: true, created_by: true })
  .extend({
    inputs: quotedRequest,
    items: z.array(ratedItem),
    road_miles: z.number().nullable().meta({ description: 'A truckload’s road distance, stops included; null otherwise' }),
    diesel_usd_per_gal: z.number().nullable().meta({ description: 'The diesel price its fuel surcharges used; null when none did' }),
    rates: z.array(quoteRateView).meta({ description: "The user's preferred carriers first, each group cheapest first" }),
    insurance_options: z.array(insuranceView),
    messages: z
      .array(
        z.strictObject({
          level: z.enum(['no_rate', 'warning']),
          key: z.string().meta({ description: 'e.g. `quote.no_rate.pickup_holiday`, `quote.no_rate.cross_border`' }),
          params: z.record(z.string(), z.unknown()),
          text: z.string().meta({ description: "In the reader's language" }),
        }),
      )
      .meta({ description: 'Why a carrier gave no rate, and warnings that go with the rates' }),
    booking_prefill: z
      .strictObject({
        source: z.literal(EBAY_ORDER_PREFILL).optional().meta({ description: 'An eBay order’s (the buyer’s email may be left out)' }),
        pickup: prefilledPlace.optional(),
        delivery: prefilledPlace,
        stops: z.array(prefilledPlace).optional(),
      })
      .nullable()
      .meta({ description: "A reship's, a return's or an eBay order's places, which the booking starts from; null otherwise" }),
    booked_at: z.iso.datetime().nullable().meta({ description: 'When a shipment was booked from it; null before' }),
  });
export type QuoteView = z.output<typeof quoteView>;

/** POST /api/public/quotes: a visitor's rating, nothing stored (so no number, no expiry, nothing to book from). */
export const publicQuoteView = quoteView.pick({
  inputs: true,
  items: true,
  road_miles: true,
  diesel_usd_per_gal: true,
  rates: true,
  insurance_options: true,
  messages: true,
});
export type PublicQuoteView = z.output<typeof publicQuoteView>;
