import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTruckload,
  STANDARD_EQUIPMENT as E,
  type EquipmentSpec,
  fuelCentsPerMile,
  normalizeTruckloadTariff,
  rateTruckload,
  SEP_2025_DIESEL_CENTS_PER_GAL,
  DEFAULT_TRUCKLOAD_TARIFF as T,
  type TruckloadInput,
  truckloadTransitDays,
} from './truckload';

const van: TruckloadInput = { equipment: E.dry_van, miles: 1000, weight_lb: 40_000, diesel_price_cents: 377, stops: 0, team: false };
const keys = (msgs: { key: string }[]) => msgs.map((m) => m.key);

describe('truckload data', () => {
  it('derives ex-fuel linehaul by the van fuel per mile (42 cents): base 163, reefer +39, flatbed and step deck +45', () => {
    expect(T.linehaul_cents_per_mile).toBe(163);
    const adjustments = Object.values(E).map((e) => [e.code, e.per_mile_adjustment_cents]);
    expect(Object.fromEntries(adjustments)).toEqual({ dry_van: 0, reefer: 39, flatbed: 45, step_deck: 45, rgn: null });
    expect(SEP_2025_DIESEL_CENTS_PER_GAL).toBe(377);
    expect(fuelCentsPerMile(T, 377)).toBe(42);
    expect(fuelCentsPerMile(T, 100)).toBe(0);
  });
  it('equipment capacities', () => {
    expect(E.dry_van.max_weight_lb).toBe(45_000);
    expect(E.dry_van.pallet_positions).toBe(26);
    expect(E.reefer.max_weight_lb).toBe(43_500);
    expect(E.reefer.temperature_controlled).toBe(true);
    expect(E.flatbed.max_weight_lb).toBe(48_000);
    expect(E.step_deck.deck_clear_height_ft).toBe(10);
  });
  it('reads tariffs stored with one linehaul per equipment: the dry van figure is the base', () => {
    const old = { ...T, linehaul_cents_per_mile: { dry_van: 155, reefer: 194, flatbed: 198, step_deck: 198, rgn: null } };
    expect(normalizeTruckloadTariff(old)).toEqual({ ...T, linehaul_cents_per_mile: 155 });
    expect(normalizeTruckloadTariff(T)).toEqual(T);
    expect(normalizeTruckloadTariff({ ...T, linehaul_cents_per_mile: { reefer: 200 } }).linehaul_cents_per_mile).toBe(163);
  });
});

