import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_LTL_TARIFF, rateLtl } from '../rating/ltl';
import type { ChargeLine } from '../rating/types';
import { applyBp, divRound, priceRate, requiredMargin, spread } from './pricing';
import type { PricingContext, PricingProgram, PricingRule, ProgramInForce } from './types';

const line = (code: ChargeLine['code'], amount_cents: number, detail?: string): ChargeLine =>
  detail === undefined
    ? { code, label: `quote.charges.${code}`, amount_cents }
    : { code, label: `quote.charges.${code}`, detail, amount_cents };
const sum = (lines: ChargeLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);

const ctx = (over: Partial<PricingContext> = {}): PricingContext => ({
  mode: 'ltl',
  carrier_scac: 'SAIA',
  origin: { postal_code: '60606', country: 'US', state: 'IL' },
  destination: { postal_code: '75201', country: 'US', state: 'TX' },
  weight_lb: 800,
  date: '2026-03-02',
  ...over,
});
const program = (over: Partial<PricingProgram> = {}): PricingProgram => ({
  rules: [],
  contract_lanes: [],
  minimum_margin_cents: 0,
  minimum_margin_bp: 0,
  ...over,
});
const inForce = (p: PricingProgram, scope: 'account' | 'default' = 'default', version = 1): ProgramInForce => ({
  scope,
  program_id: scope,
  version,
  program: p,
});
const markup = (name: string, markup_bp: number, match: PricingRule['match'] = {}): PricingRule => ({
  name,
  match,
  adjustment: { kind: 'markup', markup_bp },
});

/** An LTL rate as the engine gives it: gross, discount, fuel, an accessorial, insurance. */
const LTL_LINES = [
  line('freight', 60_000, '100'),
  line('discount', -42_000),
  line('fuel', 5_697),
  line('accessorial', 7_500, 'liftgate_delivery'),
  line('insurance', 3_500),
];

describe('rounding helpers', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5, 10)).toBe(1);
    expect(divRound(-5, 10)).toBe(-1);
    expect(divRound(4, 10)).toBe(0);
    expect(applyBp(12_345, 1_500)).toBe(1_852); // 1851.75
  });

  it('asks for the higher of the minimum margins, the percent of the price rounded up', () => {
    expect(requiredMargin(10_000, 3_500, 800)).toBe(3_500);
    expect(requiredMargin(100_000, 3_500, 800)).toBe(8_696); // 100000 x 0.08 / 0.92 = 8695.65
    expect(requiredMargin(0, 3_500, 800)).toBe(3_500);
  });

  it('spreads an amount over lines by largest remainder, the earlier line first among equals', () => {
    const lines = [line('freight', 100), line('fuel', 100), line('accessorial', 100)];
    expect(spread(lines, 2, () => true).map((l) => l.amount_cents)).toEqual([101, 101, 100]);
    expect(spread(lines, -1, () => true).map((l) => l.amount_cents)).toEqual([100, 100, 99]);
  });
});

