import { describe, expect, it } from 'vitest';
import { borderLaneOf, crossBorderDelivery, crossingCharges, deliveryFrom, mergeLegLines, planCrossing, splitTransit } from './border';
import type { BorderService } from './ports';
import { portOnLane } from './ports';
import type { ChargeLine } from './types';

const toMexico: BorderService = {
  lanes: ['US-MX', 'MX-US'],
  crossing: 'transfer',
  ports: ['laredo', 'el_paso', 'otay_mesa'],
  crossing_cents: 17_500,
  manifest_cents: 3_500,
  broker_cents: 12_500,
  crossing_days: 1,
};
const toCanada: BorderService = {
  ...toMexico,
  lanes: ['US-CA', 'CA-US'],
  crossing: 'single_line',
  ports: ['detroit', 'buffalo', 'blaine'],
};

const chicago = { country: 'US' as const, lat: 41.8781, lon: -87.6298 };
const monterrey = { country: 'MX' as const, lat: 25.6866, lon: -100.3161 };
const losAngeles = { country: 'US' as const, lat: 34.0522, lon: -118.2437 };
const tijuana = { country: 'MX' as const, lat: 32.5149, lon: -117.0382 };
const toronto = { country: 'CA' as const, lat: 43.6532, lon: -79.3832 };

describe('the lane across a border', () => {
  it('is the origin country then the destination, between the US and a neighbour only', () => {
    expect(borderLaneOf('US', 'MX')).toBe('US-MX');
    expect(borderLaneOf('CA', 'US')).toBe('CA-US');
    expect(borderLaneOf('US', 'US')).toBeNull();
    expect(borderLaneOf('CA', 'MX')).toBeNull();
  });
});

describe('planCrossing', () => {
  it('crosses where the road is shortest: Chicago to Monterrey through Laredo, Los Angeles to Tijuana at Otay Mesa', () => {
    const laredo = planCrossing(toMexico, chicago, monterrey);
    expect(laredo).toMatchObject({ lane: 'US-MX', port: 'laredo', kind: 'transfer' });
    expect(laredo?.exit.city).toBe('Laredo');
    expect(laredo?.entry.city).toBe('Nuevo Laredo');
    // About 1,300 road miles to Laredo, about 150 from Nuevo Laredo to Monterrey.
    expect(laredo?.miles[0]).toBeGreaterThan(1_200);
    expect(laredo?.miles[1]).toBeLessThan(200);
    expect(planCrossing(toMexico, losAngeles, tijuana)?.port).toBe('otay_mesa');
  });

  it('turns the sides round northbound: Monterrey to Chicago leaves Mexico at Nuevo Laredo', () => {
    const plan = planCrossing(toMexico, monterrey, chicago);
    expect(plan).toMatchObject({ lane: 'MX-US', port: 'laredo' });
    expect(plan?.exit.city).toBe('Nuevo Laredo');
    expect(plan?.entry.city).toBe('Laredo');
  });

  it('uses only ports on the right border, and none for a lane it does not serve', () => {
    expect(planCrossing(toCanada, toronto, chicago)?.port).toBe('detroit');
    expect(planCrossing(toCanada, chicago, monterrey)).toBeNull();
    expect(planCrossing(toMexico, chicago, toronto)).toBeNull();
    expect(planCrossing({ ...toCanada, ports: ['laredo'] }, chicago, toronto)).toBeNull();
  });

  it('crosses at the port the shipper chose, when the carrier uses it', () => {
    const elPaso = planCrossing(toMexico, chicago, monterrey, 'el_paso');
    expect(elPaso).toMatchObject({ port: 'el_paso', kind: 'transfer' });
    expect(elPaso?.exit.city).toBe('El Paso');
    // The longer road through El Paso is the shipper's choice, not the carrier's.
    const laredo = planCrossing(toMexico, chicago, monterrey);
    expect((elPaso?.miles[0] ?? 0) + (elPaso?.miles[1] ?? 0)).toBeGreaterThan((laredo?.miles[0] ?? 0) + (laredo?.miles[1] ?? 0));
    expect(planCrossing(toCanada, toronto, chicago, 'champlain')).toBeNull();
    expect(planCrossing(toCanada, chicago, toronto, 'laredo')).toBeNull();
  });

  it('knows which ports are on the border a lane crosses', () => {
    expect(portOnLane('laredo', 'US', 'MX')).toBe(true);
    expect(portOnLane('laredo', 'MX', 'US')).toBe(true);
    expect(portOnLane('detroit', 'US', 'MX')).toBe(false);
    expect(portOnLane('buffalo', 'CA', 'US')).toBe(true);
    expect(portOnLane('laredo', 'US', 'US')).toBe(false);
    expect(portOnLane('laredo', 'CA', 'MX')).toBe(false);
  });
});

