import { describe, expect, it } from 'vitest';
import { accuracyOf, behindFigure, drillFlagsOf, serviceOf, totalsOf, trendOf, volumeOf } from './figures';
import {
  actualTransitDays,
  costPerCwt,
  costPerHundredKg,
  deliveryDueDay,
  deliveryOnTime,
  palletCount,
  pickupOnTime,
  type ShipmentFacts,
  savingsCents,
  weightLb,
} from './metrics';
import { periodRange, previousRange } from './period';

/**
 * Fixtures whose answers are worked by hand in the comments: each figure's definition
 * (docs/analytics.md) on a few shipments, holidays and time zones included.
 */
const base: ShipmentFacts = {
  id: 's1',
  currency: 'USD',
  carrierId: 'c1',
  mode: 'ltl',
  originState: 'IL',
  originCountry: 'US',
  destinationState: 'GA',
  destinationCountry: 'US',
  userId: 'u1',
  // Wednesday before Thanksgiving.
  pickupDate: '2026-11-25',
  transitDays: 2,
  totalCents: 45_000,
  charges: [],
  items: [{ package_type: 'pallets', quantity: 3, weight_lb: 500 }],
  pickedUpAt: null,
  deliveredAt: null,
  adjustments: [],
  highestQuotedCents: null,
};
const shipment = (over: Partial<ShipmentFacts>): ShipmentFacts => ({ ...base, ...over });

describe('on-time pickup: against the booked pickup date, in the origin day', () => {
  it('is on time at 10:30 PM in Chicago though UTC has turned to the next day', () => {
    // 2026-11-26T04:30Z is 22:30 on the 25th in Chicago (CST, UTC-6): the booked day.
    expect(pickupOnTime(shipment({ pickedUpAt: new Date('2026-11-26T04:30:00Z') }))).toBe(true);
  });
  it('is late the next local day, and unknown before the pickup', () => {
    expect(pickupOnTime(shipment({ pickedUpAt: new Date('2026-11-26T15:00:00Z') }))).toBe(false);
    expect(pickupOnTime(shipment({}))).toBeNull();
  });
  it('is on time when picked up early', () => {
    expect(pickupOnTime(shipment({ pickedUpAt: new Date('2026-11-24T18:00:00Z') }))).toBe(true);
  });
});

describe('on-time delivery: the quoted transit in business days after the booked pickup', () => {
  it('skips Thanksgiving, the day after and the weekend: 2 days after Wednesday 25 is Tuesday 1', () => {
    // Thu 26 Thanksgiving, Fri 27 carrier closure, Sat 28, Sun 29; Mon 30 is day 1, Tue Dec 1 day 2.
    expect(deliveryDueDay(base)).toBe('2026-12-01');
  });
  it('counts the destination local day: 10:30 PM in Atlanta on the due day is on time', () => {
    // 2026-12-02T03:30Z is 22:30 on Dec 1 in New York's zone (EST, UTC-5).
    expect(deliveryOnTime(shipment({ deliveredAt: new Date('2026-12-02T03:30:00Z') }))).toBe(true);
    expect(deliveryOnTime(shipment({ deliveredAt: new Date('2026-12-02T15:00:00Z') }))).toBe(false);
    expect(deliveryOnTime(shipment({}))).toBeNull();
  });
  it('reads a Pacific destination in its own zone', () => {
    // 06:00Z on Dec 2 is 22:00 on Dec 1 in Los Angeles (PST, UTC-8): on time there, late in Atlanta.
    const at = new Date('2026-12-02T06:00:00Z');
    expect(deliveryOnTime(shipment({ destinationState: 'CA', deliveredAt: at }))).toBe(true);
    expect(deliveryOnTime(shipment({ destinationState: 'GA', deliveredAt: at }))).toBe(false);
  });
  it('uses the destination country calendar: Mexico works the day after Thanksgiving', () => {
    // Mexico: Thu 26 and Fri 27 are working days, so 2 business days after Wed 25 is Fri 27.
    expect(deliveryDueDay(shipment({ destinationState: 'NL', destinationCountry: 'MX' }))).toBe('2026-11-27');
  });
});

