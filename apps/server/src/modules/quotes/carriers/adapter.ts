import type { Currency, UnitSystem } from '@freight/domain';
import type { AccessorialCode, ChargeLine, Equipment, FreightClass, RateMessage, SignatureOption } from '@freight/domain/rating';
import type { CarrierMode } from '../../../db/schema';

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

/** What every carrier is asked: one shipment, already validated and normalised (USD inside). */
export interface RateRequest {
  mode: CarrierMode;
  pickup_date: string;
  origin: RatePlace;
  destination: RatePlace;
  /** Road miles (heuristic) and great-circle miles (parcel zones). */
  road_miles: number;
  direct_miles: number;
  items: RateItem[];
  accessorials: AccessorialCode[];
  declared_value_cents: number;
  diesel_usd_per_gal: number;
  equipment_type?: Equipment;
  /** Parcel signature option ('none' for LTL and truckload). */
  signature: SignatureOption;
  unit_system: UnitSystem;
  currency: Currency;
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
}

export interface NoRate {
  status: 'no_rate';
  messages: RateMessage[];
}

/** A carrier the quote asks for a price: today a tariff in our database, later a carrier API. */
export interface CarrierAdapter {
  readonly carrier: { id: string; name: string; scac: string };
  rate(request: RateRequest): Promise<CarrierRate | NoRate>;
}
