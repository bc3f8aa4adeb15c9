import { canOpenAdminPage } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, userSettings, users } from '../../db/schema';
import { DEMO_STAFF } from '../../db/seed';
import { seedDemoNotices } from '../../db/seed-notifications';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
let superAdmin: TestClient;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
let otherId = '';
const hours = (n: number) => new Date(t.clock.now.getTime() + n * 3_600_000).toISOString();
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

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
  other = await t.client().login('other@demo.test', undefined, true);
  ops = await t.client().login('ops@demo.test', undefined, true);
  const [row] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Other Freight LLC'));
  otherId = row!.id;
});
afterAll(() => t.close());

type Read = { id: string; severity: string; title: string; body: string; dismissible: boolean };
const active = async (c: TestClient) => (await c.get('/api/notifications/active')).json().data as Read[];
const ids = async (c: TestClient) => (await active(c)).map((n) => n.id);
const create = async (over: Record<string, unknown> = {}) => {
  const res = await superAdmin.post('/api/admin/notifications', notice(over));
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; state: string; account: unknown };
};
/** Sets a user's language (staff too: the tracking fixture's helper is for customers). */
const speaks = async (email: string, language: 'en' | 'es') => {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await t.database.db.update(userSettings).set({ language }).where(eq(userSettings.userId, user!.id));
};
const auditOf = (id: string) => t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(auditLog.createdAt);

