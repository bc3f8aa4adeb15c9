import type { CarrierDeliveryWindows, DeliveryWindowView } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierByScac, insertCarrierEvent, insertShipment } from '../tracking/test-fixtures';
import { TRANSIT_REFRESH_JOB, transitSummary } from './transit-summary';

/**
 * Learned delivery windows end to end: delivered shipments on Chicago (IL) -> Dallas (TX), counted
 * by the job into the histogram, looked up by the quote's rates; a carrier with too few keeps its
 * promise; a new delivery moves the window at the job's next run; staff's lane comparison.
 * February 2031, where no demo shipment is (the tests' seed has no delivered history).
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
let odfl: string;
let saia: string;

/** A delivered IL -> TX shipment picked up Tuesday Feb 4, 2031 (10 AM in Chicago), delivered `delivered` (UTC). */
async function delivered(scac: string, deliveredAt: string, transit = 2) {
  const row = await insertShipment(db(), { scac, pickupDate: '2031-02-04', transitDays: transit });
  await db()
    .update(shipments)
    .set({ status: 'delivered', originState: 'IL', originCountry: 'US', destinationState: 'TX', destinationCountry: 'US' })
    .where(eq(shipments.id, row.id));
  await insertCarrierEvent(db(), row.id, 'AF', 'in_transit', '2031-02-04T16:00:00Z');
  await insertCarrierEvent(db(), row.id, 'D1', 'delivered', deliveredAt);
  return row.id;
}
// Tuesday Feb 4 + business days: Thursday (2), Friday (3), next Tuesday (5); 2 PM in Dallas.
const THU = '2031-02-06T20:00:00Z';
const FRI = '2031-02-07T20:00:00Z';
const NEXT_TUE = '2031-02-11T20:00:00Z';

const pallet = { package_type: 'pallets', quantity: 2, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false };
async function quoteWindows() {
  const res = await shipper.post('/api/quotes', {
    mode: 'ltl',
    pickup_date: '2031-03-18',
    origin: { postal_code: '60606', country: 'US', site_type: 'business' },
    destination: { postal_code: '75201', country: 'US', site_type: 'business' },
    items: [pallet],
    accessorials: [],
    insured_value: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
  const rates = res.json().data.rates as { scac: string; transit_days: number; delivery_window: DeliveryWindowView }[];
  return new Map(rates.map((r) => [r.scac, r]));
}

beforeAll(async () => {
  t = await createTestApp();
  // Wednesday March 12, 2031, noon in Chicago.
  t.clock.now = new Date('2031-03-12T18:00:00Z');
  shipper = await t.client().login('shipper@demo.test');
  odfl = (await carrierByScac(db(), 'ODFL')).id;
  saia = (await carrierByScac(db(), 'SAIA')).id;
  // ODFL: 20 deliveries, 10 in 2 days, 8 in 3, 2 in 5 (promised 2). p50 = the 10th (2), p90 = the 18th (3).
  for (let n = 0; n < 10; n++) await delivered('ODFL', THU);
  for (let n = 0; n < 8; n++) await delivered('ODFL', FRI);
  for (let n = 0; n < 2; n++) await delivered('ODFL', NEXT_TUE);
  // SAIA: 5 deliveries, too few.
  for (let n = 0; n < 5; n++) await delivered('SAIA', FRI, 3);
  await transitSummary({ db: db(), now: () => t.clock.now, config: t.config }).refresh();
});
afterAll(() => t.close());

describe('a quote', () => {
  it("shows the lane's learned window with enough history, else the carrier's promise", async () => {
    const rates = await quoteWindows();
    // Picked up Tuesday March 18: typical Thursday the 20th, late Friday the 21st.
    expect(rates.get('ODFL')?.delivery_window).toEqual({
      source: 'history',
      typical_days: 2,
      late_days: 3,
      sample: 20,
      typical_date: '2031-03-20',
      late_date: '2031-03-21',
    });
    const saiaRate = rates.get('SAIA');
    expect(saiaRate?.delivery_window).toMatchObject({
      source: 'promise',
      typical_days: saiaRate?.transit_days,
      late_days: saiaRate?.transit_days,
    });
  });

  it('moves with a new delivery at the refresh job’s next run', async () => {
    // A 21st ODFL delivery in 5 days: p50 is now the 11th of 21 (3 days), p90 the 19th (5 days).
    await delivered('ODFL', NEXT_TUE);
    t.clock.advanceMinutes(61);
    await t.app.jobs.runDue(50);
    const rates = await quoteWindows();
    expect(rates.get('ODFL')?.delivery_window).toMatchObject({ source: 'history', typical_days: 3, late_days: 5, sample: 21 });
    expect(TRANSIT_REFRESH_JOB).toBe('delivery-windows.refresh');
  });
});

describe('the tracking pages', () => {
  it('show a shipment on its way its learned window from pickup; none once delivered', async () => {
    // After the 21st delivery: typically 3 business days, late 5. Picked up Tuesday March 11:
    // typical Friday the 14th, late Tuesday the 18th.
    const row = await insertShipment(db(), { scac: 'ODFL', pickupDate: '2031-03-11', transitDays: 2 });
    await db().update(shipments).set({ status: 'in_transit', originState: 'IL', destinationState: 'TX' }).where(eq(shipments.id, row.id));
    const expected = { source: 'history', typical_days: 3, late_days: 5, sample: 21, typical_date: '2031-03-14', late_date: '2031-03-18' };
    const own = await shipper.get(`/api/shipments/${row.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.delivery_window).toEqual(expected);
    const open = await t.client().get(`/api/public/tracking/${row.bolNumber}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().data).toMatchObject({ number: row.bolNumber, delivery_window: expected });
    expect(open.json().data).not.toHaveProperty('carrierId');

    await db().update(shipments).set({ status: 'delivered' }).where(eq(shipments.id, row.id));
    expect((await shipper.get(`/api/shipments/${row.id}`)).json().data.delivery_window).toBeUndefined();
    expect((await t.client().get(`/api/public/tracking/${row.bolNumber}`)).json().data.delivery_window).toBeUndefined();
  });
});

describe("staff's lane comparison", () => {
  it("compares each lane's promise with its learned transit", async () => {
    const admin = await t.client().login('super@demo.test');
    const res = await admin.get(`/api/admin/carriers/${odfl}/delivery-windows`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as CarrierDeliveryWindows;
    expect(data.min_sample).toBe(20);
    expect(data.lanes).toEqual([
      {
        origin: { country: 'US', state: 'IL' },
        destination: { country: 'US', state: 'TX' },
        sample: 21,
        promised_tenths: 20,
        typical_days: 3,
        late_days: 5,
        learned: true,
      },
    ]);
    const thin = (await admin.get(`/api/admin/carriers/${saia}/delivery-windows`)).json().data as CarrierDeliveryWindows;
    expect(thin.lanes[0]).toMatchObject({ sample: 5, promised_tenths: 30, typical_days: 3, late_days: 3, learned: false });
    expect((await shipper.get(`/api/admin/carriers/${odfl}/delivery-windows`)).statusCode).toBe(403);
  });
});
