import { SHIPMENT_SORTS } from '@freight/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { insertShipment } from '../tracking/test-fixtures';
import { shipmentsRepository } from './shipments.repository';

/**
 * My Shipments as CSV and XLSX: the list's filter and order, the caller's account only, the
 * reader's words, formula-like text neutralised, and a large list streamed in pieces.
 */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  // A shipment whose reference a spreadsheet would run as a formula, and one of another account.
  const risky = await insertShipment(db(), { pickupDate: '2030-01-10', status: 'delivered' });
  await db()
    .update(shipments)
    .set({ referenceNumber: '=HYPERLINK("http://evil.test","x")', totalCents: 123_456, carrierName: 'Zeta Freight' })
    .where(eq(shipments.id, risky.id));
  await insertShipment(db(), { email: 'other@demo.test', pickupDate: '2030-01-11' });
});
afterAll(async () => {
  await t.close();
});

const csvOf = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/shipments/export?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = await parseCsvRows(res.body);
  const [header, ...data] = rows.map((r) => r.cells);
  return { res, header: header ?? [], data };
};

const listOf = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/shipments?per_page=100&${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { bol_number: string }[]; meta: { total: number } };
};

describe('GET /api/shipments/export', () => {
  it('writes the list as CSV: named columns, the list order and filter, the row count up front', async () => {
    const { res, header, data } = await csvOf(shipper, 'format=csv&sort=pickup_date&dir=desc');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="shipments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header.slice(0, 3)).toEqual(['BOL number', 'PRO number', 'Tracking number']);
    expect(header).toContain('Total');
    const list = await listOf(shipper, 'sort=pickup_date&dir=desc');
    expect(Number(res.headers['x-total-count'])).toBe(list.meta.total);
    expect(data.map((r) => r[0])).toEqual(list.data.map((s) => s.bol_number).slice(0, data.length));
    expect(data.length).toBe(list.meta.total);
  });

  it("applies the search and status, and never holds another account's shipments", async () => {
    const { header, data } = await csvOf(shipper, 'format=csv&status=delivered&q=zeta');
    expect(data).toHaveLength(0); // the search reads numbers and cities, not carriers
    const delivered = await csvOf(shipper, 'format=csv&status=delivered');
    const status = header.indexOf('Status');
    expect(delivered.data.length).toBeGreaterThan(0);
    expect(new Set(delivered.data.map((r) => r[status]))).toEqual(new Set(['Delivered']));
    const [other] = await db().select().from(shipments).where(eq(shipments.pickupDate, '2030-01-11'));
    const all = await csvOf(shipper, 'format=csv');
    expect(all.data.map((r) => r[0])).not.toContain(other?.bolNumber);
  });

  it('neutralises formula-like text, writes amounts as numbers beside their currency', async () => {
    const { header, data } = await csvOf(shipper, 'format=csv&sort=carrier&dir=desc');
    const row = data[0] ?? [];
    expect(row[header.indexOf('Carrier')]).toBe('Zeta Freight');
    expect(row[header.indexOf('Reference number')]).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(row[header.indexOf('Total')]).toBe('1234.56');
    expect(row[header.indexOf('Currency')]).toBe('USD');
    expect(row[header.indexOf('Pickup date')]).toBe('2030-01-10');
  });

  it("writes XLSX with numbers as numbers and dates as dates, in the reader's language", async () => {
    const [me] = await db().select().from(users).where(eq(users.email, 'shipper@demo.test'));
    await db().update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, me!.id));
    try {
      const res = await shipper.get('/api/shipments/export?format=xlsx&sort=carrier&dir=desc');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Envíos');
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 2)).toEqual(['Número de BOL', 'Número PRO']);
      const first = (sheet.getRow(2).values as unknown[]).slice(1);
      expect(first[header.indexOf('Total')]).toBe(1234.56);
      expect(first[header.indexOf('Fecha de recolección')]).toEqual(new Date('2030-01-10T00:00:00Z'));
      expect(first[header.indexOf('Número de referencia')]).toBe('\'=HYPERLINK("http://evil.test","x")');
      expect(first[header.indexOf('Estado')]).toBe('Entregado');
      const list = await listOf(shipper, '');
      expect(sheet.rowCount - 1).toBe(list.meta.total);
    } finally {
      await db().update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, me!.id));
    }
  });

  it("is the list's readers': a viewer exports, no session is 401, bad params are 422 validation (the documented shape)", async () => {
    await teamMember(t, 'Demo Shipper Co', 'viewer@export.test', 'viewer');
    const viewer = await t.client().login('viewer@export.test');
    expect((await viewer.get('/api/shipments/export?format=csv')).statusCode).toBe(200);
    expect((await t.client().get('/api/shipments/export?format=csv')).statusCode).toBe(401);
    const bad = await shipper.get('/api/shipments/export?format=pdf&status=lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation');
    expect(Object.keys(bad.json().errors).sort()).toEqual(['format', 'status']);
    expect((await shipper.get('/api/shipments/export')).json().errors).toHaveProperty('format');
  });

  it("reads every sort and direction in the list's order, two rows a batch", async () => {
    const [me] = await db().select().from(users).where(eq(users.email, 'shipper@demo.test'));
    const repo = shipmentsRepository(db());
    for (const sort of SHIPMENT_SORTS)
      for (const dir of ['asc', 'desc'] as const) {
        const read: string[] = [];
        for await (const rows of await repo.batches(me!.accountId!, { sort, dir }, 2)) read.push(...rows.map((r) => r.bolNumber));
        const list = await listOf(shipper, `sort=${sort}&dir=${dir}`);
        expect(read, `${sort} ${dir}`).toEqual(list.data.map((s) => s.bol_number));
      }
  });

  // 20,000 rows written twice take 15 s alone, and far longer when the machine's cores are taken
  // by other work: once past the default 120 s. The limit ends a hung test, it does not time one.
  it('streams a large list in pieces, a thousand rows a read', { timeout: 300_000 }, async () => {
    const [template] = await db().select().from(shipments).where(eq(shipments.pickupDate, '2030-01-10'));
    // 20,000 copies of one shipment with their own ids and BOL numbers.
    await db().execute(sql`
      insert into shipments (account_id, user_id, rate_id, idempotency_key, request_hash, carrier_name, scac, mode, service,
        bol_number, pickup_date, ready_time, close_time, transit_days, pickup, delivery, origin_city, origin_state,
        origin_postal_code, origin_country, destination_city, destination_state, destination_postal_code, destination_country,
        items, accessorials, currency, total_cents, charges, declared_value_cents, created_at)
      select account_id, user_id, rate_id, 'bulk-' || n, request_hash, carrier_name, scac, mode, service,
        'BULK' || lpad(n::text, 13, '0'), pickup_date, ready_time, close_time, transit_days, pickup, delivery, origin_city,
        origin_state, origin_postal_code, origin_country, destination_city, destination_state, destination_postal_code,
        destination_country, items, accessorials, currency, total_cents + n, charges, declared_value_cents,
        created_at - n * interval '1 minute'
      from shipments, generate_series(1, 20000) n where id = ${template!.id}`);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = [...shipper.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const format of ['csv', 'xlsx']) {
      const res = await fetch(`${address}/api/shipments/export?format=${format}&q=bulk`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('20000');
      const reader = res.body!.getReader();
      let pieces = 0;
      let bytes = 0;
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        pieces += 1;
        bytes += next.value.length;
      }
      expect(pieces, format).toBeGreaterThan(10);
      expect(bytes).toBeGreaterThan(format === 'csv' ? 20_000 * 100 : 100_000);
    }
  });
});
