import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FreightClass, NMFC_CLASSES } from './freight-class';
import {
  ACCESSORIAL_CODES,
  type AccessorialCode,
  DEFAULT_FUEL_TABLE,
  DEMO_LTL_TARIFF,
  deficitBreakPointLb,
  distanceBandFactor,
  fuelSurchargeBp,
  inFreezeSeason,
  type LtlItem,
  type LtlResult,
  type LtlShipment,
  type LtlTariff,
  linearFeet,
  rateLtl,
  VOLUME_PALLETS_NO_RATE,
  VOLUME_PALLETS_NO_RATE_ALT,
  WEIGHT_BREAKS,
  type WeightBreak,
  weightBreakFor,
} from './ltl';
import type { ChargeLine } from './types';

const US = (postal_code: string) => ({ postal_code, country: 'US' as const });

/** One 48x40x48 pallet, explicit class 100 by default. */
function pallet(unit_weight_lb: number, extra: Partial<LtlItem> = {}): LtlItem {
  return { length_in: 48, width_in: 40, height_in: 48, quantity: 1, unit_weight_lb, freight_class: 100, package_type: 'pallets', ...extra };
}

function ship(items: LtlItem[], extra: Partial<LtlShipment> = {}): LtlShipment {
  return { items, origin: US('30301'), destination: US('60601'), ...extra };
}

/** Demo tariff without discount or minimum: gross = net linehaul. */
const PLAIN: LtlTariff = { ...DEMO_LTL_TARIFF, discount_bp: 0, amc_cents: 0 };

function rated(r: LtlResult) {
  if (r.status !== 'rated') throw new Error(`expected a rate, got ${JSON.stringify(r.messages)}`);
  return r;
}

const sum = (lines: ChargeLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);
const find = (lines: ChargeLine[], code: string, detail?: string) =>
  lines.find((l) => l.code === code && (detail === undefined || l.detail === detail));

describe('weight breaks', () => {
  it.each([
    [1, 'L5C'],
    [499, 'L5C'],
    [500, 'M5C'],
    [999, 'M5C'],
    [1000, 'M1M'],
    [1999, 'M1M'],
    [2000, 'M2M'],
    [4999, 'M2M'],
    [5000, 'M5M'],
    [9999, 'M5M'],
    [10000, 'M10M'],
    [19999, 'M10M'],
    [20000, 'M20M'],
    [45000, 'M20M'],
  ] as [number, WeightBreak][])('%i lb -> %s', (lb, code) => {
    expect(weightBreakFor(lb)).toBe(code);
  });
});

