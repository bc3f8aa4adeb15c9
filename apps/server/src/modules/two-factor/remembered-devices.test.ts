import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberedDevices, users } from '../../db/schema';
import { DEMO_STAFF_TOTP_SECRET } from '../../db/seed-two-factor';
import { createTestApp, type TestApp } from '../../test/harness';
import { REMEMBER_DEVICE_DAYS, REMEMBERED_DEVICE_COOKIE } from './remembered-devices';
import { twoFactorSteps } from './two-factor.test-support';

/**
 * "Remember this device for 30 days" through the HTTP API: a customer's browser skips the second
 * step until the token expires or the factor is turned off; staff are never remembered; a token
 * counts only for the user it was made for.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { codeNow, nextStep, enrol, passwordStep } = twoFactorSteps(() => t);

/** The password alone, in `client`: 204 when the browser was remembered, 200 `{ two_factor }` otherwise. */
const passwordOnly = (client: ReturnType<TestApp['client']>, email: string) => client.post('/login', { email, password: 'Demo#2026' });

describe('a customer', () => {
  let secret: string;
  beforeAll(async () => {
    ({ secret } = await enrol('shipper@demo.test'));
    await enrol('other@demo.test');
    nextStep();
  });

  it('is offered the choice at the password step', async () => {
    const res = await t.client().post('/login', { email: 'shipper@demo.test', password: 'Demo#2026' });
    expect(res.json()).toEqual({ two_factor: true, remember_device: true, methods: ['totp', 'recovery_code'] });
  });

  it('is remembered after a right code with remember_device: an HttpOnly, Lax cookie for 30 days, stored as a keyed hash', async () => {
    const browser = await passwordStep('shipper@demo.test');
    const res = await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === REMEMBERED_DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/login', maxAge: REMEMBER_DEVICE_DAYS * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
    const rows = await t.database.db.select().from(rememberedDevices);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(cookie!.value);
    expect(rows[0]?.expiresAt.getTime()).toBe(t.clock.now.getTime() + REMEMBER_DEVICE_DAYS * 24 * 3600_000);

    // Signed out, the same browser signs in with the password alone.
    await browser.post('/logout');
    const again = await passwordOnly(browser, 'shipper@demo.test');
    expect(again.statusCode).toBe(204);
    expect((await browser.get('/api/user')).json().data.email).toBe('shipper@demo.test');
  });

  it('is not remembered without the box ticked, nor on another browser', async () => {
    nextStep();
    const browser = await passwordStep('shipper@demo.test');
    const res = await browser.post('/two-factor-challenge', { code: codeNow(secret) });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === REMEMBERED_DEVICE_COOKIE)).toBeUndefined();
    await browser.post('/logout');
    expect((await passwordOnly(browser, 'shipper@demo.test')).statusCode).toBe(200);
  });

  it('gives a token of another user nothing: the other user is still asked for the code', async () => {
    const browser = await passwordStep('shipper@demo.test');
    nextStep();
    await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    await browser.post('/logout');
    expect(browser.cookies.has(REMEMBERED_DEVICE_COOKIE)).toBe(true);
    const other = await passwordOnly(browser, 'other@demo.test');
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ two_factor: true });
    // A made-up token is no better.
    const forged = t.client();
    forged.cookies.set(REMEMBERED_DEVICE_COOKIE, 'not-a-token');
    expect((await passwordOnly(forged, 'shipper@demo.test')).statusCode).toBe(200);
  });

  it(`asks for the code again once ${REMEMBER_DEVICE_DAYS} days have passed`, async () => {
    nextStep();
    const browser = await passwordStep('shipper@demo.test');
    await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    await browser.post('/logout');
    t.clock.advanceMinutes((REMEMBER_DEVICE_DAYS * 24 - 1) * 60);
    expect((await passwordOnly(browser, 'shipper@demo.test')).statusCode).toBe(204);
    await browser.post('/logout');
    t.clock.advanceMinutes(61);
    const expired = await passwordOnly(browser, 'shipper@demo.test');
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ two_factor: true });
  });

  it('forgets every remembered browser when the factor is turned off', async () => {
    nextStep();
    const browser = await passwordStep('shipper@demo.test');
    await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    await browser.confirmPassword(undefined, { email: 'shipper@demo.test', totpSecret: secret });
    expect((await browser.request({ method: 'DELETE', url: '/user/two-factor-authentication' })).statusCode).toBe(204);
    await browser.post('/logout');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
    expect(await t.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, user!.id))).toEqual([]);
    const { secret: fresh } = await enrol('shipper@demo.test');
    nextStep();
    // The old cookie no longer skips the step of the new factor.
    const res = await passwordOnly(browser, 'shipper@demo.test');
    expect(res.statusCode).toBe(200);
    expect((await browser.post('/two-factor-challenge', { code: codeNow(fresh) })).statusCode).toBe(204);
  });

  it('is still throttled at the second step with remember_device', async () => {
    const browser = await passwordStep('other@demo.test');
    for (let i = 0; i < 5; i++) {
      expect((await browser.post('/two-factor-challenge', { code: '000000x', remember_device: true })).statusCode).toBe(422);
    }
    const blocked = await browser.post('/two-factor-challenge', { code: '123456', remember_device: true });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.cookies.find((c) => c.name === REMEMBERED_DEVICE_COOKIE)).toBeUndefined();
  });
});

describe('staff', () => {
  it('are never offered it, and remember_device sets nothing', async () => {
    // The demo staff come enrolled with the published secret.
    const secret = DEMO_STAFF_TOTP_SECRET;
    nextStep();
    const browser = t.client();
    const step = await browser.post('/login', { email: 'sales@demo.test', password: 'Demo#2026' });
    expect(step.json()).toEqual({ two_factor: true, remember_device: false, methods: ['totp'] });
    const res = await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === REMEMBERED_DEVICE_COOKIE)).toBeUndefined();
    await browser.post('/logout');
    expect((await passwordOnly(browser, 'sales@demo.test')).statusCode).toBe(200);
  });

  it('are asked for the code even on a browser remembered while they were a customer', async () => {
    t.clock.advanceMinutes(1.1);
    const { secret } = await enrol('prepaid@demo.test');
    nextStep();
    const browser = await passwordStep('prepaid@demo.test');
    await browser.post('/two-factor-challenge', { code: codeNow(secret), remember_device: true });
    await browser.post('/logout');
    await t.database.db
      .update(users)
      .set({ roles: ['fpg_ops'] })
      .where(eq(users.email, 'prepaid@demo.test'));
    expect((await passwordOnly(browser, 'prepaid@demo.test')).statusCode).toBe(200);
  });
});
