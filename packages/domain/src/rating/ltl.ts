/**
 * Pure LTL rating: per-cwt linehaul by class and weight break with deficit
 * weight, discount, absolute minimum, fuel surcharge and accessorials. Money in integer cents,
 * each line rounded half up; totals are the exact sum of their lines.
 */
import { type ClassInput, type ClassSource, type FreightClass, resolveClass } from './freight-class';
import { checkLoad, type LoadCheckOptions, linearFeet } from './ltl-load';
import {
  type AccessorialCode,
  type AccessorialPrice,
  fuelSurchargeBp,
  inFreezeSeason,
  type LtlTariff,
  WEIGHT_BREAKS,
  type WeightBreak,
  weightBreakIndex,
} from './ltl-tariff';
import type { Cents, ChargeLine, Place, RateMessage } from './types';

export * from './ltl-load';
export * from './ltl-tariff';

export interface LtlItem extends ClassInput {
  /** Spec package type, snake_case ('pallets', 'non_standard_pallets', 'boxes', ...). */
  package_type?: string;
  hazardous?: boolean;
  /** Pieces for per-piece accessorials; defaults to quantity. */
  pieces?: number;
}

export interface LtlShipment {
  items: LtlItem[];
  origin: Place;
  destination: Place;
  /** Accessorials the user asked for; hazmat, NYC metro and overlength are added automatically. */
  accessorials?: AccessorialCode[];
  /** ISO 'YYYY-MM-DD'; when given, freeze protection is only charged Nov 1 - Apr 30. */
  pickup_date?: string;
  /** Weekly DOE diesel price, USD per gallon; no fuel line when omitted. */
  diesel_usd_per_gal?: number;
  /** Lane / distance-band factor applied to the base rates (see distanceBandFactor); default 1. */
  lane_factor?: number;
  /** Pre-priced insurance line (code 'insurance') to include in the total. */
  insurance?: ChargeLine;
  options?: LoadCheckOptions;
}

export interface LtlItemRating {
  freight_class: FreightClass;
  class_source: ClassSource;
  density_class: FreightClass;
  weight_lb: number;
  cubic_ft: number;
  density_pcf: number;
}

export interface LtlClassLine {
  freight_class: FreightClass;
  weight_lb: number;
  rate_cents_per_cwt: Cents;
  charge_cents: Cents;
}

export interface LtlDeficit {
  /** Break of the actual weight. */
  from_break: WeightBreak;
  /** Break billed at (its minimum weight). */
  to_break: WeightBreak;
  deficit_weight_lb: number;
  /** Lowest class rate in the shipment at `to_break`; the deficit weight is rated at it. */
  rate_cents_per_cwt: Cents;
  charge_cents: Cents;
  /** Linehaul the actual break would have cost (before discount). */
  actual_break_gross_cents: Cents;
}

export interface LtlLoadFacts {
  actual_weight_lb: number;
  cubic_ft: number;
  density_pcf: number;
  linear_ft: number;
  items: LtlItemRating[];
}

export interface LtlRated extends LtlLoadFacts {
  status: 'rated';
  lines: ChargeLine[];
  gross_cents: Cents;
  discount_cents: Cents;
  /** Linehaul after discount and minimum: the base of the fuel surcharge. */
  net_linehaul_cents: Cents;
  total_cents: Cents;
  billed_weight_lb: number;
  weight_break: WeightBreak;
  class_lines: LtlClassLine[];
  deficit: LtlDeficit | null;
  fuel_bp: number;
  /** Accessorials asked for but not charged (freeze protection out of season). */
  not_applied: AccessorialCode[];
  messages: RateMessage[];
}

export interface LtlNoRate extends LtlLoadFacts {
  status: 'no_rate';
  messages: RateMessage[];
}

export type LtlResult = LtlRated | LtlNoRate;

/** Round a non-negative amount in hundredths of a cent to cents, half up. */
function centiToCents(centi: number): Cents {
  return Math.floor((centi + 50) / 100);
}

/** amount x bp / 10000, half up, for non-negative integers. */
function applyBp(amount: Cents, bp: number): Cents {
  return Math.floor((amount * bp + 5000) / 10000);
}

function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9);
}

function line(code: ChargeLine['code'], amount_cents: Cents, detail?: string): ChargeLine {
  const label = `quote.charges.${code}`;
  return detail === undefined ? { code, label, amount_cents } : { code, label, detail, amount_cents };
}

function priceAccessorial(price: AccessorialPrice, weight_lb: number, pieces: number): Cents {
  switch (price.kind) {
    case 'flat':
      return price.cents;
    case 'per_cwt': {
      let c = centiToCents(weight_lb * price.cents_per_cwt);
      if (price.min_cents !== undefined) c = Math.max(c, price.min_cents);
      if (price.max_cents !== undefined) c = Math.min(c, price.max_cents);
      return c;
    }
    case 'per_piece':
      return Math.max(pieces * price.cents_per_piece, price.min_cents ?? 0);
  }
}