describe('deficit weight (bump-up)', () => {
  it('the break-point example (docs/freight-rules.md): 1M 58.21, 2M 49.39 -> break point 1,696 lb', () => {
    expect(Math.floor(deficitBreakPointLb(5821, 2000, 4939))).toBe(1696);
    const class100 = DEMO_LTL_TARIFF.rates.find((r) => r.freight_class === 100);
    expect(class100?.per_cwt_cents.M1M).toBe(5821);
    expect(class100?.per_cwt_cents.M2M).toBe(4939);
  });

  it('1,696 lb bills its actual weight at M1M; 1,697 lb bills 2,000 lb at M2M', () => {
    const at1696 = rated(rateLtl(PLAIN, ship([pallet(1696)])));
    expect(at1696.deficit).toBeNull();
    expect(at1696.weight_break).toBe('M1M');
    expect(at1696.billed_weight_lb).toBe(1696);
    expect(at1696.gross_cents).toBe(98724); // 16.96 cwt x 58.21 = 987.2416

    const at1697 = rated(rateLtl(PLAIN, ship([pallet(1697)])));
    expect(at1697.weight_break).toBe('M2M');
    expect(at1697.billed_weight_lb).toBe(2000);
    expect(at1697.gross_cents).toBe(98780); // 20 cwt x 49.39
    expect(at1697.deficit).toMatchObject({ from_break: 'M1M', to_break: 'M2M', deficit_weight_lb: 303, rate_cents_per_cwt: 4939 });
    expect(at1697.deficit?.actual_break_gross_cents).toBe(98782);
    expect(find(at1697.lines, 'freight', 'deficit_weight')?.amount_cents).toBe(14965); // 3.03 x 49.39 = 149.65
    expect(find(at1697.lines, 'freight', '100')?.amount_cents).toBe(83815); // 16.97 x 49.39 = 838.15
  });

  it('mixed classes: each class at its own rate, break on total weight, deficit weight at the lowest rate', () => {
    const r = rated(rateLtl(PLAIN, ship([pallet(480, { freight_class: 70 }), pallet(480, { freight_class: 150 })])));
    // 960 lb total -> M5C; bumping to M1M: 4.8 cwt at each class's M1M rate + 0.4 cwt at class 70's M1M rate.
    const r70 = DEMO_LTL_TARIFF.rates.find((x) => x.freight_class === 70)?.per_cwt_cents;
    const r150 = DEMO_LTL_TARIFF.rates.find((x) => x.freight_class === 150)?.per_cwt_cents;
    if (r70 === undefined || r150 === undefined) throw new Error('demo tariff lacks a class');
    const actual = Math.round(4.8 * r70.M5C) + Math.round(4.8 * r150.M5C);
    const bumped = Math.round(4.8 * r70.M1M + 4.8 * r150.M1M + 0.4 * r70.M1M);
    expect(r.gross_cents).toBe(Math.min(actual, bumped));
    expect(r.class_lines.map((l) => l.freight_class)).toEqual([70, 150]);
    expect(r.weight_break).toBe('M1M');
    expect(r.deficit?.rate_cents_per_cwt).toBe(r70.M1M);
  });

  it('lane factor scales the base rates (rounded to whole cents per cwt)', () => {
    expect(distanceBandFactor(DEMO_LTL_TARIFF, 100)).toBe(0.75);
    expect(distanceBandFactor(DEMO_LTL_TARIFF, 1000)).toBe(1);
    expect(distanceBandFactor(DEMO_LTL_TARIFF, 3000)).toBe(1.3);
    expect(distanceBandFactor({ ...DEMO_LTL_TARIFF, distance_bands: [] }, 3000)).toBe(1);
    const r = rated(rateLtl(PLAIN, ship([pallet(1000)], { lane_factor: 1.15 })));
    expect(r.class_lines[0]?.rate_cents_per_cwt).toBe(6694); // 5821 x 1.15 = 6694.15
    expect(r.gross_cents).toBe(66940);
  });
});

describe('discount, minimum, fuel', () => {
  it('discount is its own negative line; gross = base freight; AMC kicks in on a small shipment', () => {
    const r = rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(100)], { diesel_usd_per_gal: 3.503 })));
    expect(r.gross_cents).toBe(8735); // 1 cwt x 87.35
    expect(find(r.lines, 'discount')?.amount_cents).toBe(-6115); // 70% of 87.35 = 61.145 -> 61.15
    expect(find(r.lines, 'minimum')?.amount_cents).toBe(12500 - 2620);
    expect(r.net_linehaul_cents).toBe(12500);
    expect(find(r.lines, 'fuel')?.amount_cents).toBe(3956); // 31.65% of 125.00 = 39.5625
    expect(r.total_cents).toBe(sum(r.lines));
    expect(r.total_cents).toBe(12500 + 3956);
  });

  it('no minimum line when net linehaul is above the AMC', () => {
    const r = rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(1500)])));
    expect(find(r.lines, 'minimum')).toBeUndefined();
    expect(find(r.lines, 'fuel')).toBeUndefined(); // no diesel price given
    expect(r.net_linehaul_cents).toBe(r.gross_cents - r.discount_cents);
  });

  it.each([
    [3.476, 3125],
    [3.503, 3165],
    [3.561, 3205],
    [3.602, 3245],
    [3.715, 3325],
  ])('R+L steps (docs/freight-rules.md): $%f -> %i bp', (price, bp) => {
    expect(fuelSurchargeBp(DEFAULT_FUEL_TABLE, price, 1000)).toBe(bp);
  });

  it('over-20,000-lb column is double; 0 below the table', () => {
    expect(fuelSurchargeBp(DEFAULT_FUEL_TABLE, 3.503, 20000)).toBe(3165);
    expect(fuelSurchargeBp(DEFAULT_FUEL_TABLE, 3.503, 20001)).toBe(6330);
    expect(fuelSurchargeBp(DEFAULT_FUEL_TABLE, 0.5, 1000)).toBe(0);
    const r = rated(rateLtl(PLAIN, ship([pallet(20001, { height_in: 90 })], { diesel_usd_per_gal: 3.503 })));
    expect(r.fuel_bp).toBe(6330);
    expect(find(r.lines, 'fuel')?.amount_cents).toBe(Math.floor((r.net_linehaul_cents * 6330 + 5000) / 10000));
  });
});

