import type { CarrierComparison, CarrierScorecard } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdapter } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import { auditLog, carrierRateFailures, shipmentEvents, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';
import { carrierByScac, insertAdjustmentInvoice, insertCarrierEvent, insertShipment } from '../tracking/test-fixtures';
import { scorecardSummary } from './scorecard-summary';

/**
 * The carrier scorecards against fixtures worked by hand (the comments), in February and March
 * 2031 where no demo shipment is; the summary refreshed as its job does; the shipments behind a
 * figure on Admin Shipments; a failed rate request counted; who may read them.
 */
let t: TestApp;
let ops: TestClient;
const db = () => t.database.db;
const ids: Record<string, string> = {};
let odfl: string;
let dvln: string;
let invoiceSerial = 0;

/** SAIA's rate calls fail (an HTTP 503) while `failing`; every other carrier rates from its tariff. */
let failing = false;
function adapterFor(row: ConstructorParameters<typeof TariffCarrier>[0]): CarrierAdapter {
  const real = new TariffCarrier(row);
  return {
    carrier: real.carrier,
    rate: (request) => (failing && row.scac === 'SAIA' ? Promise.reject(new Error('HTTP 503 Service Unavailable')) : real.rate(request)),
  };
}

interface Made {
  mode?: 'ltl' | 'truckload';
  pickup: string;
  transit?: number;
  tendered?: string;
  pickedUp?: string;
  delivered?: string;
  canceled?: boolean;
}

async function make(m: Made) {
  const row = await insertShipment(db(), { mode: m.mode ?? 'ltl', pickupDate: m.pickup, transitDays: m.transit ?? 2 });
  await db()
    .update(shipments)
    .set({
      status: m.canceled ? 'canceled' : m.delivered ? 'delivered' : m.pickedUp ? 'in_transit' : 'pending',
      originState: 'IL',
      destinationState: 'GA',
    })
    .where(eq(shipments.id, row.id));
  const event = (code: string, status: 'dispatched' | 'in_transit' | 'delivered', at: string) =>
    insertCarrierEvent(db(), row.id, code, status, at);
  if (m.tendered) await event('XB', 'dispatched', m.tendered);
  if (m.pickedUp) await event('AF', 'in_transit', m.pickedUp);
  if (m.delivered) await event('D1', 'delivered', m.delivered);
  return row.id;
}

async function reweigh(shipmentId: string, cents: number) {
  invoiceSerial += 1;
  await insertAdjustmentInvoice(db(), shipmentId, {
    number: `SCD-${invoiceSerial}`,
    kind: 'reweigh',
    cents,
    invoiceDate: '2031-02-20',
    dueDate: '2031-03-22',
  });
}

const summary = () => scorecardSummary({ db: db(), now: () => t.clock.now, config: t.config });
const get = async <T>(client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const comparison = (client: TestClient, query = 'from=2031-02&to=2031-02') =>
  get<CarrierComparison>(client, `/api/admin/carrier-scorecards?${query}`);
const rowOf = (c: CarrierComparison, id: string) => c.rows.find((r) => r.carrier.id === id);
const behind = async (carrierId: string, figure: string, from = '2031-02-01', to = '2031-02-28') => {
  const res = await ops.get(`/api/admin/shipments?carrier_id=${carrierId}&pickup_from=${from}&pickup_to=${to}&figure=${figure}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((r) => r.id).sort();
};

beforeAll(async () => {
  t = await createTestApp({}, { rateAdapterFor: adapterFor });
  // Thursday March 12, 2031, noon in Chicago.
  t.clock.now = new Date('2031-03-12T18:00:00Z');
  ops = await t.client().login('ops@demo.test');
  odfl = (await carrierByScac(db(), 'ODFL')).id;
  dvln = (await carrierByScac(db(), 'DVLN')).id;
  // A: ODFL, picked up Monday Feb 3 on the day (10 AM in Chicago), delivered Wednesday Feb 5 in
  // Atlanta: due Wednesday (2 business days), on time; 2 days taken against 2 quoted.
  ids.a = await make({ pickup: '2031-02-03', pickedUp: '2031-02-03T16:00:00Z', delivered: '2031-02-05T20:00:00Z' });
  // B: ODFL, picked up Tuesday Feb 4, a day late; delivered Friday Feb 7, late; 3 days taken
  // (Wed, Thu, Fri) against 2 quoted. Reweighed.
  ids.b = await make({ pickup: '2031-02-03', pickedUp: '2031-02-04T16:00:00Z', delivered: '2031-02-07T18:00:00Z' });
  await reweigh(ids.b, 4_500);
  // C: ODFL, canceled: left out of every figure.
  ids.c = await make({ pickup: '2031-02-05', canceled: true });
  // D: DVLN truckload, tender accepted (XB) on Feb 9, picked up on the day Feb 10: accepted, on time.
  ids.d = await make({ mode: 'truckload', pickup: '2031-02-10', tendered: '2031-02-09T15:00:00Z', pickedUp: '2031-02-10T15:00:00Z' });
  // E: DVLN truckload due Feb 11, never answered: the tender was not accepted.
  ids.e = await make({ mode: 'truckload', pickup: '2031-02-11' });
  // F: DVLN truckload due March 20: its answer may still come, not counted yet.
  ids.f = await make({ mode: 'truckload', pickup: '2031-03-20' });
  await summary().refresh();
});
afterAll(() => t.close());

describe('the carriers comparison', () => {
  it('sums a carrier by the analytics rules: on time, transit against quoted, corrections', async () => {
    const c = await comparison(ops);
    expect(c.from).toBe('2031-02-01');
    expect(c.to).toBe('2031-02-28');
    expect(rowOf(c, odfl)).toMatchObject({
      shipments: 2,
      pickup_measured: 2,
      pickup_on_time: 1,
      on_time_pickup_bp: 5_000,
      delivery_measured: 2,
      delivery_on_time: 1,
      on_time_delivery_bp: 5_000,
      // (2 + 3) / 2 = 2.5 days taken; 2.0 quoted.
      avg_transit_tenths: 25,
      avg_quoted_transit_tenths: 20,
      tenders: 0,
      tender_acceptance_bp: null,
      corrected: 1,
      reweighed: 1,
      corrected_bp: 5_000,
      claims: null,
    });
  });

  it('counts truckload tender acceptance: one accepted, one unanswered past its pickup day', async () => {
    expect(rowOf(await comparison(ops), dvln)).toMatchObject({
      shipments: 2,
      tenders: 2,
      tenders_accepted: 1,
      tender_acceptance_bp: 5_000,
    });
    // March: F's pickup day has not come.
    expect(rowOf(await comparison(ops, 'from=2031-03&to=2031-03'), dvln)).toMatchObject({ shipments: 1, tenders: 0 });
  });

  it('counts again what changed since the last refresh, and a tender whose day passed', async () => {
    // F's carrier accepts; ten days later its pickup day is long past.
    await db()
      .insert(shipmentEvents)
      .values({
        shipmentId: ids.f as string,
        source: 'carrier',
        dedupeKey: 'XB-f',
        statusCode: 'XB',
        status: 'dispatched',
        occurredAt: new Date('2031-03-13T15:00:00Z'),
      });
    await summary().refresh();
    expect(rowOf(await comparison(ops, 'from=2031-03&to=2031-03'), dvln)).toMatchObject({ tenders: 1, tenders_accepted: 1 });
    // A new truckload due March 16, never answered: on the 17th it counts as not accepted.
    ids.g = await make({ mode: 'truckload', pickup: '2031-03-16' });
    await summary().refresh();
    expect(rowOf(await comparison(ops, 'from=2031-03&to=2031-03'), dvln)).toMatchObject({ shipments: 2, tenders: 1 });
    t.clock.now = new Date('2031-03-17T18:00:00Z');
    ops = await t.client().login('ops@demo.test');
    await summary().refresh();
    expect(rowOf(await comparison(ops, 'from=2031-03&to=2031-03'), dvln)).toMatchObject({ tenders: 2, tenders_accepted: 1 });
  });

  it('opens the shipments behind each figure on Admin Shipments', async () => {
    expect(await behind(odfl, 'shipments')).toEqual([ids.a, ids.b].sort());
    expect(await behind(odfl, 'picked_up_late')).toEqual([ids.b]);
    expect(await behind(odfl, 'delivered_on_time')).toEqual([ids.a]);
    expect(await behind(odfl, 'corrected')).toEqual([ids.b]);
    expect(await behind(dvln, 'tender_accepted')).toEqual([ids.d]);
    expect(await behind(dvln, 'tender_not_accepted')).toEqual([ids.e]);
    const res = await ops.get('/api/admin/shipments?figure=corrected&pickup_from=2031-02-01&pickup_to=2031-02-28');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.carrier_id).toBeDefined();
  });

  it('refuses bad months with field errors', async () => {
    for (const q of ['from=2031-13', 'from=2031-03&to=2031-02', 'from=2028-01&to=2031-02', 'to=x']) {
      const res = await ops.get(`/api/admin/carrier-scorecards?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors), q).toEqual([q.startsWith('from=2031-13') ? 'from' : 'to']);
    }
  });
});

