import type { AnalyticsGroup, AnalyticsReport } from '@freight/contracts';
import {
  accessorialsOf,
  behindFigure,
  DRILL_FIGURES,
  type FigureSums,
  GROUP_KEYS,
  groupBy,
  type ShipmentFacts,
  sumsOf,
  totalsOf,
  trendOf,
  volumeOf,
} from '@freight/domain/analytics';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsShipments, quotes, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierByScac, insertAdjustmentInvoice, insertCarrierEvent, insertShipment } from '../tracking/test-fixtures';
import { presentGroups } from './analytics.presenter';
import { analyticsRepository } from './analytics.repository';
import { refreshAnalytics } from './summary.test-support';

/**
 * The page read from the summary (analytics_days) against the same figures counted from every
 * shipment's facts, on a fixture that varies everything a figure reads: modes, currencies,
 * carriers, lanes, pallets and boxes (a weight in kilograms converted), accessorials, corrections,
 * kept quotes, pickups and deliveries late and on time, canceled shipments; and the summary's lag:
 * a new tracking event moves the figures after one refresh, not before; and the shipments behind
 * each figure (analytics_shipments, refreshed with the summary) against the same facts.
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
const FROM = '2031-10-20';
const TO = '2031-11-30';
const STATES = ['IL', 'GA', 'CA', 'TX', 'NY'];
let serial = 0;
let pending = '';

async function make(i: number) {
  const mode = i % 9 === 4 ? 'parcel' : i % 11 === 6 ? 'truckload' : 'ltl';
  const scac = mode === 'ltl' ? (['ODFL', 'SAIA', 'ODFL'][i % 3] as string) : undefined;
  const day = 1 + (i % 28);
  const pickup = `2031-11-${String(day).padStart(2, '0')}`;
  const row = await insertShipment(db(), { mode, scac, pickupDate: pickup, transitDays: 1 + (i % 4) });
  const total = 20_000 + ((i * 7_919) % 60_000);
  const picked = i % 6 !== 5;
  const delivered = picked && i % 4 !== 3;
  await db()
    .update(shipments)
    .set({
      status: i % 17 === 8 ? 'canceled' : delivered ? 'delivered' : picked ? 'in_transit' : 'pending',
      originState: STATES[i % 5] as string,
      destinationState: STATES[(i * 3 + 1) % 5] as string,
      currency: i % 7 === 2 ? 'CAD' : 'USD',
      totalCents: total,
      items: [
        // 100 kg read in pounds: not a whole number.
        { package_type: i % 5 === 0 ? 'boxes' : 'pallets', quantity: 1 + (i % 3), weight_lb: i % 4 === 0 ? 220.462_262 : 300 + i },
      ].map((it) => ({ ...it, description: 'Goods', length_in: 48, width_in: 40, height_in: 40 })),
      charges: [
        { code: 'freight', label: 'quote.charge.freight', amount_cents: total },
        ...(i % 3 === 0 ? [{ code: 'accessorial', label: 'x', detail: 'liftgate_delivery', amount_cents: 4_500 }] : []),
        ...(i % 5 === 1 ? [{ code: 'surcharge', label: 'x', detail: 'residential_delivery', amount_cents: 3_000 + i }] : []),
      ],
    })
    .where(eq(shipments.id, row.id));
  // Picked up on the day (noon in Chicago) or a day late; delivered one to five days after.
  const at = (d: number, hourUtc: number) => new Date(Date.UTC(2031, 10, d, hourUtc)).toISOString();
  if (picked) await insertCarrierEvent(db(), row.id, 'AF', 'in_transit', at(day + (i % 3 === 1 ? 1 : 0), 18));
  if (delivered) await insertCarrierEvent(db(), row.id, 'D1', 'delivered', at(day + 1 + (i % 5), 4 + (i % 20)));
  else if (picked && !pending && i % 7 !== 2 && i % 17 !== 8) pending = row.id;
  if (i % 8 === 3) {
    serial += 1;
    await insertAdjustmentInvoice(db(), row.id, {
      number: `SUM-${serial}`,
      kind: i % 16 === 3 ? 'reweigh' : 'reclass',
      cents: 1_000 + i * 10,
      invoiceDate: '2031-12-05',
      dueDate: '2032-01-04',
    });
  }
  if (i % 4 !== 2) {
    const [s] = await db().select().from(shipments).where(eq(shipments.id, row.id));
    const [q] = await db()
      .insert(quotes)
      .values({
        accountId: s?.accountId ?? '',
        userId: s?.userId ?? '',
        mode,
        input: {},
        result: { rates: [total, total + 2_500 + i, total - 700].map((total_cents, n) => ({ id: `r${n}`, total_cents })) },
        currency: s?.currency ?? 'USD',
      })
      .returning();
    await db().update(shipments).set({ quoteId: q?.id }).where(eq(shipments.id, row.id));
  }
}

const report = async (query: string) => {
  const res = await shipper.get(`/api/analytics?period=custom&from=${FROM}&to=${TO}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AnalyticsReport;
};

/** The page's figures counted from every shipment's facts, as the page read them before the summary. */
async function fromFacts(accountId: string, filter: Record<string, string | undefined>, r: AnalyticsReport) {
  const repo = analyticsRepository(db());
  const base = { accountId, currency: r.currency, carrierId: filter.carrier_id, originState: filter.origin, userId: filter.user_id };
  const facts = await repo.facts({ ...base, from: r.period.from, to: r.period.to });
  const earlier = volumeOf(await repo.facts({ ...base, from: r.previous.from, to: r.previous.to }));
  const sums = (groups: Map<string, ShipmentFacts[]>) => new Map<string, FigureSums>([...groups].map(([k, g]) => [k, sumsOf(g)]));
  const names = new Map(facts.map((f) => [f.carrierId ?? 'none', f.carrierName]));
  return {
    totals: totalsOf(facts),
    trend: trendOf(facts, r.trend.step),
    previous: [earlier.shipments, earlier.spend_cents],
    by_mode: presentGroups(sums(groupBy(facts, GROUP_KEYS.mode)), (k) => k),
    by_carrier: presentGroups(sums(groupBy(facts, GROUP_KEYS.carrier)), (k) => names.get(k) ?? k),
    top_lanes: presentGroups(sums(groupBy(facts, GROUP_KEYS.lane)), (k) => k.replace('-', ' → '), true),
    accessorials: accessorialsOf(facts),
  };
}

