import { PAYMENT_STATES, SHIPMENT_STATUSES } from '@freight/domain';
import { CUSTOMS_STAGES } from '@freight/domain/customs';
import { z } from 'zod';
import { REFERENCE_TYPES } from './references';
import {
  customsView,
  deliveryWindowView,
  hazmatView,
  insuranceView,
  parcelOptionsView,
  shipmentDocumentView,
  temperatureView,
} from './shipmentDetails';
import { crossingView, placeView, shipmentItemView, stopView } from './shipmentPlaces';
import { PARCEL_PICKUP_NOTES } from './shipments';
import { teamPerson } from './team';

/*
 * The shipments' wire shapes (answers): a shipment in the list and in full, its charges,
 * tracking, payment, the truckload confirmation and the public tracking page (its places, stops,
 * items and crossing: shipmentPlaces.ts; what booking asked and the portal adds: shipmentDetails.ts).
 * Those with a zod schema are held to it by the API tests and documented from it (the partner API's
 * OpenAPI).
 */

/** A price line: what it is for and what it costs. */
export const chargeView = z.strictObject({
  code: z
    .string()
    .meta({ description: 'What the line is for (e.g. `freight`, `discount`, `fuel`, `accessorial`, `insurance`, `minimum`)' }),
  label: z.string().meta({ description: "The line's name in the reader's language" }),
  amount_cents: z.int().meta({ description: 'In cents of `currency`; negative for a discount' }),
});
export type ChargeView = z.output<typeof chargeView>;

/** A tracking event (a shipment's are listed oldest first). */
export const trackingEventView = z.strictObject({
  status: z.enum(SHIPMENT_STATUSES).meta({ description: 'The shipment status the event set' }),
  status_code: z.string().meta({ description: 'The X12 214 status code (e.g. `AF` picked up, `D1` delivered)' }),
  reason_code: z.string().nullable().meta({ description: 'The X12 214 reason code of an exception; null for none' }),
  description: z.string().meta({ description: "The carrier's status text" }),
  city: z.string(),
  state: z.string(),
  occurred_at: z.iso.datetime().meta({ description: 'When, in UTC' }),
  local_time: z.string().meta({ description: "`YYYY-MM-DDTHH:MM` at the event's place (the carrier's local time)" }),
});
export type TrackingEventView = z.output<typeof trackingEventView>;

/** GET /api/shipments/:id/events: the shipment's status and its events, oldest first. */
export const shipmentEventsView = z.strictObject({
  shipment_id: z.uuid(),
  status: z.enum(SHIPMENT_STATUSES),
  events: z.array(trackingEventView),
});
export type ShipmentEventsView = z.output<typeof shipmentEventsView>;

/** A booking's payment: a prepaid account pays each booking by card; on credit terms there is nothing to pay. */
export const paymentView = z.strictObject({
  state: z.enum(PAYMENT_STATES),
  due_at: z.iso.datetime().nullable().meta({ description: 'While `awaiting`: when the unpaid booking is canceled; null otherwise' }),
  can_extend: z.boolean().meta({ description: 'Whether the shipper may still move the due time on, once, by the original window' }),
  amount_cents: z.int().meta({ description: 'What is paid: the total, in cents of `currency`' }),
  hold_cents: z
    .int()
    .meta({ description: 'What the card authorization holds beyond `amount_cents`, in cents of `currency`; 0 on credit terms' }),
  card_last4: z.string().nullable().meta({ description: "The paying card's last four digits; null before a card paid" }),
  paid_at: z.iso.datetime().nullable(),
  credit_memo: z
    .strictObject({ id: z.uuid(), number: z.string() })
    .nullable()
    .meta({ description: 'A canceled paid booking (`released` or `refunded`): the credit memo of its receipt invoice; null otherwise' }),
});
export type PaymentView = z.output<typeof paymentView>;

/** A shipment's end as the list shows it. */
const listPlace = z.strictObject({
  company: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string().meta({ description: 'ISO 3166 code: `US`, `CA` or `MX`' }),
});

