import {
  type COUNTRIES,
  PAYMENT_STATES,
  type PaymentState,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
  type TruckloadStopKind,
} from '@freight/domain';
import type { CustomsStage } from '@freight/domain/customs';
import { z } from 'zod';
import type { CustomsView } from './customs';
import type { DeliveryWindowView } from './deliveryWindows';
import type { ShipmentReference } from './references';
import { REFERENCE_TYPES } from './references';
import type { HazmatDetails, ParcelOptions, ParcelPickupNote, ReferenceType, ShipmentDocument, TemperatureRange } from './shipments';
import { type TeamPerson, teamPerson } from './team';

/*
 * The shipments' wire shapes (answers): a shipment in the list and in full, its places, charges,
 * tracking, payment, the truckload confirmation and the public tracking page. Those with a zod
 * schema are held to it by the API tests and documented from it (the partner API's OpenAPI).
 */

export interface ChargeView {
  code: string;
  label: string;
  amount_cents: number;
}

export interface ShipmentItemView {
  description: string;
  package_type: string;
  quantity: number;
  length_in: number;
  width_in: number;
  height_in: number;
  /** Per handling unit. */
  weight_lb: number;
  freight_class: number | null;
  nmfc: string;
  stackable: boolean;
  hazardous: boolean;
}

export interface PlaceView {
  company: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  postal_code: string;
  country: (typeof COUNTRIES)[number];
  interior_number: string;
  exterior_number: string;
  neighborhood: string;
  opens_at: string;
  closes_at: string;
}

/** A tracking event, newest first in every list of them. */
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

/** GET /api/shipments/:id/events: the shipment's status and its events, newest first. */
export const shipmentEventsView = z.strictObject({
  shipment_id: z.uuid(),
  status: z.enum(SHIPMENT_STATUSES),
  events: z.array(trackingEventView),
});
export type ShipmentEventsView = z.output<typeof shipmentEventsView>;

export interface PaymentView {
  state: PaymentState;
  /** When an unpaid booking is canceled (awaiting), ISO. */
  due_at: string | null;
  /** Whether the shipper may still move the due time on, once, by the original window. */
  can_extend: boolean;
  amount_cents: number;
  hold_cents: number;
  card_last4: string | null;
  paid_at: string | null;
  /** A canceled paid booking ('released' or 'refunded'): the credit memo of its receipt invoice. */
  credit_memo: { id: string; number: string } | null;
}

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

/** Where a shipment (or a rate) crosses a border. */
export interface CrossingView {
  port: string;
  port_name: string;
  kind: 'single_line' | 'transfer';
}

/** A shipment in full (GET /api/shipments/:id, the booking's answer). */
export interface ShipmentView extends Omit<ShipmentListItem, 'origin' | 'destination'> {
  quote_id: string | null;
  /** The account admin who approved it, when it went beyond its booker's rights. */
  approved_by: TeamPerson | null;
  service: string;
  /** A truckload's equipment type named in the reader's language (retired types too); null otherwise. */
  service_name: string | null;
  pickup_number: string | null;
  delivery_confirmation_number: string | null;
  transit_days: number;
  /** Across a border: the port of entry (its two cities) and whether one truck crosses or hands over; null within one country. */
  crossing: CrossingView | null;
  /** Across a border: the customs declaration as booked (incoterm, items, brokers, RFC); null within one country. */
  customs: CustomsView | null;
  /** Across a border and still on its way: where customs have it (`customsStage`) and since when; null otherwise. */
  customs_stage: { stage: CustomsStage; since: string } | null;
  /** The entered country's customs reference (pedimento, entry or transaction number) once the broker gave it. */
  customs_entry_number: string | null;
  /** The customs declaration's version: 1 as booked, one more for each correction; earlier ones print with `?version=`. */
  customs_version: number;
  ready_time: string;
  close_time: string;
  delivery_appointment: boolean;
  delivery_date: string | null;
  pickup: PlaceView;
  delivery: PlaceView;
  /** A truckload's extra stops in route order (between pickup and delivery); [] otherwise. */
  stops: StopView[];
  notes: string;
  pickup_note: ParcelPickupNote | null;
  /** A parcel's handoff, signature and residential delivery; null for LTL and truckload. */
  parcel_options: ParcelOptions | null;
  /** A reefer truckload's temperature range (whole °F); null otherwise. */
  temperature: TemperatureRange | null;
  hazardous: boolean;
  hazmat: HazmatDetails | null;
  items: ShipmentItemView[];
  accessorials: string[];
  charges: ChargeView[];
  declared_value_cents: number;
  insurance: { kind: string; premium_cents: number; coverage_cents: number; deductible_cents: number } | null;
  payment: PaymentView;
  notify_consignee: boolean;
  /**
   * Each in the carrier's language (`language`), and a `copy` in the reader's language when it
   * differs: the driver reads the one, the shipper the other.
   */
  documents: ShipmentDocument[];
  /** A truckload's public confirmation page (signed link) for the consignee; null for other modes. */
  confirmation_path: string | null;
  /** On its way on a lane its carrier has a learned window for: when it can expect delivery from its pickup date; absent otherwise. */
  delivery_window?: DeliveryWindowView;
  events: TrackingEventView[];
  /** What staff ask the shipper to do when they set 'Action Required' themselves. */
  action_message: string | null;
  canceled_at: string | null;
  delivered_at: string | null;
}

