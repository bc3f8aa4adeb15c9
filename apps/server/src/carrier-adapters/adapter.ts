import type { Currency, TruckloadStopKind, UnitSystem } from '@freight/domain';
import type {
  AccessorialCode,
  ChargeLine,
  EquipmentSpec,
  FreightClass,
  PortCode,
  RateCrossing,
  RateMessage,
  SignatureOption,
} from '@freight/domain/rating';
import type { CarrierMode, carriers } from '../db/schema';

/** A carrier as the portal keeps it (its row): what an adapter is built from. */
export type CarrierRow = typeof carriers.$inferSelect;

/** One handling-unit line in engine units (inches, pounds per unit). */
export interface RateItem {
  package_type: string;
  quantity: number;
  length_in: number;
  width_in: number;
  height_in: number;
  unit_weight_lb: number;
  freight_class?: FreightClass;
  stackable: boolean;
  hazardous: boolean;
}

export interface RatePlace {
  postal_code: string;
  country: 'US' | 'CA' | 'MX';
  site_type: string;
  city: string;
  state: string;
}

/** A truckload's extra stop: an extra pickup or drop between origin and destination. */
export interface RateStop extends RatePlace {
  kind: TruckloadStopKind;
}

/** What every carrier is asked: one shipment, already validated and normalised (USD inside). */
export interface RateRequest {
  mode: CarrierMode;
  pickup_date: string;
  origin: RatePlace;
  destination: RatePlace;
  /** Truckload only: the extra stops in route order ([] otherwise). */
  stops: RateStop[];
  /** Road miles (heuristic, through the stops) and great-circle miles origin to destination (parcel zones). */
  road_miles: number;
  direct_miles: number;
  items: RateItem[];
  accessorials: AccessorialCode[];
  declared_value_cents: number;
  diesel_usd_per_gal: number;
  /** Truckload: the equipment type asked for, as data (the `equipment_types` row). */
  equipment?: EquipmentSpec;
  /** Parcel signature option ('none' for LTL and truckload). */
  signature: SignatureOption;
  unit_system: UnitSystem;
  currency: Currency;
  /** Across a border: the port of entry the shipper chose (else each carrier crosses at its nearest). */
  port_of_entry?: PortCode;
}

export interface CarrierRate {
  status: 'rated';
  service: string;
  transit_days: number;
  estimated_delivery: string;
  /** USD cents; lines sum to total_cents. */
  lines: ChargeLine[];
  total_cents: number;
  messages: RateMessage[];
  /** Across a border: the port of entry it crosses at and how (one truck, or handed over). */
  crossing?: RateCrossing;
}

export type { RateCrossing } from '@freight/domain/rating';

export interface NoRate {
  status: 'no_rate';
  messages: RateMessage[];
}

/** A carrier the quote asks for a price: today a tariff in our database, later a carrier API. */
export interface CarrierAdapter {
  readonly carrier: { id: string; name: string; scac: string };
  rate(request: RateRequest): Promise<CarrierRate | NoRate>;
}

/** ---- Booking, cancel and tracking; an adapter offers what its carrier supports. ---- */

/** What a carrier is told when a rate is booked. */
export interface CarrierBookingRequest {
  shipment_id: string;
  bol_number: string;
  mode: CarrierMode;
  service: string;
  pickup_date: string;
  ready_time: string;
  close_time: string;
  origin: RatePlace;
  destination: RatePlace;
  items: RateItem[];
  hazardous: boolean;
  /** A truckload's extra stops in route order, with when the truck is expected at each. */
  stops: BookedStop[];
}

/** An extra stop as the carrier is told of it: where, the contact the driver calls, and when. */
export interface BookedStop extends RateStop {
  company: string;
  street1: string;
  street2: string;
  contact: string;
  phone: string;
  date: string;
  appointment: boolean;
  time_from: string;
  time_to: string;
}

/** The carrier's numbers for a booked shipment. */
export interface CarrierBooking {
  pro_number: string;
  pickup_number: string | null;
  /** Parcel tracking number; LTL and truckload are tracked by PRO. */
  tracking_number: string | null;
}

/** A shipment as a carrier's tracking sees it. */
export interface TrackedShipment {
  id: string;
  bol_number: string;
  pro_number: string | null;
  mode: CarrierMode;
  pickup_date: string;
  ready_time: string;
  transit_days: number;
  estimated_delivery: string | null;
  origin: { city: string; state: string; country: string };
  destination: { city: string; state: string; country: string };
  /** Across a border: where and how it crosses; null within one country. */
  crossing: RateCrossing | null;
  /** When a corrected document last went to the broker for freight held at the border (ISO 8601). */
  customs_corrected_at: string | null;
}

/** One event as a carrier reports it (X12 214 style; the portal maps codes with map214). */
export interface CarrierEvent {
  event_id: string;
  status_code: string;
  reason_code: string | null;
  /** ISO 8601 with the local offset of the event's place. */
  occurred_at: string;
  city: string;
  state: string;
  description: string;
}

/** What a carrier beyond rating may offer: booking, cancel, and polled tracking. */
export interface BookingCarrierAdapter extends CarrierAdapter {
  book(request: CarrierBookingRequest): Promise<CarrierBooking>;
  cancel(shipment: TrackedShipment): Promise<void>;
  /** Polling adapters: every event the carrier has for the shipment up to `now` (repeats are fine). */
  track?(shipment: TrackedShipment, now: Date): Promise<CarrierEvent[]>;
  /** LTL carriers: what their dock found at delivery (a reweigh or reclass), or null when the freight was as booked. */
  inspect?(shipment: InspectedShipment): Promise<CarrierCorrection | null>;
}

/** A delivered shipment as a carrier inspects it: its BOL and what was booked (pounds, the highest class). */
export interface InspectedShipment {
  bol_number: string;
  weight_lb: number;
  freight_class: number | null;
}

/**
 * A carrier's correction of a delivered shipment: its weight or class as found, the
 * factor its charge moves by (from the carrier's tariff), and whether it came with the delivery
 * or after the invoice (then an adjustment invoice carries it).
 */
export interface CarrierCorrection {
  kind: 'reweigh' | 'reclass';
  weight_lb: number;
  freight_class: number | null;
  factor: number;
  reported: 'with_delivery' | 'after_invoice';
  /**
   * The carrier as its invoice names itself, when it does: a SCAC or a name that may be a legacy
   * one or an alias. Matched through the SCAC aliases to the shipment's carrier.
   */
  billed_by?: { scac?: string; name?: string };
}