describe('priceRate', () => {
  it('sells at cost, saying so, when no program has a rule for the rate', () => {
    const r = priceRate(LTL_LINES, ctx(), { fallback: inForce(program({ rules: [markup('parcel', 1_200, { mode: 'parcel' })] })) });
    expect(r).toMatchObject({ applied: { source: 'none' }, cost_cents: 34_697, price_cents: 34_697, margin_cents: 0, margin_bp: 0 });
    expect(r.lines).toEqual(LTL_LINES);
  });

  it('marks up linehaul, fuel and accessorials and sells insurance at cost', () => {
    const r = priceRate(LTL_LINES, ctx(), { fallback: inForce(program({ rules: [markup('LTL', 1_500, { mode: 'ltl' })] })) });
    // Marked up: 60000 - 42000 + 5697 + 7500 = 31197; 15% = 4679.55 -> 4680.
    expect(r.margin_cents).toBe(4_680);
    expect(r.price_cents).toBe(34_697 + 4_680);
    expect(r.lines.find((l) => l.code === 'insurance')?.amount_cents).toBe(3_500);
    expect(sum(r.lines)).toBe(r.price_cents);
    expect(r.margin_bp).toBe(Math.round((4_680 * 10_000) / r.price_cents));
    expect(r.applied).toEqual({ source: 'rule', scope: 'default', program_id: 'default', version: 1, index: 0, name: 'LTL' });
  });

  it('keeps a parcel declared-value charge at cost', () => {
    const lines = [line('freight', 1_500), line('accessorial', 230, 'declared_value')];
    const r = priceRate(lines, ctx({ mode: 'parcel', carrier_scac: 'UPSN' }), {
      fallback: inForce(program({ rules: [markup('all', 1_000)] })),
    });
    expect(r.lines).toEqual([line('freight', 1_650), line('accessorial', 230, 'declared_value')]);
  });

  it('adds a flat amount per shipment', () => {
    const r = priceRate(LTL_LINES, ctx(), {
      fallback: inForce(program({ rules: [{ name: 'flat', match: {}, adjustment: { kind: 'flat', amount_cents: 2_500 } }] })),
    });
    expect(r.margin_cents).toBe(2_500);
    expect(sum(r.lines)).toBe(r.price_cents);
  });

  it('sells LTL at the base tariff less a discount, fuel following the linehaul, accessorials at cost', () => {
    const rule: PricingRule = { name: '62% off', match: { mode: 'ltl' }, adjustment: { kind: 'discount_off_base', discount_bp: 6_200 } };
    const r = priceRate(LTL_LINES, ctx(), { fallback: inForce(program({ rules: [rule] })) });
    // Linehaul 60000 - 37200 = 22800 (cost 18000); fuel 5697 x 22800 / 18000 = 7216.2 -> 7216.
    expect(r.lines).toEqual([
      line('freight', 60_000, '100'),
      line('discount', -37_200),
      line('fuel', 7_216),
      line('accessorial', 7_500, 'liftgate_delivery'),
      line('insurance', 3_500),
    ]);
    expect(r.margin_cents).toBe(4_800 + 1_519);
  });

  it('never sells the linehaul below its cost through a discount, and never prices parcel with one', () => {
    const rule: PricingRule = { name: '80% off', match: {}, adjustment: { kind: 'discount_off_base', discount_bp: 8_000 } };
    const r = priceRate(LTL_LINES, ctx(), { fallback: inForce(program({ rules: [rule] })) });
    expect(r.lines.slice(0, 3)).toEqual([line('freight', 60_000, '100'), line('discount', -48_000), line('minimum', 6_000)]);
    expect(r.margin_cents).toBe(0);
    const parcel = priceRate([line('freight', 1_500)], ctx({ mode: 'parcel' }), { fallback: inForce(program({ rules: [rule] })) });
    expect(parcel.applied.source).toBe('none');
  });

  it('raises the price to the minimum margin, the higher of dollars and percent', () => {
    const p = program({ rules: [markup('thin', 100)], minimum_margin_cents: 3_500, minimum_margin_bp: 800 });
    const small = priceRate([line('freight', 10_000)], ctx(), { fallback: inForce(p) });
    expect(small).toMatchObject({ margin_cents: 3_500, price_cents: 13_500, minimum_applied: true });
    const large = priceRate([line('freight', 100_000), line('fuel', 30_000)], ctx(), { fallback: inForce(p) });
    expect(large.margin_cents).toBe(requiredMargin(130_000, 3_500, 800));
    expect(large.margin_bp).toBeGreaterThanOrEqual(800);
    expect(sum(large.lines)).toBe(large.price_cents);
    // A rule's own minimum overrides the program's.
    const own = program({ ...p, rules: [{ ...markup('thin', 100), minimum_margin_cents: 1_000, minimum_margin_bp: 0 }] });
    expect(priceRate([line('freight', 10_000)], ctx(), { fallback: inForce(own) }).margin_cents).toBe(1_000);
  });

  it('prices a contract lane at its fixed price, accessorials and insurance on top at cost, flagging a loss', () => {
    const lane = {
      name: 'CHI-DAL',
      mode: 'ltl' as const,
      origin: { zip3: ['606'] },
      destination: { states: ['TX'] },
      price_cents: 30_000,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
    };
    const account = inForce(program({ contract_lanes: [lane], minimum_margin_cents: 3_500 }), 'account', 3);
    const r = priceRate(LTL_LINES, ctx(), { account, fallback: inForce(program({ rules: [markup('all', 1_500)] })) });
    expect(r.lines).toEqual([
      line('freight', 30_000, 'contract'),
      line('accessorial', 7_500, 'liftgate_delivery'),
      line('insurance', 3_500),
    ]);
    expect(r).toMatchObject({ margin_cents: 30_000 - 23_697, below_minimum: false, below_cost: false, minimum_applied: false });
    expect(r.applied).toEqual({ source: 'contract', scope: 'account', program_id: 'account', version: 3, index: 0, name: 'CHI-DAL' });
    const cheap = priceRate(LTL_LINES, ctx(), {
      account: inForce(program({ contract_lanes: [{ ...lane, price_cents: 20_000 }] }), 'account'),
    });
    expect(cheap).toMatchObject({ below_cost: true, below_minimum: true, margin_cents: -3_697 });
    // Outside its dates the lane does not apply, and the default program prices the rate.
    expect(
      priceRate(LTL_LINES, ctx({ date: '2027-01-01' }), { account, fallback: inForce(program({ rules: [markup('all', 1_500)] })) }).applied,
    ).toMatchObject({
      source: 'rule',
      scope: 'default',
    });
  });

  it('refuses lines that are not whole cents', () => {
    expect(() => priceRate([line('freight', 10.5)], ctx(), {})).toThrow(RangeError);
  });

  it('prices a real LTL rate from the engine', () => {
    const rated = rateLtl(DEMO_LTL_TARIFF, {
      items: [{ length_in: 48, width_in: 40, height_in: 48, unit_weight_lb: 800, quantity: 1, freight_class: 100 }],
      origin: { postal_code: '60606', country: 'US' },
      destination: { postal_code: '75201', country: 'US' },
      diesel_usd_per_gal: 3.65,
      accessorials: ['liftgate_delivery'],
    });
    if (rated.status !== 'rated') throw new Error('not rated');
    const r = priceRate(rated.lines, ctx(), { fallback: inForce(program({ rules: [markup('LTL', 1_500)], minimum_margin_cents: 3_500 })) });
    expect(r.cost_cents).toBe(rated.total_cents);
    expect(r.price_cents - r.cost_cents).toBe(r.margin_cents);
    expect(r.margin_cents).toBeGreaterThanOrEqual(3_500);
  });
});

