import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, CURRENCIES } from '../settings';
import { applyRate, canadianImportTax, type DutyEstimateInput, type DutyItem, dutyPayer, estimateDuties, findDutyRate } from './duties';
import { DUTY_RATE_TABLES, type DutyRateTable } from './duty-rates';
import { INCOTERMS } from './formats';

const item = (hsCode: string, quantity: number, unitValueCents: number, more: Partial<DutyItem> = {}): DutyItem => ({
  hsCode,
  originCountry: 'CN',
  quantity,
  unitValueCents,
  usmca: false,
  ...more,
});

const into = (
  destination: DutyEstimateInput['destination'],
  items: DutyItem[],
  more: Partial<DutyEstimateInput> = {},
): DutyEstimateInput => ({
  destination,
  shipFrom: destination === 'US' ? 'CA' : 'US',
  mode: 'ltl',
  incoterm: 'DAP',
  currency: destination === 'CA' ? 'CAD' : destination === 'MX' ? 'MXN' : 'USD',
  items,
  ...more,
});

describe('rounding', () => {
  it('rounds each amount half-up to a cent', () => {
    expect(applyRate(100, 250)).toBe(3); // 2.5 -> 3
    expect(applyRate(123_450, 290)).toBe(3_580); // 3,580.05 -> 3,580
    expect(applyRate(1, 4_999)).toBe(0); // 0.4999 -> 0
    expect(applyRate(0, 1_300)).toBe(0);
  });
});

describe('the rate lookup', () => {
  // A staff-edited table: the 10-digit line and the 8-digit item carry other rates than their subheading.
  const table: DutyRateTable = {
    country: 'US',
    source: 'test',
    asOf: '2026-01-01',
    rates: {
      '940320': { rateBasisPoints: 1_000, description: 'subheading' },
      '94032000': { rateBasisPoints: 500, description: 'subheading item' },
      '9403200090': { rateBasisPoints: 0, description: 'statistical line' },
    },
  };

  it('takes the most specific entry: 10 digits, then 8, then 6', () => {
    expect(findDutyRate(table, '9403.20.00.90')?.hsCode).toBe('9403200090');
    expect(findDutyRate(table, '9403.20.00.11')?.hsCode).toBe('94032000');
    expect(findDutyRate(table, '9403.20.99.99')?.hsCode).toBe('940320');
    expect(findDutyRate(table, '940320')?.entry.rateBasisPoints).toBe(1_000);
    expect(findDutyRate(table, '9401.20')).toBeNull();
  });

  it('uses the table passed in, 10 digits over 6', () => {
    // $1,000.00 of furniture: 10-digit line free, 8-digit item 5% = $50.00, subheading 10% = $100.00.
    const e = estimateDuties(
      into('US', [item('9403200090', 1, 100_000), item('9403200011', 1, 100_000), item('94032099', 1, 100_000)], { rates: table }),
    );
    expect(e.lines.map((l) => [l.rateHsCode, l.dutyCents])).toEqual([
      ['9403200090', 0],
      ['94032000', 5_000],
      ['940320', 10_000],
    ]);
    expect(e.source).toBe('test');
    expect(() => estimateDuties(into('CA', [], { rates: table }))).toThrow(RangeError);
  });
});

