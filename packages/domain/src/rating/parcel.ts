/**
 * Parcel (small package) rating: carrier limits, dimensional weight, surcharges and pickup
 * cutoffs. Pure data and functions; inches, pounds,
 * integer cents, ISO dates.
 */

import type { BorderService } from './ports';
import type { Cents, ChargeLine, ParcelZone, RateMessage } from './types';

export type ParcelCarrier = 'ups' | 'fedex_ground' | 'fedex_express' | 'usps' | 'usps_ground_advantage';

/** Size and weight limits of one parcel service; `null` means the carrier sets no such limit. */
export interface ParcelCarrierLimits {
  carrier: ParcelCarrier;
  max_weight_lb: number;
  max_length_in: number | null;
  max_length_plus_girth_in: number;
  /** Cubic inches per dimensional pound. */
  dim_divisor: number;
}

/** Dimensional divisors: 139 published by UPS and FedEx; 166 for USPS (and many contracts). */
export const DIM_DIVISOR_UPS_FEDEX = 139;
export const DIM_DIVISOR_USPS = 166;

export const PARCEL_CARRIER_LIMITS: Readonly<Record<ParcelCarrier, ParcelCarrierLimits>> = {
  ups: { carrier: 'ups', max_weight_lb: 150, max_length_in: 108, max_length_plus_girth_in: 165, dim_divisor: DIM_DIVISOR_UPS_FEDEX },
  fedex_ground: {
    carrier: 'fedex_ground',
    max_weight_lb: 150,
    max_length_in: 108,
    max_length_plus_girth_in: 165,
    dim_divisor: DIM_DIVISOR_UPS_FEDEX,
  },
  fedex_express: {
    carrier: 'fedex_express',
    max_weight_lb: 150,
    max_length_in: 119,
    max_length_plus_girth_in: 165,
    dim_divisor: DIM_DIVISOR_UPS_FEDEX,
  },
  usps: { carrier: 'usps', max_weight_lb: 70, max_length_in: null, max_length_plus_girth_in: 108, dim_divisor: DIM_DIVISOR_USPS },
  usps_ground_advantage: {
    carrier: 'usps_ground_advantage',
    max_weight_lb: 70,
    max_length_in: null,
    max_length_plus_girth_in: 130,
    dim_divisor: DIM_DIVISOR_USPS,
  },
};

/** Additional handling: longest side > 48 in, second side > 30 in, L+girth > 105 in, or actual weight > 50 lb. */
export const ADDITIONAL_HANDLING = { longest_side_in: 48, second_side_in: 30, length_plus_girth_in: 105, weight_lb: 50 } as const;
/** Large package: L+girth > 130 in or length > 96 in; billed at no less than 90 lb. */
export const LARGE_PACKAGE = { length_plus_girth_in: 130, length_in: 96, minimum_billable_lb: 90 } as const;
/** Adult signature: recipient 21 or older with photo ID. */
export const ADULT_SIGNATURE_MIN_AGE = 21;

export interface ParcelPackage {
  length_in: number;
  width_in: number;
  height_in: number;
  weight_lb: number;
}

/** Sides of a package, longest first, each rounded up to the next whole inch. */
export function sortedSides(pkg: ParcelPackage): [number, number, number] {
  const sides = [pkg.length_in, pkg.width_in, pkg.height_in].map((s) => Math.ceil(s)).sort((a, b) => b - a);
  return [sides[0] ?? 0, sides[1] ?? 0, sides[2] ?? 0];
}

/** Girth = 2 x width + 2 x height, where length is the longest side (sides rounded up to the inch). */
export function girthIn(pkg: ParcelPackage): number {
  const [, w, h] = sortedSides(pkg);
  return 2 * w + 2 * h;
}

export function lengthPlusGirthIn(pkg: ParcelPackage): number {
  const [l, w, h] = sortedSides(pkg);
  return l + 2 * w + 2 * h;
}

/** Dimensional weight: each side rounded up to the next inch, L x W x H / divisor rounded up to the next lb. */
export function dimWeightLb(pkg: ParcelPackage, divisor: number): number {
  const [l, w, h] = sortedSides(pkg);
  return Math.ceil((l * w * h) / divisor);
}

export function needsAdditionalHandling(pkg: ParcelPackage): boolean {
  const [l, w] = sortedSides(pkg);
  return (
    l > ADDITIONAL_HANDLING.longest_side_in ||
    w > ADDITIONAL_HANDLING.second_side_in ||
    lengthPlusGirthIn(pkg) > ADDITIONAL_HANDLING.length_plus_girth_in ||
    pkg.weight_lb > ADDITIONAL_HANDLING.weight_lb
  );
}

export function isLargePackage(pkg: ParcelPackage): boolean {
  const [l] = sortedSides(pkg);
  return lengthPlusGirthIn(pkg) > LARGE_PACKAGE.length_plus_girth_in || l > LARGE_PACKAGE.length_in;
}

