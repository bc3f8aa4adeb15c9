import { INVOICE_SORTS } from '@freight/contracts';
import { addCalendarDays } from '@freight/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { invoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { invoicesExportRepository } from './invoices-export.repository';
import { ageInvoice, deliveredShipment } from './test-helpers';

/** Open Invoices and Invoice history as CSV and XLSX: each list's filter and order, the account's invoices only. */
let t: TestApp;
let shipper: TestClient;
const db = () => t.database.db;
const made: Record<string, { id: string; number: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  made.current = (await deliveredShipment(t)).invoice!;
  made.late = (await deliveredShipment(t)).invoice!;
  await ageInvoice(t, made.late.id, 45);
  await db().update(invoices).set({ deliveryLocation: '@SUM(1+1)' }).where(eq(invoices.id, made.late.id));
  made.paid = (await deliveredShipment(t)).invoice!;
  await db().update(invoices).set({ balanceCents: 0, paidAt: t.clock.now }).where(eq(invoices.id, made.paid.id));
  made.other = (await deliveredShipment(t, { email: 'other@demo.test' })).invoice!;
});
afterAll(() => t.close());

const csv = async (path: string) => {
  const res = await shipper.get(path);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...data] = (await parseCsvRows(res.body)).map((r) => r.cells);
  return { res, header: header ?? [], data };
};

describe('GET /api/invoices/export', () => {
  it("writes Open Invoices in the list's order with its filter, the account's only, formulas neutralised", async () => {
    const { res, header, data } = await csv('/api/invoices/export?format=csv&sort=due_date&dir=asc');
    expect(header.slice(0, 3)).toEqual(['Invoice number', 'Type', 'Status']);
    const list = (await shipper.get('/api/invoices?per_page=100&sort=due_date&dir=asc')).json();
    expect(res.headers['x-total-count']).toBe(String(list.meta.total));
    expect(data.map((r) => r[0])).toEqual(list.data.map((i: { number: string }) => i.number));
    expect(data.map((r) => r[0])).not.toContain(made.other?.number);
    expect(data.map((r) => r[0])).not.toContain(made.paid?.number);
    const late = data.find((r) => r[0] === made.late?.number) ?? [];
    expect(late[header.indexOf('Status')]).toBe('Past due');
    expect(late[header.indexOf('Delivery location')]).toBe("'@SUM(1+1)");
    const pastDue = await csv('/api/invoices/export?format=csv&filter=past_due');
    expect(pastDue.data.map((r) => r[0])).toContain(made.late?.number);
    expect(pastDue.data.map((r) => r[0])).not.toContain(made.current?.number);
    const found = await csv(`/api/invoices/export?format=csv&q=${made.current?.number}`);
    expect(found.data.map((r) => r[0])).toEqual([made.current?.number]);
  });

  it('writes XLSX with amounts as numbers and dates as dates', async () => {
    const res = await shipper.get(`/api/invoices/export?format=xlsx&q=${made.current?.number}`);
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Open invoices');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[0]).toBe(made.current?.number);
    expect(typeof row[header.indexOf('Balance')]).toBe('number');
    expect(row[header.indexOf('Due date')]).toBeInstanceOf(Date);
  });
});

describe("the export's keyset batches", () => {
  it("read every sort and direction in the list's order, one row a batch", async () => {
    const accountId = (await db().select().from(invoices).where(eq(invoices.id, made.current!.id)))[0]!.accountId;
    const repo = invoicesExportRepository(db());
    const today = t.clock.now.toISOString().slice(0, 10);
    for (const sort of INVOICE_SORTS)
      for (const dir of ['asc', 'desc'] as const) {
        const read: string[] = [];
        for await (const rows of repo.openBatches(accountId, { filter: 'all', sort, dir }, today, 1)) read.push(...rows.map((r) => r.id));
        const list = (await shipper.get(`/api/invoices?per_page=100&sort=${sort}&dir=${dir}`)).json();
        expect(read, `${sort} ${dir}`).toEqual(list.data.map((i: { id: string }) => i.id));
      }
  });
});

describe('GET /api/invoices/history/export', () => {
  it('writes the paid invoices of the range with the payment, the past 7 days by default', async () => {
    const { header, data } = await csv('/api/invoices/history/export?format=csv');
    expect(header).toContain('Paid on');
    expect(data.map((r) => r[0])).toEqual([made.paid?.number]);
    const today = t.clock.now.toISOString().slice(0, 10);
    const before = await csv(
      `/api/invoices/history/export?format=csv&from=${addCalendarDays(today, -30)}&to=${addCalendarDays(today, -10)}`,
    );
    expect(before.data).toEqual([]);
  });

  it("is the lists' readers': a viewer exports; bad params are 422 on their fields", async () => {
    await teamMember(t, 'Demo Shipper Co', 'viewer@invoices-export.test', 'viewer');
    const viewer = await t.client().login('viewer@invoices-export.test');
    expect((await viewer.get('/api/invoices/export?format=csv')).statusCode).toBe(200);
    expect((await t.client().get('/api/invoices/history/export?format=csv')).statusCode).toBe(401);
    const bad = await shipper.get('/api/invoices/export?format=txt&filter=nope&sort=color');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['filter', 'format', 'sort']);
    const range = await shipper.get('/api/invoices/history/export?format=csv&from=2026-02-01&to=2026-01-01');
    expect(range.statusCode).toBe(422);
    expect(Object.keys(range.json().errors)).toEqual(['to']);
  });
});
