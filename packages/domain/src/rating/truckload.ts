/**
 * Truckload rating: equipment, legal limits, per-mile linehaul, fuel, minimum, stop-offs, team
 * service and transit. Pure data and functions; miles, pounds, inches,
 * integer cents.
 */

import type { BorderService } from './ports';
import type { Cents, ChargeLine, RateMessage } from './types';

/**
 * A truckload equipment type as the engine reads it: data (the server's `equipment_types` table),
 * not a code looked up here, so staff can add a type without a release.
 */
export interface EquipmentSpec {
  /** Lower-case letters, digits and underscores ('dry_van'); quotes and shipments keep it. */
  code: string;
  /** Approximate maximum payload; `null` = no limit checked online. */
  max_weight_lb: number | null;
  length_ft: number | null;
  pallet_positions: number | null;
  temperature_controlled: boolean;
  /** Clear height on the (lower) deck for open decks, `null` for enclosed trailers. */
  deck_clear_height_ft: number | null;
  /** Cents per mile added to the tariff's base (dry van) linehaul; `null` = no online rate, call. */
  per_mile_adjustment_cents: number | null;
}

/** Legal limits: 80,000 lb gross vehicle weight, 102 in wide (every trailer type). */
export const LEGAL_MAX_GROSS_LB = 80_000;
export const LEGAL_MAX_WIDTH_IN = 102;

/** Whether a type is quoted online: oversize equipment (RGN) needs permits and a call. */
export const equipmentOnline = (spec: Pick<EquipmentSpec, 'per_mile_adjustment_cents'>) => spec.per_mile_adjustment_cents !== null;

/** National spot all-in averages, Sep 2025, cents per mile. */
export const SPOT_ALL_IN_CENTS_PER_MILE = { dry_van: 205, reefer: 244, flatbed: 250 } as const;
/** Van linehaul without fuel, Sep 2025: $1.63/mile, so fuel was 42 cents/mile in all three all-in rates. */
export const SPOT_VAN_LINEHAUL_CENTS_PER_MILE = 163;
export const SPOT_FUEL_CENTS_PER_MILE = SPOT_ALL_IN_CENTS_PER_MILE.dry_van - SPOT_VAN_LINEHAUL_CENTS_PER_MILE;
export const TRUCK_MPG = 6;
/**
 * Fuel base price (cents per gallon) of the fuel schedule. Chosen so that at Sep 2025's national
 * diesel average of about $3.77 the schedule gives the 42 cents/mile in the spot rates:
 * (377 - 125) / 6 = 42.
 */
export const FUEL_BASE_PRICE_CENTS_PER_GAL = 125;
export const SEP_2025_DIESEL_CENTS_PER_GAL = FUEL_BASE_PRICE_CENTS_PER_GAL + SPOT_FUEL_CENTS_PER_MILE * TRUCK_MPG;

/** Ex-fuel linehaul of an equipment at the Sep 2025 spot averages, as an adjustment over the van's. */
const spotAdjustment = (allIn: number) => allIn - SPOT_FUEL_CENTS_PER_MILE - SPOT_VAN_LINEHAUL_CENTS_PER_MILE;

/**
 * The equipment types the portal started with, the source of the seeded
 * `equipment_types` rows: reefer +39 and flatbed +45 cents/mile over the van's linehaul (their
 * spot all-in less fuel), step deck priced as flatbed, RGN / double drop by phone.
 */