describe('priceRate properties', () => {
  const cents = fc.integer({ min: 0, max: 5_000_000 });
  const costLines = fc
    .tuple(
      cents.map((c) => c + 1),
      fc.integer({ min: 0, max: 9_000 }),
      fc.array(fc.tuple(fc.constantFrom<ChargeLine['code']>('fuel', 'accessorial', 'surcharge', 'insurance', 'minimum'), cents), {
        maxLength: 6,
      }),
    )
    .map(([gross, discountBp, rest]) => [
      line('freight', gross),
      ...(discountBp ? [line('discount', -applyBp(gross, discountBp))] : []),
      ...rest.map(([code, amount]) => line(code, amount)),
    ]);
  const adjustment = fc.oneof(
    fc.integer({ min: 0, max: 20_000 }).map((markup_bp) => ({ kind: 'markup' as const, markup_bp })),
    cents.map((amount_cents) => ({ kind: 'flat' as const, amount_cents })),
    fc.integer({ min: 0, max: 9_500 }).map((discount_bp) => ({ kind: 'discount_off_base' as const, discount_bp })),
  );
  const minimums = fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 5_000 }));
  const mode = fc.constantFrom('ltl' as const, 'parcel' as const, 'truckload' as const);

  it('lines sum to the price to the cent, price - cost = margin, and the margin meets the minimum', () => {
    fc.assert(
      fc.property(costLines, adjustment, minimums, mode, (lines, adj, [minCents, minBp], m) => {
        const p = program({ rules: [{ name: 'r', match: {}, adjustment: adj }], minimum_margin_cents: minCents, minimum_margin_bp: minBp });
        const r = priceRate(lines, ctx({ mode: m }), { fallback: inForce(p) });
        expect(r.lines.every((l) => Number.isSafeInteger(l.amount_cents))).toBe(true);
        expect(sum(r.lines)).toBe(r.price_cents);
        expect(r.cost_cents).toBe(sum(lines));
        expect(r.price_cents - r.cost_cents).toBe(r.margin_cents);
        if (r.applied.source === 'rule') {
          expect(r.margin_cents).toBeGreaterThanOrEqual(minCents);
          // The percent is met exactly, not merely after rounding: margin x 10000 >= bp x price.
          expect(r.margin_cents * 10_000).toBeGreaterThanOrEqual(minBp * r.price_cents);
        }
        // Insurance is never marked up.
        const insurance = (ls: ChargeLine[]) => ls.filter((l) => l.code === 'insurance').map((l) => l.amount_cents);
        expect(insurance(r.lines)).toEqual(insurance(lines));
      }),
    );
  });

  it('is deterministic: the same input prices the same, and does not change its input', () => {
    fc.assert(
      fc.property(costLines, adjustment, (lines, adj) => {
        const before = structuredClone(lines);
        const p = inForce(
          program({ rules: [{ name: 'r', match: {}, adjustment: adj }], minimum_margin_cents: 3_500, minimum_margin_bp: 800 }),
        );
        expect(priceRate(lines, ctx(), { fallback: p })).toEqual(priceRate(lines, ctx(), { fallback: p }));
        expect(lines).toEqual(before);
      }),
    );
  });

  it('a contract lane is priced at exactly its price plus the lines sold at cost', () => {
    fc.assert(
      fc.property(costLines, cents, (lines, price_cents) => {
        const lane = {
          name: 'l',
          mode: 'ltl' as const,
          origin: { states: ['IL'] },
          destination: { states: ['TX'] },
          price_cents,
          valid_from: '2026-01-01',
          valid_to: '2026-12-31',
        };
        const r = priceRate(lines, ctx(), { account: inForce(program({ contract_lanes: [lane] }), 'account') });
        const atCostOrExtra = lines.filter((l) => !['freight', 'discount', 'minimum', 'fuel', 'gross'].includes(l.code));
        expect(r.price_cents).toBe(price_cents + sum(atCostOrExtra));
        expect(r.below_cost).toBe(r.margin_cents < 0);
      }),
    );
  });
});
