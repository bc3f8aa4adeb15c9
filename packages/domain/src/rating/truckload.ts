/**
 * Truckload rating: equipment, legal limits, per-mile linehaul, fuel, minimum, stop-offs, team
 * service and transit (domain.md section 4). Pure data and functions; miles, pounds, inches,
 * integer cents.
 */
import type { Cents, ChargeLine, RateMessage } from './types';

export type Equipment = 'dry_van' | 'reefer' | 'flatbed' | 'step_deck' | 'rgn';

export interface EquipmentSpec {
  equipment: Equipment;
  lengths_ft: readonly number[];
  /** Approximate maximum payload; `null` when the load needs permits (no online rate). */
  max_payload_lb: number | null;
  max_width_in: number;
  pallet_positions: number | null;
  /** Clear height on the (lower) deck for open decks, `null` for enclosed trailers. */
  deck_clear_height_ft: number | null;
  /** False for oversize equipment that needs permits and a call. */
  online: boolean;
}

/** Legal limits: 80,000 lb gross vehicle weight, 102 in wide. */
export const LEGAL_MAX_GROSS_LB = 80_000;
export const LEGAL_MAX_WIDTH_IN = 102;

export const EQUIPMENT: Readonly<Record<Equipment, EquipmentSpec>> = {
  dry_van: {
    equipment: 'dry_van',
    lengths_ft: [53, 48],
    max_payload_lb: 45_000,
    max_width_in: LEGAL_MAX_WIDTH_IN,
    pallet_positions: 26,
    deck_clear_height_ft: null,
    online: true,
  },
  reefer: {
    equipment: 'reefer',
    lengths_ft: [53, 48],
    max_payload_lb: 43_500,
    max_width_in: LEGAL_MAX_WIDTH_IN,
    pallet_positions: null,
    deck_clear_height_ft: null,
    online: true,
  },
  flatbed: {
    equipment: 'flatbed',
    lengths_ft: [48, 53],
    max_payload_lb: 48_000,
    max_width_in: LEGAL_MAX_WIDTH_IN,
    pallet_positions: null,
    deck_clear_height_ft: null,
    online: true,
  },
  step_deck: {
    equipment: 'step_deck',
    lengths_ft: [48, 53],
    max_payload_lb: 48_000,
    max_width_in: LEGAL_MAX_WIDTH_IN,
    pallet_positions: null,
    deck_clear_height_ft: 10,
    online: true,
  },
  rgn: {
    equipment: 'rgn',
    lengths_ft: [],
    max_payload_lb: null,
    max_width_in: LEGAL_MAX_WIDTH_IN,
    pallet_positions: null,
    deck_clear_height_ft: null,
    online: false,
  },
};

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

export interface TruckloadTariff {
  /** Linehaul without fuel, cents per mile; `null` = no online rate for the equipment. */
  linehaul_cents_per_mile: Readonly<Record<Equipment, number | null>>;
  fuel_base_price_cents_per_gal: number;
  mpg: number;
  /** Minimum for the load's transportation (linehaul + fuel + team). */
  minimum_cents: Cents;
  stop_off_cents: Cents;
  team_cents_per_mile: number;
  solo_miles_per_day: number;
  team_miles_per_day: number;
}

/**
 * Default tariff: ex-fuel linehaul = spot all-in - 42 cents fuel/mile (van 163, reefer 202,
 * flatbed 208); step deck priced as flatbed; RGN / double drop has no online rate.
 */
export const DEFAULT_TRUCKLOAD_TARIFF: TruckloadTariff = {
  linehaul_cents_per_mile: {
    dry_van: SPOT_VAN_LINEHAUL_CENTS_PER_MILE,
    reefer: SPOT_ALL_IN_CENTS_PER_MILE.reefer - SPOT_FUEL_CENTS_PER_MILE,
    flatbed: SPOT_ALL_IN_CENTS_PER_MILE.flatbed - SPOT_FUEL_CENTS_PER_MILE,
    step_deck: SPOT_ALL_IN_CENTS_PER_MILE.flatbed - SPOT_FUEL_CENTS_PER_MILE,
    rgn: null,
  },
  fuel_base_price_cents_per_gal: FUEL_BASE_PRICE_CENTS_PER_GAL,
  mpg: TRUCK_MPG,
  minimum_cents: 50_000,
  stop_off_cents: 7_500,
  team_cents_per_mile: 25,
  solo_miles_per_day: 500,
  team_miles_per_day: 1_000,
};

export interface TruckloadInput {
  equipment: Equipment;
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

/** Limits checks: RGN / double drop -> call; payload over the equipment's capacity; width over 102 in. */
export function checkTruckload(
  input: Pick<TruckloadInput, 'equipment' | 'weight_lb' | 'width_in'>,
  tariff: TruckloadTariff = DEFAULT_TRUCKLOAD_TARIFF,
): RateMessage[] {
  const spec = EQUIPMENT[input.equipment];
  const messages: RateMessage[] = [];
  if (!spec.online || tariff.linehaul_cents_per_mile[input.equipment] === null) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.truckload_oversize_call', params: { equipment: input.equipment } });
  }
  if (spec.max_payload_lb !== null && input.weight_lb > spec.max_payload_lb) {
    messages.push({
      level: 'no_rate',
      key: 'quote.no_rate.truckload_overweight',
      params: { equipment: input.equipment, max_weight_lb: spec.max_payload_lb },
    });
  }
  if (input.width_in !== undefined && input.width_in > spec.max_width_in) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.truckload_overwidth', params: { max_width_in: spec.max_width_in } });
  }
  return messages;
}

/**
 * Rate a full truckload. Lines: freight (linehaul ex-fuel x miles), fuel ((diesel - base) / mpg x
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
  const messages = checkTruckload(input, tariff);
  const perMile = tariff.linehaul_cents_per_mile[input.equipment];
  if (perMile === null || messages.some((m) => m.level === 'no_rate')) return { lines: [], total_cents: 0, transit_days, messages };

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
