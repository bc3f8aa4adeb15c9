import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORT_PHONE } from '../support';
import {
  carrierLiabilityCents,
  INSURANCE_MAX_ONLINE_CENTS_HIGH,
  type InsuranceOption,
  insurableOnline,
  insuranceChargeLines,
  insuranceOptions,
  insuranceOptionsFor,
  insurancePremiumCents,
  maxInsuredOnlineCents,
  DEFAULT_INSURANCE_PARAMS as P,
  PARCEL_DECLARED_VALUE_CENTS_PER_100,
  parcelDeclaredValueOptions,
  widestOnlineCover,
} from './insurance';

describe('insuranceOptions', () => {
  const HIGH = { ...P, max_insured_cents: INSURANCE_MAX_ONLINE_CENTS_HIGH };
  it('value within the first tier: none + first tier covering all, at the minimum premium', () => {
    expect(insuranceOptions(300_000).options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 0, deductible_cents: 0, online: true },
      // 0.75% of $3,000 = $22.50 -> the $35 minimum
      { kind: 'first_tier', premium_cents: 3_500, coverage_cents: 300_000, deductible_cents: 0, online: true },
    ]);
  });
  it('above $5,000: first tier up to $5,000 and full, the premium growing in tiers', () => {
    const { options, messages } = insuranceOptions(800_000);
    expect(messages).toEqual([]);
    expect(options.map((o) => [o.kind, o.coverage_cents, o.premium_cents])).toEqual([
      ['none', 0, 0],
      ['first_tier', 500_000, 3_750], // 0.75% of $5,000
      ['full', 800_000, 4_950], // $37.50 + 0.40% of $3,000
    ]);
  });
  it('$10,000 is the online maximum, no deductible at the maximum', () => {
    const full = insuranceOptions(1_000_000).options.find((o) => o.kind === 'full');
    expect(full).toEqual({ kind: 'full', premium_cents: 5_750, coverage_cents: 1_000_000, deductible_cents: 0, online: true });
  });
  it('a value above the maximum still has its options: full cover is by phone, the first tier online', () => {
    const { options, messages } = insuranceOptions(1_000_001);
    expect(options.map((o) => [o.kind, o.online])).toEqual([
      ['none', true],
      ['first_tier', true],
      ['full', false],
    ]);
    expect(messages).toEqual([
      { level: 'warning', key: 'quote.warning.insured_value_call', params: { max: '$10,000', phone: SUPPORT_PHONE.display } },
    ]);
    expect(options.every((o) => insurableOnline(o) === o.online)).toBe(true);
  });
  it('$250,000 variant (truckload): deductible above $10,000, cover online up to $250,000', () => {
    expect(maxInsuredOnlineCents('truckload')).toBe(INSURANCE_MAX_ONLINE_CENTS_HIGH);
    expect(maxInsuredOnlineCents('ltl')).toBe(1_000_000);
    const full = insuranceOptions(6_000_000, HIGH).options.find((o) => o.kind === 'full');
    expect(full).toEqual({ kind: 'full', premium_cents: 25_750, coverage_cents: 6_000_000, deductible_cents: 50_000, online: true });
    expect(insuranceOptions(1_000_000, HIGH).options.at(-1)?.deductible_cents).toBe(0);
    expect(insuranceOptions(1_000_001, HIGH).options.at(-1)?.deductible_cents).toBe(50_000);
    expect(insuranceOptions(25_000_000, HIGH).messages).toEqual([]);
    expect(insuranceOptions(25_000_001, HIGH).messages[0]?.params).toMatchObject({ max: '$250,000' });
  });
  it('options stored before `online` existed count as bought online', () => {
    const stored: InsuranceOption = { kind: 'full', premium_cents: 5_000, coverage_cents: 800_000, deductible_cents: 0 };
    expect(insurableOnline(stored)).toBe(true);
  });
  it('uninsured option shows carrier liability ($2.00/lb new, $0.10/lb used)', () => {
    expect(carrierLiabilityCents(1_000_000, 500, 'new')).toBe(100_000);
    expect(carrierLiabilityCents(1_000_000, 500, 'used')).toBe(5_000);
    expect(carrierLiabilityCents(20_000, 500, 'new')).toBe(20_000);
    expect(insuranceOptions(800_000, { ...P, weight_lb: 500, condition: 'used' }).options[0]?.coverage_cents).toBe(5_000);
  });
  it('zero value: only none; charge line of an option', () => {
    expect(insuranceOptions(0).options.map((o) => o.kind)).toEqual(['none']);
    expect(insuranceChargeLines({ kind: 'full', premium_cents: 5_000, coverage_cents: 800_000, deductible_cents: 0 })).toEqual([
      { code: 'insurance', label: 'quote.charge.insurance', detail: 'full', amount_cents: 5_000 },
    ]);
    expect(insuranceChargeLines({ kind: 'none', premium_cents: 0, coverage_cents: 0, deductible_cents: 0 })).toEqual([]);
  });
  it('properties: premium >= minimum, coverage <= value, premium monotone in coverage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 2_000_000 }), (v, w) => {
        for (const o of insuranceOptions(v).options) {
          expect(o.online).toBe(o.coverage_cents <= P.max_insured_cents);
          expect(o.coverage_cents).toBeLessThanOrEqual(v);
          if (o.kind !== 'none') expect(o.premium_cents).toBeGreaterThanOrEqual(P.minimum_premium_cents);
        }
        if (v <= w) expect(insurancePremiumCents(v, P)).toBeLessThanOrEqual(insurancePremiumCents(w, P));
      }),
    );
  });
});