/** A shipment in the list (GET /api/shipments). */
export const shipmentListItem = z.strictObject({
  id: z.uuid(),
  status: z.enum(SHIPMENT_STATUSES),
  action_required: z.boolean().meta({ description: 'Staff ask the shipper to act on it (the detail says what)' }),
  mode: z.enum(['ltl', 'parcel', 'truckload']),
  bol_number: z.string(),
  pro_number: z.string().nullable().meta({ description: "The carrier's PRO number once it gave one" }),
  tracking_number: z.string().nullable().meta({ description: "A parcel's tracking number" }),
  reference_type: z.enum(REFERENCE_TYPES).nullable().meta({ description: "The first reference's type (older clients: `references[0]`)" }),
  reference_number: z.string().meta({ description: "The first reference's number; '' for none" }),
  references: z
    .array(z.strictObject({ type: z.enum(REFERENCE_TYPES), value: z.string() }))
    .meta({ description: "Every reference, in the shipper's order" }),
  carrier_name: z.string(),
  scac: z.string(),
  pickup_date: z.iso.date(),
  estimated_delivery: z.iso.date().nullable().meta({ description: "Staff's date when they set one, else the carrier's" }),
  origin: listPlace,
  destination: listPlace,
  currency: z.string().meta({ description: 'ISO 4217 code of `total_cents`' }),
  total_cents: z.number().int().meta({ description: 'What the shipper pays, in cents of `currency`' }),
  payment_state: z.enum(PAYMENT_STATES).meta({ description: "`not_required` on credit terms; a prepaid booking's payment otherwise" }),
  created_at: z.iso.datetime(),
  booked_by: teamPerson.nullable().meta({ description: "Who of the account's team booked it" }),
});
export type ShipmentListItem = z.output<typeof shipmentListItem>;

/** A shipment in full (GET /api/shipments/:id, the answers of booking and cancel). */
export const shipmentView = shipmentListItem.omit({ origin: true, destination: true }).extend({
  quote_id: z.uuid().nullable().meta({ description: 'The quote it booked; null once that quote is gone' }),
  approved_by: teamPerson
    .nullable()
    .meta({ description: "The account admin who approved it, when it went beyond its booker's rights; null otherwise" }),
  service: z.string().meta({ description: "The rate's service (a truckload's: its equipment type's code)" }),
  service_name: z
    .string()
    .nullable()
    .meta({ description: "A truckload's equipment type named in the reader's language (retired types too); null otherwise" }),
  pickup_number: z.string().nullable().meta({ description: "The carrier's pickup number once it gave one" }),
  delivery_confirmation_number: z.string().nullable().meta({ description: "The carrier's delivery confirmation number once it gave one" }),
  transit_days: z.int().meta({ description: "The rate's transit in business days" }),
  crossing: crossingView.nullable().meta({
    description: 'Across a border: the port of entry (its two cities) and whether one truck crosses or hands over; null within one country',
  }),
  customs: customsView.nullable().meta({ description: 'Across a border: the customs declaration as booked; null within one country' }),
  customs_stage: z
    .strictObject({ stage: z.enum(CUSTOMS_STAGES), since: z.iso.datetime() })
    .nullable()
    .meta({ description: 'Across a border and still on its way: where customs have it and since when; null otherwise' }),
  customs_entry_number: z.string().nullable().meta({
    description: "The entered country's customs reference (pedimento, entry or transaction number) once the broker gave it",
  }),
  customs_version: z.int().meta({
    description: "The customs declaration's version: 1 as booked, one more for each correction; earlier ones print with `?version=`",
  }),
  ready_time: z.string().meta({ description: "The pickup window's start, `HH:MM`; '' for a parcel dropped off" }),
  close_time: z.string().meta({ description: "The pickup window's end, `HH:MM`; '' for a parcel dropped off" }),
  delivery_appointment: z.boolean(),
  delivery_date: z.iso.date().nullable().meta({ description: "The delivery appointment's date; null without one" }),
  pickup: placeView.meta({ description: 'Where the carrier picks it up, and the contact there' }),
  delivery: placeView.meta({ description: 'Where it is delivered (the last stop), and the contact there' }),
  stops: z.array(stopView).meta({ description: "A truckload's extra stops in route order (between pickup and delivery); [] otherwise" }),
  notes: z.string(),
  pickup_note: z
    .enum(PARCEL_PICKUP_NOTES)
    .nullable()
    .meta({ description: "A parcel's pickup note (from its handoff and carrier); null otherwise" }),
  parcel_options: parcelOptionsView
    .nullable()
    .meta({ description: "A parcel's handoff, signature and residential delivery; null for LTL and truckload" }),
  temperature: temperatureView.nullable().meta({ description: "A reefer truckload's temperature range (whole °F); null otherwise" }),
  hazardous: z.boolean(),
  hazmat: hazmatView.nullable().meta({ description: 'The hazardous materials details when `hazardous`; null otherwise' }),
  items: z.array(shipmentItemView),
  accessorials: z.array(z.string()).meta({ description: 'The accessorial services booked (e.g. `liftgate_delivery`)' }),
  charges: z.array(chargeView).meta({ description: 'The price lines; they add up to `total_cents`' }),
  declared_value_cents: z.int().meta({ description: 'The value of the goods as quoted, in cents of `currency`' }),
  insurance: insuranceView.nullable().meta({ description: 'The insurance bought with the booking; null for carrier liability only' }),
  payment: paymentView,
  notify_consignee: z.boolean().meta({ description: 'The delivery contact is also mailed on status changes' }),
  documents: z.array(shipmentDocumentView).meta({
    description:
      "Each in the carrier's language (`language`), and a `copy` in the reader's language when it differs: the driver reads the one, the shipper the other",
  }),
  confirmation_path: z
    .string()
    .nullable()
    .meta({ description: "A truckload's public confirmation page (signed link) for the consignee; null for other modes" }),
  delivery_window: deliveryWindowView.optional().meta({
    description:
      'On its way on a lane its carrier has a learned window for: when it can expect delivery from its pickup date; absent otherwise',
  }),
  events: z.array(trackingEventView).meta({ description: 'Its tracking events, oldest first' }),
  action_message: z
    .string()
    .nullable()
    .meta({ description: "What staff ask the shipper to do when they set 'Action Required' themselves; null otherwise" }),
  canceled_at: z.iso.datetime().nullable(),
  delivered_at: z.iso.datetime().nullable(),
});
export type ShipmentView = z.output<typeof shipmentView>;

