import type { AnalyticsReport } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, quotes, shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { carrierByScac, insertAdjustmentInvoice, insertCarrierEvent, insertShipment } from '../tracking/test-fixtures';
import { refreshAnalytics } from './summary.test-support';

/**
 * The Analytics page's figures against fixtures worked by hand (the comments), in November 2031
 * where no demo shipment is: Thanksgiving is Thursday 27 and the day after a carrier closure, so a
 * 2-day transit picked up Wednesday 26 is due Tuesday December 2. Who may read them, and that
 * another account's shipments never count.
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
const PERIOD = 'period=custom&from=2031-11-01&to=2031-11-30';
const ids: Record<string, string> = {};
let odfl: string;
let invoiceSerial = 0;

interface Made {
  email?: string;
  mode?: 'ltl' | 'parcel';
  origin?: string;
  destination?: string;
  pickup: string;
  transit: number;
  total: number;
  currency?: string;
  items: { package_type: string; quantity: number; weight_lb: number }[];
  charges?: { code: string; detail?: string; amount_cents: number }[];
  pickedUp?: string;
  delivered?: string;
  canceled?: boolean;
}

async function make(m: Made) {
  const row = await insertShipment(db(), { email: m.email, mode: m.mode ?? 'ltl', pickupDate: m.pickup, transitDays: m.transit });
  await db()
    .update(shipments)
    .set({
      status: m.canceled ? 'canceled' : m.delivered ? 'delivered' : m.pickedUp ? 'in_transit' : 'pending',
      originState: m.origin ?? 'IL',
      destinationState: m.destination ?? 'GA',
      destinationCity: 'Atlanta',
      currency: m.currency ?? 'USD',
      totalCents: m.total,
      items: m.items.map((i) => ({ ...i, description: 'Goods', length_in: 48, width_in: 40, height_in: 40 })),
      charges: [{ code: 'freight', label: 'quote.charge.freight', amount_cents: m.total }, ...(m.charges ?? [])].map((c) => ({
        label: 'quote.charge.accessorial',
        ...c,
      })),
    })
    .where(eq(shipments.id, row.id));
  const event = (code: string, status: 'in_transit' | 'delivered', at: string) => insertCarrierEvent(db(), row.id, code, status, at);
  if (m.pickedUp) await event('AF', 'in_transit', m.pickedUp);
  if (m.delivered) await event('D1', 'delivered', m.delivered);
  return row;
}

/** An adjustment invoice of a carrier's correction, as an approved reweigh or reclass bills it. */
async function adjustment(shipmentId: string, kind: 'reweigh' | 'reclass', cents: number) {
  invoiceSerial += 1;
  await insertAdjustmentInvoice(db(), shipmentId, {
    number: `ANL-${invoiceSerial}`,
    kind,
    cents,
    invoiceDate: '2031-12-05',
    dueDate: '2032-01-04',
  });
}

/** The quote the shipment was booked from, showing these rates. */
async function quoted(shipmentId: string, totals: number[]) {
  const [s] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
  if (!s) throw new Error('no shipment');
  const [q] = await db()
    .insert(quotes)
    .values({
      accountId: s.accountId,
      userId: s.userId,
      mode: s.mode,
      input: {},
      result: { rates: totals.map((total_cents, i) => ({ id: `r${i}`, total_cents })) },
      currency: s.currency,
    })
    .returning();
  await db().update(shipments).set({ quoteId: q?.id }).where(eq(shipments.id, shipmentId));
}

