import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billableWeightLb,
  checkParcel,
  declaredValueCents,
  dimWeightLb,
  girthIn,
  isLargePackage,
  lengthPlusGirthIn,
  needsAdditionalHandling,
  PARCEL_CARRIER_LIMITS,
  PARCEL_TARIFFS,
  type ParcelPackage,
  type ParcelRateInput,
  parcelPickupDate,
  rateParcel,
} from './parcel';
import type { ParcelZone } from './types';

const box = (length_in: number, width_in: number, height_in: number, weight_lb: number): ParcelPackage => ({
  length_in,
  width_in,
  height_in,
  weight_lb,
});
const keys = (msgs: { key: string }[]) => msgs.map((m) => m.key);
const base: ParcelRateInput = {
  zone: 5,
  packages: [box(12, 10, 8, 5)],
  residential: false,
  signature: 'none',
  declared_value_cents: 0,
  fuel_percent: 20,
};

describe('parcel measures', () => {
  it('takes the longest side as length, whatever the order', () => {
    expect(girthIn(box(10, 40, 20, 1))).toBe(60);
    expect(lengthPlusGirthIn(box(10, 40, 20, 1))).toBe(100);
  });
  it('20x20x20 box: dim weight 58 lb at 139, 49 lb at 166', () => {
    expect(dimWeightLb(box(20, 20, 20, 10), 139)).toBe(58);
    expect(dimWeightLb(box(20, 20, 20, 10), 166)).toBe(49);
    expect(billableWeightLb(box(20, 20, 20, 10), 139)).toBe(58);
  });
  it('rounds each side up to the inch before multiplying', () => {
    expect(dimWeightLb(box(19.1, 19.2, 19.9, 1), 139)).toBe(58);
  });
  it('billable is the actual weight rounded up when heavier than dim', () => {
    expect(billableWeightLb(box(10, 10, 10, 40.2), 139)).toBe(41);
  });
  it('additional handling at 49 in longest side, not at 48', () => {
    expect(needsAdditionalHandling(box(49, 10, 10, 5))).toBe(true);
    expect(needsAdditionalHandling(box(48, 10, 10, 5))).toBe(false);
    expect(needsAdditionalHandling(box(31, 31, 5, 5))).toBe(true);
    expect(needsAdditionalHandling(box(40, 25, 3, 51))).toBe(true);
    expect(needsAdditionalHandling(box(40, 25, 3, 50))).toBe(false);
    expect(needsAdditionalHandling(box(40, 20, 14, 5))).toBe(true); // L+G 108
  });
  it('large package: minimum billable 90 lb', () => {
    expect(isLargePackage(box(97, 6, 6, 10))).toBe(true);
    expect(isLargePackage(box(96, 6, 6, 10))).toBe(false);
    expect(isLargePackage(box(60, 20, 16, 10))).toBe(true); // L+G 132
    expect(billableWeightLb(box(97, 6, 6, 10), 139)).toBe(90);
  });
});

describe('checkParcel', () => {
  it('refuses 151 lb for UPS and accepts 150', () => {
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.ups, [box(20, 20, 20, 151)]))).toEqual(['quote.no_rate.parcel_exceeds_weight']);
    expect(checkParcel(PARCEL_CARRIER_LIMITS.ups, [box(20, 20, 20, 150)])).toEqual([]);
  });
  it('refuses 71 lb for USPS and accepts 70', () => {
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.usps, [box(10, 10, 10, 71)]))).toEqual(['quote.no_rate.parcel_exceeds_weight']);
    expect(checkParcel(PARCEL_CARRIER_LIMITS.usps, [box(10, 10, 10, 70)])).toEqual([]);
  });
  it('length 109 in: over for UPS, fine for FedEx Express (119)', () => {
    const pkg = box(109, 10, 10, 20);
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.ups, [pkg]))).toContain('quote.no_rate.parcel_exceeds_length');
    expect(checkParcel(PARCEL_CARRIER_LIMITS.fedex_express, [pkg])).toEqual([]);
  });
  it('length + girth over 165 in -> use LTL', () => {
    const msgs = checkParcel(PARCEL_CARRIER_LIMITS.ups, [box(5, 100, 20, 10), box(100, 20, 20, 10)]);
    expect(msgs).toEqual([
      { level: 'no_rate', key: 'quote.no_rate.parcel_exceeds_dimensions', params: { package: 2, max_length_plus_girth_in: 165 } },
    ]);
  });
  it('USPS: 108 in L+G, 130 in Ground Advantage, no length limit', () => {
    const pkg = box(60, 12, 12, 10); // L+G 108
    expect(checkParcel(PARCEL_CARRIER_LIMITS.usps, [pkg])).toEqual([]);
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.usps, [box(61, 12, 12, 10)]))).toEqual(['quote.no_rate.parcel_exceeds_dimensions']);
    expect(checkParcel(PARCEL_CARRIER_LIMITS.usps_ground_advantage, [box(82, 12, 12, 10)])).toEqual([]);
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.usps_ground_advantage, [box(83, 12, 12, 10)]))).toEqual([
      'quote.no_rate.parcel_exceeds_dimensions',
    ]);
  });
  it('no packages is no rate; a non-positive side is a RangeError', () => {
    expect(keys(checkParcel(PARCEL_CARRIER_LIMITS.ups, []))).toEqual(['quote.no_rate.parcel_no_packages']);
    expect(() => checkParcel(PARCEL_CARRIER_LIMITS.ups, [box(0, 1, 1, 1)])).toThrow(RangeError);
  });
});