describe('into the United States', () => {
  it('charges the duty of a known code, with no tax', () => {
    // 7326.90.86 at 2.9%: 10 x $123.45 = $1,234.50; 123,450 x 2.9% = 3,580.05 -> $35.80.
    const e = estimateDuties(into('US', [item('7326.90.86.88', 10, 12_345)]));
    expect(e.lines).toEqual([
      {
        hsCode: '7326908688',
        customsValueCents: 123_450,
        dutyRateBasisPoints: 290,
        rateHsCode: '73269086',
        dutyCents: 3_580,
        reason: null,
        taxes: [],
      },
    ]);
    expect(e).toMatchObject({ totalDutyCents: 3_580, totalTaxCents: 0, totalCents: 3_580, taxes: [], complete: true });
    expect(e.notes).toEqual(['mpf_not_included']);
    expect(e.source).toBe(DUTY_RATE_TABLES.US.source);
    expect(e.asOf).toBe('2026-01-01');
  });

  it('has no de minimis: a $50 parcel pays its duty', () => {
    // 3926.90.99 at 5.3%: $50.00 x 5.3% = $2.65.
    const e = estimateDuties(into('US', [item('3926.90.9990', 1, 5_000)], { mode: 'parcel' }));
    expect(e.totalDutyCents).toBe(265);
    expect(e.lines[0]?.reason).toBeNull();
  });

  it('charges no duty on a USMCA good, and duty on a USMCA claim from elsewhere', () => {
    // 8708.99.81 at 2.5%: 2 x $400.00 = $800.00 -> $20.00 unless it qualifies.
    const e = estimateDuties(
      into('US', [item('8708.99.81', 2, 40_000, { usmca: true, originCountry: 'MX' }), item('8708.99.81', 2, 40_000, { usmca: true })]),
    );
    expect(e.lines.map((l) => [l.dutyRateBasisPoints, l.dutyCents, l.reason])).toEqual([
      [0, 0, 'usmca'],
      [250, 2_000, null],
    ]);
    expect(e.totalCents).toBe(2_000);
  });

  it('does not estimate a code missing from the table, nor guess one', () => {
    // $100.00 known (free) + $250.00 of 9999.99 (not in the table) + a 5-digit code.
    const e = estimateDuties(into('US', [item('481910', 1, 10_000), item('9999.99', 1, 25_000), item('12345', 1, 100)]));
    expect(e.lines.map((l) => [l.dutyRateBasisPoints, l.dutyCents, l.reason])).toEqual([
      [0, 0, null],
      [null, null, 'unknown_hs_code'],
      [null, null, 'invalid_hs_code'],
    ]);
    expect(e.lines[1]?.customsValueCents).toBe(25_000);
    expect(e).toMatchObject({ totalDutyCents: 0, totalCents: 0, complete: false });
  });
});

