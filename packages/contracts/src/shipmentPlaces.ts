import { COUNTRIES, TRUCKLOAD_STOP_KINDS } from '@freight/domain';
import { CROSSING_KINDS } from '@freight/domain/rating/ports';
import { z } from 'zod';

/*
 * The parts of a shipment in full (ShipmentView, shipmentViews.ts) as answered: its places and
 * stops, its items and charges, its border crossing. Strict schemas: the API tests hold the answers
 * to them and the partner API's OpenAPI document describes the answers from them.
 */

/** A line of the shipment as booked (lengths in inches, weights in pounds). */
export const shipmentItemView = z.strictObject({
  description: z.string(),
  package_type: z.string().meta({ description: 'e.g. `pallets`, `crates`, `boxes`' }),
  quantity: z.int().meta({ description: 'Handling units' }),
  length_in: z.number(),
  width_in: z.number(),
  height_in: z.number(),
  weight_lb: z.number().meta({ description: 'Per handling unit' }),
  freight_class: z.number().nullable().meta({ description: 'The freight class an LTL item was rated at; null for parcel and truckload' }),
  nmfc: z.string().meta({ description: "The NMFC item number; '' for none" }),
  stackable: z.boolean(),
  hazardous: z.boolean(),
});
export type ShipmentItemView = z.output<typeof shipmentItemView>;

/** One end of a shipment (or a truckload's stop) as booked: who is there, the full address and its hours. */
export const placeView = z.strictObject({
  company: z.string(),
  first_name: z.string().meta({ description: "The contact's first name" }),
  last_name: z.string(),
  email: z.string().meta({ description: "The contact's email; '' for a consignee without one (an eBay order's)" }),
  phone: z.string(),
  street1: z.string(),
  street2: z.string().meta({ description: "'' for none" }),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.enum(COUNTRIES).meta({ description: 'ISO 3166 code' }),
  interior_number: z.string().meta({ description: "Mexico: the interior number; '' otherwise" }),
  exterior_number: z.string().meta({ description: "Mexico: the street number; '' otherwise" }),
  neighborhood: z.string().meta({ description: "Mexico: the colonia; '' otherwise" }),
  opens_at: z.string().meta({ description: "Hours of operation: `HH:MM`, or '' when not given" }),
  closes_at: z.string().meta({ description: "`HH:MM`, or '' when not given" }),
});
export type PlaceView = z.output<typeof placeView>;

/** A truckload's extra stop as booked (ShipmentView.stops): what kind, where, and when. */
export const stopView = z.strictObject({
  kind: z.enum(TRUCKLOAD_STOP_KINDS).meta({ description: 'Whether freight is picked up or dropped there' }),
  place: placeView,
  date: z.iso.date(),
  appointment: z.boolean().meta({ description: 'An appointment at `time_from`, else a window from `time_from` to `time_to`' }),
  time_from: z.string().meta({ description: "`HH:MM`: the appointment's time, or the window's start" }),
  time_to: z.string().meta({ description: "`HH:MM`: the window's end; '' with an appointment" }),
});
export type StopView = z.output<typeof stopView>;

/** Where a shipment (or a rate) crosses a border. */
export const crossingView = z.strictObject({
  port: z.string().meta({ description: "The port of entry's code" }),
  port_name: z.string().meta({ description: 'The port by its two cities, e.g. `Laredo, TX – Nuevo Laredo, TAM`' }),
  kind: z.enum(CROSSING_KINDS).meta({ description: '`single_line`: one truck from door to door; `transfer`: handed over at the border' }),
});
export type CrossingView = z.output<typeof crossingView>;
