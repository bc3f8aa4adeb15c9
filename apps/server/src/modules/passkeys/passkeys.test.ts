import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userPasskeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { totpCodeAt } from '../two-factor/totp';
import { PASSKEY_CHALLENGE_MINUTES } from './passkeys.service';
import { EXPIRED, FAILED, fieldError, PASSWORD, passkeySteps } from './passkeys.test-support';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkeys through the HTTP API, with a software authenticator that signs as a device does:
 * enrolment, naming and removal, and the second step after the password, with what must fail
 * there (another challenge, a spent or expired one, another user's passkey, too many tries).
 * Each scenario signs up a shipper of its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_ADDRESS_HOUR: '1000' });
});
afterAll(() => t.close());

const { shipper, enrol, loginOptions, signedInEmail } = passkeySteps(() => t);

describe('enrolment and the list', () => {
  it('asks for the password confirmed recently, then offers a discoverable passkey for this site', async () => {
    const { client, email, id } = await shipper();
    const device = new SoftAuthenticator();
    const fresh = t.client();
    await fresh.login(email);
    const refused = await fresh.post('/user/passkeys/options');
    expect(refused.statusCode).toBe(423);
    expect(refused.json().code).toBe('password_confirmation_required');

    const res = await client.post('/user/passkeys/options');
    const options = res.json().data;
    expect(options.rp).toEqual({ name: 'Freight Portal', id: 'localhost' });
    expect(options.user.name).toBe(email);
    expect(Buffer.from(options.user.id, 'base64url').toString('hex')).toBe(id.replaceAll('-', ''));
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'preferred',
    });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.timeout).toBe(PASSKEY_CHALLENGE_MINUTES * 60_000);

    const added = await client.post('/user/passkeys', { name: '  Work laptop ', credential: device.create(options) });
    expect(added.statusCode, added.body).toBe(201);
    const { recovery_codes: codes, ...passkey } = added.json().data;
    expect(passkey).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: false });
    // The first second factor comes with its recovery codes (passkeys-recovery-codes.test.ts), shown this once.
    expect(codes).toHaveLength(10);

    const list = await client.get('/user/passkeys');
    expect(list.json().data).toEqual([passkey]);
    expect(Object.keys(list.json().data[0]).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'synced']);
    const again = (await client.post('/user/passkeys/options')).json().data;
    expect(again.excludeCredentials).toEqual([{ id: [...device.held.keys()][0], type: 'public-key', transports: ['internal'] }]);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.passkey_added')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: email, after: { passkey: 'Work laptop' } });
    expect(entries[0]?.targetLabel).toContain(email);
  });

  it('names a passkey with 1 to 60 characters, in the field errors of the form', async () => {
    const { client } = await shipper();
    const device = new SoftAuthenticator();
    for (const [name, message] of [
      ['  ', 'Field is required'],
      ['x'.repeat(61), 'Use at most 60 characters.'],
    ] as const) {
      const options = (await client.post('/user/passkeys/options')).json().data;
      const res = await client.post('/user/passkeys', { name, credential: device.create(options) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toEqual([message]);
    }
    const missing = await client.post('/user/passkeys', { name: 'Phone' });
    expect(missing.statusCode).toBe(422);
    expect((await client.get('/user/passkeys')).json().data).toEqual([]);
  });

  it('refuses an answer to no challenge, to another site, to a spent or an expired challenge, and the same passkey twice', async () => {
    const { client } = await shipper();
    const device = new SoftAuthenticator();
    const options = (await client.post('/user/passkeys/options')).json().data;
    const forged = await client.post('/user/passkeys', {
      name: 'Forged',
      credential: device.create({ ...options, challenge: 'bm90LWlzc3VlZA' }),
    });
    expect(forged.statusCode).toBe(422);
    expect(fieldError(forged)).toBe(FAILED);

    const other = (await client.post('/user/passkeys/options')).json().data;
    const elsewhere = await client.post('/user/passkeys', {
      name: 'Elsewhere',
      credential: device.create(other, { origin: 'https://freight-portal.example.evil' }),
    });
    expect(fieldError(elsewhere)).toBe(FAILED);
    // That answer spent the challenge: the right one for it comes too late.
    const spent = await client.post('/user/passkeys', { name: 'Late', credential: device.create(other) });
    expect(fieldError(spent)).toBe(FAILED);

    const slow = (await client.post('/user/passkeys/options')).json().data;
    t.clock.advanceMinutes(PASSKEY_CHALLENGE_MINUTES + 0.1);
    await client.confirmPassword(PASSWORD);
    const expired = await client.post('/user/passkeys', { name: 'Slow', credential: device.create(slow) });
    expect(fieldError(expired)).toBe(EXPIRED);

    const added = await enrol(client, device, 'Phone');
    // A browser that ignored excludeCredentials sends the same passkey again.
    const second = (await client.post('/user/passkeys/options')).json().data;
    const twice = await client.post('/user/passkeys', {
      name: 'Phone again',
      credential: device.create(second, { again: added.credentialId }),
    });
    expect(twice.statusCode).toBe(422);
    expect(fieldError(twice)).toBe('This passkey is already registered.');
    expect((await client.get('/user/passkeys')).json().data.map((p: { name: string }) => p.name)).toEqual(['Phone']);
  });

  it('renames and removes (with the password confirmed recently) only the user’s own passkeys, removal audited', async () => {
    const owner = await shipper();
    const stranger = await shipper();
    const device = new SoftAuthenticator();
    const mine = await enrol(owner.client, device);

    const renamed = await owner.client.put(`/user/passkeys/${mine.id}`, { name: 'Office desktop' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Office desktop');
    expect((await owner.client.put(`/user/passkeys/${mine.id}`, { name: '' })).json().errors.name).toEqual(['Field is required']);
    expect((await stranger.client.put(`/user/passkeys/${mine.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await stranger.client.request({ method: 'DELETE', url: `/user/passkeys/${mine.id}` })).statusCode).toBe(404);
    expect((await owner.client.put('/user/passkeys/not-a-uuid', { name: 'X' })).statusCode).toBe(404);

    // A session signed in since, its password not confirmed.
    const { client: later, options } = await loginOptions();
    expect((await later.post('/passkey-login', { credential: device.get(options) })).statusCode).toBe(204);
    expect((await later.request({ method: 'DELETE', url: `/user/passkeys/${mine.id}` })).statusCode).toBe(423);
    const removed = await owner.client.request({ method: 'DELETE', url: `/user/passkeys/${mine.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await owner.client.get('/user/passkeys')).json().data).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, 'user.passkey_removed')));
    expect(entry).toMatchObject({ before: { passkey: 'Office desktop' } });
  });

  it('is for signed-in, verified users only', async () => {
    const guest = t.client();
    expect((await guest.get('/user/passkeys')).statusCode).toBe(401);
    expect((await guest.post('/user/passkeys/options')).statusCode).toBe(401);
  });
});

describe('the second step with a passkey', () => {
  it('makes the password a first step, then signs in with the user’s own passkey', async () => {
    const { client: own, email } = await shipper();
    const device = new SoftAuthenticator();
    await enrol(own, device);
    const c = t.client();
    // Right after the wrong password nothing is told; after the right one, the passkey and its recovery codes are the ways offered.
    const wrong = await c.post('/login', { email, password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).not.toHaveProperty('methods');
    const first = await c.post('/login', { email, password: PASSWORD, remember: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ two_factor: true, remember_device: true, methods: ['recovery_code', 'passkey'] });
    expect(await signedInEmail(c)).toBeUndefined();

    const options = (await c.post('/passkey-login/options')).json().data;
    expect(options.allowCredentials).toEqual([{ id: [...device.held.keys()][0], type: 'public-key', transports: ['internal'] }]);
    expect(options.rpId).toBe('localhost');
    const res = await c.post('/passkey-login', { credential: device.get(options) });
    expect(res.statusCode, res.body).toBe(204);
    expect(await signedInEmail(c)).toBe(email);
    // The choice made with the password stands: a remembered session.
    expect(res.cookies.find((k) => k.name === 'freight_portal_session')?.maxAge).toBe(30 * 24 * 3600);
    const [row] = await t.database.db
      .select()
      .from(userPasskeys)
      .where(eq(userPasskeys.credentialId, [...device.held.keys()][0] ?? ''));
    expect(row).toMatchObject({ counter: 1, lastUsedAt: t.clock.now });
  });

  it('refuses another user’s passkey after the password', async () => {
    const victim = await shipper();
    const attacker = await shipper();
    const theirs = new SoftAuthenticator();
    await enrol(victim.client, new SoftAuthenticator());
    await enrol(attacker.client, theirs);
    const c = t.client();
    await c.post('/login', { email: victim.email, password: PASSWORD });
    const options = (await c.post('/passkey-login/options')).json().data;
    const res = await c.post('/passkey-login', { credential: theirs.get(options, { id: [...theirs.held.keys()][0] }) });
    expect(res.statusCode).toBe(422);
    expect(fieldError(res)).toBe(FAILED);
    expect(await signedInEmail(c)).toBeUndefined();
  });

  it('tells a user with an authenticator app and no passkey to use the app', async () => {
    const { client, email } = await shipper();
    const secret = (await client.post('/user/two-factor-authentication')).json().data.secret_key as string;
    expect((await client.post('/user/confirmed-two-factor-authentication', { code: totpCodeAt(secret, t.clock.now) })).statusCode).toBe(
      200,
    );
    const c = t.client();
    expect((await c.post('/login', { email, password: PASSWORD })).json()).toEqual({
      two_factor: true,
      remember_device: true,
      methods: ['totp', 'recovery_code'],
    });
    const res = await c.post('/passkey-login/options');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account has no passkey. Use a code from your authenticator app.');

    // With a passkey too, the step offers every way.
    await enrol(client, new SoftAuthenticator());
    expect((await t.client().post('/login', { email, password: PASSWORD })).json()).toEqual({
      two_factor: true,
      remember_device: true,
      methods: ['totp', 'recovery_code', 'passkey'],
    });
  });

  it('counts failures with the codes’ (five a minute per user), then 429', async () => {
    const { client, email } = await shipper();
    const own = new SoftAuthenticator();
    await enrol(client, own);
    const c = t.client();
    await c.post('/login', { email, password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const options = (await c.post('/passkey-login/options')).json().data;
      const res = await c.post('/passkey-login', { credential: own.get(options, { origin: 'https://evil.example' }) });
      expect(res.statusCode).toBe(422);
    }
    const options = (await c.post('/passkey-login/options')).json().data;
    const blocked = await c.post('/passkey-login', { credential: own.get(options) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_requests');
    // The codes' step shares the count: switching factor buys no more guesses.
    expect((await c.post('/two-factor-challenge', { code: '000000' })).statusCode).toBe(429);
    t.clock.advanceMinutes(1.1);
    const later = (await c.post('/passkey-login/options')).json().data;
    expect((await c.post('/passkey-login', { credential: own.get(later) })).statusCode).toBe(204);
  });
});