describe('accessorials', () => {
  it('NYC metro arbitrary on ZIP3s 100-104, 110-114, 116 at either end', () => {
    const nyc = (origin: string, destination: string) =>
      find(
        rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { origin: US(origin), destination: US(destination) }))).lines,
        'accessorial',
        'nyc_metro',
      );
    for (const z of ['10001', '10451', '11201', '11432', '11610']) expect(nyc('30301', z)?.amount_cents).toBe(9500);
    expect(nyc('10001', '30301')).toBeDefined();
    for (const z of ['10501', '10901', '11501', '11701']) expect(nyc('30301', z)).toBeUndefined();
    // once per shipment even with both ends in NYC
    const both = rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { origin: US('10001'), destination: US('11201') })));
    expect(both.lines.filter((l) => l.detail === 'nyc_metro')).toHaveLength(1);
  });

  it('freeze protection only Nov 1 - Apr 30 when a date is given ($3.09/cwt, min $29)', () => {
    expect(inFreezeSeason('2026-11-01')).toBe(true);
    expect(inFreezeSeason('2027-01-15')).toBe(true);
    expect(inFreezeSeason('2026-04-30')).toBe(true);
    expect(inFreezeSeason('2026-05-01')).toBe(false);
    expect(inFreezeSeason('2026-10-31')).toBe(false);
    const fp = (pickup_date?: string) =>
      rated(
        rateLtl(DEMO_LTL_TARIFF, ship([pallet(100)], { accessorials: ['freeze_protection'], ...(pickup_date ? { pickup_date } : {}) })),
      );
    expect(find(fp('2026-12-01').lines, 'accessorial', 'freeze_protection')?.amount_cents).toBe(2900);
    expect(find(fp().lines, 'accessorial', 'freeze_protection')?.amount_cents).toBe(2900);
    const summer = fp('2026-07-01');
    expect(find(summer.lines, 'accessorial', 'freeze_protection')).toBeUndefined();
    expect(summer.not_applied).toEqual(['freeze_protection']);
    expect(
      find(rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(2000)], { accessorials: ['freeze_protection'] }))).lines, 'accessorial')
        ?.amount_cents,
    ).toBe(6180);
  });

  it('per-cwt with min and max, per-piece with min, flat', () => {
    const t: LtlTariff = {
      ...DEMO_LTL_TARIFF,
      accessorials: { ...DEMO_LTL_TARIFF.accessorials, sort_and_segregate: { kind: 'per_piece', cents_per_piece: 114, min_cents: 12100 } },
    };
    const inside = (lb: number) =>
      find(
        rated(rateLtl(t, ship([pallet(lb, { height_in: 60 })], { accessorials: ['inside_delivery'] }))).lines,
        'accessorial',
        'inside_delivery',
      )?.amount_cents;
    expect(inside(100)).toBe(12600); // min $126
    expect(inside(2000)).toBe(23920); // 20 cwt x 11.96
    expect(inside(15000)).toBe(126400); // max $1,264
    const sorted = (quantity: number) =>
      find(
        rated(
          rateLtl(
            t,
            ship([{ ...pallet(10), quantity, package_type: 'boxes', length_in: 12, width_in: 12, height_in: 12 }], {
              accessorials: ['sort_and_segregate'],
            }),
          ),
        ).lines,
        'accessorial',
      )?.amount_cents;
    expect(sorted(10)).toBe(12100);
    expect(sorted(200)).toBe(22800);
    const r = rated(
      rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { accessorials: ['liftgate_delivery', 'residential_delivery', 'liftgate_delivery'] })),
    );
    expect(r.lines.filter((l) => l.code === 'accessorial').map((l) => [l.detail, l.amount_cents])).toEqual([
      ['liftgate_delivery', 7500],
      ['residential_delivery', 9800],
    ]);
  });

  it('every spec accessorial is priced in the demo tariff', () => {
    const r = rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { accessorials: [...ACCESSORIAL_CODES] })));
    const details = r.lines.filter((l) => l.code === 'accessorial').map((l) => l.detail);
    expect(details).toEqual([...ACCESSORIAL_CODES]);
  });

  it('hazmat added for a hazardous item; overlength tiers 96-143 $90, 144-239 $125, 240-312 $195', () => {
    expect(
      find(rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(500, { hazardous: true })]))).lines, 'accessorial', 'hazmat')?.amount_cents,
    ).toBe(6500);
    const ol = (length_in: number) => rateLtl(DEMO_LTL_TARIFF, ship([pallet(500, { length_in })]));
    expect(find(rated(ol(95)).lines, 'accessorial', 'overlength')).toBeUndefined();
    expect(find(rated(ol(96)).lines, 'accessorial', 'overlength')?.amount_cents).toBe(9000);
    expect(find(rated(ol(143)).lines, 'accessorial', 'overlength')?.amount_cents).toBe(9000);
    expect(find(rated(ol(144)).lines, 'accessorial', 'overlength')?.amount_cents).toBe(12500);
    expect(find(rated(ol(312)).lines, 'accessorial', 'overlength')?.amount_cents).toBe(19500);
    const tooLong = ol(313);
    expect(tooLong.status).toBe('no_rate');
    expect(tooLong.messages).toContainEqual({ level: 'no_rate', key: 'quote.no_rate.overlength', params: { length_in: 313 } });
  });

  it('includes a pre-priced insurance line in the total', () => {
    const insurance: ChargeLine = { code: 'insurance', label: 'quote.charges.insurance', amount_cents: 4500 };
    const r = rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { insurance })));
    expect(r.lines).toContainEqual(insurance);
    expect(r.total_cents).toBe(sum(r.lines));
    expect(() => rateLtl(DEMO_LTL_TARIFF, ship([pallet(500)], { insurance: { ...insurance, code: 'fuel' } }))).toThrow(RangeError);
  });
});