describe("a carrier's scorecard", () => {
  it('gives the last twelve months, oldest first, and their sum', async () => {
    const s = await get<CarrierScorecard>(ops, `/api/admin/carrier-scorecards/${odfl}`);
    expect(s.carrier.scac).toBe('ODFL');
    expect(s.months.map((m) => m.month)).toEqual([
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
    ]);
    expect(s.months[10]).toMatchObject({ shipments: 2, on_time_pickup_bp: 5_000, corrected: 1 });
    expect(s.months[0]).toMatchObject({ shipments: 0, on_time_pickup_bp: null });
    expect(s.total).toMatchObject({ shipments: 2, avg_transit_tenths: 25 });
  });

  it('answers 404 for an unknown carrier', async () => {
    expect((await ops.get('/api/admin/carrier-scorecards/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await ops.get('/api/admin/carrier-scorecards/nope')).statusCode).toBe(404);
  });
});

describe('failed rate requests', () => {
  it("counts a carrier's failed rate call in its month", async () => {
    failing = true;
    const res = await t
      .client()
      .login('shipper@demo.test')
      .then((c) =>
        c.post('/api/quotes', {
          mode: 'ltl',
          pickup_date: businessDay(t),
          origin: { postal_code: '60606', country: 'US', site_type: 'business' },
          destination: { postal_code: '75201', country: 'US', site_type: 'business' },
          items: [
            { package_type: 'pallets', quantity: 2, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false },
          ],
          accessorials: [],
          insured_value: 0,
        }),
      );
    failing = false;
    expect(res.statusCode, res.body).toBe(201);
    const saia = (await carrierByScac(db(), 'SAIA')).id;
    let rows: (typeof carrierRateFailures.$inferSelect)[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      rows = await db()
        .select()
        .from(carrierRateFailures)
        .where(and(eq(carrierRateFailures.carrierId, saia), eq(carrierRateFailures.month, '2031-03-01')));
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows[0]).toMatchObject({ errors: 1, timeouts: 0 });
    expect(rowOf(await comparison(ops, 'from=2031-03&to=2031-03'), saia)).toMatchObject({ rate_errors: 1, rate_timeouts: 0 });
  });
});

describe('who reads the scorecards', () => {
  it('lets every staff role in, shippers get 403, and nothing is audited', async () => {
    const before = (await db().select().from(auditLog)).length;
    for (const email of ['super@demo.test', 'salesadmin@demo.test', 'sales@demo.test', 'accounting@demo.test']) {
      const client = await t.client().login(email);
      expect((await client.get('/api/admin/carrier-scorecards')).statusCode, email).toBe(200);
      expect((await client.get(`/api/admin/carrier-scorecards/${odfl}`)).statusCode, email).toBe(200);
    }
    for (const email of ['shipper@demo.test', 'other@demo.test']) {
      const client = await t.client().login(email);
      expect((await client.get('/api/admin/carrier-scorecards')).statusCode, email).toBe(403);
      expect((await client.get(`/api/admin/carrier-scorecards/${odfl}`)).statusCode, email).toBe(403);
    }
    expect((await t.client().get('/api/admin/carrier-scorecards')).statusCode).toBe(401);
    expect((await db().select().from(auditLog)).length).toBe(before);
  });
});