/** A place on the truckload confirmation: who, where, the hours and the contact the driver calls. */
export const confirmationPlace = placeView
  .pick({
    company: true,
    phone: true,
    street1: true,
    street2: true,
    city: true,
    state: true,
    postal_code: true,
    country: true,
    interior_number: true,
    exterior_number: true,
    neighborhood: true,
    opens_at: true,
    closes_at: true,
  })
  .extend({ contact: z.string().meta({ description: 'First and last name' }) });
export type ConfirmationPlace = z.output<typeof confirmationPlace>;

/**
 * GET /api/public/truckload-confirmations/:token: the truckload confirmation page for whoever
 * holds the signed link (the consignee): the load, its dates and places; no prices.
 */
export const truckloadConfirmationView = z.strictObject({
  bol_number: z.string(),
  pro_number: z.string().nullable(),
  pickup_number: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  carrier_name: z.string(),
  scac: z.string(),
  equipment_type: z.string().meta({ description: "The equipment type's code" }),
  equipment_name: z
    .string()
    .nullable()
    .meta({ description: "The equipment type's name in the reader's language; null if the code is unknown" }),
  pickup_date: z.iso.date(),
  ready_time: z.string().meta({ description: '`HH:MM`' }),
  close_time: z.string().meta({ description: '`HH:MM`' }),
  delivery_date: z.iso.date().nullable(),
  delivery_appointment: z.boolean(),
  estimated_delivery: z.iso.date().nullable(),
  pickup: confirmationPlace,
  delivery: confirmationPlace,
  stops: z
    .array(stopView.extend({ place: confirmationPlace }))
    .meta({ description: 'The extra stops in route order, each place as the confirmation shows one' }),
  reference_type: z.enum(REFERENCE_TYPES).nullable(),
  reference_number: z.string(),
  references: z
    .array(z.strictObject({ type: z.enum(REFERENCE_TYPES), value: z.string() }))
    .meta({ description: "Every reference, in the shipper's order (the first is also `reference_type` and `reference_number`)" }),
  pieces: z.int(),
  weight_lb: z.number(),
  hazardous: z.boolean(),
  notes: z.string(),
});
export type TruckloadConfirmationView = z.output<typeof truckloadConfirmationView>;

/** A shipment's end on the public tracking page: the city only. */
const publicTrackingPlace = z.strictObject({ city: z.string(), state: z.string(), country: z.string() });

/** GET /api/public/tracking/:number: what anyone with the number may see; no prices, no contacts. */
export const publicTrackingView = z.strictObject({
  number: z.string().meta({ description: 'The number looked up (BOL, PRO or tracking number)' }),
  status: z.enum(SHIPMENT_STATUSES),
  mode: z.enum(['ltl', 'parcel', 'truckload']),
  carrier_name: z.string(),
  pickup_date: z.iso.date(),
  estimated_delivery: z.iso.date().nullable(),
  delivery_window: deliveryWindowView.optional().meta({
    description: 'On its way on a lane with a learned window: its expected delivery window; absent otherwise',
  }),
  delivered_at: z.iso.datetime().nullable(),
  origin: publicTrackingPlace,
  destination: publicTrackingPlace,
  events: z.array(trackingEventView.omit({ reason_code: true })).meta({ description: 'Oldest first' }),
});
export type PublicTrackingView = z.output<typeof publicTrackingView>;
