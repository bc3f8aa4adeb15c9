import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, userPasskeys, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { totpCodeAt } from '../two-factor/totp';
import { PASSKEY_CHALLENGE_MINUTES } from './passkeys.service';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Passkeys through the HTTP API, with a software authenticator that signs as a device does:
 * enrolment, naming and removal, the second step after the password, sign-in without it, and
 * what must fail (another challenge, a spent or expired one, a counter that went back, another
 * user's passkey, a suspended account, too many tries). Each scenario signs up a shipper of its own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_ADDRESS_HOUR: '1000' });
});
afterAll(() => t.close());

const PASSWORD = 'Demo#2026';
const FAILED = 'This passkey could not be verified. Please try again.';
const fieldError = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors?.credential?.[0];

let serial = 0;
/** Signs a new shipper up, verified and with the password confirmed: a browser of theirs, their email and id. */
async function shipper() {
  const email = `passkey.${++serial}@example.test`;
  const client = t.client();
  const res = await client.post('/register', {
    company_name: 'Passkey Freight',
    primary_contact: { first_name: 'Pat', last_name: `Key ${serial}`, email, phone: '(512) 555-0101' },
    company_address: { street1: '100 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    accounting_same_as_company: true,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.id, id));
  await client.confirmPassword(PASSWORD);
  return { client, email, id };
}

/** Adds a passkey to the signed-in user of `client` through `device`; answers the listed passkey. */
async function enrol(client: TestClient, device: SoftAuthenticator, name = 'Work laptop') {
  const options = await client.post('/user/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const res = await client.post('/user/passkeys', { name, credential: device.create(options.json().data) });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json().data as { id: string; name: string }), credentialId: [...device.held.keys()].at(-1) ?? '' };
}

/** A new browser's login options (no password given): the challenge for a passkey alone. */
async function loginOptions(client = t.client()) {
  await client.get('/sanctum/csrf-cookie');
  const res = await client.post('/passkey-login/options');
  expect(res.statusCode, res.body).toBe(200);
  return { client, options: res.json().data };
}

const signedInEmail = async (client: TestClient) => {
  const res = await client.get('/api/user');
  return res.statusCode === 200 ? (res.json().data.email as string) : undefined;
};

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
    expect(options.rp).toEqual({ name: 'Freight Portal', id: '127.0.0.1' });
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
    expect(added.json().data).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: false });

    const list = await client.get('/user/passkeys');
    expect(list.json().data).toEqual([added.json().data]);
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
    expect(fieldError(expired)).toBe('This passkey request has expired. Please try again.');

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
    const first = await c.post('/login', { email, password: PASSWORD, remember: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ two_factor: true });
    expect(await signedInEmail(c)).toBeUndefined();

    const options = (await c.post('/passkey-login/options')).json().data;
    expect(options.allowCredentials).toEqual([{ id: [...device.held.keys()][0], type: 'public-key', transports: ['internal'] }]);
    expect(options.rpId).toBe('127.0.0.1');
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
    expect((await c.post('/login', { email, password: PASSWORD })).json()).toMatchObject({ two_factor: true });
    const res = await c.post('/passkey-login/options');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account has no passkey. Use a code from your authenticator app.');
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
    await client.confirmPassword(PASSWORD);
    const registration = (await client.post('/user/passkeys/options')).json().data;
    const crossed = await client.post('/passkey-login', { credential: device.get({ challenge: registration.challenge }) });
    expect(fieldError(crossed)).toBe(FAILED);

    const slow = await loginOptions();
    t.clock.advanceMinutes(PASSKEY_CHALLENGE_MINUTES + 0.1);
    const expired = await slow.client.post('/passkey-login', { credential: device.get(slow.options) });
    expect(fieldError(expired)).toBe('This passkey request has expired. Please try again.');
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
    await client.confirmPassword(PASSWORD);
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
