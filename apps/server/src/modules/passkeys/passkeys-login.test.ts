import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { PASSKEY_CHALLENGE_MINUTES } from './passkeys.service';
import { EXPIRED, FAILED, fieldError, passkeySteps } from './passkeys.test-support';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Signing in with a passkey alone, through the HTTP API: the passkey's user signed in, and what
 * must fail (a replayed answer, another ceremony's or an expired challenge, a counter that went
 * back, an unknown passkey or one naming someone else, a suspended account, too many tries).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_ADDRESS_HOUR: '1000' });
});
afterAll(() => t.close());

const { shipper, enrol, loginOptions, signedInEmail, confirmWithPasskey } = passkeySteps(() => t);

describe('sign-in with a passkey alone', () => {
  it('signs the passkey’s user in without the password, and keeps the session as asked', async () => {
    const { client, email } = await shipper();
    const device = new SoftAuthenticator();
    await enrol(client, device);
    const { client: c, options } = await loginOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await c.post('/passkey-login', { credential: device.get(options), remember: true });
    expect(res.statusCode, res.body).toBe(204);
    expect(await signedInEmail(c)).toBe(email);
    expect(res.cookies.find((k) => k.name === 'freight_portal_session')?.maxAge).toBe(30 * 24 * 3600);
    const [user] = await t.database.db.select({ lastLoginAt: users.lastLoginAt }).from(users).where(eq(users.email, email));
    expect(user?.lastLoginAt).toEqual(t.clock.now);
  });

  it('refuses a replayed answer, a challenge issued to add a passkey, and an answer after five minutes', async () => {
    const { client } = await shipper();
    const device = new SoftAuthenticator();
    await enrol(client, device);

    const { client: c, options } = await loginOptions();
    const answer = device.get(options);
    expect((await c.post('/passkey-login', { credential: answer })).statusCode).toBe(204);
    const replayer = (await loginOptions()).client;
    const replayed = await replayer.post('/passkey-login', { credential: answer });
    expect(fieldError(replayed)).toBe(FAILED);

    // A challenge of the other ceremony, in the user's own session, signs nobody in.
    await confirmWithPasskey(client, device);
    const registration = (await client.post('/user/passkeys/options')).json().data;
    const crossed = await client.post('/passkey-login', { credential: device.get({ challenge: registration.challenge }) });
    expect(fieldError(crossed)).toBe(FAILED);

    const slow = await loginOptions();
    t.clock.advanceMinutes(PASSKEY_CHALLENGE_MINUTES + 0.1);
    const expired = await slow.client.post('/passkey-login', { credential: device.get(slow.options) });
    expect(fieldError(expired)).toBe(EXPIRED);
    // Spent by that answer: asking again in time is the way.
    expect(fieldError(await slow.client.post('/passkey-login', { credential: device.get(slow.options) }))).toBe(FAILED);
  });

  it('refuses a counter that did not grow (a cloned key), and takes a passkey that keeps none', async () => {
    const { client, email } = await shipper();
    const device = new SoftAuthenticator();
    await enrol(client, device);
    const first = await loginOptions();
    expect((await first.client.post('/passkey-login', { credential: device.get(first.options, { counter: 7 }) })).statusCode).toBe(204);
    for (const counter of [7, 3]) {
      const again = await loginOptions();
      const res = await again.client.post('/passkey-login', { credential: device.get(again.options, { counter }) });
      expect(fieldError(res)).toBe(FAILED);
      expect(await signedInEmail(again.client)).toBeUndefined();
    }
    const next = await loginOptions();
    expect((await next.client.post('/passkey-login', { credential: device.get(next.options, { counter: 8 }) })).statusCode).toBe(204);

    const synced = new SoftAuthenticator();
    await confirmWithPasskey(client, device);
    await enrol(client, synced, 'Synced');
    for (let i = 0; i < 2; i++) {
      const o = await loginOptions();
      const res = await o.client.post('/passkey-login', { credential: synced.get(o.options, { counter: 0 }) });
      expect(res.statusCode).toBe(204);
      expect(await signedInEmail(o.client)).toBe(email);
    }
  });

  it('refuses an unknown passkey, one whose user handle names someone else, another site’s, and a suspended account', async () => {
    const owner = await shipper();
    const other = await shipper();
    const device = new SoftAuthenticator();
    await enrol(owner.client, device);

    const unknown = await loginOptions();
    const stranger = new SoftAuthenticator();
    stranger.create({ challenge: 'eA', user: { id: Buffer.from(other.id.replaceAll('-', ''), 'hex').toString('base64url') } });
    expect(fieldError(await unknown.client.post('/passkey-login', { credential: stranger.get(unknown.options) }))).toBe(FAILED);

    const swapped = await loginOptions();
    const answer = device.get(swapped.options);
    const handle = Buffer.from(other.id.replaceAll('-', ''), 'hex').toString('base64url');
    const res = await swapped.client.post('/passkey-login', {
      credential: { ...answer, response: { ...answer.response, userHandle: handle } },
    });
    expect(fieldError(res)).toBe(FAILED);

    const wrongSite = await loginOptions();
    const elsewhere = await wrongSite.client.post('/passkey-login', {
      credential: device.get(wrongSite.options, { rpId: 'evil.example' }),
    });
    expect(fieldError(elsewhere)).toBe(FAILED);

    const [user] = await t.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, owner.id));
    await t.database.db
      .update(accounts)
      .set({ suspendedAt: t.clock.now })
      .where(eq(accounts.id, user?.accountId ?? ''));
    const suspended = await loginOptions();
    const refused = await suspended.client.post('/passkey-login', { credential: device.get(suspended.options) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_suspended');
    expect(await signedInEmail(suspended.client)).toBeUndefined();
  });

  it('allows five failures a minute from one address, then 429', async () => {
    const { client } = await shipper();
    const device = new SoftAuthenticator();
    await enrol(client, device);
    const from = (c: TestClient, url: string, payload: object = {}) =>
      c.request({ method: 'POST', url, payload, remoteAddress: '203.0.113.9' });
    const c = t.client();
    await c.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 5; i++) {
      const options = (await from(c, '/passkey-login/options')).json().data;
      expect((await from(c, '/passkey-login', { credential: device.get(options, { rpId: 'evil.example' }) })).statusCode).toBe(422);
    }
    const options = (await from(c, '/passkey-login/options')).json().data;
    const blocked = await from(c, '/passkey-login', { credential: device.get(options) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ seconds\.$/);
    // Another address is not held back.
    const elsewhere = await loginOptions();
    expect((await elsewhere.client.post('/passkey-login', { credential: device.get(elsewhere.options) })).statusCode).toBe(204);
  });

  it('answers malformed answers with 422, never 500', async () => {
    const { client, options } = await loginOptions();
    for (const credential of [{}, { id: 'x', rawId: 'x', type: 'public-key', response: {} }, 'nonsense']) {
      expect((await client.post('/passkey-login', { credential })).statusCode).toBe(422);
    }
    const device = new SoftAuthenticator();
    device.create({ challenge: 'eA', user: { id: 'eA' } });
    const answer = device.get(options);
    const garbled = await client.post('/passkey-login', {
      credential: { ...answer, response: { ...answer.response, clientDataJSON: 'bm9uc2Vuc2U' } },
    });
    expect(fieldError(garbled)).toBe(FAILED);
  });
});
