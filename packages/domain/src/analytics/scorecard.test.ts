import { describe, expect, it } from 'vitest';
import type { ShipmentFacts } from './metrics';
import { addCounts, behindScorecardFigure, type ScorecardFacts, scorecardCounts, scorecardFigures, tenderAccepted } from './scorecard';

/** Fixtures worked by hand: a truckload tender's answer, and a month's counts and figures. */
const base: ScorecardFacts = {
  id: 's1',
  currency: 'USD',
  carrierId: 'c1',
  mode: 'truckload',
  originState: 'IL',
  originCountry: 'US',
  destinationState: 'GA',
  destinationCountry: 'US',
  userId: 'u1',
  // A Monday.
  pickupDate: '2026-03-02',
  transitDays: 2,
  totalCents: 100_000,
  charges: [],
  items: [],
  pickedUpAt: null,
  deliveredAt: null,
  adjustments: [],
  highestQuotedCents: null,
  tenderAcceptedAt: null,
} satisfies ShipmentFacts & { tenderAcceptedAt: Date | null };

describe('tender acceptance (truckload)', () => {
  it('is accepted once the carrier reports XB, or picks the load up without it', () => {
    expect(tenderAccepted({ ...base, tenderAcceptedAt: new Date('2026-02-27T15:00:00Z') }, '2026-02-28')).toBe(true);
    expect(tenderAccepted({ ...base, pickedUpAt: new Date('2026-03-02T15:00:00Z') }, '2026-03-05')).toBe(true);
  });

  it('is not accepted when the pickup day passed without an answer; open until then', () => {
    expect(tenderAccepted(base, '2026-03-03')).toBe(false);
    // The pickup day itself: the carrier may still answer.
    expect(tenderAccepted(base, '2026-03-02')).toBeNull();
    expect(tenderAccepted(base, '2026-02-28')).toBeNull();
  });

  it('is not measured for LTL or parcel', () => {
    expect(tenderAccepted({ ...base, mode: 'ltl', tenderAcceptedAt: new Date('2026-02-27T15:00:00Z') }, '2026-03-10')).toBeNull();
    expect(tenderAccepted({ ...base, mode: 'parcel' }, '2026-03-10')).toBeNull();
  });
});

describe('a month of a carrier', () => {
  // Chicago is UTC-6 in early March (DST begins March 8); Atlanta UTC-5.
  const onTime: ScorecardFacts = {
    ...base,
    id: 'a',
    tenderAcceptedAt: new Date('2026-02-27T15:00:00Z'),
    // Monday 10:30 PM in Chicago: still the booked day.
    pickedUpAt: new Date('2026-03-03T04:30:00Z'),
    // Wednesday afternoon in Atlanta: due Wednesday (2 business days after Monday), 2 days taken.
    deliveredAt: new Date('2026-03-04T20:00:00Z'),
  };
  const late: ScorecardFacts = {
    ...base,
    id: 'b',
    mode: 'ltl',
    // Picked up Tuesday (a day late), delivered Friday: due Wednesday, so late; 3 days taken.
    pickedUpAt: new Date('2026-03-03T16:00:00Z'),
    deliveredAt: new Date('2026-03-06T18:00:00Z'),
    adjustments: [{ kind: 'reweigh', amount_cents: 4_500 }],
  };
  // A truckload never answered, its pickup day past.
  const unanswered: ScorecardFacts = { ...base, id: 'c' };
  const today = '2026-03-10';

  it('counts by the analytics rules and tender acceptance', () => {
    const c = scorecardCounts([onTime, late, unanswered], today);
    expect(c).toEqual({
      shipments: 3,
      pickup_measured: 2,
      pickup_on_time: 1,
      delivery_measured: 2,
      delivery_on_time: 1,
      transit_measured: 2,
      transit_days: 5,
      quoted_days: 4,
      tenders: 2,
      tenders_accepted: 1,
      corrected: 1,
      reweighed: 1,
      reclassed: 0,
    });
    expect(scorecardFigures(c)).toEqual({
      on_time_pickup_bp: 5_000,
      on_time_delivery_bp: 5_000,
      // 5 days over 2 shipments: 2.5; quoted 4 over 2: 2.0.
      avg_transit_tenths: 25,
      avg_quoted_transit_tenths: 20,
      tender_acceptance_bp: 5_000,
      // 1 of 3.
      corrected_bp: 3_333,
    });
  });

  it('adds months exactly, and names the shipments behind each figure', () => {
    const both = addCounts(scorecardCounts([onTime], today), scorecardCounts([late, unanswered], today));
    expect(both).toEqual(scorecardCounts([onTime, late, unanswered], today));
    const behind = (f: Parameters<typeof behindScorecardFigure>[1]) =>
      [onTime, late, unanswered].filter((s) => behindScorecardFigure(s, f, today)).map((s) => s.id);
    expect(behind('tender_accepted')).toEqual(['a']);
    expect(behind('tender_not_accepted')).toEqual(['c']);
    expect(behind('picked_up_late')).toEqual(['b']);
    expect(behind('delivered_on_time')).toEqual(['a']);
    expect(behind('corrected')).toEqual(['b']);
  });

  it('has no figure without anything measured', () => {
    expect(scorecardFigures(scorecardCounts([], today)).on_time_pickup_bp).toBeNull();
  });
});