/** A truckload's extra stop as booked (ShipmentView.stops): what kind, where, and when. */
export interface StopView {
  kind: TruckloadStopKind;
  place: PlaceView;
  date: string;
  appointment: boolean;
  /** 'HH:MM': the appointment's time, or the window's start. */
  time_from: string;
  /** 'HH:MM' the window's end; '' with an appointment. */
  time_to: string;
}

/** A place on the truckload confirmation: who, where, the hours and the contact the driver calls. */
export interface ConfirmationPlace
  extends Pick<
    PlaceView,
    | 'company'
    | 'phone'
    | 'street1'
    | 'street2'
    | 'city'
    | 'state'
    | 'postal_code'
    | 'country'
    | 'interior_number'
    | 'exterior_number'
    | 'neighborhood'
    | 'opens_at'
    | 'closes_at'
  > {
  /** First and last name. */
  contact: string;
}

/**
 * GET /api/public/truckload-confirmations/:token: the truckload confirmation page for whoever
 * holds the signed link (the consignee): the load, its dates and places; no prices.
 */
export interface TruckloadConfirmationView {
  bol_number: string;
  pro_number: string | null;
  pickup_number: string | null;
  status: ShipmentStatus;
  carrier_name: string;
  scac: string;
  equipment_type: string;
  /** The equipment type's name in the reader's language (null if the code is unknown). */
  equipment_name: string | null;
  pickup_date: string;
  ready_time: string;
  close_time: string;
  delivery_date: string | null;
  delivery_appointment: boolean;
  estimated_delivery: string | null;
  pickup: ConfirmationPlace;
  delivery: ConfirmationPlace;
  /** The extra stops in route order, each place as the confirmation shows one. */
  stops: (Omit<StopView, 'place'> & { place: ConfirmationPlace })[];
  reference_type: ReferenceType | null;
  reference_number: string;
  /** Every reference, in the shipper's order (the first is also `reference_type`/`reference_number`). */
  references: ShipmentReference[];
  pieces: number;
  weight_lb: number;
  hazardous: boolean;
  notes: string;
}

/** GET /api/public/tracking/:number: what anyone with the number may see; no prices, no contacts. */
export interface PublicTrackingView {
  number: string;
  status: ShipmentStatus;
  mode: 'ltl' | 'parcel' | 'truckload';
  carrier_name: string;
  pickup_date: string;
  estimated_delivery: string | null;
  /** On its way on a lane with a learned window: its expected delivery window (docs/delivery-windows.md); absent otherwise. */
  delivery_window?: DeliveryWindowView;
  delivered_at: string | null;
  origin: { city: string; state: string; country: string };
  destination: { city: string; state: string; country: string };
  events: Omit<TrackingEventView, 'reason_code'>[];
}