describe('transit taken against quoted', () => {
  it('counts business days from the local pickup day to the local delivery day', () => {
    // Picked up Wed 25 (Chicago), delivered Tue Dec 1 (Atlanta): Mon 30 and Tue 1 are the business days.
    const s = shipment({ pickedUpAt: new Date('2026-11-25T20:00:00Z'), deliveredAt: new Date('2026-12-01T17:00:00Z') });
    expect(actualTransitDays(s)).toBe(2);
    expect(actualTransitDays(shipment({ pickedUpAt: new Date('2026-11-25T20:00:00Z') }))).toBeNull();
  });
  it('averages in tenths of a day over delivered shipments only', () => {
    const fast = shipment({ pickedUpAt: new Date('2026-11-25T20:00:00Z'), deliveredAt: new Date('2026-11-30T17:00:00Z') }); // 1 day
    const slow = shipment({ id: 's2', pickedUpAt: new Date('2026-11-25T20:00:00Z'), deliveredAt: new Date('2026-12-02T17:00:00Z') }); // 3 days
    const open = shipment({ id: 's3', pickedUpAt: new Date('2026-11-25T20:00:00Z') });
    const service = serviceOf([fast, slow, open]);
    expect(service.transit_measured).toBe(2);
    expect(service.avg_transit_tenths).toBe(20); // (1 + 3) / 2 = 2.0
    expect(service.avg_quoted_transit_tenths).toBe(20);
    // Picked up: all three on the 25th, the booked day. Delivered: Nov 30 and Dec 2 against Dec 1.
    expect(service.on_time_pickup).toEqual({ measured: 3, on_time: 3, share_bp: 10_000 });
    expect(service.on_time_delivery).toEqual({ measured: 2, on_time: 1, share_bp: 5_000 });
  });
});

describe('weight, pallets and cost per hundredweight', () => {
  const items = [
    { package_type: 'pallets', quantity: 2, weight_lb: 500 },
    { package_type: 'boxes', quantity: 1, weight_lb: 40 },
  ];
  it('weighs every unit and counts pallets as handling units', () => {
    expect(weightLb(items)).toBe(1_040);
    expect(palletCount(items)).toBe(2);
    expect(palletCount([{ package_type: 'non_standard_pallets', quantity: 4, weight_lb: 10 }])).toBe(4);
  });
  it('is the cost over hundreds of pounds: $312.00 over 1,040 lb is $30.00/cwt', () => {
    expect(costPerCwt(31_200, 1_040)).toBe(3_000);
    expect(costPerCwt(31_200, 0)).toBeNull();
  });
  it('converts a metric weight first: 680.388555 kg is 1,500 lb, so $450.00 is $30.00/cwt', () => {
    expect(costPerCwt(45_000, 680.388555, 'metric')).toBe(3_000);
    // And per 100 kg, what a metric reader compares: 4,500,000 / 680.388555 = 6,613.87 cents.
    expect(costPerHundredKg(45_000, 1_500)).toBe(6_614);
  });
  it('sums spend with the corrections and divides per shipment, cwt and pallet', () => {
    const a = shipment({ totalCents: 25_000, items, adjustments: [{ kind: 'reweigh', amount_cents: 6_200 }] });
    const b = shipment({ id: 's2', totalCents: 20_000, items: [{ package_type: 'boxes', quantity: 10, weight_lb: 46 }] });
    // Spend 25,000 + 6,200 + 20,000 = 51,200 over 1,040 + 460 = 1,500 lb and 2 pallets.
    expect(volumeOf([a, b])).toEqual({
      shipments: 2,
      spend_cents: 51_200,
      weight_lb: 1_500,
      pallets: 2,
      cost_per_shipment_cents: 25_600,
      cost_per_cwt_cents: 3_413, // 5,120,000 / 1,500 = 3,413.33
      cost_per_100kg_cents: 7_525, // 5,120,000 / 680.388555 = 7,525.11
      cost_per_pallet_cents: 25_600,
    });
  });
});

describe('invoice accuracy: reweighed or reclassed, and the dollars involved', () => {
  const list = [
    shipment({ id: 'a', adjustments: [{ kind: 'reweigh', amount_cents: 5_500 }] }),
    shipment({
      id: 'b',
      adjustments: [
        { kind: 'reclass', amount_cents: 12_000 },
        { kind: 'reweigh', amount_cents: -1_000 },
      ],
    }),
    shipment({ id: 'c' }),
    shipment({ id: 'd' }),
  ];
  it('counts a shipment once however many corrections it had', () => {
    // Two of four corrected (50%), $55.00 + $120.00 - $10.00 = $165.00 moved.
    expect(accuracyOf(list)).toEqual({ shipments: 4, corrected: 2, reweighed: 2, reclassed: 1, share_bp: 5_000, amount_cents: 16_500 });
    expect(accuracyOf([]).share_bp).toBeNull();
  });
});

