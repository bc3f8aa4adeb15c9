import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRows } from '../../csv/csv';
import { auditLog, invoiceDisputes, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { recordIncident } from '../incidents/incidents.service';
import { deliveredShipment } from '../invoices/test-helpers';
import { supportInboxRepository } from '../support/support.service';

/**
 * API Incidents, the dispute queue and the support inbox as files: the list's filter and order,
 * its door, the reader's words, formula-like text neutralised, every export audited.
 */
let t: TestApp;
let sup: TestClient;
let ops: TestClient;
let accounting: TestClient;
let shipper: TestClient;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  sup = await t.client().login('super@demo.test');
  ops = await t.client().login('ops@demo.test');
  accounting = await t.client().login('accounting@demo.test');
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(() => t.close());

const csvOf = async (client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...data] = (await parseCsvRows(res.body)).map((r) => r.cells);
  return { res, header: header ?? [], data };
};

/** The last export `actor` made (the audit entry's list and what it kept). */
const lastExport = async (actor: string) => {
  const [user] = await db().select().from(users).where(eq(users.email, actor));
  const rows = await db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin_list.export'), eq(auditLog.actorId, user?.id ?? '')));
  return rows.at(-1);
};

const inSpanish = async <T>(email: string, run: () => Promise<T>) => {
  const [me] = await db().select().from(users).where(eq(users.email, email));
  await db()
    .update(userSettings)
    .set({ language: 'es' })
    .where(eq(userSettings.userId, me?.id ?? ''));
  try {
    return await run();
  } finally {
    await db()
      .update(userSettings)
      .set({ language: 'en' })
      .where(eq(userSettings.userId, me?.id ?? ''));
  }
};

const xlsxOf = async (client: TestClient, url: string) => {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
};

describe('GET /api/admin/incidents/export', () => {
  beforeAll(async () => {
    const at = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000);
    await recordIncident(db(), { kind: 'unknown_scac', operation: 'tracking', request: {}, error: '=cmd|calc', at: at(5) });
    await recordIncident(db(), { kind: 'unknown_scac', operation: 'tracking', request: {}, error: 'ZZZZ not known', at: at(1) });
    await recordIncident(db(), { kind: 'carrier_error', operation: 'rate', request: {}, error: 'boom', at: at(3) });
  });

  it("writes the list's rows in its order, with its filter, formula text neutralised, and audits it", async () => {
    const { res, header, data } = await csvOf(sup, '/api/admin/incidents/export?format=csv&kind=unknown_scac&page=2');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="admin-incidents-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(header).toEqual([
      'Kind',
      'Operation',
      'Carrier',
      'SCAC',
      'Error',
      'Occurrences',
      'Affected quotes',
      'First seen',
      'Last seen',
      'State',
    ]);
    const list = (await sup.get('/api/admin/incidents?kind=unknown_scac&per_page=100')).json();
    expect(data).toHaveLength(list.data.length);
    expect(data.map((r) => r[4])).toEqual(list.data.map((i: { error: string }) => (i.error.startsWith('=') ? `'${i.error}` : i.error)));
    expect(data.slice(0, 2).map((r) => r[4])).toEqual(['ZZZZ not known', "'=cmd|calc"]);
    expect(new Set(data.map((r) => r[0]))).toEqual(new Set(['Unknown SCAC']));
    expect(data[0]?.[8]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Number(res.headers['x-total-count'])).toBe(data.length);
    expect(await lastExport('super@demo.test')).toMatchObject({
      entityType: 'admin_list',
      entityId: 'incidents',
      after: { format: 'csv', filters: { kind: 'unknown_scac' }, rows: data.length },
    });
  });

  it("writes XLSX in the reader's language", async () => {
    const sheet = await inSpanish('super@demo.test', () => xlsxOf(sup, '/api/admin/incidents/export?format=xlsx&kind=unknown_scac'));
    expect(sheet.name).toBe('Incidentes de API');
    expect(sheet.getRow(1).getCell(1).value).toBe('Tipo');
    expect(sheet.getRow(2).getCell(1).value).toBe('SCAC desconocido');
  });

  it('keeps the door of the list', async () => {
    expect((await t.client().get('/api/admin/incidents/export?format=csv')).statusCode).toBe(401);
    expect((await ops.get('/api/admin/incidents/export?format=csv')).statusCode).toBe(403);
    expect((await sup.get('/api/admin/incidents/export?format=pdf')).statusCode).toBe(422);
  });
});