const report = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/analytics?${PERIOD}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AnalyticsReport;
};
const drill = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/analytics/shipments?${PERIOD}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((r) => r.id).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2031-12-10T18:00:00Z');
  shipper = await t.client().login('shipper@demo.test');
  odfl = (await carrierByScac(db(), 'ODFL')).id;
  // S1: picked up 22:30 on the 26th in Chicago (04:30Z on the 27th): on time. Delivered 22:30 on
  // Dec 2 in Atlanta (03:30Z on Dec 3): on time. 3 pallets of 500 lb. Shown 45,000, 52,000 and
  // 49,000: saved 7,000. A liftgate of 7,500. Transit: Dec 1 and Dec 2, 2 business days.
  ids.s1 = (
    await make({
      pickup: '2031-11-26',
      transit: 2,
      total: 45_000,
      items: [{ package_type: 'pallets', quantity: 3, weight_lb: 500 }],
      charges: [{ code: 'accessorial', detail: 'liftgate_delivery', amount_cents: 7_500 }],
      pickedUp: '2031-11-27T04:30:00Z',
      delivered: '2031-12-03T03:30:00Z',
    })
  ).id;
  await quoted(ids.s1, [45_000, 52_000, 49_000]);
  // S2: picked up on the day; delivered 10:00 on Dec 3 in Atlanta: late. 2 pallets of 400 lb and
  // a 40 lb box (840 lb). Reweighed: 6,000 more. Transit: Dec 1, 2 and 3, 3 business days.
  ids.s2 = (
    await make({
      pickup: '2031-11-26',
      transit: 2,
      total: 30_000,
      items: [
        { package_type: 'pallets', quantity: 2, weight_lb: 400 },
        { package_type: 'boxes', quantity: 1, weight_lb: 40 },
      ],
      pickedUp: '2031-11-26T18:00:00Z',
      delivered: '2031-12-03T15:00:00Z',
    })
  ).id;
  await adjustment(ids.s2, 'reweigh', 6_000);
  // S3: a parcel to Texas booked for the 10th, picked up on the 11th (late), not yet delivered.
  ids.s3 = (
    await make({
      mode: 'parcel',
      destination: 'TX',
      pickup: '2031-11-10',
      transit: 1,
      total: 5_000,
      items: [{ package_type: 'boxes', quantity: 1, weight_lb: 20 }],
      pickedUp: '2031-11-11T15:00:00Z',
    })
  ).id;
  // Not counted in USD: canceled, in Canadian dollars, or another account's.
  await make({ pickup: '2031-11-12', transit: 2, total: 99_999, items: [], canceled: true });
  ids.cad = (await make({ pickup: '2031-11-12', transit: 2, total: 20_000, currency: 'CAD', items: [] })).id;
  ids.other = (
    await make({
      email: 'other@demo.test',
      pickup: '2031-11-12',
      transit: 2,
      total: 70_000,
      items: [{ package_type: 'pallets', quantity: 1, weight_lb: 100 }],
    })
  ).id;
  await adjustment(ids.other, 'reclass', 9_000);
  await refreshAnalytics(t);
});
afterAll(() => t.close());