describe('insurance that makes sense for what is shipped', () => {
  it('goods worth $18.99 are offered no $35 premium: freight has only no insurance, a parcel its free $100', () => {
    expect(insuranceOptions(1_899).options.map((o) => o.kind)).toEqual(['none']);
    expect(insuranceOptionsFor('ltl', 1_899, 1).options.map((o) => o.kind)).toEqual(['none']);
    expect(insuranceOptionsFor('parcel', 1_899, 1).options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 1_899, deductible_cents: 0, online: true },
    ]);
  });

  it("a parcel declares value above the carrier's included $100 a package, priced per $100 or part", () => {
    // Two packages include $200; $450 declares $250 more: three blocks of $100.
    expect(parcelDeclaredValueOptions(45_000, 2, 1_000_000).options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 20_000, deductible_cents: 0, online: true },
      { kind: 'full', premium_cents: 3 * PARCEL_DECLARED_VALUE_CENTS_PER_100, coverage_cents: 45_000, deductible_cents: 0, online: true },
    ]);
    // Above the online maximum: by phone, with the warning.
    const high = parcelDeclaredValueOptions(1_200_000, 1, 1_000_000);
    expect(high.options.at(-1)?.online).toBe(false);
    expect(high.messages[0]?.key).toBe('quote.warning.insured_value_call');
  });

  it('properties, every mode: a premium is below what it covers, cover never exceeds the goods, none is always there', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ltl' as const, 'parcel' as const, 'truckload' as const),
        fc.integer({ min: 0, max: 30_000_000 }),
        fc.integer({ min: 1, max: 40 }),
        (mode, value, packages) => {
          const { options } = insuranceOptionsFor(mode, value, packages);
          expect(options[0]?.kind).toBe('none');
          for (const o of options) {
            expect(o.coverage_cents).toBeLessThanOrEqual(value);
            if (o.kind !== 'none') expect(o.premium_cents).toBeLessThan(o.coverage_cents);
          }
          // What was left out was left out for costing at least what it covers.
          const all = mode === 'parcel' ? [] : [insurancePremiumCents(Math.min(value, P.first_tier_cents), P)];
          if (mode !== 'parcel' && value > 0 && all[0]! >= Math.min(value, P.first_tier_cents)) {
            expect(options.some((o) => o.kind === 'first_tier')).toBe(false);
          }
        },
      ),
    );
  });
});

describe('widestOnlineCover', () => {
  it('takes the cover of the whole value when it is bought online', () => {
    expect(widestOnlineCover(insuranceOptions(800_000).options)?.kind).toBe('full');
    expect(widestOnlineCover(insuranceOptions(300_000).options)?.kind).toBe('first_tier');
  });

  it('has none for goods without a value, and leaves cover by phone out', () => {
    expect(widestOnlineCover(insuranceOptions(0).options)).toBeNull();
    const byPhone = insuranceOptionsFor('ltl', 50_000_000, 1).options;
    expect(byPhone.some((o) => o.online === false)).toBe(true);
    expect(widestOnlineCover(byPhone)?.kind).toBe('first_tier');
  });

  it('never takes cover whose premium is not below what it covers', () => {
    expect(widestOnlineCover([{ kind: 'full', premium_cents: 3_500, coverage_cents: 1_899, online: true }])).toBeNull();
  });
});