describe('transit across two calendars', () => {
  it("counts each side's business days on its own country's holidays", () => {
    // Monday 23 November 2026: three US days run into Thanksgiving and the day after (Tue, Wed, Mon
    // 30); a day at the border and one in Mexico follow on Mexico's calendar.
    expect(crossBorderDelivery('2026-11-23', 'US-MX', 3, 1, 1)).toBe('2026-12-02');
    // Counted on Mexico's calendar alone it would have been 30 November.
    // Northbound from Friday 13 November: Monday 16 is Mexico's Revolution Day, not the US's.
    expect(crossBorderDelivery('2026-11-13', 'MX-US', 1, 1, 1)).toBe('2026-11-19');
  });

  it("re-dates a booking picked up another day on each side's calendar, when the rate kept its days", () => {
    const rate = {
      transit_days: 5,
      crossing: { port: 'laredo' as const, kind: 'transfer' as const, days: [3, 1, 1] as [number, number, number] },
    };
    // Picked up Monday 23 November 2026 instead: the US side runs into Thanksgiving, as above.
    expect(deliveryFrom('2026-11-23', rate, 'US', 'MX')).toBe('2026-12-02');
    // A rate made before the days were kept counts all five on the destination's calendar.
    expect(deliveryFrom('2026-11-23', { transit_days: 5, crossing: { port: 'laredo', kind: 'transfer' } }, 'US', 'MX')).toBe('2026-11-30');
    expect(deliveryFrom('2026-11-23', { transit_days: 3 }, 'US', 'US')).toBe('2026-11-30');
  });

  it("splits a single line's days by the miles on each side", () => {
    expect(splitTransit(4, [300, 100])).toEqual([3, 1]);
    expect(splitTransit(1, [10, 500])).toEqual([0, 1]);
    expect(splitTransit(3, [0, 0])).toEqual([0, 3]);
  });
});

describe('the charges of crossing', () => {
  it('adds the transfer, the entry named by the country entered, and a broker on each side', () => {
    const plan = planCrossing(toMexico, chicago, monterrey);
    if (!plan) throw new Error('no plan');
    expect(crossingCharges(toMexico, plan).map((l) => [l.detail, l.amount_cents])).toEqual([
      ['border_transfer', 17_500],
      ['customs_entry_mx', 3_500],
      ['customs_broker_us', 12_500],
      ['customs_broker_mx', 12_500],
    ]);
    const north = planCrossing(toCanada, toronto, chicago);
    if (!north) throw new Error('no plan');
    expect(crossingCharges({ ...toCanada, crossing_cents: 0 }, north).map((l) => l.detail)).toEqual([
      'customs_entry_us',
      'customs_broker_ca',
      'customs_broker_us',
    ]);
  });

  it('sums a charge both legs have and keeps the others in order, to the cent', () => {
    const line = (code: ChargeLine['code'], amount_cents: number, detail?: string): ChargeLine => ({
      code,
      label: `quote.charges.${code}`,
      ...(detail ? { detail } : {}),
      amount_cents,
    });
    const first = [line('freight', 40_000, '70'), line('discount', -28_000), line('fuel', 4_000)];
    const second = [
      line('freight', 9_000, '70'),
      line('minimum', 1_500),
      line('fuel', 900),
      line('accessorial', 9_500, 'liftgate_delivery'),
    ];
    const merged = mergeLegLines(first, second);
    expect(merged.map((l) => [l.code, l.amount_cents])).toEqual([
      ['freight', 49_000],
      ['discount', -28_000],
      ['fuel', 4_900],
      ['minimum', 1_500],
      ['accessorial', 9_500],
    ]);
    const total = (lines: ChargeLine[]) => lines.reduce((s, l) => s + l.amount_cents, 0);
    expect(total(merged)).toBe(total(first) + total(second));
    // The legs' own lines are left as they were.
    expect(first[0]?.amount_cents).toBe(40_000);
  });
});