describe('load limits', () => {
  it('linear feet: 48x40 pallets two across: 1-2 = 4 ft, 3-4 = 8 ft, 5-6 = 12 ft; wider than 50 in one across', () => {
    const lf = (quantity: number, width_in = 40, length_in = 48) => linearFeet([{ length_in, width_in, height_in: 48, quantity }]);
    expect([1, 2, 3, 4, 5, 6].map((q) => lf(q))).toEqual([4, 4, 8, 8, 12, 12]);
    expect(lf(3, 60, 60)).toBe(15);
    expect(lf(3, 60, 48)).toBe(10); // turned: 48 across, 60 along, two across
  });

  it('warns above 12 linear feet', () => {
    const crates = (quantity: number) => rated(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity, package_type: 'crates' })])));
    expect(crates(6).messages).toEqual([]);
    expect(crates(7).messages).toEqual([{ level: 'warning', key: 'quote.warnings.overlength_linear_feet', params: { linear_ft: 16 } }]);
  });

  it('7 or more pallets: no rate with {count}; 13 reading exposed and selectable', () => {
    expect(VOLUME_PALLETS_NO_RATE).toBe(7);
    expect(VOLUME_PALLETS_NO_RATE_ALT).toBe(13);
    expect(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity: 6 })])).status).toBe('rated');
    const seven = rateLtl(
      DEMO_LTL_TARIFF,
      ship([pallet(300, { quantity: 4 }), pallet(300, { quantity: 3, package_type: 'non_standard_pallets' })]),
    );
    expect(seven.status).toBe('no_rate');
    expect(seven.messages).toContainEqual({ level: 'no_rate', key: 'quote.no_rate.volume_pallets', params: { count: 7 } });
    const opt = { options: { volume_pallet_threshold: VOLUME_PALLETS_NO_RATE_ALT } };
    expect(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity: 12 })], opt)).status).toBe('rated');
    expect(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity: 13 })], opt)).status).toBe('no_rate');
  });

  it('13 or more pallets: the full-truckload message instead of the 7-pallet one', () => {
    const twelve = rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity: 12 })]));
    expect(twelve.messages.map((m) => m.key)).toContain('quote.no_rate.volume_pallets');
    expect(twelve.messages.map((m) => m.key)).not.toContain('quote.no_rate.truckload_pallets');
    const thirteen = rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { quantity: 13 })]));
    expect(thirteen.status).toBe('no_rate');
    expect(thirteen.messages).toContainEqual({ level: 'no_rate', key: 'quote.no_rate.truckload_pallets', params: { count: 13 } });
    expect(thirteen.messages.map((m) => m.key)).not.toContain('quote.no_rate.volume_pallets');
  });

  it('height over 96 in: call for a quote', () => {
    expect(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { height_in: 96 })])).status).toBe('rated');
    expect(rateLtl(DEMO_LTL_TARIFF, ship([pallet(300, { height_in: 97 })])).messages).toContainEqual({
      level: 'no_rate',
      key: 'quote.no_rate.height_call',
    });
  });

  it('cubic capacity: more than 750 ft3 and under 6 pcf -> no LTL rate', () => {
    // 6 units 96x96x24 = 128 ft3 each = 768 ft3
    const big = (unit_weight_lb: number) =>
      rateLtl(
        DEMO_LTL_TARIFF,
        ship([{ length_in: 96, width_in: 96, height_in: 24, quantity: 6, unit_weight_lb, freight_class: 100, package_type: 'crates' }]),
      );
    expect(big(700).messages).toContainEqual({ level: 'no_rate', key: 'quote.no_rate.cubic_capacity' }); // 5.47 pcf
    expect(big(768).status).toBe('rated'); // 6 pcf
  });

  it('a class missing from the tariff gives no rate', () => {
    const t: LtlTariff = { ...PLAIN, rates: PLAIN.rates.filter((r) => r.freight_class !== 100) };
    expect(rateLtl(t, ship([pallet(300)])).messages).toContainEqual({
      level: 'no_rate',
      key: 'quote.no_rate.class_not_in_tariff',
      params: { class: 100 },
    });
  });

  it('class from density when none is given (the worked example, docs/freight-rules.md -> 175)', () => {
    const r = rated(
      rateLtl(PLAIN, ship([{ length_in: 48, width_in: 48, height_in: 48, quantity: 2, unit_weight_lb: 300, package_type: 'pallets' }])),
    );
    expect(r.items[0]).toMatchObject({ freight_class: 175, class_source: 'density', weight_lb: 600, cubic_ft: 128 });
    expect(r.class_lines[0]?.freight_class).toBe(175);
  });
});

