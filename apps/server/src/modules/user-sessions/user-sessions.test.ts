import { USER_SESSION_ID_LENGTH, type UserSession } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { openStream } from '../../test/sse';
import { browserOf, colleague, startGeoSimulator, UA } from './user-sessions.test-support';

/**
 * Settings > Security's list of the user's own sessions: what each shows (browser, device,
 * address, place, dates, this device), ending one or all others (their browsers signed out at the
 * next request, their live streams closed), and never anyone else's.
 */
let t: TestApp;
let geo: Awaited<ReturnType<typeof startGeoSimulator>>;

beforeAll(async () => {
  geo = await startGeoSimulator();
  t = await createTestApp({ GEO_SIMULATOR_URL: geo.url });
});
afterAll(async () => {
  await t?.close();
  await geo?.close();
});

const list = async (c: TestClient) => {
  const res = await c.get('/api/user/sessions');
  expect(res.statusCode).toBe(200);
  return res.json().data as UserSession[];
};
const rowIdsOf = async (email: string) => {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user!.id))).map((r) => r.id);
};

describe('the user’s sessions', () => {
  it('lists the current one and the others with their browser, device, address and place, and never a row id', async () => {
    const laptop = await browserOf(t, 'shipper@demo.test', { userAgent: UA.chromeMac, ip: '203.0.113.7' });
    await browserOf(t, 'shipper@demo.test', { userAgent: UA.safariIphone, ip: '198.51.100.20' });
    const res = await laptop.get('/api/user/sessions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const listed = res.json().data as UserSession[];
    expect(listed).toHaveLength(2);
    const current = listed.find((s) => s.current)!;
    const phone = listed.find((s) => !s.current)!;
    expect(current).toMatchObject({
      browser: 'Chrome 131',
      device: 'macOS',
      ip: '203.0.113.7',
      local_network: false,
      place: { city: 'Chicago', region: 'Illinois', country: 'US' },
    });
    expect(phone).toMatchObject({
      browser: 'Safari 17',
      device: 'iPhone',
      ip: '198.51.100.20',
      place: { city: 'Monterrey', region: 'Nuevo León', country: 'MX' },
      current: false,
    });
    expect(Date.parse(current.created_at)).not.toBeNaN();
    expect(Date.parse(current.last_seen_at)).not.toBeNaN();
    for (const s of listed) expect(s.id).toHaveLength(USER_SESSION_ID_LENGTH);
    for (const rowId of await rowIdsOf('shipper@demo.test')) expect(res.body).not.toContain(rowId);
  });

  it('ends another session: that browser is signed out, the list keeps the current one, and the id is gone', async () => {
    const laptop = await browserOf(t, 'other@demo.test', { userAgent: UA.chromeMac });
    const phone = await browserOf(t, 'other@demo.test', { userAgent: UA.safariIphone });
    const theOther = (await list(laptop)).find((s) => !s.current)!;

    const res = await laptop.request({ method: 'DELETE', url: `/api/user/sessions/${theOther.id}` });
    expect(res.statusCode).toBe(204);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    const left = await list(laptop);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
    expect((await laptop.request({ method: 'DELETE', url: `/api/user/sessions/${theOther.id}` })).statusCode).toBe(404);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses to end the current session from the list: that is logging out', async () => {
    const laptop = await browserOf(t, 'prepaid@demo.test');
    const mine = (await list(laptop)).find((s) => s.current)!;
    const res = await laptop.request({ method: 'DELETE', url: `/api/user/sessions/${mine.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'This is the session you are using: to end it, log out.' });
    expect((await laptop.get('/api/user')).statusCode).toBe(200);
  });

  it('ends every other session at once, sign-ins waiting for their second step too, and keeps the current one', async () => {
    const staff = await t.client().login('ops@demo.test');
    const others = [await t.client().login('ops@demo.test'), await t.client().login('ops@demo.test')];
    // A sign-in of the same user stopped at the second step.
    const halfway = t.client();
    expect((await halfway.post('/login', { email: 'ops@demo.test', password: 'Demo#2026' })).json()).toMatchObject({ two_factor: true });
    expect(await list(staff)).toHaveLength(3);

    const res = await staff.request({ method: 'DELETE', url: '/api/user/sessions' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 3 } });
    for (const other of others) expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await halfway.post('/two-factor-challenge', { code: '000000' })).statusCode).not.toBe(204);
    const left = await list(staff);
    expect(left.map((s) => s.current)).toEqual([true]);
    // Nothing else to end.
    expect((await staff.request({ method: 'DELETE', url: '/api/user/sessions' })).json()).toEqual({ data: { ended: 0 } });
  });

  it('never finds another user’s session: 404, and that session lives on', async () => {
    const mine = await browserOf(t, await colleague(t, 'rita.sessions@demo.test', 'Rita'));
    const theirs = await browserOf(t, await colleague(t, 'mario.sessions@demo.test', 'Mario'));
    const theirId = (await list(theirs))[0]!.id;
    for (const id of [theirId, 'x'.repeat(USER_SESSION_ID_LENGTH), (await rowIdsOf('mario.sessions@demo.test'))[0]!]) {
      const res = await mine.request({ method: 'DELETE', url: `/api/user/sessions/${encodeURIComponent(id)}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await theirs.get('/api/user')).statusCode).toBe(200);
    // Ending all others ends only the caller's own.
    expect((await mine.request({ method: 'DELETE', url: '/api/user/sessions' })).json()).toEqual({ data: { ended: 0 } });
    expect((await theirs.get('/api/user')).statusCode).toBe(200);
  });

  it('asks a guest to sign in, and a browser for its CSRF token', async () => {
    const guest = t.client();
    expect((await guest.get('/api/user/sessions')).statusCode).toBe(401);
    expect((await guest.request({ method: 'DELETE', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await guest.request({ method: 'DELETE', url: `/api/user/sessions/${'a'.repeat(22)}` })).statusCode).toBe(401);

    const signedIn = await browserOf(t, 'shipper@demo.test');
    const other = await browserOf(t, 'shipper@demo.test');
    const otherId = (await list(other)).find((s) => s.current)!.id;
    const forged = await signedIn.request({ method: 'DELETE', url: `/api/user/sessions/${otherId}`, csrf: false });
    expect(forged.statusCode).toBe(419);
    expect((await signedIn.request({ method: 'DELETE', url: '/api/user/sessions', csrf: false })).statusCode).toBe(419);
    expect((await other.get('/api/user')).statusCode).toBe(200);
  });

  it('shows sessions recorded without an address or browser as unknown', async () => {
    const c = await browserOf(t, await colleague(t, 'olga.sessions@demo.test', 'Olga'), { userAgent: UA.firefoxWindows });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'olga.sessions@demo.test'));
    await t.database.db.update(sessions).set({ ip: null, userAgent: null }).where(eq(sessions.userId, user!.id));
    for (const s of await list(c)) expect(s).toMatchObject({ browser: null, device: null, ip: null, local_network: false, place: null });
  });

  it('calls the loopback the local network and looks nothing up for it; a failing lookup leaves the place blank', async () => {
    const local = await browserOf(t, 'prepaid@demo.test', { ip: '127.0.0.1' });
    const mine = (await list(local)).find((s) => s.current)!;
    expect(mine).toMatchObject({ ip: '127.0.0.1', local_network: true, place: null });

    // The simulator fails for 192.0.2.0/24: the list still answers.
    const failing = await browserOf(t, 'prepaid@demo.test', { ip: '192.0.2.10' });
    const res = await failing.get('/api/user/sessions');
    expect(res.statusCode).toBe(200);
    expect((res.json().data as UserSession[]).find((s) => s.current)).toMatchObject({
      ip: '192.0.2.10',
      local_network: false,
      place: null,
    });
  });

  it('closes the ended session’s live stream at once', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const email = await colleague(t, 'sam.sessions@demo.test', 'Sam');
    const laptop = await browserOf(t, email);
    const phone = await browserOf(t, email);
    const stream = await openStream(t.app, phone, '/api/support/stream');
    expect(stream.status).toBe(200);
    await stream.until((events) => events.some((e) => e.event === 'ready'));
    // The phone's own id, as the laptop's list shows it among the others.
    const phoneOwn = (await list(phone)).find((s) => s.current)!;
    expect((await list(laptop)).some((s) => s.id === phoneOwn.id && !s.current)).toBe(true);
    expect((await laptop.request({ method: 'DELETE', url: `/api/user/sessions/${phoneOwn.id}` })).statusCode).toBe(204);
    expect(await stream.endsWithin(3000)).toBe(true);
  });
});

describe('a password change', () => {
  it('ends the other sessions, and the list then shows only the current one', async () => {
    const email = await colleague(t, 'pat.sessions@demo.test', 'Pat');
    const changer = await browserOf(t, email);
    const other = await browserOf(t, email);
    expect((await list(changer)).length).toBeGreaterThan(1);
    const res = await changer.put('/password', {
      current_password: 'Demo#2026',
      password: 'Another#2026pass',
      password_confirmation: 'Another#2026pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const left = await list(changer);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });
});