describe('rateTruckload', () => {
  it('all-in at Sep 2025 diesel equals the spot averages per mile', () => {
    expect(rateTruckload(T, van).total_cents).toBe(205_000);
    expect(rateTruckload(T, { ...van, equipment: E.reefer }).total_cents).toBe(244_000);
    expect(rateTruckload(T, { ...van, equipment: E.flatbed }).total_cents).toBe(250_000);
    expect(rateTruckload(T, { ...van, equipment: E.step_deck }).total_cents).toBe(250_000);
    expect(rateTruckload(T, van).lines).toEqual([
      { code: 'freight', label: 'quote.charge.freight', amount_cents: 163_000 },
      { code: 'fuel', label: 'quote.charge.fuel', detail: 'fuel', amount_cents: 42_000 },
    ]);
  });
  it('rates any equipment given as data: base + its adjustment per mile; a null adjustment is a call', () => {
    const conestoga: EquipmentSpec = { ...E.flatbed, code: 'conestoga', per_mile_adjustment_cents: 60 };
    expect(rateTruckload(T, { ...van, equipment: conestoga }).lines[0]?.amount_cents).toBe(1000 * (163 + 60));
    expect(rateTruckload({ ...T, linehaul_cents_per_mile: 150 }, { ...van, equipment: conestoga }).total_cents).toBe(
      1000 * (150 + 60 + 42),
    );
    const discount: EquipmentSpec = { ...E.dry_van, code: 'pup', per_mile_adjustment_cents: -20 };
    expect(rateTruckload(T, { ...van, equipment: discount }).lines[0]?.amount_cents).toBe(143_000);
    const byPhone = rateTruckload(T, { ...van, equipment: { ...conestoga, per_mile_adjustment_cents: null } });
    expect(byPhone.messages).toEqual([
      { level: 'no_rate', key: 'quote.no_rate.truckload_oversize_call', params: { equipment: 'conestoga' } },
    ]);
    expect(byPhone.lines).toEqual([]);
    const light: EquipmentSpec = { ...conestoga, max_weight_lb: 20_000 };
    expect(rateTruckload(T, { ...van, equipment: light }).messages[0]).toMatchObject({
      key: 'quote.no_rate.truckload_overweight',
      params: { equipment: 'conestoga', max_weight_lb: 20_000 },
    });
    expect(checkTruckload({ equipment: { ...light, max_weight_lb: null }, weight_lb: 79_000 })).toEqual([]);
  });
  it('minimum $500 on a short haul', () => {
    const r = rateTruckload(T, { ...van, miles: 100 });
    expect(r.lines.find((l) => l.code === 'minimum')?.amount_cents).toBe(50_000 - 20_500);
    expect(r.total_cents).toBe(50_000);
    expect(r.transit_days).toBe(1);
  });
  it('stop-offs on top of the minimum; team +25 cents/mile', () => {
    expect(rateTruckload(T, { ...van, miles: 100, stops: 2 }).total_cents).toBe(50_000 + 2 * 7_500);
    const team = rateTruckload(T, { ...van, miles: 2000, team: true });
    expect(team.lines.find((l) => l.detail === 'team')?.amount_cents).toBe(50_000);
    expect(team.total_cents).toBe(2000 * 230);
  });
  it('transit: ceil(miles / 500) solo, / 1,000 team', () => {
    expect(truckloadTransitDays(T, 1200, false)).toBe(3);
    expect(truckloadTransitDays(T, 1200, true)).toBe(2);
    expect(truckloadTransitDays(T, 2500, false)).toBe(5);
    expect(truckloadTransitDays(T, 2500, true)).toBe(3);
    expect(rateTruckload(T, { ...van, miles: 2500, team: true }).transit_days).toBe(3);
  });
  it('over-weight for the equipment, over-width and RGN give no rate', () => {
    expect(keys(rateTruckload(T, { ...van, weight_lb: 45_001 }).messages)).toEqual(['quote.no_rate.truckload_overweight']);
    expect(rateTruckload(T, { ...van, weight_lb: 45_001 }).lines).toEqual([]);
    expect(checkTruckload({ equipment: E.reefer, weight_lb: 44_000 })).toHaveLength(1);
    expect(checkTruckload({ equipment: E.flatbed, weight_lb: 44_000, width_in: 102 })).toEqual([]);
    expect(keys(checkTruckload({ equipment: E.flatbed, weight_lb: 44_000, width_in: 103 }))).toEqual(['quote.no_rate.truckload_overwidth']);
    const rgn = rateTruckload(T, { ...van, equipment: E.rgn, weight_lb: 60_000 });
    expect(keys(rgn.messages)).toEqual(['quote.no_rate.truckload_oversize_call']);
    expect(rgn.total_cents).toBe(0);
  });
  it('rejects bad input', () => {
    expect(() => rateTruckload(T, { ...van, miles: 0 })).toThrow(RangeError);
    expect(() => rateTruckload(T, { ...van, stops: 1.5 })).toThrow(RangeError);
  });
});

describe('truckload properties', () => {
  const input = fc.record({
    equipment: fc.constantFrom<EquipmentSpec>(...Object.values(E)),
    miles: fc.double({ min: 1, max: 4000, noNaN: true }),
    weight_lb: fc.integer({ min: 0, max: 60_000 }),
    diesel_price_cents: fc.integer({ min: 0, max: 800 }),
    stops: fc.integer({ min: 0, max: 5 }),
    team: fc.boolean(),
  });
  it('total = sum of lines, no negative line, at least the minimum when rated', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = rateTruckload(T, i);
        expect(r.total_cents).toBe(r.lines.reduce((s, l) => s + l.amount_cents, 0));
        for (const l of r.lines) expect(l.amount_cents).toBeGreaterThanOrEqual(0);
        if (r.lines.length > 0) expect(r.total_cents).toBeGreaterThanOrEqual(T.minimum_cents);
        expect(r.transit_days).toBeGreaterThanOrEqual(1);
      }),
    );
  });
  it('team is never slower than solo', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (m) => truckloadTransitDays(T, m, true) <= truckloadTransitDays(T, m, false),
      ),
    );
  });
});