describe('rateParcel', () => {
  it('prices freight by zone and billable weight, fuel on ground', () => {
    const r = rateParcel(PARCEL_TARIFFS.ups, { ...base, packages: [box(20, 20, 20, 10)] });
    const zone = PARCEL_TARIFFS.ups.zones[5];
    const freight = zone.first_lb_cents + zone.per_lb_cents * 57;
    expect(r.packages[0]?.billable_weight_lb).toBe(58);
    expect(r.lines).toEqual([
      { code: 'freight', label: 'quote.charge.freight', amount_cents: freight },
      { code: 'fuel', label: 'quote.charge.fuel', detail: 'fuel', amount_cents: Math.round(freight * 0.2) },
    ]);
    expect(r.total_cents).toBe(freight + Math.round(freight * 0.2));
  });
  it('USPS: no residential surcharge and no fuel', () => {
    const r = rateParcel(PARCEL_TARIFFS.usps, { ...base, residential: true });
    expect(r.lines.map((l) => l.code)).toEqual(['freight']);
  });
  it('residential per package, additional handling, large package instead of handling', () => {
    const t = PARCEL_TARIFFS.ups;
    const r = rateParcel(t, {
      ...base,
      residential: true,
      fuel_percent: 0,
      packages: [box(49, 10, 10, 5), box(97, 6, 6, 10), box(5, 5, 5, 1)],
    });
    const detail = (d: string) => r.lines.find((l) => l.detail === d)?.amount_cents;
    expect(detail('residential')).toBe(3 * t.residential_cents);
    expect(detail('additional_handling')).toBe(t.additional_handling_cents);
    expect(detail('large_package')).toBe(t.large_package_cents);
    expect(r.packages.map((p) => p.billable_weight_lb)).toEqual([Math.max(5, Math.ceil(4900 / 139)), 90, 1]);
  });
  it('declared value: $100 included per package, $1.15 per further $100 or part', () => {
    expect(declaredValueCents(PARCEL_TARIFFS.ups, 10000, 1)).toBe(0);
    expect(declaredValueCents(PARCEL_TARIFFS.ups, 50000, 1)).toBe(4 * 115);
    expect(declaredValueCents(PARCEL_TARIFFS.ups, 50001, 1)).toBe(5 * 115);
    expect(declaredValueCents(PARCEL_TARIFFS.ups, 50000, 2)).toBe(3 * 115);
  });
  it('signature priced per package; adult signature warns about age 21', () => {
    const r = rateParcel(PARCEL_TARIFFS.fedex_ground, {
      ...base,
      signature: 'adult_signature',
      packages: [box(5, 5, 5, 1), box(5, 5, 5, 1)],
    });
    expect(r.lines.find((l) => l.detail === 'adult_signature')?.amount_cents).toBe(2 * 830);
    expect(r.messages).toEqual([{ level: 'warning', key: 'quote.warning.adult_signature_age', params: { min_age: 21 } }]);
  });
  it('over the limits: no lines, no_rate message', () => {
    const r = rateParcel(PARCEL_TARIFFS.usps, { ...base, packages: [box(10, 10, 10, 71)] });
    expect(r.lines).toEqual([]);
    expect(r.total_cents).toBe(0);
    expect(keys(r.messages)).toEqual(['quote.no_rate.parcel_exceeds_weight']);
  });
});

