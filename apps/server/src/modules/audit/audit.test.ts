import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect((await superAdmin.get('/api/admin/audit?q=note')).json().data.map((e: { action: string }) => e.action)).toEqual([
      'shipment.note',
    ]);
    expect((await superAdmin.get('/api/admin/audit?q=OPS@demo')).json().meta.total).toBe(2);
    expect((await superAdmin.get(`/api/admin/audit?q=${s.id}&entity_type=shipment`)).json().meta.total).toBe(2);
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await superAdmin.get(`/api/admin/audit?from=${today}&to=${today}`)).json().meta.total).toBe(2);
    expect((await superAdmin.get('/api/admin/audit?from=2000-01-01&to=2000-01-02')).json().data).toEqual([]);
    expect((await superAdmin.get('/api/admin/audit?entity_type=planet')).statusCode).toBe(422);
    expect((await ops.get('/api/admin/audit')).statusCode).toBe(403);
  });
});