export const STANDARD_EQUIPMENT = {
  dry_van: {
    code: 'dry_van',
    max_weight_lb: 45_000,
    length_ft: 53,
    pallet_positions: 26,
    temperature_controlled: false,
    deck_clear_height_ft: null,
    per_mile_adjustment_cents: 0,
  },
  reefer: {
    code: 'reefer',
    max_weight_lb: 43_500,
    length_ft: 53,
    pallet_positions: 26,
    temperature_controlled: true,
    deck_clear_height_ft: null,
    per_mile_adjustment_cents: spotAdjustment(SPOT_ALL_IN_CENTS_PER_MILE.reefer),
  },
  flatbed: {
    code: 'flatbed',
    max_weight_lb: 48_000,
    length_ft: 48,
    pallet_positions: null,
    temperature_controlled: false,
    deck_clear_height_ft: null,
    per_mile_adjustment_cents: spotAdjustment(SPOT_ALL_IN_CENTS_PER_MILE.flatbed),
  },
  step_deck: {
    code: 'step_deck',
    max_weight_lb: 48_000,
    length_ft: 53,
    pallet_positions: null,
    temperature_controlled: false,
    deck_clear_height_ft: 10,
    per_mile_adjustment_cents: spotAdjustment(SPOT_ALL_IN_CENTS_PER_MILE.flatbed),
  },
  rgn: {
    code: 'rgn',
    max_weight_lb: null,
    length_ft: null,
    pallet_positions: null,
    temperature_controlled: false,
    deck_clear_height_ft: null,
    per_mile_adjustment_cents: null,
  },
} as const satisfies Record<string, EquipmentSpec>;

export interface TruckloadTariff {
  /**
   * Base linehaul without fuel, cents per mile, of a dry van; a load's is this plus its
   * equipment's `per_mile_adjustment_cents`.
   */
  linehaul_cents_per_mile: number;
  fuel_base_price_cents_per_gal: number;
  mpg: number;
  /** Minimum for the load's transportation (linehaul + fuel + team). */
  minimum_cents: Cents;
  stop_off_cents: Cents;
  team_cents_per_mile: number;
  solo_miles_per_day: number;
  team_miles_per_day: number;
  /** The lanes it serves across a border (border.ts); none when absent. */
  border?: BorderService;
}

/**
 * Default tariff: the van's ex-fuel linehaul (spot all-in less 42 cents fuel/mile); with the
 * standard adjustments, reefer 202 and flatbed 208 cents/mile.
 */
export const DEFAULT_TRUCKLOAD_TARIFF: TruckloadTariff = {
  linehaul_cents_per_mile: SPOT_VAN_LINEHAUL_CENTS_PER_MILE,
  fuel_base_price_cents_per_gal: FUEL_BASE_PRICE_CENTS_PER_GAL,
  mpg: TRUCK_MPG,
  minimum_cents: 50_000,
  stop_off_cents: 7_500,
  team_cents_per_mile: 25,
  solo_miles_per_day: 500,
  team_miles_per_day: 1_000,
};

/**
 * A tariff as stored (carriers' jsonb): tariffs written before equipment became data kept one
 * linehaul per equipment code; their dry van figure is the base. Anything else is read as is.
 */
export function normalizeTruckloadTariff(stored: unknown): TruckloadTariff {
  const tariff = stored as Omit<TruckloadTariff, 'linehaul_cents_per_mile'> & { linehaul_cents_per_mile: unknown };
  const perMile = tariff.linehaul_cents_per_mile;
  if (typeof perMile === 'number') return tariff as TruckloadTariff;
  const van = perMile && typeof perMile === 'object' ? (perMile as Record<string, unknown>).dry_van : undefined;
  return { ...tariff, linehaul_cents_per_mile: typeof van === 'number' ? van : DEFAULT_TRUCKLOAD_TARIFF.linehaul_cents_per_mile };
}

export interface TruckloadInput {
  equipment: EquipmentSpec;
  miles: number;
  /** Payload weight (freight only). */
  weight_lb: number;
  /** Diesel price, cents per US gallon (e.g. 377 for $3.77). */
  diesel_price_cents: number;
  /** Extra stops between origin and final destination (stop-offs). */
  stops: number;
  team: boolean;
  /** Widest point of the freight, when known. */
  width_in?: number;
}

export interface TruckloadRate {
  /** Empty when any message is `no_rate`. */
  lines: ChargeLine[];
  total_cents: Cents;
  transit_days: number;
  messages: RateMessage[];
}

