import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownDevices, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { KNOWN_DEVICE_COOKIE } from './known-devices';
import { colleague, signInFrom, startGeoSimulator, UA } from './user-sessions.test-support';

/**
 * The browser of every sign-in is known by a long-lived cookie: a sign-in from one the user never
 * used, after they had used another, mails them (in their language) what, where and when; the
 * first browser ever and a known one say nothing.
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

const newDeviceMails = async (email: string) =>
  (await mailsTo(t, email)).filter((m) => /New sign-in|Nuevo inicio de sesión/.test(m.subject));

describe('a sign-in from a new browser', () => {
  it('records the first browser silently, mails at a second one, and says nothing again on a known one', async () => {
    const email = await colleague(t, 'nadia.devices@demo.test', 'Nadia');
    const laptop = await signInFrom(t.client(), email, { userAgent: UA.chromeMac });
    expect(await newDeviceMails(email)).toHaveLength(0);
    // The laptop signs in again, after logging out: the same browser.
    expect((await laptop.post('/logout')).statusCode).toBe(204);
    await signInFrom(laptop, email, { userAgent: UA.chromeMac });
    expect(await newDeviceMails(email)).toHaveLength(0);

    const at = t.clock.now;
    const phone = await signInFrom(t.client(), email, { userAgent: UA.safariIphone, ip: '203.0.113.9' });
    const mails = await newDeviceMails(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('New sign-in to your Freight Portal account');
    expect(mail.text).toContain('Hello Nadia,');
    expect(mail.text).toContain('Browser: Safari 17 on iPhone');
    expect(mail.text).toContain('IP address: 203.0.113.9');
    expect(mail.text).toContain('Place (approximate): Chicago, Illinois, United States');
    expect(mail.text).toContain(`Time: ${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    expect(mail.text).toContain('change your password at once and sign that session out in Settings > Security');
    expect(mail.text).toContain('http://127.0.0.1:3000/settings/security');

    // Both browsers are known now.
    await phone.post('/logout');
    await signInFrom(phone, email, { userAgent: UA.safariIphone, ip: '203.0.113.9' });
    await signInFrom(laptop, email, { userAgent: UA.chromeMac });
    expect(await newDeviceMails(email)).toHaveLength(1);
  });

  it('keeps the browser’s mark in an HttpOnly cookie for 400 days and stores only its keyed hash', async () => {
    const email = await colleague(t, 'theo.devices@demo.test', 'Theo');
    const browser = t.client();
    const res = await browser.request({ method: 'POST', url: '/login', payload: { email, password: 'Demo#2026' } });
    expect(res.statusCode).toBe(204);
    const cookie = (
      res.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; maxAge?: number; path?: string }[]
    ).find((c) => c.name === KNOWN_DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 400 * 24 * 3600 });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const rows = await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceHash).not.toContain(cookie.value);
    expect(rows[0]!.deviceHash).toMatch(/^[0-9a-f]{64}$/);
    // The browser keeps its mark across sign-ins.
    await browser.post('/logout');
    await signInFrom(browser, email);
    expect(browser.cookies.get(KNOWN_DEVICE_COOKIE)).toBe(cookie.value);
    expect(await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, user!.id))).toHaveLength(1);
  });

  it('mails in the user’s language, and names only the address when the place is unknown', async () => {
    const email = await colleague(t, 'lucia.devices@demo.test', 'Lucía', 'es');
    await signInFrom(t.client(), email, { userAgent: UA.chromeMac });
    await signInFrom(t.client(), email, { userAgent: UA.firefoxWindows, ip: '192.0.2.44' });
    const [mail] = await newDeviceMails(email);
    expect(mail!.subject).toBe('Nuevo inicio de sesión en su cuenta de Freight Portal');
    expect(mail!.text).toContain('Hola Lucía:');
    expect(mail!.text).toContain('Navegador: Firefox 133 en Windows');
    expect(mail!.text).toContain('Dirección IP: 192.0.2.44');
    expect(mail!.text).not.toContain('Lugar');
    expect(mail!.text).toContain('Configuración > Seguridad');
  });

  it('follows the second step and leads staff to their own Security page', async () => {
    // ops@demo.test signs in with the password and the authenticator's code (TestClient.login).
    await t.client().login('ops@demo.test');
    expect(await newDeviceMails('ops@demo.test')).toHaveLength(0);
    await t.client().login('ops@demo.test');
    const mails = await newDeviceMails('ops@demo.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Browser: Unknown browser');
    expect(mails[0]!.text).toContain('IP address: 127.0.0.1');
    expect(mails[0]!.text).toContain('http://127.0.0.1:3000/admin/security');
  });

  it('does not mail another user who signs in on a browser someone else used', async () => {
    const first = await colleague(t, 'ines.devices@demo.test', 'Inés');
    const second = await colleague(t, 'omar.devices@demo.test', 'Omar');
    const shared = await signInFrom(t.client(), first);
    await shared.post('/logout');
    await signInFrom(shared, second);
    expect(await newDeviceMails(first)).toHaveLength(0);
    expect(await newDeviceMails(second)).toHaveLength(0);
  });
});
