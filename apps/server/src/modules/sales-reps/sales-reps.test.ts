import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
let salesAdmin: TestClient;
let sales: TestClient;
const ids: Record<string, string> = {};
const people: Record<string, string> = {};
const base = '/api/admin/pricing-programs';
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((a) => a.name);

beforeAll(async () => {
  t = await createTestApp();
  salesAdmin = await t.client().login('salesadmin@demo.test');
  sales = await t.client().login('sales@demo.test');
  for (const a of await t.database.db.select().from(accounts)) ids[a.name] = a.id;
  for (const u of await t.database.db.select().from(users)) people[u.email] = u.id;
});
afterAll(() => t.close());

describe('sales reps', () => {
  it('are seeded: Sal Sales has Demo Shipper Co, Sara Salesadmin Other Freight LLC, Prepaid Parts Inc has none', async () => {
    const row = (name: string) =>
      salesAdmin.get(`/api/admin/accounts?q=${encodeURIComponent(name)}`).then((r) => r.json().data[0].sales_rep?.email ?? null);
    expect(await row('Demo Shipper Co')).toBe('sales@demo.test');
    expect(await row('Other Freight LLC')).toBe('salesadmin@demo.test');
    expect(await row('Prepaid Parts Inc')).toBeNull();
    const detail = (await sales.get(`/api/admin/accounts/${ids['Demo Shipper Co']}`)).json().data;
    expect(detail.sales_rep).toMatchObject({ rep: { name: 'Sal Sales', email: 'sales@demo.test' }, assigned_by: 'super@demo.test' });
  });

  it('may be chosen among the active users holding a sales role', async () => {
    const res = await sales.get('/api/admin/sales-reps');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { email: string }) => u.email)).toEqual(['sales@demo.test', 'salesadmin@demo.test']);
  });

  it('are filtered by: mine, none, a rep', async () => {
    expect(names(await sales.get('/api/admin/accounts?sales_rep=mine'))).toEqual(['Demo Shipper Co']);
    expect(names(await salesAdmin.get('/api/admin/accounts?sales_rep=mine'))).toEqual(['Other Freight LLC']);
    expect(names(await salesAdmin.get(`/api/admin/accounts?sales_rep=${people['sales@demo.test']}`))).toEqual(['Demo Shipper Co']);
    expect(names(await salesAdmin.get('/api/admin/accounts?sales_rep=none'))).not.toContain('Demo Shipper Co');
    expect(names(await salesAdmin.get('/api/admin/accounts?sales_rep=none'))).toContain('Prepaid Parts Inc');
    const bad = await salesAdmin.get('/api/admin/accounts?sales_rep=somebody');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sales_rep).toBeDefined();
  });

  it('are set by a sales admin, audited naming the account and the rep, and cleared', async () => {
    const prepaid = ids['Prepaid Parts Inc']!;
    const res = await salesAdmin.put(`/api/admin/accounts/${prepaid}/sales-rep`, { user_id: people['sales@demo.test'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rep: { email: 'sales@demo.test' }, assigned_by: 'salesadmin@demo.test' });
    expect(names(await sales.get('/api/admin/accounts?sales_rep=mine'))).toEqual(['Demo Shipper Co', 'Prepaid Parts Inc']);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.sales_rep'), eq(auditLog.entityId, prepaid)));
    expect(entry).toMatchObject({
      actorEmail: 'salesadmin@demo.test',
      entityType: 'account',
      accountId: prepaid,
      targetLabel: 'Prepaid Parts Inc',
      before: { sales_rep: null },
      after: { sales_rep: 'Sal Sales <sales@demo.test>' },
    });
    const cleared = await salesAdmin.put(`/api/admin/accounts/${prepaid}/sales-rep`, { user_id: null });
    expect(cleared.json()).toEqual({ data: null });
    expect((await sales.get(`/api/admin/accounts/${prepaid}`)).json().data.sales_rep).toBeNull();
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.sales_rep'));
    expect(entries.at(-1)).toMatchObject({ before: { sales_rep: 'Sal Sales <sales@demo.test>' }, after: { sales_rep: null } });
  });

  it('refuse a user without a sales role at the field, and an unknown account', async () => {
    const demo = ids['Demo Shipper Co']!;
    for (const email of ['ops@demo.test', 'shipper@demo.test']) {
      const res = await salesAdmin.put(`/api/admin/accounts/${demo}/sales-rep`, { user_id: people[email] });
      expect(res.statusCode, email).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', errors: { user_id: ['Choose a user who holds a sales role'] } });
    }
    const unknown = await salesAdmin.put(`/api/admin/accounts/${demo}/sales-rep`, { user_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(422);
    const gone = await salesAdmin.put('/api/admin/accounts/00000000-0000-4000-8000-000000000000/sales-rep', { user_id: null });
    expect(gone.statusCode).toBe(404);
    expect((await sales.get(`/api/admin/accounts/${demo}`)).json().data.sales_rep.rep.email).toBe('sales@demo.test');
  });

  it('are set by the admins and sales admins only', async () => {
    const demo = ids['Demo Shipper Co']!;
    for (const email of ['sales@demo.test', 'ops@demo.test', 'accounting@demo.test']) {
      const c = email === 'sales@demo.test' ? sales : await t.client().login(email);
      const res = await c.put(`/api/admin/accounts/${demo}/sales-rep`, { user_id: people['sales@demo.test'] });
      expect(res.statusCode, email).toBe(403);
    }
    const admin = await t.client().login('admin@demo.test');
    expect((await admin.put(`/api/admin/accounts/${demo}/sales-rep`, { user_id: people['sales@demo.test'] })).statusCode).toBe(200);
  });
});

describe('a sales rep and pricing programs', () => {
  it("reads the default program and its own accounts' programs, read-only", async () => {
    const list = await sales.get(base);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { account_name: string | null }) => p.account_name)).toEqual([null, 'Demo Shipper Co']);
    const demo = ids['Demo Shipper Co']!;
    const detail = await sales.get(`${base}/${demo}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ account_name: 'Demo Shipper Co', version_in_force: 1 });
    expect((await sales.get(`${base}/${demo}/versions/1`)).json().data.program.contract_lanes).toHaveLength(1);
    expect((await sales.get(`${base}/default`)).statusCode).toBe(200);
    expect((await sales.get(`${base}/default/versions/1`)).statusCode).toBe(200);
  });

  it("is not told another account's program exists (404), and writes none (403)", async () => {
    const other = ids['Other Freight LLC']!;
    for (const path of ['', '/versions/1', '/draft/new', `/in-force?date=${t.clock.now.toISOString().slice(0, 10)}`]) {
      expect((await sales.get(`${base}/${other}${path}`)).statusCode, path).toBe(404);
    }
    const demo = ids['Demo Shipper Co']!;
    const program = { rules: [], contract_lanes: [], minimum_margin_cents: 0, minimum_margin_bp: 0 };
    for (const key of [demo, 'default']) {
      const writes = [
        await sales.put(`${base}/${key}/draft`, { program }),
        await sales.request({ method: 'DELETE', url: `${base}/${key}/draft` }),
        await sales.post(`${base}/${key}/draft/preview`, {}),
        await sales.post(`${base}/${key}/draft/publish`, { effective_date: '2030-01-01' }),
        await sales.post(`${base}/${key}/versions/1/restore`, {}),
      ];
      expect(writes.map((w) => w.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
  });

  it('loses the reads of an account once it is no longer its rep', async () => {
    const demo = ids['Demo Shipper Co']!;
    await salesAdmin.put(`/api/admin/accounts/${demo}/sales-rep`, { user_id: people['salesadmin@demo.test'] });
    expect((await sales.get(`${base}/${demo}`)).statusCode).toBe(404);
    expect((await sales.get(base)).json().data.map((p: { scope: string }) => p.scope)).toEqual(['default']);
  });
});
