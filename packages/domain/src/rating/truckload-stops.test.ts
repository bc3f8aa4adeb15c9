import { describe, expect, it } from 'vitest';
import { MAX_TRUCKLOAD_STOPS } from '../limits';
import { lookupPlace, roadMiles, routeRoadMiles } from './geo';
import { rateTruckload, STANDARD_EQUIPMENT, DEFAULT_TRUCKLOAD_TARIFF as T } from './truckload';

/** Truckload extra stops: the miles follow the route, each stop is a stop-off charge. */
const place = (zip: string) => {
  const p = lookupPlace(zip, 'US');
  if (!p) throw new Error(`no ${zip}`);
  return p;
};
const chicago = place('60606');
const indianapolis = place('46204');
const columbus = place('43215');
const atlanta = place('30303');

describe('routeRoadMiles', () => {
  it('is the road miles of one leg for two points, 0 for fewer', () => {
    expect(routeRoadMiles([chicago, atlanta])).toBeCloseTo(roadMiles(chicago, atlanta), 9);
    expect(routeRoadMiles([chicago])).toBe(0);
    expect(routeRoadMiles([])).toBe(0);
  });

  it('adds the legs through the stops in order, so a detour costs miles', () => {
    const through = routeRoadMiles([chicago, indianapolis, atlanta]);
    expect(through).toBeCloseTo(roadMiles(chicago, indianapolis) + roadMiles(indianapolis, atlanta), 9);
    expect(through).toBeGreaterThanOrEqual(roadMiles(chicago, atlanta));
    // Columbus is off the way: the same stops in another order are another route.
    const detour = routeRoadMiles([chicago, columbus, indianapolis, atlanta]);
    const inOrder = routeRoadMiles([chicago, indianapolis, columbus, atlanta]);
    expect(detour).toBeGreaterThan(inOrder);
  });
});

describe('rateTruckload with stops', () => {
  const van = { equipment: STANDARD_EQUIPMENT.dry_van, weight_lb: 40_000, diesel_price_cents: 377, team: false };

  it('prices the route miles and adds one stop-off line for the stops', () => {
    const direct = Math.round(routeRoadMiles([chicago, atlanta]));
    const routed = Math.round(routeRoadMiles([chicago, indianapolis, atlanta]));
    const plain = rateTruckload(T, { ...van, miles: direct, stops: 0 });
    const withStop = rateTruckload(T, { ...van, miles: routed, stops: 1 });
    const freight = (r: typeof plain) => r.lines.find((l) => l.code === 'freight')?.amount_cents ?? 0;
    expect(freight(withStop)).toBeGreaterThanOrEqual(freight(plain));
    const stopOff = withStop.lines.filter((l) => l.detail === 'stop_off');
    expect(stopOff).toEqual([
      { code: 'accessorial', label: 'quote.charge.accessorial', detail: 'stop_off', amount_cents: T.stop_off_cents },
    ]);
    expect(plain.lines.some((l) => l.detail === 'stop_off')).toBe(false);
  });

  it('charges every stop up to the maximum', () => {
    const rate = rateTruckload(T, { ...van, miles: 700, stops: MAX_TRUCKLOAD_STOPS });
    expect(rate.lines.find((l) => l.detail === 'stop_off')?.amount_cents).toBe(MAX_TRUCKLOAD_STOPS * T.stop_off_cents);
    expect(rate.total_cents).toBe(rate.lines.reduce((s, l) => s + l.amount_cents, 0));
  });
});
