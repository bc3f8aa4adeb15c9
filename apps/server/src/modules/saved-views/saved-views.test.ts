import { SAVED_VIEWS_PER_LIST } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, savedViews } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

/** Saved views: a staff user's own named filter sets of Admin Shipments and Account Management. */
let t: TestApp;
let ops: TestClient;
let sales: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ops = await t.client().login('ops@demo.test');
  sales = await t.client().login('sales@demo.test');
});
afterAll(async () => {
  await t.close();
});

const create = (client: TestClient, body: unknown) => client.post('/api/admin/saved-views', body as object);
const remove = (client: TestClient, id: string) => client.request({ method: 'DELETE', url: `/api/admin/saved-views/${id}` });
const listOf = async (client: TestClient, list: string) => {
  const res = await client.get(`/api/admin/saved-views?list=${list}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; filters: Record<string, string> }[];
};

describe('/api/admin/saved-views', () => {
  it('saves, lists, renames, refilters and deletes a view, each write audited', async () => {
    const made = await create(ops, { list: 'shipments', name: '  Late LTL ', filters: { status: 'exception', mode: 'ltl' } });
    expect(made.statusCode, made.body).toBe(201);
    const view = made.json().data;
    expect(view).toMatchObject({ list: 'shipments', name: 'Late LTL', filters: { status: 'exception', mode: 'ltl' } });
    expect((await listOf(ops, 'shipments')).map((v) => v.name)).toEqual(['Late LTL']);
    expect(await listOf(ops, 'accounts')).toEqual([]);

    const renamed = await ops.put(`/api/admin/saved-views/${view.id}`, { name: 'Exceptions (LTL)' });
    expect(renamed.json().data).toMatchObject({ name: 'Exceptions (LTL)', filters: { status: 'exception', mode: 'ltl' } });
    const refiltered = await ops.put(`/api/admin/saved-views/${view.id}`, { filters: { status: 'exception' } });
    expect(refiltered.json().data.filters).toEqual({ status: 'exception' });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'saved_view.update'), eq(auditLog.entityId, view.id), eq(auditLog.targetLabel, 'Exceptions (LTL)')));
    expect(entry).toMatchObject({ entityType: 'saved_view', before: { name: 'Late LTL' } });

    expect((await remove(ops, view.id)).statusCode).toBe(204);
    expect(await listOf(ops, 'shipments')).toEqual([]);
    expect((await remove(ops, view.id)).statusCode).toBe(404);
  });

  it('keeps names unique per user and list in any case, and answers a taken one as a field error', async () => {
    expect((await create(ops, { list: 'accounts', name: 'Prepaid', filters: { payment_terms: 'prepaid' } })).statusCode).toBe(201);
    const taken = await create(ops, { list: 'accounts', name: 'PREPAID', filters: {} });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'validation', errors: { name: ['You already have a view with this name'] } });
    // Another list, another user: the same name is theirs to use.
    expect((await create(ops, { list: 'shipments', name: 'Prepaid', filters: {} })).statusCode).toBe(201);
    expect((await create(sales, { list: 'accounts', name: 'Prepaid', filters: {} })).statusCode).toBe(201);
    const other = (await listOf(ops, 'shipments')).find((v) => v.name === 'Prepaid')!;
    const rename = await ops.put(`/api/admin/saved-views/${other.id}`, { name: 'prepaid' });
    expect(rename.statusCode).toBe(200); // the accounts list's view does not take the shipments list's name
  });

  it(`keeps at most ${SAVED_VIEWS_PER_LIST} views per user and list`, async () => {
    const have = (await listOf(sales, 'shipments')).length;
    for (let i = have; i < SAVED_VIEWS_PER_LIST; i++) {
      expect((await create(sales, { list: 'shipments', name: `View ${i}`, filters: { page_size: String(i) } })).statusCode).toBe(201);
    }
    const over = await create(sales, { list: 'shipments', name: 'One too many', filters: {} });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.name).toEqual(['You can keep up to 20 views of a list; delete one first']);
    expect((await create(sales, { list: 'accounts', name: 'Still room here', filters: {} })).statusCode).toBe(201);
  });

  it("answers another staff user's view as not found", async () => {
    const mine = (await create(ops, { list: 'shipments', name: 'Only mine', filters: { mode: 'ftl' } })).json().data;
    expect((await sales.put(`/api/admin/saved-views/${mine.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await remove(sales, mine.id)).statusCode).toBe(404);
    expect((await listOf(sales, 'shipments')).map((v) => v.id)).not.toContain(mine.id);
    const [row] = await t.database.db.select().from(savedViews).where(eq(savedViews.id, mine.id));
    expect(row?.name).toBe('Only mine');
    expect((await remove(ops, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('answers bad input with 4xx naming the field, and keeps the doors', async () => {
    const cases: [unknown, string][] = [
      [{ list: 'invoices', name: 'x', filters: {} }, 'list'],
      [{ list: 'shipments', name: '   ', filters: {} }, 'name'],
      [{ list: 'shipments', name: 'x'.repeat(61), filters: {} }, 'name'],
      [{ list: 'shipments', name: 'x', filters: { 'Bad Key': 'v' } }, 'filters'],
      [{ list: 'shipments', name: 'x', filters: { status: 5 } }, 'filters.status'],
      [{ list: 'shipments', name: 'x', filters: 'status=delivered' }, 'filters'],
    ];
    for (const [body, field] of cases) {
      const res = await create(ops, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        Object.keys(res.json().errors).some((k) => k.startsWith(field)),
        `${JSON.stringify(body)}: ${res.body}`,
      ).toBe(true);
    }
    expect((await ops.get('/api/admin/saved-views')).statusCode).toBe(422);
    const view = (await listOf(ops, 'shipments'))[0]!;
    expect((await ops.put(`/api/admin/saved-views/${view.id}`, {})).statusCode).toBe(422);
    expect((await t.client().get('/api/admin/saved-views?list=shipments')).statusCode).toBe(401);
    const shipper = await t.client().login('shipper@demo.test');
    expect((await shipper.get('/api/admin/saved-views?list=shipments')).statusCode).toBe(403);
    expect((await create(shipper, { list: 'shipments', name: 'x', filters: {} })).statusCode).toBe(403);
  });
});
