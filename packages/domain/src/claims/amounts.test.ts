import { describe, expect, it } from 'vitest';
import { type ClaimShipmentFacts, claimAmount, liabilityOf, lineBoundCents } from './amounts';

/** Four pallets, 1,000 lb, nothing declared or insured, $487.31 of freight paid. */
const plain: ClaimShipmentFacts = { pieces: 4, weightLb: 1_000, declaredValueCents: 0, insuredCents: null, freightPaidCents: 48_731 };

describe('liability', () => {
  it('is $25 a pound of new goods when nothing was declared or insured', () => {
    expect(liabilityOf(plain)).toEqual({ basis: 'per_pound', capCents: 2_500_000 });
    expect(liabilityOf({ ...plain, weightLb: 412.5 })).toEqual({ basis: 'per_pound', capCents: 1_031_250 });
  });

  it('is the declared value when one was declared, and the insured value over it when insured', () => {
    expect(liabilityOf({ ...plain, declaredValueCents: 1_250_000 })).toEqual({ basis: 'declared', capCents: 1_250_000 });
    expect(liabilityOf({ ...plain, declaredValueCents: 1_250_000, insuredCents: 800_000 })).toEqual({
      basis: 'insured',
      capCents: 800_000,
    });
    expect(liabilityOf({ ...plain, insuredCents: 0 }).basis).toBe('per_pound');
  });

  it('shares it among the lines by pieces, rounded down so the shares never pass the whole', () => {
    expect(lineBoundCents(2_500_000, 1, 4)).toBe(625_000);
    expect(lineBoundCents(1_250_000, 1, 3)).toBe(416_666);
    expect(lineBoundCents(1_250_000, 3, 3)).toBe(1_250_000);
    expect(lineBoundCents(1_250_000, 5, 3)).toBe(1_250_000);
    expect(lineBoundCents(1_250_000, 1, 0)).toBe(0);
  });
});

describe('a claim amount', () => {
  it('is the goods plus the freight claimed back, less salvage', () => {
    const a = claimAmount(plain, {
      lines: [
        { pieces: 1, amountCents: 300_000 },
        { pieces: 1, amountCents: 200_000 },
      ],
      freightCents: 10_000,
      salvageCents: 50_000,
      commercialInvoiceCents: 500_000,
    });
    expect(a).toEqual({
      basis: 'per_pound',
      capCents: 2_500_000,
      lineBoundsCents: [625_000, 625_000],
      goodsCents: 500_000,
      totalCents: 460_000,
      problems: [],
    });
  });

  it('refuses a line over its share, more pieces than shipped, more than the invoice, the freight or the goods', () => {
    const a = claimAmount(
      { ...plain, declaredValueCents: 900_000 },
      {
        lines: [
          { pieces: 2, amountCents: 450_001 },
          { pieces: 3, amountCents: 100_000 },
        ],
        freightCents: 48_732,
        salvageCents: 700_000,
        commercialInvoiceCents: 500_000,
      },
    );
    expect(a.problems).toEqual([
      { field: 'lines.0.amount_cents', problem: 'line_over_bound', maxCents: 450_000 },
      { field: 'lines', problem: 'pieces_over', maxPieces: 4 },
      { field: 'lines', problem: 'over_invoice', maxCents: 500_000 },
      { field: 'freight_cents', problem: 'freight_over_paid', maxCents: 48_731 },
      { field: 'salvage_cents', problem: 'salvage_over', maxCents: 598_733 },
    ]);
  });

  it('refuses lines adding up past the liability though each is within its share', () => {
    const a = claimAmount(
      { ...plain, pieces: 2, declaredValueCents: 100_001 },
      {
        lines: [
          { pieces: 1, amountCents: 50_000 },
          { pieces: 1, amountCents: 50_000 },
          { pieces: 0, amountCents: 1 },
        ],
        freightCents: 0,
        salvageCents: 0,
        commercialInvoiceCents: null,
      },
    );
    expect(a.problems).toEqual([{ field: 'lines.2.amount_cents', problem: 'line_over_bound', maxCents: 0 }]);
  });
});