describe('GET /api/admin/disputes/export', () => {
  it('writes every open dispute, oldest first, in the reader’s words, and audits it', async () => {
    const disputed: string[] = [];
    for (const reason of ['+SUM(A1:A9) is not what was quoted', 'Resolved already']) {
      const { invoice } = await deliveredShipment(t);
      const res = await shipper.post(`/api/invoices/${invoice!.id}/disputes`, { reason, amount_cents: 1_250 });
      expect(res.statusCode, res.body).toBe(201);
      disputed.push(res.json().data.id);
    }
    await db().update(invoiceDisputes).set({ status: 'rejected' }).where(eq(invoiceDisputes.id, disputed[1]!));
    const { header, data } = await csvOf(accounting, '/api/admin/disputes/export?format=csv');
    expect(header).toEqual(['Invoice number', 'Account', 'Opened by', 'Charge', 'Amount disputed', 'Currency', 'Opened', 'Reason']);
    const queue = (await accounting.get('/api/admin/disputes')).json().data as { invoice_number: string }[];
    expect(data.map((r) => r[0])).toEqual(queue.map((d) => d.invoice_number));
    const mine = data.filter((r) => r[7]?.includes('SUM'));
    expect(mine).toEqual([
      [
        expect.any(String),
        'Demo Shipper Co',
        expect.any(String),
        'Whole invoice',
        '12.5',
        'USD',
        expect.any(String),
        "'+SUM(A1:A9) is not what was quoted",
      ],
    ]);
    // The resolved dispute has left the queue, and so the file.
    expect(data.some((r) => r[7] === 'Resolved already')).toBe(false);
    expect(await lastExport('accounting@demo.test')).toMatchObject({
      entityId: 'disputes',
      after: { format: 'csv', filters: {}, rows: data.length },
    });
    const sheet = await inSpanish('accounting@demo.test', () => xlsxOf(accounting, '/api/admin/disputes/export?format=xlsx'));
    expect(sheet.getRow(1).getCell(5).value).toBe('Monto en disputa');
  });

  it('keeps the door of the queue', async () => {
    expect((await ops.get('/api/admin/disputes/export?format=csv')).statusCode).toBe(403);
    expect((await shipper.get('/api/admin/disputes/export?format=csv')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/support/conversations/export', () => {
  beforeAll(async () => {
    for (const [category, message] of [
      ['billing', '=HYPERLINK("http://evil.test") about my bill'],
      ['quoting', 'A quote question'],
      ['billing', 'Second billing question'],
    ] as const) {
      const res = await shipper.post('/api/support/conversations', { category, message });
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advanceMinutes(1);
    }
  });

  it('writes the inbox rows (no message bodies) with its filter and order, and audits it', async () => {
    const { header, data } = await csvOf(ops, '/api/admin/support/conversations/export?format=csv&category=billing&sort=oldest');
    expect(header.slice(0, 6)).toEqual(['Reference', 'Subject', 'Category', 'Status', 'Account', 'Customer']);
    const list = (await ops.get('/api/admin/support/conversations?category=billing&sort=oldest&per_page=100')).json();
    expect(data.map((r) => r[0])).toEqual(list.data.map((c: { reference: string | null }) => c.reference ?? ''));
    expect(new Set(data.map((r) => r[2]))).toEqual(new Set(['Billing']));
    expect(data.map((r) => r[1]).filter((s) => s?.includes('HYPERLINK'))).toEqual([`'=HYPERLINK("http://evil.test") about my bill`]);
    expect(await lastExport('ops@demo.test')).toMatchObject({
      entityId: 'support_conversations',
      after: { format: 'csv', filters: { category: 'billing', sort: 'oldest' }, rows: data.length },
    });
  });

  it('reads every batch of each order as the list pages it', async () => {
    const [me] = await db().select().from(users).where(eq(users.email, 'ops@demo.test'));
    const inbox = supportInboxRepository(db());
    for (const sort of ['newest', 'oldest', 'waiting_longest'] as const) {
      const ids: string[] = [];
      for await (const batch of inbox.inboxBatches({ sort }, me!.id, 2)) ids.push(...batch.map((r) => r.conversation.id));
      const page = await inbox.inboxPage({ sort, page: 1, perPage: 100 }, me!.id);
      expect(ids, sort).toEqual(page.rows.map((r) => r.conversation.id));
    }
  });

  it('keeps the door of the inbox', async () => {
    expect((await shipper.get('/api/admin/support/conversations/export?format=csv')).statusCode).toBe(403);
    expect((await ops.get('/api/admin/support/conversations/export?format=csv&sort=loudest')).statusCode).toBe(422);
  });
});