/**
 * Billable weight = max(actual rounded up to the lb, dimensional weight), and at least 90 lb for a
 * large package.
 */
export function billableWeightLb(pkg: ParcelPackage, divisor: number): number {
  const base = Math.max(Math.ceil(pkg.weight_lb), dimWeightLb(pkg, divisor));
  return isLargePackage(pkg) ? Math.max(base, LARGE_PACKAGE.minimum_billable_lb) : base;
}

function assertPackage(pkg: ParcelPackage, index: number): void {
  for (const v of [pkg.length_in, pkg.width_in, pkg.height_in, pkg.weight_lb]) {
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`package ${index + 1}: dimensions and weight must be positive numbers`);
  }
}

/**
 * Size and weight checks against one carrier's limits. One `no_rate` message per broken rule and
 * package (`package` param is 1-based): over weight -> `parcel_exceeds_weight`, longest side over
 * the max length -> `parcel_exceeds_length`, length + girth over the max -> `parcel_exceeds_dimensions`
 * (spec: 'Cargo exceeds max dimensions! Use the LTL option'). No packages -> `parcel_no_packages`.
 */
export function checkParcel(limits: ParcelCarrierLimits, packages: readonly ParcelPackage[]): RateMessage[] {
  if (packages.length === 0) return [{ level: 'no_rate', key: 'quote.no_rate.parcel_no_packages' }];
  const messages: RateMessage[] = [];
  packages.forEach((pkg, i) => {
    assertPackage(pkg, i);
    const [l] = sortedSides(pkg);
    if (pkg.weight_lb > limits.max_weight_lb) {
      const params = { package: i + 1, max_weight_lb: limits.max_weight_lb };
      messages.push({ level: 'no_rate', key: 'quote.no_rate.parcel_exceeds_weight', params });
    }
    if (limits.max_length_in !== null && l > limits.max_length_in) {
      const params = { package: i + 1, max_length_in: limits.max_length_in };
      messages.push({ level: 'no_rate', key: 'quote.no_rate.parcel_exceeds_length', params });
    }
    if (lengthPlusGirthIn(pkg) > limits.max_length_plus_girth_in) {
      messages.push({
        level: 'no_rate',
        key: 'quote.no_rate.parcel_exceeds_dimensions',
        params: { package: i + 1, max_length_plus_girth_in: limits.max_length_plus_girth_in },
      });
    }
  });
  return messages;
}

export const PARCEL_ZONES: readonly ParcelZone[] = [1, 2, 3, 4, 5, 6, 7, 8];

/** Price of one package in a zone: `first_lb_cents` for the first billable lb plus `per_lb_cents` for each further lb. */
export interface ParcelZoneRate {
  first_lb_cents: Cents;
  per_lb_cents: Cents;
}

export type SignatureOption = 'none' | 'signature' | 'adult_signature';

/** One carrier service's prices. Surcharges are per package; `null` = the service does not offer it. */
export interface ParcelTariff {
  /** The service priced, by its real name's code ('ground', 'priority_mail'); tariffs stored before it are ground. */
  service?: string;
  limits: ParcelCarrierLimits;
  zones: Readonly<Record<ParcelZone, ParcelZoneRate>>;
  residential_cents: Cents;
  additional_handling_cents: Cents;
  large_package_cents: Cents;
  /** Whether the fuel surcharge percentage applies (ground services; USPS has none). */
  fuel_applies: boolean;
  /** Declared value: `included_per_package_cents` free per package, then `per_100_cents` per further $100 or part. */
  declared_value: { included_per_package_cents: Cents; per_100_cents: Cents };
  signature: Readonly<Record<Exclude<SignatureOption, 'none'>, Cents | null>>;
  /** The lanes it serves across a border (border.ts); none when absent. */
  border?: BorderService;
}

function zoneTable(first: readonly number[], perLb: readonly number[]): Record<ParcelZone, ParcelZoneRate> {
  const out = {} as Record<ParcelZone, ParcelZoneRate>;
  PARCEL_ZONES.forEach((z, i) => {
    out[z] = { first_lb_cents: first[i] ?? 0, per_lb_cents: perLb[i] ?? 0 };
  });
  return out;
}

const GROUND_FIRST_LB = [1050, 1120, 1180, 1260, 1340, 1420, 1510, 1600];
const GROUND_PER_LB = [55, 62, 70, 85, 100, 118, 135, 150];

