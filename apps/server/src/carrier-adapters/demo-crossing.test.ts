import { isCustomsHold, map214 } from '@freight/domain';
import { describe, expect, it } from 'vitest';
import { utcOffsetMinutes } from '../zones';
import type { TrackedShipment } from './adapter';
import { demoHeldAtBorder } from './demo-crossing';
import { demoTimeline, seedOf } from './demo-timeline';

const across = (i: number, over: Partial<TrackedShipment> = {}): TrackedShipment => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  bol_number: '06141410070000018',
  pro_number: '1234567890',
  mode: 'ltl',
  pickup_date: '2026-11-24',
  ready_time: '09:00',
  transit_days: 4,
  estimated_delivery: null,
  origin: { city: 'Chicago', state: 'IL', country: 'US' },
  destination: { city: 'Monterrey', state: 'NLE', country: 'MX' },
  crossing: { port: 'laredo', kind: 'transfer' },
  customs_corrected_at: null,
  ...over,
});
const held = (s: TrackedShipment) => demoHeldAtBorder(seedOf(`${s.id}:customs`));
const codes = (s: TrackedShipment) => demoTimeline(s, { scac: 'DFRC' }).map((e) => e.status_code);
const texts = (s: TrackedShipment) => demoTimeline(s, { scac: 'DFRC' }).map((e) => e.description);

describe('the demo movement across a border', () => {
  const many = Array.from({ length: 80 }, (_, i) => across(i));
  const clear = many.filter((s) => !held(s));
  const stopped = many.filter(held);

  it('holds about one shipment in four for a missing document', () => {
    expect(stopped.length).toBeGreaterThan(10);
    expect(stopped.length).toBeLessThan(30);
  });

  it('US to Mexico: arrives at Laredo, is released by Mexican customs in Nuevo Laredo and handed to the Mexican carrier', () => {
    const s = clear[0] as TrackedShipment;
    const events = demoTimeline(s, { scac: 'DFRC' });
    const border = events.slice(
      events.findIndex((e) => e.description === 'Arrived at the border'),
      events.findIndex((e) => e.description === 'Transferred to the Mexican carrier') + 1,
    );
    expect(border.map((e) => [e.status_code, e.description, e.city, e.state])).toEqual([
      ['X4', 'Arrived at the border', 'Laredo', 'TX'],
      ['RH', 'Released by Mexican customs', 'Nuevo Laredo', 'TAM'],
      ['J1', 'Transferred to the Mexican carrier', 'Nuevo Laredo', 'TAM'],
    ]);
    // Each at its own place's time: Laredo keeps Central time, as does Nuevo Laredo (no DST in Mexico since 2022).
    expect(utcOffsetMinutes(border[0]?.occurred_at ?? '')).toBe(-360);
    expect(codes(s).at(-1)).toBe('D1');
    // No break-bulk hub on the way: the border takes its place.
    expect(texts(s)).not.toContain('Arrived at hub terminal');
  });

  it('Mexico to the US: released by Mexican customs on leaving and by U.S. customs on entering, then handed to the U.S. carrier', () => {
    const s = clear.map((x) =>
      across(Number(x.id.slice(-12)), {
        origin: { city: 'Monterrey', state: 'NLE', country: 'MX' },
        destination: { city: 'Dallas', state: 'TX', country: 'US' },
      }),
    )[0] as TrackedShipment;
    expect(texts(s).filter((t) => /border|Released|Transferred/.test(t))).toEqual([
      'Arrived at the border',
      'Released by Mexican customs',
      'Released by U.S. customs',
      'Transferred to the U.S. carrier',
    ]);
  });

  it('Canada to the US in one truck: released by U.S. customs in Detroit, no transfer', () => {
    const s = across(Number((clear[1] as TrackedShipment).id.slice(-12)), {
      mode: 'truckload',
      origin: { city: 'Toronto', state: 'ON', country: 'CA' },
      destination: { city: 'Dallas', state: 'TX', country: 'US' },
      crossing: { port: 'detroit', kind: 'single_line' },
    });
    const events = demoTimeline(s, { scac: 'DTBF' });
    expect(events.map((e) => e.status_code)).toEqual([
      'XB',
      'X3',
      'AF',
      'X4',
      'RH',
      ...(codes(s).includes('SD') ? ['SD'] : []),
      'X1',
      'D1',
    ]);
    expect(events.find((e) => e.status_code === 'X4')).toMatchObject({ city: 'Windsor', state: 'ON' });
    expect(events.find((e) => e.status_code === 'RH')).toMatchObject({
      city: 'Detroit',
      state: 'MI',
      description: 'Released by U.S. customs',
    });
  });

  it('a held shipment stops at the hold, which asks the shipper to act, until a corrected document goes to the broker', () => {
    const s = stopped[0] as TrackedShipment;
    const waiting = demoTimeline(s, { scac: 'DFRC' });
    const hold = waiting.at(-1);
    expect(hold).toMatchObject({ status_code: 'SD', reason_code: 'BC', city: 'Nuevo Laredo' });
    expect(hold?.description).toBe('Held by customs: a document is missing');
    expect(isCustomsHold(hold?.status_code ?? '', hold?.reason_code)).toBe(true);
    expect(map214('SD', 'BC')?.actionRequired).toBe(true);

    // Corrected two days after the hold: released about an hour later, delivered later than planned.
    const correctedAt = new Date(new Date(hold?.occurred_at ?? '').getTime() + 2 * 86_400_000).toISOString();
    const resumed = demoTimeline({ ...s, customs_corrected_at: correctedAt }, { scac: 'DFRC' });
    expect(resumed.slice(0, waiting.length)).toEqual(waiting);
    const release = resumed[waiting.length];
    expect(release).toMatchObject({ status_code: 'RH', description: 'Released by Mexican customs' });
    const after = new Date(release?.occurred_at ?? '').getTime() - new Date(correctedAt).getTime();
    expect(after).toBeGreaterThanOrEqual(40 * 60_000);
    expect(after).toBeLessThanOrEqual(90 * 60_000);
    expect(resumed.at(-1)?.status_code).toBe('D1');
    const times = resumed.map((e) => new Date(e.occurred_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('leaves a shipment within one country as it was: no border events', () => {
    const s = across(3, { destination: { city: 'Atlanta', state: 'GA', country: 'US' }, crossing: null });
    expect(texts(s).some((t) => /border|customs/i.test(t))).toBe(false);
  });
});
