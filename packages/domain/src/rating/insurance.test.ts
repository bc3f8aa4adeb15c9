import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  carrierLiabilityCents,
  INSURANCE_MAX_ONLINE_CENTS_HIGH,
  insuranceChargeLines,
  insuranceOptions,
  insurancePremiumCents,
  DEFAULT_INSURANCE_PARAMS as P,
} from './insurance';

describe('insuranceOptions', () => {
  it('value within the first tier: none + first tier covering all', () => {
    expect(insuranceOptions(300_000).options).toEqual([
      { kind: 'none', premium_cents: 0, coverage_cents: 0, deductible_cents: 0 },
      { kind: 'first_tier', premium_cents: 5_000, coverage_cents: 300_000, deductible_cents: 0 }, // 0.4% = $12 -> minimum $50
    ]);
  });
  it('above $5,000: first tier up to $5,000 and full', () => {
    const { options, messages } = insuranceOptions(800_000);
    expect(messages).toEqual([]);
    expect(options.map((o) => [o.kind, o.coverage_cents, o.premium_cents])).toEqual([
      ['none', 0, 0],
      ['first_tier', 500_000, 5_000],
      ['full', 800_000, 5_000],
    ]);
  });
  it('$10,000 is the online maximum, no deductible at the maximum', () => {
    const full = insuranceOptions(1_000_000).options.find((o) => o.kind === 'full');
    expect(full).toEqual({ kind: 'full', premium_cents: 5_000, coverage_cents: 1_000_000, deductible_cents: 0 });
  });
  it('above the maximum: call for a quote', () => {
    expect(insuranceOptions(1_000_001)).toEqual({
      options: [{ kind: 'none', premium_cents: 0, coverage_cents: 0, deductible_cents: 0 }],
      messages: [{ level: 'no_rate', key: 'quote.no_rate.insured_value_call', params: { max_insured_cents: 1_000_000 } }],
    });
  });
  it('$250,000 variant: deductible above $10,000, premium by rate', () => {
    const params = { ...P, max_insured_cents: INSURANCE_MAX_ONLINE_CENTS_HIGH, rate_percent: 0.3 };
    const full = insuranceOptions(5_000_000, params).options.find((o) => o.kind === 'full');
    expect(full).toEqual({ kind: 'full', premium_cents: 15_000, coverage_cents: 5_000_000, deductible_cents: 50_000 });
    expect(insuranceOptions(25_000_001, params).messages).toHaveLength(1);
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
          expect(o.coverage_cents).toBeLessThanOrEqual(v);
          if (o.kind !== 'none') expect(o.premium_cents).toBeGreaterThanOrEqual(P.minimum_premium_cents);
        }
        if (v <= w) expect(insurancePremiumCents(v, P)).toBeLessThanOrEqual(insurancePremiumCents(w, P));
      }),
    );
  });
});