/** Sample tariffs (list-price order of magnitude, zone-based); replace with contract data. */
export const PARCEL_TARIFFS: Readonly<Record<ParcelCarrier, ParcelTariff>> = {
  ups: {
    service: 'ground',
    limits: PARCEL_CARRIER_LIMITS.ups,
    zones: zoneTable(GROUND_FIRST_LB, GROUND_PER_LB),
    residential_cents: 565,
    additional_handling_cents: 2850,
    large_package_cents: 17000,
    fuel_applies: true,
    declared_value: { included_per_package_cents: 10000, per_100_cents: 115 },
    signature: { signature: 695, adult_signature: 835 },
  },
  fedex_ground: {
    service: 'ground',
    limits: PARCEL_CARRIER_LIMITS.fedex_ground,
    zones: zoneTable([1040, 1110, 1170, 1250, 1330, 1410, 1500, 1590], [54, 61, 69, 84, 99, 117, 134, 149]),
    residential_cents: 555,
    additional_handling_cents: 2800,
    large_package_cents: 16500,
    fuel_applies: true,
    declared_value: { included_per_package_cents: 10000, per_100_cents: 115 },
    signature: { signature: 690, adult_signature: 830 },
  },
  fedex_express: {
    limits: PARCEL_CARRIER_LIMITS.fedex_express,
    zones: zoneTable([2900, 3100, 3400, 3800, 4200, 4600, 5000, 5400], [180, 200, 230, 270, 310, 350, 390, 430]),
    residential_cents: 555,
    additional_handling_cents: 2800,
    large_package_cents: 16500,
    fuel_applies: true,
    declared_value: { included_per_package_cents: 10000, per_100_cents: 115 },
    signature: { signature: 690, adult_signature: 830 },
  },
  usps: {
    service: 'priority_mail',
    limits: PARCEL_CARRIER_LIMITS.usps,
    zones: zoneTable([990, 1050, 1100, 1170, 1250, 1330, 1420, 1510], [60, 68, 77, 92, 108, 125, 142, 158]),
    residential_cents: 0,
    additional_handling_cents: 0,
    large_package_cents: 0,
    fuel_applies: false,
    declared_value: { included_per_package_cents: 10000, per_100_cents: 115 },
    signature: { signature: 445, adult_signature: 1055 },
  },
  usps_ground_advantage: {
    limits: PARCEL_CARRIER_LIMITS.usps_ground_advantage,
    zones: zoneTable([850, 900, 950, 1010, 1080, 1150, 1230, 1310], [52, 59, 67, 80, 94, 109, 124, 138]),
    residential_cents: 0,
    additional_handling_cents: 0,
    large_package_cents: 0,
    fuel_applies: false,
    declared_value: { included_per_package_cents: 10000, per_100_cents: 115 },
    signature: { signature: 445, adult_signature: 1055 },
  },
};

export interface ParcelRateInput {
  zone: ParcelZone;
  packages: readonly ParcelPackage[];
  residential: boolean;
  signature: SignatureOption;
  /** Declared value of the whole shipment; $100 per package is included. */
  declared_value_cents: Cents;
  /** Fuel surcharge in percent points (20 = 20%); ignored when the tariff has no fuel. */
  fuel_percent: number;
}

export interface ParcelPackageRating {
  billable_weight_lb: number;
  dim_weight_lb: number;
  additional_handling: boolean;
  large_package: boolean;
}

export interface ParcelRate {
  /** Empty when any message is `no_rate`. */
  lines: ChargeLine[];
  total_cents: Cents;
  packages: ParcelPackageRating[];
  messages: RateMessage[];
}

/** Price of one package of `billableLb` in a zone. */
export function parcelFreightCents(rate: ParcelZoneRate, billableLb: number): Cents {
  return rate.first_lb_cents + rate.per_lb_cents * Math.max(0, billableLb - 1);
}

/** Declared value charge: each $100 (or part) above the included amount costs `per_100_cents`. */
export function declaredValueCents(tariff: ParcelTariff, declaredValueCents: Cents, packageCount: number): Cents {
  const excess = declaredValueCents - tariff.declared_value.included_per_package_cents * packageCount;
  return excess > 0 ? Math.ceil(excess / 10000) * tariff.declared_value.per_100_cents : 0;
}

/**
 * Rate a parcel shipment with one tariff. Lines: freight; surcharges (residential, additional
 * handling, large package - a large package pays the large package surcharge instead of
 * additional handling); fuel (percentage of freight + those surcharges); accessorials (signature,
 * declared value) that fuel does not apply to. Zero lines are left out, except freight.
 * Limits failures and an unpriced signature option give `no_rate` messages and no lines; adult
 * signature adds a warning that the recipient must be 21 or older.
 */