const withoutLabels = (list: { label?: string }[]) => list.map(({ label: _, ...rest }) => rest);
const groups = (list: AnalyticsGroup[]) => [...list].sort((a, b) => a.key.localeCompare(b.key));

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: new Date('2031-12-10T18:00:00Z') });
  shipper = await t.client().login('shipper@demo.test');
  for (let i = 0; i < 60; i += 1) await make(i);
  await refreshAnalytics(t);
});
afterAll(() => t.close());

describe('the summary', () => {
  it('gives every figure the facts give, with and without filters, in either currency', async () => {
    const odfl = (await carrierByScac(db(), 'ODFL')).id;
    const [s] = await db().select().from(shipments).limit(1);
    const filters: Record<string, string | undefined>[] = [
      {},
      { carrier_id: odfl },
      { origin: 'CA' },
      { currency: 'CAD' },
      { user_id: s?.userId },
    ];
    for (const f of filters) {
      const query = Object.entries(f)
        .map(([k, v]) => `&${k}=${v}`)
        .join('');
      const r = await report(query);
      const expected = await fromFacts(s?.accountId ?? '', f, r);
      expect(r.totals.shipments, query).toBeGreaterThan(0);
      expect(r.totals, query).toEqual(expected.totals);
      expect(r.trend.points, query).toEqual(expected.trend);
      expect([r.previous.shipments, r.previous.spend_cents], query).toEqual(expected.previous);
      expect(groups(r.by_mode), query).toEqual(groups(expected.by_mode));
      expect(groups(r.by_carrier), query).toEqual(groups(expected.by_carrier));
      expect(r.top_lanes, query).toEqual(expected.top_lanes);
      expect(withoutLabels(r.accessorials), query).toEqual(expected.accessorials);
    }
    // The fixture reaches every kind of figure.
    const all = await report('');
    expect(all.totals.on_time_pickup.on_time).toBeLessThan(all.totals.on_time_pickup.measured);
    expect(all.totals.on_time_delivery.on_time).toBeLessThan(all.totals.on_time_delivery.measured);
    expect(all.totals.accuracy.reweighed * all.totals.accuracy.reclassed).toBeGreaterThan(0);
    expect(all.totals.savings_cents).toBeGreaterThan(0);
    expect(all.by_mode.length).toBe(3);
    expect(all.accessorials.length).toBe(2);
    expect(all.currencies.map((c) => c.currency)).toEqual(['CAD', 'USD']);
  });

  it('takes in a new tracking event at the next refresh, not before', async () => {
    const before = await report('');
    await insertCarrierEvent(db(), pending, 'D1', 'delivered', '2031-12-01T18:00:00Z');
    t.clock.advanceMinutes(1);
    expect((await report('')).totals).toEqual(before.totals);
    expect(await refreshAnalytics(t)).toBeGreaterThan(0);
    const after = await report('');
    expect(after.totals.on_time_delivery.measured).toBe(before.totals.on_time_delivery.measured + 1);
    expect(after.totals.transit_measured).toBe(before.totals.transit_measured + 1);
    // A refresh with nothing new since its marks (beyond the overlap it looks back over) changes nothing.
    await refreshAnalytics(t);
    expect((await report('')).totals).toEqual(after.totals);
  });

  it('lists behind each figure exactly the shipments it counts, after an event and a correction change them', async () => {
    const [s] = await db().select().from(shipments).limit(1);
    const accountId = s?.accountId ?? '';
    const drill = async (query: string) => {
      const res = await shipper.get(`/api/analytics/shipments?period=custom&from=${FROM}&to=${TO}&per_page=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }[]).map((r) => r.id).sort();
    };
    const figures = [...DRILL_FIGURES.filter((f) => f !== 'accessorial').map((f) => [f]), ['accessorial', 'liftgate_delivery']] as const;
    const check = async () => {
      for (const currency of ['USD', 'CAD'])
        for (const [figure, kind] of figures) {
          const query = `&currency=${currency}&figure=${figure}${kind ? `&kind=${kind}` : ''}`;
          const facts = await analyticsRepository(db()).facts({ accountId, from: FROM, to: TO, currency });
          const expected = facts.filter((f) => behindFigure(f, figure, kind)).map((f) => f.id);
          expect(await drill(query), query).toEqual(expected.sort());
          // The ids read through the table's own query (the export's, and a large figure's page).
          const ids = await analyticsRepository(db()).idsBehind({ accountId, from: FROM, to: TO, currency }, { figure, kind });
          expect(ids.sort(), query).toEqual(expected);
        }
      // The counts the page shows are those lists' lengths.
      const r = await report('&currency=USD');
      const late = r.totals.on_time_delivery.measured - r.totals.on_time_delivery.on_time;
      expect((await drill('&currency=USD&figure=delivered_late')).length).toBe(late);
      expect((await drill('&currency=USD&figure=corrected')).length).toBe(r.totals.accuracy.corrected);
      return r;
    };
    await check();
    // Delivered days after its due day, and reweighed: in neither list until the next refresh.
    const [picked] = await db()
      .select({ id: analyticsShipments.shipmentId })
      .from(analyticsShipments)
      .where(
        and(eq(analyticsShipments.currency, 'USD'), eq(analyticsShipments.corrected, false), isNull(analyticsShipments.deliveryOnTime)),
      )
      .limit(1);
    const id = picked?.id ?? '';
    await insertCarrierEvent(db(), id, 'D1', 'delivered', '2031-12-09T18:00:00Z');
    await insertAdjustmentInvoice(db(), id, {
      number: 'SUM-LATE',
      kind: 'reweigh',
      cents: 2_500,
      invoiceDate: '2031-12-09',
      dueDate: '2032-01-08',
    });
    t.clock.advanceMinutes(1);
    expect(await drill('&currency=USD&figure=delivered_late')).not.toContain(id);
    await refreshAnalytics(t);
    const after = await check();
    expect(await drill('&currency=USD&figure=delivered_late')).toContain(id);
    expect(await drill('&currency=USD&figure=corrected')).toContain(id);
    expect(after.totals.accuracy.reweighed).toBeGreaterThan(0);
  });
});
