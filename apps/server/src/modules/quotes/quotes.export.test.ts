import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { createQuote } from '../shipments/test-helpers';
import { quotesRepository } from './quotes.repository';

/** Quote history and saved quotes as CSV and XLSX: the list's filter, the account's quotes only. */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let saved: { id: string; number: string };

beforeAll(async () => {
  t = await createTestApp();
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  await createQuote(t, shipper, { client_ref: '=cmd|calc' });
  const kept = await createQuote(t, shipper, { client_ref: 'KEEP-1' });
  expect((await shipper.post(`/api/quotes/${kept.id}/save`)).statusCode).toBe(200);
  saved = kept as unknown as { id: string; number: string };
  await createQuote(t, other, { client_ref: 'OTHER-ACCOUNT' });
});
afterAll(() => t.close());

const csv = async (client: TestClient, query: string) => {
  const res = await client.get(`/api/quotes/export?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...data] = (await parseCsvRows(res.body)).map((r) => r.cells);
  return { res, header: header ?? [], data };
};

describe('GET /api/quotes/export', () => {
  it("writes quote history newest first as the list does, the account's alone, formulas neutralised", async () => {
    const { res, header, data } = await csv(shipper, 'format=csv');
    const list = (await shipper.get('/api/quotes?per_page=100')).json();
    expect(res.headers['x-total-count']).toBe(String(list.meta.total));
    expect(header.slice(0, 3)).toEqual(['Quote number', 'Your reference', 'Mode']);
    expect(data.map((r) => r[0])).toEqual(list.data.map((q: { number: string }) => q.number));
    const refs = data.map((r) => r[1]);
    expect(refs).toContain("'=cmd|calc");
    expect(refs).not.toContain('OTHER-ACCOUNT');
    const lowest = data.map((r) => r[header.indexOf('Lowest total')]);
    expect(lowest.every((v) => /^\d+(\.\d{1,2})?$/.test(v ?? ''))).toBe(true);
  });

  it("reads the quotes in the list's order a row a batch (the keyset)", async () => {
    const list = (await shipper.get('/api/quotes?per_page=100')).json();
    const [first] = await t.database.db
      .execute(sql`select account_id from quotes where id = ${list.data[0].id}`)
      .then((r) => (r as unknown as { rows: { account_id: string }[] }).rows);
    const read: string[] = [];
    for await (const rows of quotesRepository(t.database.db, () => t.clock.now).batches(first!.account_id, { savedOnly: false }, 1))
      read.push(...rows.map((r) => r.id));
    expect(read).toEqual(list.data.map((q: { id: string }) => q.id));
  });

  it('writes saved quotes as XLSX with the search applied', async () => {
    const res = await shipper.get('/api/quotes/export?format=xlsx&saved=1&q=keep');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/saved-quotes-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Saved quotes');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(1).value).toBe(saved.number);
    expect(typeof sheet?.getRow(2).getCell(17).value).toBe('number');
    expect(sheet?.getRow(2).getCell(5).value).toBeInstanceOf(Date);
  });

  it("is the list's readers': a viewer exports; bad params are 422 on their fields", async () => {
    await teamMember(t, 'Demo Shipper Co', 'viewer@quotes-export.test', 'viewer');
    const viewer = await t.client().login('viewer@quotes-export.test');
    expect((await viewer.get('/api/quotes/export?format=csv')).statusCode).toBe(200);
    expect((await t.client().get('/api/quotes/export?format=csv')).statusCode).toBe(401);
    const bad = await shipper.get('/api/quotes/export?format=ods&mode=air&saved=maybe');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['format', 'mode', 'saved']);
  });
});