export function rateParcel(tariff: ParcelTariff, input: ParcelRateInput): ParcelRate {
  const divisor = tariff.limits.dim_divisor;
  const messages = checkParcel(tariff.limits, input.packages);
  if (!Number.isFinite(input.fuel_percent) || input.fuel_percent < 0) throw new RangeError('fuel_percent must be >= 0');
  if (!Number.isFinite(input.declared_value_cents) || input.declared_value_cents < 0) {
    throw new RangeError('declared_value_cents must be >= 0');
  }
  const packages = input.packages.map((pkg) => {
    const large = isLargePackage(pkg);
    return {
      billable_weight_lb: billableWeightLb(pkg, divisor),
      dim_weight_lb: dimWeightLb(pkg, divisor),
      additional_handling: !large && needsAdditionalHandling(pkg),
      large_package: large,
    };
  });
  let signatureCents = 0;
  if (input.signature !== 'none') {
    const price = tariff.signature[input.signature];
    if (price === null) {
      messages.push({ level: 'no_rate', key: 'quote.no_rate.parcel_signature_unavailable', params: { option: input.signature } });
    } else signatureCents = price * input.packages.length;
    if (input.signature === 'adult_signature') {
      messages.push({ level: 'warning', key: 'quote.warning.adult_signature_age', params: { min_age: ADULT_SIGNATURE_MIN_AGE } });
    }
  }
  if (messages.some((m) => m.level === 'no_rate')) return { lines: [], total_cents: 0, packages, messages };

  const zoneRate = tariff.zones[input.zone];
  const freight = packages.reduce((sum, p) => sum + parcelFreightCents(zoneRate, p.billable_weight_lb), 0);
  const residential = input.residential ? tariff.residential_cents * packages.length : 0;
  const handling = tariff.additional_handling_cents * packages.filter((p) => p.additional_handling).length;
  const large = tariff.large_package_cents * packages.filter((p) => p.large_package).length;
  const fuel = tariff.fuel_applies ? Math.round(((freight + residential + handling + large) * input.fuel_percent) / 100) : 0;
  const declared = declaredValueCents(tariff, input.declared_value_cents, packages.length);

  const lines: ChargeLine[] = [{ code: 'freight', label: 'quote.charge.freight', amount_cents: freight }];
  const add = (code: ChargeLine['code'], detail: string, amount: Cents) => {
    if (amount > 0) lines.push({ code, label: `quote.charge.${code}`, detail, amount_cents: amount });
  };
  add('surcharge', 'residential', residential);
  add('surcharge', 'additional_handling', handling);
  add('surcharge', 'large_package', large);
  add('fuel', 'fuel', fuel);
  add('accessorial', input.signature, signatureCents);
  add('accessorial', 'declared_value', declared);
  return { lines, total_cents: lines.reduce((s, l) => s + l.amount_cents, 0), packages, messages };
}

/**
 * Pickup cutoffs: a pickup is scheduled by 12:00 PM; after 2:00 PM it moves to the
 * next business day. Minutes after local midnight.
 */
export const PARCEL_PICKUP_CUTOFF = { schedule_by_minutes: 12 * 60, moves_after_minutes: 14 * 60 } as const;

export interface LocalDateTime {
  /** 'YYYY-MM-DD' in the pickup location's time zone. */
  date: string;
  /** 'HH:MM' (24 h) in the pickup location's time zone. */
  time: string;
}

export interface ParcelPickup {
  pickup_date: string;
  /** True when the pickup date was moved from the requested one. */
  moved: boolean;
  messages: RateMessage[];
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Pickup date for a parcel shipment. Rules, in the pickup location's local time:
 * - a requested date before today is treated as today;
 * - for a pickup today: before 12:00 it stays today; from 12:00 up to and including 14:00 it still
 *   stays today but with the warning `quote.warning.parcel_pickup_after_cutoff` (the carrier may
 *   not come the same day); after 14:00 (14:01 on) it moves to the next business day;
 * - a date that is not a business day moves forward to the next business day.
 * `isBusinessDay` decides weekends and holidays (the calendar module supplies it).
 */
export function parcelPickupDate(requestedDate: string, now: LocalDateTime, isBusinessDay: (isoDate: string) => boolean): ParcelPickup {
  const m = HHMM.exec(now.time);
  if (!ISO_DATE.test(requestedDate) || !ISO_DATE.test(now.date) || !m) throw new RangeError('expected YYYY-MM-DD dates and HH:MM time');
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  const messages: RateMessage[] = [];
  let date = requestedDate < now.date ? now.date : requestedDate;
  if (date === now.date) {
    if (minutes > PARCEL_PICKUP_CUTOFF.moves_after_minutes) {
      date = addDays(date, 1);
    } else if (minutes >= PARCEL_PICKUP_CUTOFF.schedule_by_minutes && isBusinessDay(date)) {
      const params = { schedule_by: '12:00', moves_after: '14:00' };
      messages.push({ level: 'warning', key: 'quote.warning.parcel_pickup_after_cutoff', params });
    }
  }
  for (let i = 0; !isBusinessDay(date); i++) {
    if (i > 366) throw new RangeError('no business day within a year');
    date = addDays(date, 1);
  }
  return { pickup_date: date, moved: date !== requestedDate, messages };
}
