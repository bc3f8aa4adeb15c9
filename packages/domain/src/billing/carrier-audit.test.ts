import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsCorrection, auditCarrierInvoice, CARRIER_INVOICE_TOLERANCE, toleranceCents } from './carrier-audit';

const expected = [
  { code: 'freight', amount_cents: 36_000 },
  { code: 'fuel', amount_cents: 6_500 },
  { code: 'accessorial', detail: 'liftgate_delivery', amount_cents: 2_500 },
];
const booked = { weight_lb: 1_000, freight_class: 70 };
const billed = (lines: { code: string; amount_cents: number }[], over: { weight_lb?: number; freight_class?: number } = {}) => ({
  weight_lb: over.weight_lb ?? null,
  freight_class: over.freight_class ?? null,
  lines,
});
const base = { expected, booked, inspection: null, duplicateOf: null, tolerance: CARRIER_INVOICE_TOLERANCE };
const asExpected = [
  { code: 'freight', amount_cents: 36_000 },
  { code: 'fuel', amount_cents: 6_500 },
  { code: 'liftgate_delivery', amount_cents: 2_500 },
];

describe('auditCarrierInvoice', () => {
  it('the tolerance is the larger of $5 and 2% of the expected cost', () => {
    expect(toleranceCents(10_000, CARRIER_INVOICE_TOLERANCE)).toBe(500);
    expect(toleranceCents(45_000, CARRIER_INVOICE_TOLERANCE)).toBe(900);
  });

  it('variances reconcile to the cent: lines sum to the whole, and correction + not ordered + unexplained is the variance', () => {
    const line = fc.integer({ min: -50_000, max: 200_000 });
    fc.assert(
      fc.property(line, line, fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 900, max: 2_000 }), (freight, fuel, extra, weight) => {
        const a = auditCarrierInvoice({
          ...base,
          billed: billed(
            [
              { code: 'freight', amount_cents: freight },
              { code: 'fuel', amount_cents: fuel },
              { code: 'inside_delivery', amount_cents: extra },
            ],
            { weight_lb: weight },
          ),
        });
        expect(a.variance_cents).toBe(a.billed_cents - a.expected_cents);
        expect(a.lines.reduce((s, l) => s + l.variance_cents, 0)).toBe(a.variance_cents);
        const notOrdered = a.reasons.reduce((s, r) => s + (r.code === 'accessorial_not_ordered' ? r.amount_cents : 0), 0);
        expect(a.corrected_cents - a.expected_cents + notOrdered + a.unexplained_cents).toBe(a.variance_cents);
        expect(a.auto_approve).toBe(a.reasons.length === 0);
        if (a.auto_approve) expect(Math.abs(a.variance_cents)).toBeLessThanOrEqual(a.tolerance_cents);
      }),
    );
  });

  it('explains each reason', () => {
    const reweigh = auditCarrierInvoice({
      ...base,
      inspection: { weight_lb: 1_200, freight_class: 70 },
      billed: billed(asExpected, { weight_lb: 1_200 }),
    });
    expect(reweigh.reasons[0]).toMatchObject({ code: 'reweigh', supported: true });
    expect(reweigh.factor).toBe(1.2);
    expect(reweigh.corrected_cents).toBe(43_200 + 7_800 + 2_500);
    expect(acceptsCorrection(reweigh, reweigh.corrected_cents)).toBe(true);
    expect(acceptsCorrection(reweigh, reweigh.expected_cents)).toBe(false);
    const unsupported = auditCarrierInvoice({
      ...base,
      inspection: { weight_lb: 1_000, freight_class: 70 },
      billed: billed(asExpected, { weight_lb: 1_300 }),
    });
    expect(unsupported.reasons[0]).toMatchObject({ code: 'reweigh', supported: false });
    const reclass = auditCarrierInvoice({
      ...base,
      inspection: { weight_lb: 1_000, freight_class: 77.5 },
      billed: billed(
        [
          { code: 'freight', amount_cents: 39_600 },
          { code: 'fuel', amount_cents: 7_150 },
          { code: 'liftgate_delivery', amount_cents: 2_500 },
        ],
        { freight_class: 77.5 },
      ),
    });
    expect(reclass.reasons.map((r) => r.code)).toEqual(['reclass']);
    expect(reclass.factor).toBeCloseTo(1.1);
    const dup = auditCarrierInvoice({ ...base, duplicateOf: 'invoice_number', billed: billed(asExpected) });
    expect(dup.reasons).toEqual([{ code: 'duplicate', of: 'invoice_number' }]);
    const over = auditCarrierInvoice({ ...base, billed: billed([...asExpected, { code: 'freight', amount_cents: 1_000 }]) });
    expect(over.reasons).toEqual([{ code: 'amount_variance', variance_cents: 1_000, tolerance_cents: 900 }]);
  });
});