describe('site notifications', () => {
  it('opens the admin endpoints to super_admin only, as the admin door says', async () => {
    for (const s of DEMO_STAFF) {
      const c = await t.client().login(s.email);
      expect((await c.get('/api/admin/notifications')).statusCode, s.email).toBe(canOpenAdminPage([s.role], 'notifications') ? 200 : 403);
    }
    expect((await shipper.get('/api/admin/notifications')).statusCode).toBe(403);
    expect((await shipper.post('/api/admin/notifications', notice())).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/notifications')).statusCode).toBe(401);
    expect((await t.client().get('/api/notifications/active')).statusCode).toBe(401);
    expect((await t.client().post(`/api/notifications/${'x'.repeat(100)}/dismiss`)).statusCode).toBe(401);
  });

  it('publishes an outage: customers read it in their language, and so does the public page', async () => {
    const { id, ...data } = await create();
    expect(data).toMatchObject({ state: 'active', severity: 'outage', account: null });
    expect(await active(shipper)).toContainEqual({
      id,
      severity: 'outage',
      title: 'Carrier outage',
      body: expect.any(String),
      dismissible: false,
    });
    await speaks('other@demo.test', 'es');
    expect((await active(other)).find((n) => n.id === id)).toMatchObject({
      title: 'Caída de transportista',
      body: 'El rastreo de Saia no funciona; los eventos llegarán tarde.',
    });
    await speaks('other@demo.test', 'en');
    const guest = t.client();
    expect((await guest.get('/api/public/notices')).json().data).toContainEqual(expect.objectContaining({ id, title: 'Carrier outage' }));
    guest.acceptLanguage = 'es-MX,es;q=0.9';
    expect((await guest.get('/api/public/notices')).json().data).toContainEqual(
      expect.objectContaining({ id, title: 'Caída de transportista' }),
    );
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'notification.create', actorEmail: 'super@demo.test', before: null });
    expect(entry!.after).toMatchObject({ severity: 'outage', title_es: 'Caída de transportista', retired_at: null });
    await superAdmin.post(`/api/admin/notifications/${id}/retire`);
  });

  it('shows each audience only its notices; the public page only the outages for every customer', async () => {
    const staffOnly = await create({ audience: 'staff' });
    const oneAccount = await create({ audience: 'account', account_id: otherId });
    const customersInfo = await create({ severity: 'info' });
    expect(oneAccount.account).toEqual({ id: otherId, name: 'Other Freight LLC' });
    expect(await ids(ops)).toEqual([staffOnly.id]);
    expect(await ids(shipper)).toEqual([customersInfo.id]);
    // The outage leads, the information follows.
    expect(await ids(other)).toEqual([oneAccount.id, customersInfo.id]);
    // fpg_feature is no staff role: no staff notices, no account either.
    expect(await ids(await t.client().login('feature@demo.test'))).toEqual([]);
    expect((await t.client().get('/api/public/notices')).json().data).toEqual([]);
    for (const n of [staffOnly, oneAccount, customersInfo]) await superAdmin.post(`/api/admin/notifications/${n.id}/retire`);
  });

  it('schedules, edits and retires notices, each audited with what changed', async () => {
    const later = await create({ severity: 'warning', starts_at: hours(2), ends_at: hours(4) });
    expect(later.state).toBe('scheduled');
    expect(await ids(shipper)).not.toContain(later.id);
    t.clock.advanceMinutes(180);
    expect(await ids(shipper)).toContain(later.id);
    expect((await superAdmin.get('/api/admin/notifications?state=active')).json().data.map((n: { id: string }) => n.id)).toEqual([
      later.id,
    ]);
    t.clock.advanceMinutes(60);
    expect(await ids(shipper)).not.toContain(later.id);
    expect((await superAdmin.get(`/api/admin/notifications/${later.id}`)).json().data.state).toBe('ended');

    const edited = await superAdmin.put(
      `/api/admin/notifications/${later.id}`,
      notice({ severity: 'warning', title_en: 'Slow tracking', starts_at: hours(-1), ends_at: null }),
    );
    expect(edited.json().data).toMatchObject({ title_en: 'Slow tracking', state: 'active', ends_at: null });
    expect((await active(shipper)).find((n) => n.id === later.id)?.title).toBe('Slow tracking');
    // A minute apart: the test clock stands still, and the trail is read in time order.
    t.clock.advanceMinutes(1);
    expect((await superAdmin.post(`/api/admin/notifications/${later.id}/retire`)).json().data.state).toBe('retired');
    expect((await superAdmin.post(`/api/admin/notifications/${later.id}/retire`)).statusCode).toBe(409);
    expect((await superAdmin.put(`/api/admin/notifications/${later.id}`, notice())).statusCode).toBe(409);
    expect(await ids(shipper)).not.toContain(later.id);

    const trail = await auditOf(later.id);
    expect(trail.map((e) => e.action)).toEqual(['notification.create', 'notification.update', 'notification.retire']);
    expect(trail[1]).toMatchObject({ before: { title_en: 'Carrier outage' }, after: { title_en: 'Slow tracking', ends_at: null } });
    expect(Object.keys(trail[1]!.after as object).sort()).toEqual(['ends_at', 'starts_at', 'title_en']);
    expect(Object.keys(trail[2]!.after as object)).toEqual(['retired_at']);

    const listed = (await superAdmin.get('/api/admin/notifications?state=retired&per_page=2')).json();
    expect(listed.data[0].id).toBe(later.id);
    expect(listed.meta).toMatchObject({ total: 5, per_page: 2 });
    expect((await superAdmin.get('/api/admin/notifications?state=gone')).statusCode).toBe(422);
  });

  it('answers 404 for ids that are no notice', async () => {
    for (const id of ['nope', NO_SUCH]) {
      expect((await superAdmin.get(`/api/admin/notifications/${id}`)).statusCode).toBe(404);
      expect((await superAdmin.put(`/api/admin/notifications/${id}`, notice())).statusCode).toBe(404);
      expect((await superAdmin.post(`/api/admin/notifications/${id}/retire`)).statusCode).toBe(404);
      expect((await shipper.post(`/api/notifications/${id}/dismiss`)).statusCode).toBe(404);
    }
  });

  it('lets a reader close an info notice for good (for them only), but not an outage', async () => {
    const info = await create({ severity: 'info', title_en: 'New feature' });
    const outage = await create();
    const theirs = await create({ severity: 'info', audience: 'account', account_id: otherId });
    expect((await shipper.post(`/api/notifications/${info.id}/dismiss`)).statusCode).toBe(204);
    expect((await shipper.post(`/api/notifications/${info.id}/dismiss`)).statusCode).toBe(204);
    expect(await ids(shipper)).toEqual([outage.id]);
    expect(await ids(other)).toContain(info.id);
    expect((await shipper.post(`/api/notifications/${outage.id}/dismiss`)).statusCode).toBe(409);
    expect((await shipper.post(`/api/notifications/${theirs.id}/dismiss`)).statusCode).toBe(404);
  });

  it('refuses bad notices with field errors in the writer’s language, and stores nothing', async () => {
    const before = (await superAdmin.get('/api/admin/notifications')).json().meta.total;
    const bad = await superAdmin.post(
      '/api/admin/notifications',
      notice({ title_es: ' ', body_en: 'x'.repeat(1001), audience: 'account', severity: 'doom', starts_at: 'soon' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      title_es: ['Field is required'],
      severity: ['Choose one of the listed options'],
      body_en: [expect.any(String)],
      starts_at: [expect.any(String)],
    });
    expect((await superAdmin.post('/api/admin/notifications', notice({ audience: 'account' }))).json().errors).toEqual({
      account_id: ['Field is required'],
    });
    const ghost = await superAdmin.post('/api/admin/notifications', notice({ audience: 'account', account_id: NO_SUCH }));
    expect(ghost.json().errors).toEqual({ account_id: ['Choose one of the listed options'] });
    const order = await superAdmin.post('/api/admin/notifications', notice({ ends_at: hours(-2) }));
    expect(order.json().errors).toEqual({ ends_at: ['The end must be after the start'] });
    await speaks('super@demo.test', 'es');
    const spanish = await superAdmin.post('/api/admin/notifications', notice({ ends_at: hours(-2) }));
    expect(spanish.json().errors).toEqual({ ends_at: ['El fin debe ser posterior al inicio'] });
    await speaks('super@demo.test', 'en');
    expect((await superAdmin.get('/api/admin/notifications')).json().meta.total).toBe(before);
  });

  it('seeds a demo info notice for every customer', async () => {
    await seedDemoNotices(t.database.db, t.clock.now);
    expect(await active(shipper)).toContainEqual(
      expect.objectContaining({ severity: 'info', dismissible: true, title: 'Holiday pickups' }),
    );
  });
});
