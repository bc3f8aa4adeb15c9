import { describe, expect, it } from 'vitest';
import {
  deliveryWindowDays,
  deliveryWindowFrom,
  laneKey,
  MIN_WINDOW_SAMPLE,
  sampleOf,
  transitBuckets,
  transitPercentile,
} from './delivery-window';
import type { ShipmentFacts } from './metrics';

/** Fixed histograms whose percentiles are worked by hand (nearest rank: the ceil(p% of n)-th delivery). */
const hist = (entries: [number, number][]) => new Map(entries);

describe('transit percentiles', () => {
  it('takes the nearest rank', () => {
    // 20 deliveries: 2 days x 8, 3 days x 9, 4 days x 2, 6 days x 1.
    const h = hist([
      [3, 9],
      [2, 8],
      [6, 1],
      [4, 2],
    ]);
    expect(sampleOf(h)).toBe(20);
    // p50: the 10th delivery, the 2nd of the 3-day ones.
    expect(transitPercentile(h, 50)).toBe(3);
    // p90: the 18th, the 1st of the 4-day ones; the slowest (6) is beyond it.
    expect(transitPercentile(h, 90)).toBe(4);
    expect(transitPercentile(h, 100)).toBe(6);
    expect(transitPercentile(h, 0)).toBe(2);
  });

  it('has none without deliveries', () => {
    expect(transitPercentile(hist([]), 50)).toBeNull();
  });
});

describe('the window', () => {
  it('is learned with enough history', () => {
    const h = hist([
      [1, 5],
      [2, 12],
      [3, 3],
    ]);
    // 20 deliveries: p50 = 10th (2 days), p90 = 18th (3 days).
    expect(deliveryWindowDays(h, 2)).toEqual({ source: 'history', typical_days: 2, late_days: 3, sample: 20 });
  });

  it('is the promise with too few deliveries or none', () => {
    const h = hist([[2, MIN_WINDOW_SAMPLE - 1]]);
    expect(deliveryWindowDays(h, 4)).toEqual({ source: 'promise', typical_days: 4, late_days: 4, sample: 19 });
    expect(deliveryWindowDays(undefined, 3)).toEqual({ source: 'promise', typical_days: 3, late_days: 3, sample: 0 });
  });

  it('counts its days from pickup on the business calendar', () => {
    // Picked up Wednesday 2026-11-25: Thanksgiving, the day after (carriers close) and the weekend do not count.
    const w = deliveryWindowFrom('2026-11-25', { source: 'history', typical_days: 1, late_days: 3, sample: 25 }, 'US');
    expect(w.typical_date).toBe('2026-11-30');
    expect(w.late_date).toBe('2026-12-02');
  });
});

describe('histogram bars from delivered shipments', () => {
  const base: ShipmentFacts = {
    id: 's1',
    currency: 'USD',
    carrierId: 'c1',
    mode: 'ltl',
    originState: 'IL',
    originCountry: 'US',
    destinationState: 'TX',
    destinationCountry: 'US',
    userId: 'u1',
    pickupDate: '2026-11-23',
    transitDays: 2,
    totalCents: 1,
    charges: [],
    items: [],
    pickedUpAt: null,
    deliveredAt: null,
    adjustments: [],
    highestQuotedCents: null,
  };

  it('counts business days pickup to delivery per carrier and lane, with the promise summed', () => {
    const bars = transitBuckets([
      // Picked up Monday in Chicago, delivered Wednesday in Dallas: 2 business days.
      { ...base, id: 'a', pickedUpAt: new Date('2026-11-23T15:00:00Z'), deliveredAt: new Date('2026-11-25T18:00:00Z') },
      { ...base, id: 'b', transitDays: 3, pickedUpAt: new Date('2026-11-23T15:00:00Z'), deliveredAt: new Date('2026-11-25T20:00:00Z') },
      // Picked up Wednesday, delivered Monday: Thanksgiving, the day after and the weekend do not count: 1.
      { ...base, id: 'c', pickedUpAt: new Date('2026-11-25T15:00:00Z'), deliveredAt: new Date('2026-11-30T18:00:00Z') },
      // Not delivered, no carrier: not counted.
      { ...base, id: 'd', pickedUpAt: new Date('2026-11-23T15:00:00Z') },
      { ...base, id: 'e', carrierId: null, pickedUpAt: new Date('2026-11-23T15:00:00Z'), deliveredAt: new Date('2026-11-24T15:00:00Z') },
      {
        ...base,
        id: 'f',
        destinationState: 'GA',
        pickedUpAt: new Date('2026-11-23T15:00:00Z'),
        deliveredAt: new Date('2026-11-24T15:00:00Z'),
      },
    ]);
    expect(bars).toEqual([
      { carrierId: 'c1', lane: laneKey('US', 'IL', 'US', 'TX'), days: 2, shipments: 2, promisedDays: 5 },
      { carrierId: 'c1', lane: 'US-IL>US-TX', days: 1, shipments: 1, promisedDays: 2 },
      { carrierId: 'c1', lane: 'US-IL>US-GA', days: 1, shipments: 1, promisedDays: 2 },
    ]);
  });
});
