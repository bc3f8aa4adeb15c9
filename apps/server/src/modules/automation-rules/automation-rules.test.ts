import { DEFAULT_INSURANCE_PARAMS, insurancePremiumCents } from '@freight/domain/rating';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, ebayOrders, ebayStores, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { teamMember } from '../../test/team';
import { quoteAndBook } from '../shipments/test-helpers';

/** Automation rules: an account admin's ordered rules, their dry run, and their outcome for quotes and eBay orders. */
let t: TestApp;
let admin: TestClient;
let shipperRole: TestClient;
let viewer: TestClient;
let other: TestClient;

const parcelRule = {
  name: 'Residential under 150 lb to parcel',
  conditions: [
    { field: 'residential', value: true },
    { field: 'weight_lb', op: 'lt', value: 150 },
  ],
  actions: { mode: 'parcel' },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  await teamMember(t, 'Demo Shipper Co', 'rules-shipper@demo-roles.test', 'shipper');
  await teamMember(t, 'Demo Shipper Co', 'rules-viewer@demo-roles.test', 'viewer');
  shipperRole = await t.client().login('rules-shipper@demo-roles.test');
  viewer = await t.client().login('rules-viewer@demo-roles.test');
});
afterAll(() => t.close());

const list = async (c: TestClient) => {
  const res = await c.get('/api/automation-rules');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; name: string; position: number; enabled: boolean }[];
};
const remove = (c: TestClient, id: string) => c.request({ method: 'DELETE', url: `/api/automation-rules/${id}` });

