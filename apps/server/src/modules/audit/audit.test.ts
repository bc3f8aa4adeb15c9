import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { insertShipment } from '../tracking/test-fixtures';

let t: TestApp;
let superAdmin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.client().login('super@demo.test');
});
afterAll(() => t.close());

describe('GET /api/admin/audit', () => {
  it('lists what staff did, newest first, searchable by action, staff email, record and day', async () => {
    const ops = await t.client().login('ops@demo.test');
    const s = await insertShipment(t.database.db);
    await ops.post(`/api/admin/shipments/${s.id}/notes`, { body: 'Called the consignee' });
    // The test clock stands still: a minute apart, so 'newest first' has an order to show.
    t.clock.advanceMinutes(1);
    await ops.post(`/api/admin/shipments/${s.id}/action-required`, { action_required: true, message: 'Call us' });
    const all = (await superAdmin.get('/api/admin/audit')).json();
    expect(all.data.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(['shipment.action_required_set', 'shipment.note']);
    expect(all.data[0]).toMatchObject({ actor_email: 'ops@demo.test', entity_type: 'shipment', entity_id: s.id, ip: expect.any(String) });
    // No label given by the note's writer: the log reads the shipment's BOL.
    expect(all.data[0].target_label).toMatch(/^\d{17}$/);
    expect((await superAdmin.get('/api/admin/audit?q=note')).json().data.map((e: { action: string }) => e.action)).toEqual([
      'shipment.note',
    ]);
    expect((await superAdmin.get('/api/admin/audit?q=OPS@demo')).json().meta.total).toBe(2);
    expect((await superAdmin.get(`/api/admin/audit?q=${s.id}&entity_type=shipment`)).json().meta.total).toBe(2);
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await superAdmin.get(`/api/admin/audit?from=${today}&to=${today}`)).json().meta.total).toBe(2);
    expect((await superAdmin.get('/api/admin/audit?from=2000-01-01&to=2000-01-02')).json().data).toEqual([]);
    expect((await superAdmin.get('/api/admin/audit?entity_type=Planet!')).statusCode).toBe(422);
    expect((await ops.get('/api/admin/audit')).statusCode).toBe(403);
  });
});

describe('what an entry is about', () => {
  it('names the record (recorded label, else its current name), finds it by name, filters by any kind', async () => {
    await superAdmin.confirmPassword();
    const [ops] = await t.database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
    await superAdmin.put(`/api/admin/roles/users/${ops!.id}`, { roles: ['fpg_ops', 'fpg_sales'] });
    // An entry from before labels: the log reads the user's name.
    await t.database.db.insert(auditLog).values({
      actorEmail: 'old@demo.test',
      action: 'user.verification_resent',
      entityType: 'user',
      entityId: ops!.id,
      createdAt: new Date(t.clock.now.getTime() - 86_400_000),
    });
    const found = (await superAdmin.get('/api/admin/audit?q=Otto%20Ops')).json();
    expect(found.data).toEqual([expect.objectContaining({ action: 'user.roles', target_label: 'Otto Ops <ops@demo.test>' })]);
    const byKind = (await superAdmin.get('/api/admin/audit?entity_type=user')).json().data;
    expect(byKind.map((e: { target_label: string }) => e.target_label)).toEqual(['Otto Ops <ops@demo.test>', 'Otto Ops <ops@demo.test>']);
    expect((await superAdmin.get('/api/admin/audit?entity_type=oauth_client')).json().data).toEqual([]);
    expect((await superAdmin.get('/api/admin/audit?q=old@demo')).json().meta.total).toBe(1);
    expect((await superAdmin.get('/api/admin/audit?entity_type=Robert%27);--')).statusCode).toBe(422);
  });

  it('exports the filtered log as CSV or XLSX, for super_admin only, with formula-like cells made text', async () => {
    await t.database.db.insert(auditLog).values({
      actorEmail: 'super@demo.test',
      action: 'carrier.activated',
      entityType: 'carrier',
      entityId: '=HYPERLINK("http://evil")',
      targetLabel: '@SUM(A1)',
      createdAt: t.clock.now,
    });
    const res = await superAdmin.get('/api/admin/audit/export?format=csv&entity_type=carrier');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="admin-audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Staff email,IP address,Action,Record type,Record ID,Record,Account ID,Before,After');
    expect(lines).toHaveLength(2);
    // The time is the business's wall clock (America/Chicago in tests), not UTC.
    expect(lines[1]?.slice(0, 16)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(lines[1]).toContain(`'=HYPERLINK(""http://evil"")`);
    expect(lines[1]).toContain("'@SUM(A1)");
    const all = (await superAdmin.get('/api/admin/audit/export?format=csv')).body.trim().split('\r\n');
    expect(all.length - 1).toBe((await superAdmin.get('/api/admin/audit')).json().meta.total);
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get('/api/admin/audit/export?format=csv')).statusCode).toBe(403);
    expect((await superAdmin.get('/api/admin/audit/export?format=csv&entity_type=Robert%27);--')).statusCode).toBe(422);
    // Each export of the log is itself in the log, with its filters.
    const trail = (await superAdmin.get('/api/admin/audit?entity_type=admin_list')).json().data;
    expect(trail.map((e: { action: string; entity_id: string }) => `${e.action} ${e.entity_id}`)).toEqual([
      'admin_list.export audit_log',
      'admin_list.export audit_log',
    ]);
    expect(trail.map((e: { after: unknown }) => e.after)).toContainEqual({
      format: 'csv',
      filters: { entity_type: 'carrier' },
      rows: null,
    });
  });
});
