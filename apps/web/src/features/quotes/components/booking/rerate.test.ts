import { describe, expect, it } from 'vitest';
import { makeQuote } from '../results/testQuote';
import { type BookingValues, initialValues, type StopValues } from './model';
import { keptOnRerate } from './rerate';

const start = initialValues(makeQuote());
const typed = (v: BookingValues): BookingValues => ({
  ...v,
  pickup: { ...v.pickup, company: 'Windy City Depot', street1: '1 Wacker Dr' },
  delivery: { ...v.delivery, company: 'Peach Goods', street1: '5 Peachtree St' },
  notes: 'Call ahead',
  parcel: { handoff: 'drop_off', signature: 'none' },
});
const stop = (kind: StopValues['kind'], postal_code: string, company = ''): StopValues => ({
  kind,
  place: { ...start.pickup, postal_code, company },
  date: '',
  appointment: false,
  time_from: '',
  time_to: '',
});

describe('a re-rated quote in the booking form', () => {
  it('keeps a place whose postal code and country stayed, and starts again one that moved', () => {
    const current = typed(start);
    const moved = { ...start, delivery: { ...start.delivery, postal_code: '30302', company: '' } };
    const kept = keptOnRerate(current, moved);
    expect(kept.pickup).toBe(current.pickup);
    expect(kept.delivery).toBe(moved.delivery);
  });

  it("takes the new quote's pickup date and residential / lift-gate answer and signature, keeps the handoff", () => {
    const next: BookingValues = {
      ...start,
      pickup_date: '2026-03-12',
      residential_or_liftgate: 'yes',
      parcel: { handoff: 'pickup', signature: 'adult_signature' },
    };
    const kept = keptOnRerate(typed(start), next);
    expect(kept).toMatchObject({
      pickup_date: '2026-03-12',
      residential_or_liftgate: 'yes',
      parcel: { handoff: 'drop_off', signature: 'adult_signature' },
    });
    // What the quote does not say stays as typed: keptOnRerate leaves it out.
    expect(kept).not.toHaveProperty('notes');
  });

  it('stays hazardous once either says so', () => {
    expect(keptOnRerate({ ...start, hazardous: true }, { ...start, hazardous: false }).hazardous).toBe(true);
    expect(keptOnRerate({ ...start, hazardous: false }, { ...start, hazardous: true }).hazardous).toBe(true);
    expect(keptOnRerate({ ...start, hazardous: false }, { ...start, hazardous: false }).hazardous).toBe(false);
  });

  it('keeps an extra stop where the new quote has the same one; a new, moved or changed stop is typed again', () => {
    const current = { ...start, stops: [stop('pickup', '46201', 'Hoosier Parts'), stop('drop', '37201', 'Music Row')] };
    const next = { ...start, stops: [stop('pickup', '46201'), stop('pickup', '37201'), stop('drop', '35203')] };
    const kept = keptOnRerate(current, next);
    expect(kept.stops?.map((s) => s.place.company)).toEqual(['Hoosier Parts', '', '']);
    expect(kept.stops?.[1]).toBe(next.stops[1]);
  });
});
