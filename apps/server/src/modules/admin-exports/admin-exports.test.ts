import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { accounts, auditLog, shipments, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

/**
 * Admin Shipments and Account Management as files: the list's filter and order, its door, the
 * reader's words, formula-like text neutralised, and every export audited with its filters.
 */
let t: TestApp;
let ops: TestClient;
let sales: TestClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
  sales = await t.client().login('sales@demo.test');
  const risky = await insertShipment(db(), { pickupDate: '2031-05-10', status: 'delivered' });
  await db()
    .update(shipments)
    .set({ referenceNumber: '=HYPERLINK("http://evil.test","x")', totalCents: 123_456, carrierName: 'Zeta Freight' })
    .where(eq(shipments.id, risky.id));
  await insertShipment(db(), { email: 'other@demo.test', pickupDate: '2031-05-11', status: 'in_transit' });
  await db().update(accounts).set({ name: '@Formula Freight' }).where(eq(accounts.name, 'Other Freight LLC'));
});
afterAll(async () => {
  await t.close();
});

const csvOf = async (client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...data] = (await parseCsvRows(res.body)).map((r) => r.cells);
  return { res, header: header ?? [], data };
};

/** The audit entries of `actor`'s exports (the test clock stands still: every entry has the same time). */
const exportsBy = async (actor: string) => {
  const [user] = await db().select().from(users).where(eq(users.email, actor));
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin_list.export'), eq(auditLog.actorId, user?.id ?? '')));
};

describe('GET /api/admin/shipments/export', () => {
  it("writes the list's rows in its order, with the account, and audits who exported which filters", async () => {
    const query = 'pickup_from=2031-05-01&pickup_to=2031-05-31';
    const { res, header, data } = await csvOf(ops, `/api/admin/shipments/export?format=csv&${query}&page=3`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="admin-shipments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header.slice(0, 3)).toEqual(['Account', 'BOL number', 'PRO number']);
    const list = (await ops.get(`/api/admin/shipments?per_page=100&${query}`)).json();
    expect(data.map((r) => r[1])).toEqual(list.data.map((s: { bol_number: string }) => s.bol_number));
    expect(data.map((r) => r[0]).sort()).toEqual(
      ['@Formula Freight', 'Demo Shipper Co'].map((n) => (n.startsWith('@') ? `'${n}` : n)).sort(),
    );
    expect(Number(res.headers['x-total-count'])).toBe(2);
    expect(await exportsBy('ops@demo.test')).toEqual([
      expect.objectContaining({
        entityType: 'admin_list',
        entityId: 'shipments',
        targetLabel: 'shipments',
        after: { format: 'csv', filters: { pickup_from: '2031-05-01', pickup_to: '2031-05-31' }, rows: 2 },
      }),
    ]);
  });

  it('applies the filters and neutralises formula-like text', async () => {
    const { header, data } = await csvOf(ops, '/api/admin/shipments/export?format=csv&pickup_from=2031-05-01&status=delivered');
    expect(data).toHaveLength(1);
    expect(data[0]?.[header.indexOf('Reference number')]).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(data[0]?.[header.indexOf('Total')]).toBe('1234.56');
    expect(data[0]?.[header.indexOf('Status')]).toBe('Delivered');
  });

  it("writes XLSX in the reader's language", async () => {
    const [me] = await db().select().from(users).where(eq(users.email, 'ops@demo.test'));
    await db().update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, me!.id));
    try {
      const res = await ops.get('/api/admin/shipments/export?format=xlsx&pickup_from=2031-05-01&status=delivered');
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.name).toBe('Envíos');
      expect(sheet.getRow(1).getCell(1).value).toBe('Cuenta');
      expect(sheet.rowCount).toBe(2);
    } finally {
      await db().update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, me!.id));
    }
  });

  it('keeps the door of the list and answers bad input in the documented shape', async () => {
    expect((await t.client().get('/api/admin/shipments/export?format=csv')).statusCode).toBe(401);
    const shipper = await t.client().login('shipper@demo.test');
    expect((await shipper.get('/api/admin/shipments/export?format=csv')).statusCode).toBe(403);
    const bad = await ops.get('/api/admin/shipments/export?format=pdf&status=lost');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation');
    const noCarrier = await ops.get('/api/admin/shipments/export?format=csv&figure=corrected');
    expect(noCarrier.statusCode).toBe(422);
  });
});

describe('GET /api/admin/accounts/export', () => {
  it('writes the accounts the list selects, in its words, and audits it', async () => {
    const { header, data } = await csvOf(sales, '/api/admin/accounts/export?format=csv&sort=name&dir=desc');
    expect(header).toEqual([
      'Account name',
      'Status',
      'Payment terms',
      'Users',
      'Primary contact',
      'Contact email',
      'Contact phone',
      'Sales rep',
      'Signed up',
    ]);
    const list = (await sales.get('/api/admin/accounts?sort=name&dir=desc&per_page=100')).json();
    expect(data.map((r) => r[0])).toEqual(list.data.map((a: { name: string }) => (a.name.startsWith('@') ? `'${a.name}` : a.name)));
    expect(data.map((r) => r[0])).toContain("'@Formula Freight");
    const prepaid = await csvOf(sales, '/api/admin/accounts/export?format=csv&payment_terms=prepaid');
    expect(prepaid.data.map((r) => [r[0], r[2]])).toEqual([['Prepaid Parts Inc', 'Prepaid by card']]);
    expect((await exportsBy('sales@demo.test')).map((e) => e.after)).toContainEqual({
      format: 'csv',
      filters: { payment_terms: 'prepaid', sort: 'name', dir: 'asc' },
      rows: 1,
    });
  });

  it('reads every batch of a keyset in order', async () => {
    const { staffAccountsRepository } = await import('../admin/accounts.repository');
    const repo = staffAccountsRepository(db());
    for (const dir of ['asc', 'desc'] as const) {
      const names: string[] = [];
      for await (const batch of repo.batches({ sort: 'name', dir }, undefined, undefined, 2))
        names.push(...batch.rows.map((r) => r.account.name));
      const page = await repo.search({ sort: 'name', dir, page: 1, per_page: 100 }, undefined);
      expect(names).toEqual(page.rows.map((r) => r.account.name));
    }
  });

  it('keeps the door of the list', async () => {
    const shipper = await t.client().login('shipper@demo.test');
    expect((await shipper.get('/api/admin/accounts/export?format=csv')).statusCode).toBe(403);
    expect((await sales.get('/api/admin/accounts/export')).statusCode).toBe(422);
  });
});