describe('/api/automation-rules', () => {
  it('creates, lists in order, edits, switches, reorders and deletes, each write in the account activity log', async () => {
    const a = await admin.post('/api/automation-rules', parcelRule);
    expect(a.statusCode, a.body).toBe(201);
    const b = await admin.post('/api/automation-rules', {
      name: 'Texas insured',
      conditions: [{ field: 'destination_state', op: 'in', values: ['tx'] }],
      actions: { insurance: 'insured', accessorials: ['notify_prior_to_arrival'] },
    });
    expect(b.json().data).toMatchObject({ position: 2, conditions: [{ field: 'destination_state', op: 'in', values: ['TX'] }] });
    const [first, second] = [a.json().data.id as string, b.json().data.id as string];
    expect((await list(admin)).map((r) => r.name)).toEqual([parcelRule.name, 'Texas insured']);

    const edited = await admin.put(`/api/automation-rules/${second}`, {
      name: 'Texas insured (LTL)',
      conditions: [{ field: 'destination_state', op: 'in', values: ['TX'] }],
      actions: { insurance: 'insured', mode: 'ltl' },
    });
    expect(edited.json().data).toMatchObject({ name: 'Texas insured (LTL)', actions: { insurance: 'insured', mode: 'ltl' } });

    const off = await admin.put(`/api/automation-rules/${first}/enabled`, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const reordered = await admin.put('/api/automation-rules/order', { ids: [second, first] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([
      [second, 1],
      [first, 2],
    ]);

    const entries = await t.database.db
      .select({ action: auditLog.action, shown: auditLog.shownToAccount })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'automation_rule'), eq(auditLog.entityId, first)));
    expect(entries.map((e) => e.action).sort()).toEqual(['automation_rule.create', 'automation_rule.disable']);
    expect(entries.every((e) => e.shown)).toBe(true);

    expect((await remove(admin, second)).statusCode).toBe(204);
    expect((await list(admin)).map((r) => [r.name, r.position])).toEqual([[parcelRule.name, 1]]);
    expect((await remove(admin, second)).statusCode).toBe(404);
    await admin.put(`/api/automation-rules/${first}/enabled`, { enabled: true });
  });

  it('answers bad input in the validation words, and a taken name or a wrong order as field errors', async () => {
    const empty = await admin.post('/api/automation-rules', {
      name: ' ',
      conditions: [{ field: 'weight_lb', op: 'about', value: 1 }],
      actions: {},
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      code: 'validation',
      errors: {
        name: ['Field is required'],
        'conditions.0.op': ['Choose one of the listed options'],
        actions: ['Choose at least one action'],
      },
    });
    const taken = await admin.post('/api/automation-rules', { ...parcelRule, name: parcelRule.name.toUpperCase() });
    expect(taken.json()).toMatchObject({ errors: { name: ['You already have a rule with this name'] } });
    const order = await admin.put('/api/automation-rules/order', { ids: [] });
    expect(order.json()).toMatchObject({ errors: { ids: ['List every rule of the account once'] } });
  });

  it('lets shippers read the rules and get their outcome, only account admins write or dry-run, billing and viewers nothing', async () => {
    expect((await list(shipperRole)).length).toBe(1);
    expect((await shipperRole.post('/api/automation-rules', { ...parcelRule, name: 'Mine' })).statusCode).toBe(403);
    expect((await shipperRole.post('/api/automation-rules/dry-run', { source: 'shipments', rules: [] })).statusCode).toBe(403);
    expect((await viewer.get('/api/automation-rules')).statusCode).toBe(403);

    const match = await shipperRole.post('/api/automation-rules/match', {
      origin: { postal_code: '60606', country: 'US', site_type: 'business' },
      destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
      weight_lb: 120,
    });
    expect(match.statusCode, match.body).toBe(200);
    expect(match.json().data).toMatchObject({ actions: { mode: 'parcel' }, sources: { mode: { name: parcelRule.name } } });
    const heavy = await shipperRole.post('/api/automation-rules/match', {
      origin: { postal_code: '60606', country: 'US' },
      destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
      weight_lb: 400,
    });
    expect(heavy.json().data).toEqual({ actions: {}, sources: {} });
  });

  it('keeps accounts apart: another account neither sees, changes nor deletes a rule', async () => {
    const [rule] = await list(admin);
    expect(await list(other)).toEqual([]);
    expect((await other.put(`/api/automation-rules/${rule!.id}`, parcelRule)).statusCode).toBe(404);
    expect((await other.put(`/api/automation-rules/${rule!.id}/enabled`, { enabled: false })).statusCode).toBe(404);
    expect((await remove(other, rule!.id)).statusCode).toBe(404);
    expect((await other.put('/api/automation-rules/order', { ids: [rule!.id] })).statusCode).toBe(422);
    // Other's own rule of the same name is its own business.
    expect((await other.post('/api/automation-rules', parcelRule)).statusCode).toBe(201);
  });

  it('dry-runs a rule set against the latest shipments: what changes and what it would cost, nothing saved', async () => {
    await quoteAndBook(t, admin, { destination: { postal_code: '75201', country: 'US', site_type: 'residential' }, insured_value: 100 });
    const before = await list(admin);
    const run = await admin.post('/api/automation-rules/dry-run', {
      source: 'shipments',
      rules: [
        {
          ...parcelRule,
          name: 'Residential pallets to LTL with liftgate',
          conditions: [{ field: 'residential', value: true }],
          actions: { mode: 'ltl', accessorials: ['liftgate_delivery'] },
        },
      ],
    });
    expect(run.statusCode, run.body).toBe(200);
    const data = run.json().data;
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows.length).toBeLessThanOrEqual(100);
    const changed = data.rows.filter((r: { status: string }) => r.status !== 'unchanged');
    expect(changed.length).toBe(data.changed);
    expect(changed[0]).toMatchObject({ status: 'rated', outcome: { actions: { mode: 'ltl', accessorials: ['liftgate_delivery'] } } });
    expect(changed[0].after_cents).toBeGreaterThan(0);
    expect(changed[0].before_cents).toBeGreaterThan(0);
    expect(await list(admin)).toEqual(before);

    const none = await admin.post('/api/automation-rules/dry-run', { source: 'shipments', rules: [] });
    expect(none.json().data.changed).toBe(0);
  });

  it('prices a dry run’s insurance at the cover it would buy: the most bought online', async () => {
    // Goods worth $3,000: the first tier covers all of them.
    const { shipment } = await quoteAndBook(t, admin, {
      destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
      insured_value: 3_000,
    });
    const rule = { ...parcelRule, name: 'Residential to LTL', conditions: [{ field: 'residential', value: true }] };
    const afterOf = async (actions: Record<string, unknown>) => {
      const run = await admin.post('/api/automation-rules/dry-run', { source: 'shipments', rules: [{ ...rule, actions }] });
      expect(run.statusCode, run.body).toBe(200);
      return (run.json().data.rows as { id: string; after_cents: number | null }[]).find((r) => r.id === shipment.id)?.after_cents;
    };
    const uninsured = await afterOf({ mode: 'ltl' });
    const insured = await afterOf({ mode: 'ltl', insurance: 'insured' });
    expect(uninsured).toBeGreaterThan(0);
    expect(insured! - uninsured!).toBe(insurancePremiumCents(300_000, DEFAULT_INSURANCE_PARAMS));
  });

  it('dry-runs and applies the rules to eBay orders, an order with unmatched items shown, not failed', async () => {
    const [account] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
    const product = await admin.post('/api/products', {
      description: 'Rules lamp',
      product_number: 'RULES-LAMP',
      package_type: 'boxes',
      length_in: 20,
      width_in: 12,
      height_in: 12,
      weight_lb: 30,
    });
    expect(product.statusCode, product.body).toBe(201);
    const [store] = await t.database.db
      .insert(ebayStores)
      .values({ accountId: account!.id, connectedBy: user!.id, ebayUser: 'rules-test-store' })
      .returning();
    const order = (n: number, sku: string) => ({
      storeId: store!.id,
      accountId: account!.id,
      ebayOrderId: `RULES-${n}`,
      orderedAt: t.clock.now,
      ebayModifiedAt: t.clock.now,
      buyer: 'buyer',
      shipTo: {
        name: 'B',
        line1: '1 Main St',
        line2: '',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        country: 'US',
        phone: '',
        email: '',
      },
      lineItems: [{ lineItemId: `L${n}`, sku, title: 'Lamp', quantity: 1 }],
      totalCents: 5_000,
      currency: 'USD',
    });
    const [matched, unmatched] = await t.database.db
      .insert(ebayOrders)
      .values([order(1, 'RULES-LAMP'), order(2, 'NOT-IN-CATALOG')])
      .returning();

    const applied = await admin.post('/api/automation-rules/ebay-orders', { order_ids: [matched!.id, unmatched!.id] });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data[0]).toMatchObject({
      order_id: matched!.id,
      outcome: { actions: { mode: 'parcel' }, sources: { mode: { name: parcelRule.name } } },
    });
    expect((await other.post('/api/automation-rules/ebay-orders', { order_ids: [matched!.id] })).statusCode).toBe(404);

    const run = await admin.post('/api/automation-rules/dry-run', { source: 'ebay_orders', rules: [parcelRule] });
    expect(run.statusCode, run.body).toBe(200);
    const rows = run.json().data.rows as { id: string; status: string; after_cents: number | null; reference: string }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(matched!.id)).toMatchObject({ reference: 'RULES-1', status: 'rated' });
    expect(byId.get(matched!.id)!.after_cents).toBeGreaterThan(0);
    expect(byId.get(unmatched!.id)).toMatchObject({ status: 'error', after_cents: null });
  });
});