function isNycMetro(place: Place, zip3s: readonly string[]): boolean {
  return place.country === 'US' && zip3s.includes(place.postal_code.trim().slice(0, 3));
}

interface Option {
  break_idx: number;
  class_lines: LtlClassLine[];
  deficit: Omit<LtlDeficit, 'actual_break_gross_cents' | 'from_break'> | null;
  gross: Cents;
}

/**
 * The tariff's rate of a class at a weight break, scaled by the lane factor; undefined when the
 * class is not in it. A module function, not a closure per call: the server runs under tsx, which
 * names every such closure with Object.defineProperty (about 1 us each, nine a quote).
 */
function classRate(tariff: LtlTariff, cls: FreightClass, b: WeightBreak, lane: number): Cents | undefined {
  const row = tariff.rates.find((r) => r.freight_class === cls);
  return row === undefined ? undefined : roundHalfUp(row.per_cwt_cents[b] * lane);
}

/** Rate an LTL shipment against one carrier's tariff. Throws RangeError on invalid dimensions or weights. */
export function rateLtl(tariff: LtlTariff, shipment: LtlShipment): LtlResult {
  if (shipment.items.length === 0) throw new RangeError('an LTL shipment needs at least one item');
  const resolved = shipment.items.map((it) => resolveClass(it));
  const items: LtlItemRating[] = resolved.map((r) => ({
    freight_class: r.freight_class,
    class_source: r.source,
    density_class: r.density_class,
    weight_lb: r.weight_lb,
    cubic_ft: r.cubic_ft,
    density_pcf: r.density_pcf,
  }));
  const cubic_ft = resolved.reduce((s, r) => s + r.cubic_ft, 0);
  const scale_weight = resolved.reduce((s, r) => s + r.weight_lb, 0);
  const facts: LtlLoadFacts = {
    actual_weight_lb: scale_weight,
    cubic_ft,
    density_pcf: scale_weight / cubic_ft,
    linear_ft: linearFeet(shipment.items),
    items,
  };
  const messages = checkLoad({ units: shipment.items, cubic_ft, weight_lb: scale_weight }, shipment.options);

  // Weights rated in whole pounds, rounded up per class.
  const byClass = new Map<FreightClass, number>();
  for (const r of resolved) byClass.set(r.freight_class, (byClass.get(r.freight_class) ?? 0) + r.weight_lb);
  const classWeights = [...byClass.entries()]
    .map(([freight_class, w]) => ({ freight_class, weight_lb: Math.ceil(w - 1e-9) }))
    .sort((a, b) => a.freight_class - b.freight_class);
  const W = classWeights.reduce((s, c) => s + c.weight_lb, 0);

  const lane = shipment.lane_factor ?? 1;
  for (const c of classWeights) {
    if (classRate(tariff, c.freight_class, 'L5C', lane) === undefined) {
      messages.push({ level: 'no_rate', key: 'quote.no_rate.class_not_in_tariff', params: { class: c.freight_class } });
    }
  }

  // Overlength by the longest horizontal side of any unit.
  const longest = Math.max(...shipment.items.map((i) => Math.max(i.length_in, i.width_in)));
  const lastTier = tariff.overlength_tiers[tariff.overlength_tiers.length - 1];
  const tier = tariff.overlength_tiers.find((t) => longest >= t.min_in && longest <= t.max_in);
  if (lastTier !== undefined && longest > lastTier.max_in) {
    messages.push({ level: 'no_rate', key: 'quote.no_rate.overlength', params: { length_in: longest } });
  }

  // Accessorials: requested + automatic, de-duplicated, in catalogue order of request.
  const wanted: AccessorialCode[] = [...(shipment.accessorials ?? [])];
  if (shipment.items.some((i) => i.hazardous === true)) wanted.push('hazmat');
  if (isNycMetro(shipment.origin, tariff.nyc_zip3) || isNycMetro(shipment.destination, tariff.nyc_zip3)) wanted.push('nyc_metro');
  const codes = [...new Set(wanted)];
  for (const code of codes) {
    if (tariff.accessorials[code] === undefined) {
      messages.push({ level: 'no_rate', key: 'quote.no_rate.accessorial_unavailable', params: { accessorial: code } });
    }
  }

  // The results (and the deficit below) name their fields rather than spread another object: on
  // Node 20 (V8 11.3) `{ ...x, more }` makes a new hidden class every time, a cost on the quote's path.
  if (messages.some((m) => m.level === 'no_rate')) {
    return {
      status: 'no_rate',
      actual_weight_lb: facts.actual_weight_lb,
      cubic_ft: facts.cubic_ft,
      density_pcf: facts.density_pcf,
      linear_ft: facts.linear_ft,
      items: facts.items,
      messages,
    };
  }

  // Linehaul: the actual break, and every heavier break at its minimum weight (deficit weight); bill the lowest.
  const b0 = weightBreakIndex(W);
  const options: Option[] = [];
  for (let bi = b0; bi < WEIGHT_BREAKS.length; bi++) {
    const brk = WEIGHT_BREAKS[bi];
    if (brk === undefined) continue;
    const class_lines: LtlClassLine[] = classWeights.map((c) => {
      const rate = classRate(tariff, c.freight_class, brk.code, lane) ?? 0;
      const charge_cents = centiToCents(c.weight_lb * rate);
      return { freight_class: c.freight_class, weight_lb: c.weight_lb, rate_cents_per_cwt: rate, charge_cents };
    });
    const linesSum = class_lines.reduce((s, l) => s + l.charge_cents, 0);
    if (bi === b0) {
      options.push({ break_idx: bi, class_lines, deficit: null, gross: linesSum });
      continue;
    }
    const deficit_weight_lb = brk.min_lb - W;
    const rmin = Math.min(...class_lines.map((l) => l.rate_cents_per_cwt));
    // The deficit line absorbs per-line rounding so the option equals the rounded exact amount.
    const exact = class_lines.reduce((s, l) => s + l.weight_lb * l.rate_cents_per_cwt, 0) + deficit_weight_lb * rmin;
    const charge_cents = Math.max(0, centiToCents(exact) - linesSum);
    options.push({
      break_idx: bi,
      class_lines,
      deficit: { to_break: brk.code, deficit_weight_lb, rate_cents_per_cwt: rmin, charge_cents },
      gross: linesSum + charge_cents,
    });
  }
  const first = options[0];
  if (first === undefined) throw new Error('unreachable: no weight break');
  const best = options.reduce((a, o) => (o.gross < a.gross ? o : a), first);
  const from_break = WEIGHT_BREAKS[b0]?.code ?? 'L5C';
  const weight_break = WEIGHT_BREAKS[best.break_idx]?.code ?? from_break;

  const lines: ChargeLine[] = best.class_lines.map((l) => line('freight', l.charge_cents, String(l.freight_class)));
  if (best.deficit !== null) lines.push(line('freight', best.deficit.charge_cents, 'deficit_weight'));
  const gross = best.gross;
  const discount = applyBp(gross, tariff.discount_bp);
  if (discount > 0) lines.push(line('discount', -discount));
  const net = gross - discount;
  const minimum = Math.max(0, tariff.amc_cents - net);
  if (minimum > 0) lines.push(line('minimum', minimum));
  const net_linehaul = net + minimum;

  let fuel_bp = 0;
  if (shipment.diesel_usd_per_gal !== undefined) {
    fuel_bp = fuelSurchargeBp(tariff.fuel, shipment.diesel_usd_per_gal, scale_weight);
    const fuel = applyBp(net_linehaul, fuel_bp);
    if (fuel > 0) lines.push(line('fuel', fuel));
  }

  const pieces = shipment.items.reduce((s, i) => s + (i.pieces ?? i.quantity), 0);
  const not_applied: AccessorialCode[] = [];
  for (const code of codes) {
    const price = tariff.accessorials[code];
    if (price === undefined) continue;
    if (code === 'freeze_protection' && shipment.pickup_date !== undefined && !inFreezeSeason(shipment.pickup_date)) {
      not_applied.push(code);
      continue;
    }
    lines.push(line('accessorial', priceAccessorial(price, W, pieces), code));
  }
  if (tier !== undefined) lines.push(line('accessorial', tier.cents, 'overlength'));

  if (shipment.insurance !== undefined) {
    if (shipment.insurance.code !== 'insurance' || shipment.insurance.amount_cents < 0) {
      throw new RangeError('insurance must be a non-negative line with code "insurance"');
    }
    lines.push(shipment.insurance);
  }

  const total_cents = lines.reduce((s, l) => s + l.amount_cents, 0);
  const d = best.deficit;
  const deficit: LtlDeficit | null =
    d === null
      ? null
      : {
          to_break: d.to_break,
          deficit_weight_lb: d.deficit_weight_lb,
          rate_cents_per_cwt: d.rate_cents_per_cwt,
          charge_cents: d.charge_cents,
          from_break,
          actual_break_gross_cents: first.gross,
        };
  return {
    status: 'rated',
    actual_weight_lb: facts.actual_weight_lb,
    cubic_ft: facts.cubic_ft,
    density_pcf: facts.density_pcf,
    linear_ft: facts.linear_ft,
    items: facts.items,
    lines,
    gross_cents: gross,
    discount_cents: discount,
    net_linehaul_cents: net_linehaul,
    total_cents,
    billed_weight_lb: best.deficit === null ? W : W + best.deficit.deficit_weight_lb,
    weight_break,
    class_lines: best.class_lines,
    deficit,
    fuel_bp,
    not_applied,
    messages,
  };
}