// ---------- properties ----------

const classArb = fc.constantFrom(...NMFC_CLASSES);

/** A one-class tariff whose rates never rise with the weight break (as real tariffs). */
const tariffArb = (cls: FreightClass) =>
  fc
    .record({
      rates: fc.array(fc.integer({ min: 100, max: 30000 }), { minLength: 7, maxLength: 7 }),
      discount_bp: fc.integer({ min: 0, max: 9000 }),
      amc_cents: fc.integer({ min: 0, max: 40000 }),
    })
    .map(({ rates, discount_bp, amc_cents }): LtlTariff => {
      const sorted = [...rates].sort((a, b) => b - a);
      const per_cwt_cents = Object.fromEntries(WEIGHT_BREAKS.map((b, i) => [b.code, sorted[i] ?? 100])) as Record<WeightBreak, number>;
      return { ...DEMO_LTL_TARIFF, rates: [{ freight_class: cls, per_cwt_cents }], discount_bp, amc_cents };
    });

const itemArb: fc.Arbitrary<LtlItem> = fc.record({
  length_in: fc.integer({ min: 6, max: 300 }),
  width_in: fc.integer({ min: 6, max: 96 }),
  height_in: fc.integer({ min: 6, max: 96 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  unit_weight_lb: fc.integer({ min: 1, max: 6000 }),
  freight_class: classArb,
  hazardous: fc.boolean(),
  stackable: fc.boolean(),
  package_type: fc.constantFrom('pallets', 'boxes', 'crates'),
});

const shipmentArb: fc.Arbitrary<LtlShipment> = fc.record({
  items: fc.array(itemArb, { minLength: 1, maxLength: 4 }),
  origin: fc.constantFrom(US('10001'), US('30301'), US('11201')),
  destination: fc.constantFrom(US('60601'), US('11432'), { postal_code: 'M5V 2T6', country: 'CA' as const }),
  accessorials: fc.subarray([...ACCESSORIAL_CODES] as AccessorialCode[]),
  pickup_date: fc.constantFrom('2026-01-15', '2026-07-15'),
  diesel_usd_per_gal: fc.double({ min: 0.5, max: 8, noNaN: true }),
  lane_factor: fc.double({ min: 0.5, max: 2, noNaN: true }),
});

describe('properties', () => {
  it('total equals the sum of the lines; only the discount line is negative; gross = freight lines', () => {
    fc.assert(
      fc.property(shipmentArb, fc.integer({ min: 0, max: 9000 }), fc.integer({ min: 0, max: 40000 }), (s, discount_bp, amc_cents) => {
        const r = rateLtl({ ...DEMO_LTL_TARIFF, discount_bp, amc_cents }, s);
        if (r.status !== 'rated') return;
        expect(r.total_cents).toBe(sum(r.lines));
        for (const l of r.lines) {
          expect(Number.isInteger(l.amount_cents)).toBe(true);
          if (l.code !== 'discount') expect(l.amount_cents).toBeGreaterThanOrEqual(0);
        }
        expect(r.gross_cents).toBe(sum(r.lines.filter((l) => l.code === 'freight')));
        expect(r.net_linehaul_cents).toBeGreaterThanOrEqual(amc_cents);
        expect(r.deficit === null || r.gross_cents <= r.deficit.actual_break_gross_cents).toBe(true);
      }),
    );
  });

  /*
   * Monotonicity, single class, rates non-increasing across breaks, deficit rating on (all heavier
   * breaks tried): for w1 < w2,
   *   - gross (billed linehaul before discount) and net linehaul are non-decreasing;
   *   - the total is non-decreasing while both weights are on the same side of the 20,000-lb fuel
   *     column (not asserted across it: the fuel percentage doubles over 20,000 lb);
   *   - gross per cwt of actual weight is non-increasing (within half a cent of line rounding).
   */
  it('heavier never costs less (deficit rating on); cost per cwt never rises', () => {
    fc.assert(
      fc.property(
        classArb.chain((cls) => fc.tuple(fc.constant(cls), tariffArb(cls))),
        fc.integer({ min: 1, max: 40000 }),
        fc.integer({ min: 1, max: 40000 }),
        fc.double({ min: 1, max: 6, noNaN: true }),
        fc.subarray([...ACCESSORIAL_CODES] as AccessorialCode[]),
        ([cls, tariff], a, b, diesel, accessorials) => {
          const [w1, w2] = a <= b ? [a, b] : [b, a];
          const go = (w: number) =>
            rated(rateLtl(tariff, ship([pallet(w, { freight_class: cls })], { diesel_usd_per_gal: diesel, accessorials })));
          const r1 = go(w1);
          const r2 = go(w2);
          expect(r2.gross_cents).toBeGreaterThanOrEqual(r1.gross_cents);
          expect(r2.net_linehaul_cents).toBeGreaterThanOrEqual(r1.net_linehaul_cents);
          if (w2 <= 20000 || w1 > 20000) expect(r2.total_cents).toBeGreaterThanOrEqual(r1.total_cents);
          expect(r2.gross_cents / w2).toBeLessThanOrEqual(r1.gross_cents / w1 + 0.5 / w1 + 0.5 / w2);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('bills the lowest of the actual break and every heavier break at its minimum weight', () => {
    fc.assert(
      fc.property(
        classArb.chain((cls) => fc.tuple(fc.constant(cls), tariffArb(cls))),
        fc.integer({ min: 1, max: 40000 }),
        ([cls, tariff], w) => {
          const r = rated(rateLtl(tariff, ship([pallet(w, { freight_class: cls })])));
          const rates = tariff.rates[0]?.per_cwt_cents;
          if (rates === undefined) throw new Error('no rates');
          const i0 = WEIGHT_BREAKS.findIndex((b) => b.code === weightBreakFor(w));
          const candidates = WEIGHT_BREAKS.slice(i0).map((b, k) => Math.floor(((k === 0 ? w : b.min_lb) * rates[b.code] + 50) / 100));
          expect(r.gross_cents).toBe(Math.min(...candidates));
          expect(r.billed_weight_lb).toBeGreaterThanOrEqual(w);
        },
      ),
    );
  });
});
