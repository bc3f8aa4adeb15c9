import { randomUUID } from 'node:crypto';
import { EDI_214_STATUS_CODES, map214 } from '@freight/domain';
import { addBusinessDays, estimatedDelivery } from '@freight/domain/rating';
import { describe, expect, it } from 'vitest';
import { utcOffsetMinutes } from '../zones';
import type { TrackedShipment } from './adapter';
import { demoDelayed, demoEventsUntil, demoTimeline } from './demo-timeline';

const shipment = (over: Partial<TrackedShipment> = {}): TrackedShipment => ({
  id: randomUUID(),
  bol_number: '06141410070000018',
  pro_number: '1234567890',
  mode: 'ltl',
  pickup_date: '2026-11-24',
  ready_time: '09:00',
  transit_days: 2,
  estimated_delivery: '2026-11-27',
  origin: { city: 'Chicago', state: 'IL', country: 'US' },
  destination: { city: 'Atlanta', state: 'GA', country: 'US' },
  crossing: null,
  customs_corrected_at: null,
  ...over,
});
const ms = (iso: string) => new Date(iso).getTime();
const DAY = 24 * 3600_000;

describe('demoTimeline', () => {
  // Fixed ids: the weather delay is drawn from the id, and 200 random ones fell outside the
  // expected spread now and then (10 of 200 delayed, once).
  const many = Array.from({ length: 200 }, (_, i) =>
    shipment({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      mode: (['ltl', 'parcel', 'truckload'] as const)[i % 3],
      transit_days: 1 + (i % 5),
      estimated_delivery: null,
    }),
  );

  it('runs forward in time, from pickup day to at most a day after delivery, ending with D1', () => {
    for (const s of many) {
      const events = demoTimeline(s, { scac: 'ODFL' });
      const times = events.map((e) => ms(e.occurred_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size).toBe(times.length);
      expect(events.at(-1)?.status_code).toBe('D1');
      expect(events[0]?.status_code).toBe('XB');
      expect(events.filter((e) => e.status_code === 'D1')).toHaveLength(1);
      const first = times[0] as number;
      const last = times.at(-1) as number;
      expect(first).toBeGreaterThanOrEqual(ms(`${s.pickup_date}T00:00:00-10:00`) - DAY);
      expect(first).toBeLessThan(ms(`${s.pickup_date}T23:59:59-10:00`));
      // Every event up to the end of the day after the estimated delivery (by transit days here, business days).
      // One business day later than planned only with weather.
      const planned = estimatedDelivery(s.pickup_date, s.transit_days, 'US');
      const delivery = demoDelayed(s.id) ? addBusinessDays(planned, 1, 'US') : planned;
      expect(last).toBeLessThan(ms(`${delivery}T00:00:00-10:00`) + 2 * DAY);
      expect(events.at(-1)?.occurred_at.slice(0, 10)).toBe(delivery);
    }
  });

  it('keeps the estimated delivery date, or one business day later when weather holds it up', () => {
    for (const s of many.slice(0, 60).map((x) => ({ ...x, estimated_delivery: '2026-11-27' }))) {
      const events = demoTimeline(s, { scac: 'ODFL' });
      const delivered = events.at(-1)?.occurred_at.slice(0, 10);
      expect(delivered).toBe(demoDelayed(s.id) ? '2026-11-30' : '2026-11-27');
      expect(ms(events.at(-1)?.occurred_at as string)).toBeLessThanOrEqual(ms('2026-12-01T00:00:00-05:00'));
    }
  });

  it('is the same for the same shipment, and differs between shipments', () => {
    const s = shipment();
    expect(demoTimeline(s, { scac: 'SAIA' })).toEqual(demoTimeline({ ...s }, { scac: 'SAIA' }));
    const other = demoTimeline(shipment(), { scac: 'SAIA' });
    expect(other.map((e) => e.occurred_at)).not.toEqual(demoTimeline(s, { scac: 'SAIA' }).map((e) => e.occurred_at));
  });

  it('uses only 214 codes the portal knows, with unique event ids', () => {
    for (const s of many.slice(0, 30)) {
      const events = demoTimeline(s, { scac: 'UPSN' });
      for (const e of events) {
        expect(EDI_214_STATUS_CODES).toContain(e.status_code);
        expect(map214(e.status_code, e.reason_code)).not.toBeNull();
      }
      expect(new Set(events.map((e) => e.event_id)).size).toBe(events.length);
    }
  });

  it('goes pickup, terminals and a hub between regions, out for delivery, delivered (LTL)', () => {
    const s = shipment();
    const codes = demoTimeline(s, { scac: 'ODFL' })
      .filter((e) => e.status_code !== 'SD')
      .map((e) => `${e.status_code} ${e.city}`);
    expect(codes).toEqual([
      'XB Chicago',
      'X3 Chicago',
      'AF Chicago',
      'X4 Chicago',
      'P1 Chicago',
      // Atlanta is the southeast's hub but here the destination: the origin region's hub instead.
      'X4 Indianapolis',
      'P1 Indianapolis',
      'X4 Atlanta',
      'X6 Atlanta',
      'D1 Atlanta',
    ]);
  });

  it('passes a hub city when the ends are in different regions and none within one', () => {
    const far = demoTimeline(shipment({ destination: { city: 'Dallas', state: 'TX', country: 'US' } }), { scac: 'ODFL' });
    expect(far.some((e) => e.city === 'Memphis')).toBe(true);
    const near = demoTimeline(shipment({ destination: { city: 'Milwaukee', state: 'WI', country: 'US' } }), { scac: 'ODFL' });
    expect(near.map((e) => e.city)).toEqual(expect.arrayContaining(['Chicago', 'Milwaukee']));
    expect(new Set(near.map((e) => e.city))).toEqual(new Set(['Chicago', 'Milwaukee']));
  });

  it('goes door to door for truckload', () => {
    const codes = demoTimeline(shipment({ mode: 'truckload' }), { scac: 'DVLN' })
      .map((e) => e.status_code)
      .filter((c) => c !== 'SD');
    expect(codes).toEqual(['XB', 'X3', 'AF', 'X1', 'D1']);
  });

  it('delays one shipment in about eight by weather (SD, reason AO), then moves on', () => {
    const delayed = many.filter((s) => demoDelayed(s.id));
    expect(delayed.length).toBeGreaterThan(200 / 8 / 2.5);
    expect(delayed.length).toBeLessThan((200 / 8) * 2.5);
    for (const s of delayed) {
      const events = demoTimeline(s, { scac: 'ODFL' });
      const sd = events.find((e) => e.status_code === 'SD');
      expect(sd?.reason_code).toBe('AO');
      expect(map214(sd?.status_code as string, sd?.reason_code)?.status).toBe('delayed');
    }
    for (const s of many.filter((x) => !demoDelayed(x.id))) {
      expect(demoTimeline(s, { scac: 'ODFL' }).some((e) => e.status_code === 'SD')).toBe(false);
    }
  });

  it("writes each event's time with its place's offset (DST included)", () => {
    const events = demoTimeline(shipment({ pickup_date: '2026-07-14', estimated_delivery: '2026-07-16' }), { scac: 'ODFL' });
    expect(utcOffsetMinutes(events[0]?.occurred_at as string)).toBe(-300); // Chicago, daylight time
    expect(utcOffsetMinutes(events.at(-1)?.occurred_at as string)).toBe(-240); // Atlanta, daylight time
    const winter = demoTimeline(shipment(), { scac: 'ODFL' });
    expect(utcOffsetMinutes(winter[0]?.occurred_at as string)).toBe(-360);
    // XB before the 09:00 ready time, local.
    expect((winter[0]?.occurred_at ?? '').slice(11, 16) < '09:00').toBe(true);
  });

  it('hands out only what has happened by now', () => {
    const s = shipment();
    const all = demoTimeline(s, { scac: 'ODFL' });
    expect(demoEventsUntil(s, { scac: 'ODFL' }, new Date('2026-11-20T00:00:00Z'))).toEqual([]);
    const mid = new Date(ms(all[3]?.occurred_at as string));
    expect(demoEventsUntil(s, { scac: 'ODFL' }, mid)).toEqual(all.slice(0, 4));
    expect(demoEventsUntil(s, { scac: 'ODFL' }, new Date('2026-12-31T00:00:00Z'))).toEqual(all);
  });
});