describe('into Canada', () => {
  it('adds Ontario HST on value for duty + duty', () => {
    // 8708.99.99 at 6%: 4 x CAD 250.00 = 1,000.00; duty 60.00; HST 13% x 1,060.00 = 137.80; total 197.80.
    const e = estimateDuties(into('CA', [item('8708.99.99', 4, 25_000)], { province: 'on' }));
    expect(e.lines[0]).toMatchObject({ dutyCents: 6_000, taxes: [{ kind: 'hst', cents: 13_780 }] });
    expect(e.taxes).toEqual([{ kind: 'hst', rateBasisPoints: 1_300, cents: 13_780, complete: true }]);
    expect(e).toMatchObject({ totalDutyCents: 6_000, totalTaxCents: 13_780, totalCents: 19_780, complete: true, notes: [] });
  });

  it('adds GST alone in Alberta', () => {
    // 3926.90.90 at 6.5%: 3 x CAD 19.99 = 59.97; duty 3.89805 -> 3.90; GST 5% x 63.87 = 3.1935 -> 3.19; total 7.09.
    const e = estimateDuties(into('CA', [item('3926.90.90', 3, 1_999)], { province: 'AB' }));
    expect(e.taxes).toEqual([{ kind: 'gst', rateBasisPoints: 500, cents: 319, complete: true }]);
    expect(e).toMatchObject({ totalDutyCents: 390, totalTaxCents: 319, totalCents: 709 });
  });

  it('knows each province, Quebec paying the GST only, and estimates no tax for an unknown one', () => {
    expect(['ON', 'NS', 'NB', 'NL', 'PE', 'QC', 'BC'].map((p) => canadianImportTax(p))).toEqual([
      { kind: 'hst', rateBasisPoints: 1_300 },
      { kind: 'hst', rateBasisPoints: 1_400 },
      { kind: 'hst', rateBasisPoints: 1_500 },
      { kind: 'hst', rateBasisPoints: 1_500 },
      { kind: 'hst', rateBasisPoints: 1_500 },
      { kind: 'gst', rateBasisPoints: 500 },
      { kind: 'gst', rateBasisPoints: 500 },
    ]);
    const e = estimateDuties(into('CA', [item('8708.99.99', 1, 10_000)], { province: 'XX' }));
    expect(e).toMatchObject({ totalDutyCents: 600, totalTaxCents: 0, taxes: [], complete: false, notes: ['unknown_province'] });
  });

  it('leaves out the tax of a line whose duty is not known', () => {
    // Known line: CAD 100.00 at 6% = 6.00, HST 13% x 106.00 = 13.78. The unknown line has neither.
    const e = estimateDuties(into('CA', [item('8708.99.99', 1, 10_000), item('0101.21', 1, 50_000)], { province: 'ON' }));
    expect(e.lines[1]?.taxes).toEqual([{ kind: 'hst', cents: null }]);
    expect(e.taxes).toEqual([{ kind: 'hst', rateBasisPoints: 1_300, cents: 1_378, complete: false }]);
    expect(e.complete).toBe(false);
  });

  it('lets a CAD 35 courier parcel from the US in free of duty and tax', () => {
    const e = estimateDuties(into('CA', [item('3926.90.90', 1, 3_500)], { mode: 'parcel', province: 'ON' }));
    expect(e.lines[0]).toMatchObject({ dutyRateBasisPoints: 0, dutyCents: 0, reason: 'low_value', taxes: [{ kind: 'hst', cents: 0 }] });
    expect(e).toMatchObject({ totalCents: 0, complete: true });
  });

  it('charges a CAD 120 courier parcel its tax but no duty', () => {
    // 2 x CAD 60.00 = 120.00, no duty; HST 13% x 120.00 = 15.60.
    const e = estimateDuties(into('CA', [item('3926.90.90', 2, 6_000)], { mode: 'parcel', province: 'ON', shipFrom: 'MX' }));
    expect(e.lines[0]).toMatchObject({ dutyCents: 0, reason: 'low_value' });
    expect(e).toMatchObject({ totalDutyCents: 0, totalTaxCents: 1_560, totalCents: 1_560 });
  });

  it('applies the thresholds to other currencies only through a CAD rate, and only to courier parcels', () => {
    const parcel = into('CA', [item('3926.90.90', 1, 2_500)], { mode: 'parcel', province: 'ON', currency: 'USD' });
    // USD 25.00 with no rate: duty 6.5% = 1.625 -> 1.63 and HST on 26.63 = 3.4619 -> 3.46, and a note.
    const noRate = estimateDuties(parcel);
    expect(noRate).toMatchObject({ totalDutyCents: 163, totalTaxCents: 346, notes: ['low_value_threshold_not_applied'] });
    // At 1.38, USD 25.00 is CAD 34.50: free.
    expect(estimateDuties({ ...parcel, toCad: (cents) => Math.round(cents * 1.38) }).totalCents).toBe(0);
    expect(estimateDuties({ ...parcel, toCad: () => null }).notes).toEqual(['low_value_threshold_not_applied']);
    // Neither an LTL shipment nor a parcel from Canada's own side qualifies.
    expect(estimateDuties({ ...parcel, currency: 'CAD', mode: 'ltl' }).totalDutyCents).toBe(163);
    expect(estimateDuties({ ...parcel, currency: 'CAD', shipFrom: 'CA' }).totalDutyCents).toBe(163);
  });
});