describe('GET /api/analytics: every figure against the hand-worked fixture', () => {
  it('sums spend, volume and unit costs of the USD shipments of the account alone', async () => {
    const r = await report(shipper);
    expect(r.period).toEqual({ from: '2031-11-01', to: '2031-11-30' });
    expect(r.currency).toBe('USD');
    expect(r.currencies).toEqual([
      { currency: 'CAD', shipments: 1 },
      { currency: 'USD', shipments: 3 },
    ]);
    // Spend 45,000 + 30,000 + 6,000 + 5,000 = 86,000 over 1,500 + 840 + 20 = 2,360 lb and 5 pallets.
    expect(r.totals).toMatchObject({
      shipments: 3,
      spend_cents: 86_000,
      weight_lb: 2_360,
      pallets: 5,
      cost_per_shipment_cents: 28_667, // 28,666.67
      cost_per_cwt_cents: 3_644, // 8,600,000 / 2,360 = 3,644.07
      cost_per_100kg_cents: 8_034, // 8,600,000 / 1,070.478 kg = 8,033.79
      cost_per_pallet_cents: 17_200,
    });
  });

  it('counts on-time pickup and delivery in the places’ own days, transit against quoted', async () => {
    const { totals } = await report(shipper);
    // Picked up: S1 and S2 on the day, S3 a day late. Delivered: S1 on the due day, S2 a day after.
    expect(totals.on_time_pickup).toEqual({ measured: 3, on_time: 2, share_bp: 6_667 });
    expect(totals.on_time_delivery).toEqual({ measured: 2, on_time: 1, share_bp: 5_000 });
    // (2 + 3) / 2 = 2.5 days taken against (2 + 2) / 2 = 2.0 quoted.
    expect([totals.transit_measured, totals.avg_transit_tenths, totals.avg_quoted_transit_tenths]).toEqual([2, 25, 20]);
  });

  it('counts invoice accuracy from the adjustment invoices, and savings where the quote is kept', async () => {
    const { totals } = await report(shipper);
    expect(totals.accuracy).toEqual({ shipments: 3, corrected: 1, reweighed: 1, reclassed: 0, share_bp: 3_333, amount_cents: 6_000 });
    expect([totals.savings_measured, totals.savings_cents]).toEqual([1, 7_000]);
  });

  it('groups by mode, carrier and lane, and sums accessorials by kind in the reader’s words', async () => {
    const r = await report(shipper);
    expect(r.by_mode.map((g) => [g.key, g.shipments, g.spend_cents])).toEqual([
      ['ltl', 2, 81_000],
      ['parcel', 1, 5_000],
    ]);
    const carrier = r.by_carrier.find((g) => g.key === odfl);
    expect(carrier).toMatchObject({ shipments: 2, spend_cents: 81_000, on_time_delivery: { measured: 2, on_time: 1, share_bp: 5_000 } });
    expect(carrier?.accuracy).toMatchObject({ corrected: 1, share_bp: 5_000, amount_cents: 6_000 });
    expect(r.top_lanes.map((g) => [g.key, g.label, g.spend_cents])).toEqual([
      ['IL-GA', 'IL → GA', 81_000],
      ['IL-TX', 'IL → TX', 5_000],
    ]);
    expect(r.accessorials).toEqual([{ kind: 'liftgate_delivery', label: 'Liftgate delivery', amount_cents: 7_500, shipments: 1 }]);
    // In the reader's language (their setting).
    const [me] = await db().select().from(users).where(eq(users.email, 'shipper@demo.test'));
    await db()
      .update(userSettings)
      .set({ language: 'es' })
      .where(eq(userSettings.userId, me?.id ?? ''));
    const es = await report(shipper);
    await db()
      .update(userSettings)
      .set({ language: 'en' })
      .where(eq(userSettings.userId, me?.id ?? ''));
    expect(es.accessorials[0]?.label).toBe('Plataforma elevadora en entrega');
  });

  it('follows the filters, and compares spend with as many days before', async () => {
    const byCarrier = await report(shipper, `&carrier_id=${odfl}`);
    expect([byCarrier.totals.shipments, byCarrier.totals.spend_cents]).toEqual([2, 81_000]);
    expect((await report(shipper, '&mode=parcel')).totals.shipments).toBe(1);
    expect((await report(shipper, '&lane=IL-TX')).totals.spend_cents).toBe(5_000);
    expect((await report(shipper, '&destination=GA')).totals.shipments).toBe(2);
    expect((await report(shipper, '&origin=TX')).totals.shipments).toBe(0);
    const cad = await report(shipper, '&currency=CAD');
    expect([cad.currency, cad.totals.spend_cents]).toEqual(['CAD', 20_000]);
    expect(cad.options.carriers.map((c) => c.id)).toContain(odfl);
    // November's 30 days against October 2 - 31.
    const r = await report(shipper);
    expect(r.previous).toMatchObject({ from: '2031-10-02', to: '2031-10-31', shipments: 0, spend_cents: 0 });
    expect(r.trend.step).toBe('day');
    expect(r.trend.points).toEqual([
      { bucket: '2031-11-10', shipments: 1, spend_cents: 5_000 },
      { bucket: '2031-11-26', shipments: 2, spend_cents: 81_000 },
    ]);
  });

  it('refuses a custom period without its days, out of order or over three years, at the field', async () => {
    const bad = [
      ['period=custom&from=2031-11-01', 'to'],
      ['period=custom&from=2031-11-30&to=2031-11-01', 'to'],
      ['period=custom&from=2020-01-01&to=2031-11-01', 'to'],
      ['period=fortnight', 'period'],
      ['lane=Chicago', 'lane'],
    ];
    for (const [query, field] of bad) {
      const res = await shipper.get(`/api/analytics?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('GET /api/analytics/shipments: the shipments behind a figure', () => {
  it('lists exactly those each figure counted', async () => {
    expect(await drill(shipper, `&carrier_id=${odfl}&figure=delivered_late`)).toEqual([ids.s2]);
    expect(await drill(shipper, '&figure=delivered_on_time')).toEqual([ids.s1]);
    expect(await drill(shipper, '&figure=picked_up_late')).toEqual([ids.s3]);
    expect(await drill(shipper, '&figure=transit_measured')).toEqual([ids.s1, ids.s2].sort());
    expect(await drill(shipper, '&figure=corrected')).toEqual([ids.s2]);
    expect(await drill(shipper, '&figure=with_savings')).toEqual([ids.s1]);
    expect(await drill(shipper, '&figure=accessorial&kind=liftgate_delivery')).toEqual([ids.s1]);
    expect(await drill(shipper, '&figure=shipments')).toEqual([ids.s1, ids.s2, ids.s3].sort());
    expect(await drill(shipper, '&figure=shipments&currency=CAD')).toEqual([ids.cad]);
    const res = await shipper.get(`/api/analytics/shipments?${PERIOD}&figure=accessorial`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('kind');
  });
});

describe('who reads analytics', () => {
  it('never counts another account’s shipments', async () => {
    const other = await t.client().login('other@demo.test');
    const r = await report(other);
    // Its one shipment: 70,000 booked and a 9,000 reclass.
    expect([r.totals.shipments, r.totals.spend_cents, r.totals.accuracy.amount_cents]).toEqual([1, 79_000, 9_000]);
    expect(await drill(other, '&figure=shipments')).toEqual([ids.other]);
    // The demo shipper's carrier as a filter finds none of its shipments for them.
    expect(await drill(other, `&carrier_id=${odfl}&figure=delivered_late`)).toEqual([]);
    expect((await report(shipper)).totals.shipments).toBe(3);
  });

  it('opens to billing and shippers, and to a viewer only once the account admin allows it (audited)', async () => {
    await teamMember(t, 'Demo Shipper Co', 'billing@analytics.test', 'billing');
    await teamMember(t, 'Demo Shipper Co', 'viewer@analytics.test', 'viewer');
    const billing = await t.client().login('billing@analytics.test');
    const viewer = await t.client().login('viewer@analytics.test');
    expect((await report(billing)).totals.shipments).toBe(3);
    expect((await viewer.get(`/api/analytics?${PERIOD}`)).statusCode).toBe(403);
    expect((await viewer.get(`/api/analytics/shipments?${PERIOD}`)).statusCode).toBe(403);
    expect((await viewer.get('/api/user')).json().data.account.permissions).not.toContain('analytics.view');
    // Only the team's admin switches it.
    expect((await billing.put('/api/account/analytics-access', { viewers: true })).statusCode).toBe(403);
    expect((await shipper.get('/api/account/analytics-access')).json().data).toEqual({ viewers: false });
    const on = await shipper.put('/api/account/analytics-access', { viewers: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ viewers: true });
    expect((await report(viewer)).totals.shipments).toBe(3);
    expect((await viewer.get('/api/user')).json().data.account.permissions).toContain('analytics.view');
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'account.viewer_analytics'));
    expect(audit).toMatchObject({ entityType: 'account', targetLabel: 'Demo Shipper Co', after: { viewers: true } });
    expect((await shipper.put('/api/account/analytics-access', { viewers: false })).statusCode).toBe(200);
    expect((await viewer.get(`/api/analytics?${PERIOD}`)).statusCode).toBe(403);
    expect((await shipper.put('/api/account/analytics-access', { viewers: 'yes' })).statusCode).toBe(422);
  });
});