describe('savings against the highest quote shown', () => {
  it('is the highest rate less the booked one, where the quote is kept', () => {
    expect(savingsCents(shipment({ highestQuotedCents: 52_000 }))).toBe(7_000);
    expect(savingsCents(shipment({ highestQuotedCents: 45_000 }))).toBe(0);
    expect(savingsCents(shipment({ highestQuotedCents: null }))).toBeNull();
    const totals = totalsOf([shipment({ highestQuotedCents: 52_000 }), shipment({ id: 's2' })]);
    expect([totals.savings_measured, totals.savings_cents]).toEqual([1, 7_000]);
  });
});

describe('what stands behind a figure', () => {
  it('picks the late deliveries, the corrected and an accessorial kind', () => {
    const late = shipment({ id: 'late', deliveredAt: new Date('2026-12-02T15:00:00Z') });
    const onTime = shipment({
      id: 'ok',
      deliveredAt: new Date('2026-12-01T15:00:00Z'),
      charges: [{ code: 'accessorial', detail: 'liftgate_delivery', amount_cents: 7_500 }],
    });
    expect([late, onTime].filter((s) => behindFigure(s, 'delivered_late')).map((s) => s.id)).toEqual(['late']);
    expect([late, onTime].filter((s) => behindFigure(s, 'accessorial', 'liftgate_delivery')).map((s) => s.id)).toEqual(['ok']);
    expect(behindFigure(late, 'corrected')).toBe(false);
  });
  it('keeps the same answers as flags (what the drill-down filters by)', () => {
    const late = shipment({
      pickedUpAt: new Date('2026-11-25T18:00:00Z'),
      deliveredAt: new Date('2026-12-02T15:00:00Z'),
      adjustments: [{ kind: 'reweigh', amount_cents: 500 }],
      highestQuotedCents: 50_000,
      charges: [
        { code: 'accessorial', detail: 'liftgate_delivery', amount_cents: 7_500 },
        { code: 'surcharge', detail: 'liftgate_delivery', amount_cents: 100 },
      ],
    });
    expect(drillFlagsOf(late)).toEqual({
      pickupOnTime: true,
      deliveryOnTime: false,
      transitMeasured: true,
      corrected: true,
      withSavings: true,
      accessorials: ['liftgate_delivery'],
    });
    expect(drillFlagsOf(shipment({}))).toEqual({
      pickupOnTime: null,
      deliveryOnTime: null,
      transitMeasured: false,
      corrected: false,
      withSavings: false,
      accessorials: [],
    });
  });
});

describe('the period and its trend', () => {
  it('resolves the presets as of today', () => {
    expect(periodRange('this_month', '2026-11-26')).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(periodRange('last_month', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('quarter', '2026-11-26')).toEqual({ from: '2026-10-01', to: '2026-11-26' });
    expect(periodRange('year', '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(periodRange('custom', '2026-11-26', { from: '2026-06-01', to: '2026-06-30' })).toEqual({ from: '2026-06-01', to: '2026-06-30' });
  });
  it('compares with as many days just before', () => {
    // Nov 1-26 is 26 days: the 26 days before end on Oct 31 and start on Oct 6.
    expect(previousRange({ from: '2026-11-01', to: '2026-11-26' })).toEqual({ from: '2026-10-06', to: '2026-10-31' });
  });
  it('sums spend per pickup day or month', () => {
    const list = [
      shipment({ pickupDate: '2026-10-30', totalCents: 100 }),
      shipment({ pickupDate: '2026-11-02', totalCents: 200, adjustments: [{ kind: 'reweigh', amount_cents: 50 }] }),
      shipment({ pickupDate: '2026-11-20', totalCents: 300 }),
    ];
    expect(trendOf(list, 'month')).toEqual([
      { bucket: '2026-10', shipments: 1, spend_cents: 100 },
      { bucket: '2026-11', shipments: 2, spend_cents: 550 },
    ]);
  });
});