describe('into Mexico', () => {
  it('adds the DTA on the value and the IVA on value + duty + DTA', () => {
    // 7326.90.99 at 25%: 5 x MXN 2,000.00 = 10,000.00; duty 2,500.00; DTA 8 per thousand = 80.00;
    // IVA 16% x 12,580.00 = 2,012.80; taxes 2,092.80; total 4,592.80.
    const e = estimateDuties(into('MX', [item('7326.90.99', 5, 200_000)]));
    expect(e.lines[0]).toMatchObject({
      dutyCents: 250_000,
      taxes: [
        { kind: 'dta', cents: 8_000 },
        { kind: 'iva', cents: 201_280 },
      ],
    });
    expect(e.taxes).toEqual([
      { kind: 'dta', rateBasisPoints: 80, cents: 8_000, complete: true },
      { kind: 'iva', rateBasisPoints: 1_600, cents: 201_280, complete: true },
    ]);
    expect(e).toMatchObject({ totalDutyCents: 250_000, totalTaxCents: 209_280, totalCents: 459_280, complete: true, notes: [] });
  });

  it('exempts a USMCA good from duty and DTA, and keeps the DTA of a line of unknown code', () => {
    // USMCA: MXN 5,000.00, no duty, no DTA, IVA 16% = 800.00. Unknown code: MXN 1,000.00, DTA 8.00, no IVA.
    const e = estimateDuties(
      into('MX', [item('8708.99.99', 1, 500_000, { usmca: true, originCountry: 'US' }), item('9999.99', 1, 100_000)]),
    );
    expect(e.lines.map((l) => [l.dutyCents, l.reason, l.taxes])).toEqual([
      [
        0,
        'usmca',
        [
          { kind: 'dta', cents: 0 },
          { kind: 'iva', cents: 80_000 },
        ],
      ],
      [
        null,
        'unknown_hs_code',
        [
          { kind: 'dta', cents: 800 },
          { kind: 'iva', cents: null },
        ],
      ],
    ]);
    expect(e).toMatchObject({ totalDutyCents: 0, totalTaxCents: 80_800, complete: false });
  });
});

describe('who pays', () => {
  it('is the shipper under DDP and the consignee under EXW, FCA and DAP', () => {
    expect(INCOTERMS.map(dutyPayer)).toEqual(['consignee', 'consignee', 'consignee', 'shipper']);
    for (const incoterm of INCOTERMS) {
      expect(estimateDuties(into('US', [item('481910', 1, 100)], { incoterm })).payer).toBe(dutyPayer(incoterm));
    }
  });
});

describe('the totals', () => {
  const hsCode = fc.constantFrom('7326.90.86', '3926.90.99', '8708.99.99', '7326.90.99', '847130', '940320', '9999.99', '1234');
  const itemArb = fc.record({
    hsCode,
    originCountry: fc.constantFrom('US', 'CA', 'MX', 'CN', 'DE'),
    quantity: fc.integer({ min: 0, max: 1_000 }),
    unitValueCents: fc.integer({ min: 1, max: 1_000_000_000 }),
    usmca: fc.boolean(),
  });
  const inputArb = fc.record({
    destination: fc.constantFrom(...COUNTRIES),
    shipFrom: fc.constantFrom(...COUNTRIES),
    province: fc.constantFrom('ON', 'NS', 'QC', 'AB', 'XX', undefined),
    mode: fc.constantFrom<DutyEstimateInput['mode']>('ltl', 'truckload', 'parcel'),
    incoterm: fc.constantFrom(...INCOTERMS),
    currency: fc.constantFrom(...CURRENCIES),
    items: fc.array(itemArb, { maxLength: 8 }),
  });

  it('reconcile to the cent with their lines, in whole cents, never negative', () => {
    fc.assert(
      fc.property(inputArb, fc.boolean(), (input, withRate) => {
        const e = estimateDuties({ ...input, toCad: withRate ? (cents) => Math.round(cents * 1.37) : undefined });
        const cents = [e.totalDutyCents, e.totalTaxCents, e.totalCents, ...e.taxes.map((t) => t.cents)];
        for (const l of e.lines) cents.push(l.customsValueCents, l.dutyCents ?? 0, ...l.taxes.map((t) => t.cents ?? 0));
        for (const c of cents) expect(Number.isSafeInteger(c) && c >= 0).toBe(true);
        expect(e.totalDutyCents).toBe(e.lines.reduce((s, l) => s + (l.dutyCents ?? 0), 0));
        for (const t of e.taxes) {
          expect(t.cents).toBe(e.lines.reduce((s, l) => s + (l.taxes.find((x) => x.kind === t.kind)?.cents ?? 0), 0));
        }
        expect(e.totalTaxCents).toBe(e.taxes.reduce((s, t) => s + t.cents, 0));
        expect(e.totalCents).toBe(e.totalDutyCents + e.totalTaxCents);
        if (e.complete) expect(e.lines.every((l) => l.dutyCents !== null && l.taxes.every((t) => t.cents !== null))).toBe(true);
      }),
    );
  });
});
