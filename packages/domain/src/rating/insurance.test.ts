import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORT_PHONE } from '../support';
import {
  carrierLiabilityCents,
  INSURANCE_MAX_ONLINE_CENTS_HIGH,
  insurableOnline,
  insuranceChargeLines,
  insuranceOptions,
  insurancePremiumCents,
  maxInsuredOnlineCents,
  DEFAULT_INSURANCE_PARAMS as P,
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
    expect(insurableOnline({ kind: 'full', premium_cents: 5_000, coverage_cents: 800_000, deductible_cents: 0 })).toBe(true);
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