const side = fc.double({ min: 0.5, max: 60, noNaN: true });
const weight = fc.double({ min: 0.1, max: 150, noNaN: true });
const pkgArb = fc.record({ length_in: side, width_in: side, height_in: side, weight_lb: weight });
const zoneArb = fc.constantFrom<ParcelZone>(1, 2, 3, 4, 5, 6, 7, 8);
const carrierArb = fc.constantFrom(...(Object.keys(PARCEL_TARIFFS) as (keyof typeof PARCEL_TARIFFS)[]));

describe('parcel properties', () => {
  it('total = sum of lines, no negative line', () => {
    fc.assert(
      fc.property(
        carrierArb,
        zoneArb,
        fc.array(pkgArb, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('none', 'signature', 'adult_signature' as const),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (carrier, zone, packages, residential, signature, declared, fuel) => {
          const r = rateParcel(PARCEL_TARIFFS[carrier], {
            zone,
            packages,
            residential,
            signature,
            declared_value_cents: declared,
            fuel_percent: fuel,
          });
          expect(r.total_cents).toBe(r.lines.reduce((s, l) => s + l.amount_cents, 0));
          for (const l of r.lines) {
            expect(l.amount_cents).toBeGreaterThanOrEqual(0);
            expect(Number.isInteger(l.amount_cents)).toBe(true);
          }
        },
      ),
    );
  });
  it('billable >= actual weight and >= dim weight', () => {
    fc.assert(
      fc.property(pkgArb, fc.constantFrom(139, 166), (pkg, div) => {
        const b = billableWeightLb(pkg, div);
        expect(b).toBeGreaterThanOrEqual(pkg.weight_lb);
        expect(b).toBeGreaterThanOrEqual(dimWeightLb(pkg, div));
      }),
    );
  });
  it('dim weight is monotone in each side', () => {
    fc.assert(
      fc.property(
        pkgArb,
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.constantFrom('length_in', 'width_in', 'height_in' as const),
        fc.constantFrom(139, 166),
        (pkg, grow, key, div) => {
          const bigger = { ...pkg, [key]: pkg[key] + grow };
          expect(dimWeightLb(bigger, div)).toBeGreaterThanOrEqual(dimWeightLb(pkg, div));
        },
      ),
    );
  });
});

describe('parcelPickupDate', () => {
  const weekdays = (d: string) => {
    const day = new Date(`${d}T00:00:00Z`).getUTCDay();
    return day !== 0 && day !== 6;
  };
  // 2026-11-20 is a Friday, 2026-11-23 a Monday.
  it('before 12:00 a same-day pickup stays', () => {
    expect(parcelPickupDate('2026-11-19', { date: '2026-11-19', time: '11:59' }, weekdays)).toEqual({
      pickup_date: '2026-11-19',
      moved: false,
      messages: [],
    });
  });
  it('12:00-14:00 stays with a cutoff warning', () => {
    for (const time of ['12:00', '13:30', '14:00']) {
      const p = parcelPickupDate('2026-11-19', { date: '2026-11-19', time }, weekdays);
      expect(p.pickup_date).toBe('2026-11-19');
      expect(keys(p.messages)).toEqual(['quote.warning.parcel_pickup_after_cutoff']);
    }
  });
  it('after 14:00 moves to the next business day (Friday -> Monday)', () => {
    expect(parcelPickupDate('2026-11-20', { date: '2026-11-20', time: '14:01' }, weekdays)).toEqual({
      pickup_date: '2026-11-23',
      moved: true,
      messages: [],
    });
  });
  it('a future weekend or holiday date rolls forward; a past date counts as today', () => {
    const noThanksgiving = (d: string) => weekdays(d) && d !== '2026-11-26';
    expect(parcelPickupDate('2026-11-26', { date: '2026-11-24', time: '16:00' }, noThanksgiving).pickup_date).toBe('2026-11-27');
    expect(parcelPickupDate('2026-11-21', { date: '2026-11-19', time: '09:00' }, weekdays).pickup_date).toBe('2026-11-23');
    expect(parcelPickupDate('2026-11-01', { date: '2026-11-19', time: '09:00' }, weekdays).pickup_date).toBe('2026-11-19');
  });
  it('rejects malformed input', () => {
    expect(() => parcelPickupDate('2026-11-19', { date: '2026-11-19', time: '25:00' }, weekdays)).toThrow(RangeError);
  });
});
