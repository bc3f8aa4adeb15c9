import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { setUserSettings } from '../tracking/test-fixtures';

let t: TestApp;
let superAdmin: TestClient;
let shipper: TestClient;
let otherId = '';
const hours = (n: number) => new Date(t.clock.now.getTime() + n * 3_600_000).toISOString();

const notice = (over: Record<string, unknown> = {}) => ({
  severity: 'outage',
  audience: 'customers',
  title_en: 'Carrier outage',
  title_es: 'Caída de transportista',
  body_en: 'Saia tracking is down; events will arrive late.',
  body_es: 'El rastreo de Saia no funciona; los eventos llegarán tarde.',
  starts_at: hours(-1),
  ends_at: hours(5),
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  // Remembered sessions: a test moves the clock on by hours.
  superAdmin = await t.client().login('super@demo.test', undefined, true);
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  const [other] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Other Freight LLC'));
  otherId = other!.id;
});
afterAll(() => t.close());

const active = async (c: TestClient) =>
  (await c.get('/api/notifications/active')).json().data as { id: string; title: string; body: string; dismissible: boolean }[];

describe('site notifications', () => {
  it('super_admin publishes an outage: customers see it in their language, and so does the public page', async () => {
    const res = await superAdmin.post('/api/admin/notifications', notice());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ state: 'active', severity: 'outage', account: null });
    const id = res.json().data.id;
    expect(await active(shipper)).toContainEqual({
      id,
      severity: 'outage',
      title: 'Carrier outage',
      body: expect.any(String),
      dismissible: false,
    });
    await setUserSettings(t.database.db, 'other@demo.test', { language: 'es' });
    const other = await t.client().login('other@demo.test');
    expect((await active(other)).find((n) => n.id === id)?.title).toBe('Caída de transportista');
    const guest = t.client();
    guest.acceptLanguage = 'es';
    expect((await guest.get('/api/public/notices')).json().data[0]).toMatchObject({ id, title: 'Caída de transportista' });
    // Staff see staff notices, not the customers'.
    expect((await active(await t.client().login('ops@demo.test'))).map((n) => n.id)).not.toContain(id);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'notification.create', actorEmail: 'super@demo.test' });
  });

  it('schedules, edits and retires notices, each audited; an account notice reaches only that account', async () => {
    const later = (
      await superAdmin.post('/api/admin/notifications', notice({ severity: 'warning', starts_at: hours(2), ends_at: null }))
    ).json().data;
    expect(later.state).toBe('scheduled');
    expect((await active(shipper)).map((n) => n.id)).not.toContain(later.id);
    t.clock.advanceMinutes(180);
    expect((await active(shipper)).map((n) => n.id)).toContain(later.id);
    const edited = await superAdmin.put(
      `/api/admin/notifications/${later.id}`,
      notice({ severity: 'warning', title_en: 'Slow tracking', starts_at: hours(-1), ends_at: null }),
    );
    expect(edited.json().data.title_en).toBe('Slow tracking');
    expect((await superAdmin.post(`/api/admin/notifications/${later.id}/retire`)).json().data.state).toBe('retired');
    expect((await superAdmin.post(`/api/admin/notifications/${later.id}/retire`)).statusCode).toBe(409);
    expect((await active(shipper)).map((n) => n.id)).not.toContain(later.id);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, later.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['notification.create', 'notification.retire', 'notification.update']);

    const mine = (
      await superAdmin.post('/api/admin/notifications', notice({ severity: 'info', audience: 'account', account_id: otherId }))
    ).json().data;
    expect(mine.account).toEqual({ id: otherId, name: 'Other Freight LLC' });
    expect((await active(shipper)).map((n) => n.id)).not.toContain(mine.id);
    expect((await active(await t.client().login('other@demo.test'))).map((n) => n.id)).toContain(mine.id);
    const listed = (await superAdmin.get('/api/admin/notifications?state=retired')).json();
    expect(listed.data.map((n: { id: string }) => n.id)).toEqual([later.id]);
  });

  it('lets a reader close an info notice for good, but not an outage', async () => {
    const info = (await superAdmin.post('/api/admin/notifications', notice({ severity: 'info', title_en: 'New feature' }))).json().data;
    const outage = (await superAdmin.post('/api/admin/notifications', notice())).json().data;
    expect((await shipper.post(`/api/notifications/${info.id}/dismiss`)).statusCode).toBe(204);
    expect((await shipper.post(`/api/notifications/${info.id}/dismiss`)).statusCode).toBe(404);
    expect((await active(shipper)).map((n) => n.id)).not.toContain(info.id);
    expect((await shipper.post(`/api/notifications/${outage.id}/dismiss`)).statusCode).toBe(409);
    expect((await t.client().get('/api/notifications/active')).statusCode).toBe(401);
  });

  it('refuses bad notices with field errors in both languages, and stores nothing', async () => {
    const bad = await superAdmin.post(
      '/api/admin/notifications',
      notice({ title_es: ' ', audience: 'account', ends_at: hours(-2), severity: 'doom' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      title_es: ['Field is required'],
      severity: ['Choose one of the listed options'],
    });
    const ghost = await superAdmin.post(
      '/api/admin/notifications',
      notice({ audience: 'account', account_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(ghost.json().errors).toEqual({ account_id: ['Field is required'] });
    const order = await superAdmin.post('/api/admin/notifications', notice({ ends_at: hours(-2) }));
    expect(order.json().errors).toEqual({ ends_at: ['The end must be after the start'] });
    expect((await shipper.post('/api/admin/notifications', notice())).statusCode).toBe(403);
  });
});
