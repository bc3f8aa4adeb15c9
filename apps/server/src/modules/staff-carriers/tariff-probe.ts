import type { TariffDraftRequest } from '@freight/contracts';
import { NMFC_CLASSES } from '@freight/domain';
import { type FreightClass, STANDARD_EQUIPMENT } from '@freight/domain/rating';
import type { CarrierRow, RateItem, RateRequest } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';

/**
 * Whether a tariff rates sensibly: before a draft is saved or published, it prices a
 * grid of probe shipments the mode sees every day (light to heavy, short to long, every class it
 * lists) and is refused if any comes out at zero or less, not a number, or at an absurd amount.
 * The zod contract checks each figure; this checks what the figures do together (a rate typed in
 * dollars where cents were meant passes the bounds of one field but prices freight at $50/lb).
 */

/** What a probe found wrong: an i18n key and its parameters, for the 422 answer. */
export interface TariffProblem {
  key: 'validation.tariff_not_positive' | 'validation.tariff_absurd';
  params: { weight: number; miles: number; amount: string; limit?: string };
}

const PICKUP = '2026-06-02'; // a Tuesday: no holiday or weekend message gets in the way
const place = (postal_code: string, city: string, state: string) => ({
  postal_code,
  country: 'US' as const,
  site_type: 'business',
  city,
  state,
});
const ORIGIN = place('60606', 'Chicago', 'IL');
const DESTINATION = place('30303', 'Atlanta', 'GA');

/** Ceilings no real tariff reaches: per pound for LTL and parcel, per mile for truckload. */
const LTL_MAX_CENTS_PER_LB = 1_000;
const PARCEL_MAX_CENTS_PER_PACKAGE = 500_000;
const TRUCKLOAD_MAX_CENTS_PER_MILE = 2_000;

function request(mode: TariffDraftRequest['mode'], items: RateItem[], miles: number): RateRequest {
  return {
    mode,
    pickup_date: PICKUP,
    origin: ORIGIN,
    destination: DESTINATION,
    stops: [],
    road_miles: miles,
    direct_miles: miles * 0.85,
    items,
    accessorials: [],
    declared_value_cents: 0,
    diesel_usd_per_gal: 3.77,
    equipment: mode === 'truckload' ? STANDARD_EQUIPMENT.dry_van : undefined,
    signature: 'none',
    unit_system: 'imperial',
    currency: 'USD',
  };
}

const pallet = (weight: number, freight_class?: FreightClass): RateItem => ({
  package_type: 'pallets',
  quantity: 1,
  length_in: 48,
  width_in: 40,
  height_in: 48,
  unit_weight_lb: weight,
  freight_class,
  stackable: false,
  hazardous: false,
});
const box = (weight: number): RateItem => ({ ...pallet(weight), package_type: 'boxes', length_in: 12, width_in: 10, height_in: 8 });

interface Probe {
  request: RateRequest;
  weight: number;
  miles: number;
  /** The highest sensible total in cents. */
  ceiling: number;
}

function probes(draft: TariffDraftRequest): Probe[] {
  const out: Probe[] = [];
  if (draft.mode === 'ltl') {
    const classes = draft.tariff.rates.map((r) => r.freight_class).filter((c) => (NMFC_CLASSES as readonly number[]).includes(c));
    for (const freight_class of classes as FreightClass[])
      for (const weight of [150, 750, 1_500, 3_000, 7_500, 15_000])
        for (const miles of [120, 700, 2_400])
          out.push({
            request: request('ltl', [pallet(weight, freight_class)], miles),
            weight,
            miles,
            ceiling: weight * LTL_MAX_CENTS_PER_LB,
          });
  } else if (draft.mode === 'parcel') {
    const max = draft.tariff.limits.max_weight_lb;
    for (const weight of [1, 10, 40, Math.min(70, max)])
      for (const miles of [40, 400, 2_400])
        out.push({ request: request('parcel', [box(weight)], miles), weight, miles, ceiling: PARCEL_MAX_CENTS_PER_PACKAGE });
  } else {
    for (const miles of [60, 600, 2_500])
      out.push({
        request: request('truckload', [pallet(20_000)], miles),
        weight: 20_000,
        miles,
        ceiling: miles * TRUCKLOAD_MAX_CENTS_PER_MILE,
      });
  }
  return out;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The first problem the probes find with `draft`, or null when every probe prices sensibly. */
export async function tariffProblem(carrier: CarrierRow, draft: TariffDraftRequest): Promise<TariffProblem | null> {
  const adapter = new TariffCarrier({ ...carrier, tariff: draft.tariff, fuelBp: draft.fuel_bp });
  for (const probe of probes(draft)) {
    // The engine refuses what it cannot price (a throw is a tariff it cannot read at all).
    const rate = await adapter.rate(probe.request).catch(() => null);
    const at = { weight: probe.weight, miles: probe.miles };
    if (rate === null) return { key: 'validation.tariff_not_positive', params: { ...at, amount: '-' } };
    if (rate.status !== 'rated') continue;
    const total = rate.total_cents;
    if (!Number.isFinite(total) || total <= 0 || rate.lines.some((l) => !Number.isFinite(l.amount_cents)))
      return { key: 'validation.tariff_not_positive', params: { ...at, amount: Number.isFinite(total) ? dollars(total) : '-' } };
    if (total > probe.ceiling)
      return { key: 'validation.tariff_absurd', params: { ...at, amount: dollars(total), limit: dollars(probe.ceiling) } };
  }
  return null;
}