/** Fuel surcharge per mile = (diesel - base) / mpg, never below zero (cents, unrounded). */
export function fuelCentsPerMile(tariff: TruckloadTariff, dieselPriceCents: number): number {
  return Math.max(0, dieselPriceCents - tariff.fuel_base_price_cents_per_gal) / tariff.mpg;
}

/** Transit days: miles / 500 solo or / 1,000 team, rounded up, at least one day. */
export function truckloadTransitDays(tariff: TruckloadTariff, miles: number, team: boolean): number {
  return Math.max(1, Math.ceil(miles / (team ? tariff.team_miles_per_day : tariff.solo_miles_per_day)));
}

/**
 * Limits checks: equipment without an online rate (RGN / double drop) -> call; payload over the
 * equipment's maximum; width over the legal 102 in.
 */
export function checkTruckload(input: Pick<TruckloadInput, 'equipment' | 'weight_lb' | 'width_in'>): RateMessage[] {
  const spec = input.equipment;
  const messages: RateMessage[] = [];
  if (!equipmentOnline(spec)) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.truckload_oversize_call', params: { equipment: spec.code } });
  }
  if (spec.max_weight_lb !== null && input.weight_lb > spec.max_weight_lb) {
    messages.push({
      level: 'no_rate',
      key: 'quote.no_rate.truckload_overweight',
      params: { equipment: spec.code, max_weight_lb: spec.max_weight_lb },
    });
  }
  if (input.width_in !== undefined && input.width_in > LEGAL_MAX_WIDTH_IN) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.truckload_overwidth', params: { max_width_in: LEGAL_MAX_WIDTH_IN } });
  }
  return messages;
}

/**
 * Rate a full truckload. Lines: freight ((base linehaul + the equipment's adjustment) x miles), fuel ((diesel - base) / mpg x
 * miles), team (+25 cents/mile, accessorial), a `minimum` top-up when those three come to less than
 * the minimum per load, then stop-offs (per extra stop, outside the minimum). Cents are rounded
 * per line. Any `no_rate` message -> no lines and total 0 (transit days are still given).
 */
export function rateTruckload(tariff: TruckloadTariff, input: TruckloadInput): TruckloadRate {
  const { miles, weight_lb, diesel_price_cents, stops } = input;
  if (!Number.isFinite(miles) || miles <= 0) throw new RangeError('miles must be > 0');
  if (!Number.isFinite(weight_lb) || weight_lb < 0) throw new RangeError('weight_lb must be >= 0');
  if (!Number.isFinite(diesel_price_cents) || diesel_price_cents < 0) throw new RangeError('diesel_price_cents must be >= 0');
  if (!Number.isInteger(stops) || stops < 0) throw new RangeError('stops must be a whole number >= 0');
  const transit_days = truckloadTransitDays(tariff, miles, input.team);
  const messages = checkTruckload(input);
  const adjustment = input.equipment.per_mile_adjustment_cents;
  if (adjustment === null || messages.some((m) => m.level === 'no_rate')) return { lines: [], total_cents: 0, transit_days, messages };
  // A discount (a negative adjustment) never takes the linehaul below nothing.
  const perMile = Math.max(0, tariff.linehaul_cents_per_mile + adjustment);

  const freight = Math.round(perMile * miles);
  const fuel = Math.round(fuelCentsPerMile(tariff, diesel_price_cents) * miles);
  const team = input.team ? Math.round(tariff.team_cents_per_mile * miles) : 0;
  const minimum = Math.max(0, tariff.minimum_cents - (freight + fuel + team));
  const lines: ChargeLine[] = [{ code: 'freight', label: 'quote.charge.freight', amount_cents: freight }];
  const add = (code: ChargeLine['code'], detail: string, amount: Cents) => {
    if (amount > 0) lines.push({ code, label: `quote.charge.${code}`, detail, amount_cents: amount });
  };
  add('fuel', 'fuel', fuel);
  add('accessorial', 'team', team);
  add('minimum', 'minimum', minimum);
  add('accessorial', 'stop_off', stops * tariff.stop_off_cents);
  return { lines, total_cents: lines.reduce((s, l) => s + l.amount_cents, 0), transit_days, messages };
}
