import { TRACKING_KEY_GRACE_DAYS } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carriers } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { carrierByScac, insertShipment, setTrackingSecret, signature } from './test-fixtures';

let t: TestApp;
let sup: TestClient;
const OLD_KEY = 'pyle-old-key-0123456789abcdef0123456789';

beforeAll(async () => {
  t = await createTestApp();
  sup = await t.client().login('super@demo.test', 'Demo#2026', true);
  await setTrackingSecret(t.database.db, 'SEFL', OLD_KEY);
});
afterAll(() => t.close());

async function postSigned(key: string, bol: string, minute: number) {
  const raw = JSON.stringify({
    events: [
      {
        bol_number: bol,
        status_code: 'X6',
        occurred_at: `2026-11-25T10:${String(minute).padStart(2, '0')}:00-06:00`,
        city: 'Macon',
        state: 'GA',
      },
    ],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/carriers/SEFL/tracking-events',
    headers: { 'content-type': 'application/json', 'x-signature': signature(key, raw) },
    payload: raw,
  });
  await t.app.background.drain();
  return res.statusCode;
}

describe('tracking-key rotation', () => {
  it('shows the new key once, keeps the old one working through the grace period and refuses it after', async () => {
    const sefl = await carrierByScac(t.database.db, 'SEFL');
    const s = await insertShipment(t.database.db, { scac: 'SEFL', status: 'in_transit' });
    const url = `/api/admin/carriers/${sefl.id}/tracking-key`;
    expect((await sup.get(url)).json().data).toEqual({ has_key: true, rotated_at: null, previous_valid_until: null });

    const rotated = await sup.post(url);
    expect(rotated.statusCode).toBe(201);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const { key, ...state } = rotated.json().data;
    expect(key).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const until = new Date(t.clock.now.getTime() + TRACKING_KEY_GRACE_DAYS * 86_400_000).toISOString();
    expect(state).toEqual({ has_key: true, rotated_at: t.clock.now.toISOString(), previous_valid_until: until });
    // The state never shows the key again.
    expect(JSON.stringify((await sup.get(url)).json())).not.toContain(key);

    expect(await postSigned(key, s.bolNumber, 1)).toBe(202);
    expect(await postSigned(OLD_KEY, s.bolNumber, 2)).toBe(202);
    t.clock.advanceMinutes(TRACKING_KEY_GRACE_DAYS * 24 * 60 - 1);
    expect(await postSigned(OLD_KEY, s.bolNumber, 3)).toBe(202);
    t.clock.advanceMinutes(2);
    expect(await postSigned(OLD_KEY, s.bolNumber, 4)).toBe(401);
    expect(await postSigned(key, s.bolNumber, 5)).toBe(202);
    expect((await sup.get(url)).json().data.previous_valid_until).toBeNull();

    // Audited, without either key.
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, sefl.id));
    expect(entry).toMatchObject({ action: 'carrier.tracking_key.rotate', entityType: 'carrier', actorEmail: 'super@demo.test' });
    expect(JSON.stringify([entry?.before, entry?.after])).not.toContain(key);
    expect(JSON.stringify([entry?.before, entry?.after])).not.toContain(OLD_KEY);
  });

  it('a carrier without a key gets its first one with no grace period', async () => {
    const usps = await carrierByScac(t.database.db, 'USPS');
    await t.database.db.update(carriers).set({ trackingSecret: null }).where(eq(carriers.id, usps.id));
    const res = await sup.post(`/api/admin/carriers/${usps.id}/tracking-key`);
    expect(res.json().data).toMatchObject({ has_key: true, previous_valid_until: null });
  });

  it('is super_admin’s only; an unknown carrier is 404', async () => {
    const sefl = await carrierByScac(t.database.db, 'SEFL');
    const admin = await t.client().login('admin@demo.test');
    expect((await admin.get(`/api/admin/carriers/${sefl.id}/tracking-key`)).statusCode).toBe(403);
    expect((await admin.post(`/api/admin/carriers/${sefl.id}/tracking-key`)).statusCode).toBe(403);
    expect((await sup.post('/api/admin/carriers/00000000-0000-4000-8000-000000000000/tracking-key')).statusCode).toBe(404);
  });
});
