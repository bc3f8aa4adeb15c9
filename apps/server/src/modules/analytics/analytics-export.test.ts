import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { shipmentEvents, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { carrierByScac, insertShipment } from '../tracking/test-fixtures';
import { refreshAnalytics } from './summary.test-support';

/**
 * The Analytics page's exports: its tables with the page's filters, and the shipments behind a
 * figure as My Shipments exports them. November 2031, where no demo shipment is.
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
const PERIOD = 'period=custom&from=2031-11-01&to=2031-11-30';
const bols: Record<string, string> = {};

async function make(name: string, m: { scac?: string; email?: string; total: number; delivered?: string; reference?: string }) {
  const row = await insertShipment(db(), { email: m.email, scac: m.scac, pickupDate: '2031-11-26', transitDays: 2 });
  await db()
    .update(shipments)
    .set({
      status: m.delivered ? 'delivered' : 'pending',
      totalCents: m.total,
      referenceNumber: m.reference ?? 'PO-1',
      charges: [{ code: 'freight', label: 'quote.charge.freight', amount_cents: m.total }],
    })
    .where(eq(shipments.id, row.id));
  if (m.delivered)
    await db()
      .insert(shipmentEvents)
      .values({
        shipmentId: row.id,
        source: 'carrier',
        dedupeKey: `D1-${name}`,
        statusCode: 'D1',
        status: 'delivered',
        occurredAt: new Date(m.delivered),
      });
  bols[name] = row.bolNumber;
  return row;
}

const csv = async (client: TestClient, path: string) => {
  const res = await client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...data] = (await parseCsvRows(res.body)).map((r) => r.cells);
  return { res, header: header ?? [], data };
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2031-12-10T18:00:00Z');
  shipper = await t.client().login('shipper@demo.test');
  // Due Tuesday December 2 (Thanksgiving and the day after do not count): delivered the 3rd is late.
  await make('lateOdfl', { total: 45_000, delivered: '2031-12-03T18:00:00Z', reference: '+SUM(A1:A9)' });
  await make('onTimeOdfl', { total: 30_000, delivered: '2031-12-02T18:00:00Z' });
  await make('lateOther', { scac: 'SAIA', total: 20_000, delivered: '2031-12-04T18:00:00Z' });
  await make('otherAccount', { email: 'other@demo.test', total: 70_000, delivered: '2031-12-04T18:00:00Z' });
  await refreshAnalytics(t);
});
afterAll(() => t.close());

describe('GET /api/analytics/shipments/export', () => {
  it("exports the shipments behind a figure with the page's filters, the account's only", async () => {
    const odfl = (await carrierByScac(db(), 'ODFL')).id;
    const { res, header, data } = await csv(
      shipper,
      `/api/analytics/shipments/export?format=csv&${PERIOD}&carrier_id=${odfl}&figure=delivered_late`,
    );
    expect(res.headers['content-disposition']).toContain('analytics-shipments-delivered-late-2031-12-10.csv');
    expect(res.headers['x-total-count']).toBe('1');
    expect(data.map((r) => r[0])).toEqual([bols.lateOdfl]);
    expect(data[0]?.[header.indexOf('Reference number')]).toBe("'+SUM(A1:A9)");
    const all = await csv(shipper, `/api/analytics/shipments/export?format=csv&${PERIOD}&figure=delivered_late`);
    expect(all.data.map((r) => r[0]).sort()).toEqual([bols.lateOdfl, bols.lateOther].sort());
  });

  it('writes XLSX rows the same as the list', async () => {
    const res = await shipper.get(`/api/analytics/shipments/export?format=xlsx&${PERIOD}&figure=shipments&sort=bol_number&dir=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const list = await shipper.get(`/api/analytics/shipments?${PERIOD}&figure=shipments&sort=bol_number&dir=asc`);
    const listed = (list.json().data as { bol_number: string }[]).map((s) => s.bol_number);
    const rows = [];
    for (let i = 2; i <= sheet.rowCount; i += 1) rows.push(sheet.getRow(i).getCell(1).value);
    expect(rows).toEqual(listed);
    expect(listed).toHaveLength(3);
  });

  it("is analytics readers' only; bad params are 422 on their fields", async () => {
    await teamMember(t, 'Demo Shipper Co', 'viewer@analytics-export.test', 'viewer');
    const viewer = await t.client().login('viewer@analytics-export.test');
    expect((await viewer.get(`/api/analytics/shipments/export?format=csv&${PERIOD}`)).statusCode).toBe(403);
    expect((await viewer.get(`/api/analytics/export?format=csv&table=by_mode&${PERIOD}`)).statusCode).toBe(403);
    const bad = await shipper.get('/api/analytics/shipments/export?format=doc&period=custom&figure=nope');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['figure', 'format']);
    const badTable = await shipper.get(`/api/analytics/export?format=csv&table=by_week&${PERIOD}`);
    expect(badTable.statusCode).toBe(422);
    expect(Object.keys(badTable.json().errors)).toEqual(['table']);
  });
});

describe('GET /api/analytics/export', () => {
  it("exports a table as the page shows it: the carrier table's figures as numbers", async () => {
    const { res, header, data } = await csv(shipper, `/api/analytics/export?format=csv&table=by_carrier&${PERIOD}`);
    expect(res.headers['content-disposition']).toContain('analytics-by-carrier-2031-12-10.csv');
    expect(header.slice(0, 4)).toEqual(['Carrier', 'Shipments', 'Spend', 'Currency']);
    const report = (await shipper.get(`/api/analytics?${PERIOD}`)).json().data;
    expect(data.map((r) => r[0])).toEqual(report.by_carrier.map((g: { label: string }) => g.label));
    const odfl = data.find((r) => r[0] === report.by_carrier[0].label) ?? [];
    expect(odfl.slice(1, 4)).toEqual(['2', '750', 'USD']);
    expect(odfl[header.indexOf('On-time delivery')]).toBe('0.5');
  });

  it('exports the lanes, modes and accessorials as XLSX, a mode named in words', async () => {
    for (const table of ['by_mode', 'top_lanes', 'accessorials']) {
      const res = await shipper.get(`/api/analytics/export?format=xlsx&table=${table}&${PERIOD}`);
      expect(res.statusCode, res.body).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.rowCount).toBeGreaterThanOrEqual(1);
    }
    const modes = await shipper.get(`/api/analytics/export?format=xlsx&table=by_mode&${PERIOD}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(modes.rawPayload as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe('LTL');
    expect(row.getCell(2).value).toBe(3);
    expect(row.getCell(3).value).toBe(950);
  });
});
