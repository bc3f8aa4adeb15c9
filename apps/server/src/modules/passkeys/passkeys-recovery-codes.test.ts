import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rememberedDevices, userRecoveryCodes } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { totpCodeAt } from '../two-factor/totp';
import { PASSWORD, passkeySteps } from './passkeys.test-support';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * Recovery codes of a user who protects the account with passkeys alone: ten with the first
 * passkey, shown once; new ones on demand; the sign-in's second step and the confirmation of who
 * they are with one; and gone with the last factor, app or passkey, never before it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNUPS_PER_ADDRESS_HOUR: '1000' });
});
afterAll(() => t.close());

const { shipper, enrol, confirmWithPasskey, signedInEmail } = passkeySteps(() => t);

const status = async (client: TestClient) => (await client.get('/user/two-factor-authentication')).json().data;
const storedCodes = (userId: string) => t.database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));

/** The password step of a new browser: what the second step offers, and the browser waiting for it. */
async function passwordStep(email: string) {
  const client = t.client();
  const res = await client.post('/login', { email, password: PASSWORD });
  const answer = (res.statusCode === 200 ? res.json() : {}) as { two_factor?: boolean; methods?: string[] };
  return { client, answer, status: res.statusCode };
}

/** A shipper with one passkey, added first: their browser, device, id, email and the codes that came with it. */
async function passkeyOnly() {
  const user = await shipper();
  const device = new SoftAuthenticator();
  const added = await enrol(user.client, device, 'Phone');
  return { ...user, device, passkey: added, codes: added.recovery_codes ?? [] };
}

describe('the first passkey', () => {
  it('comes with ten recovery codes, shown once and uncached; a second passkey comes with none', async () => {
    const { client, id, email } = await shipper();
    const device = new SoftAuthenticator();
    const options = (await client.post('/user/passkeys/options')).json().data;
    const first = await client.post('/user/passkeys', { name: 'Phone', credential: device.create(options) });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const codes = first.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(first.json().data).toMatchObject({ name: 'Phone', last_used_at: null, synced: false });
    // Kept as keyed hashes only; the list never shows them again.
    const stored = await storedCodes(id);
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const plain of codes) expect(row.codeHash).not.toContain(plain.replace('-', ''));
    expect(Object.keys((await client.get('/user/passkeys')).json().data[0])).not.toContain('recovery_codes');
    expect(await status(client)).toEqual({ enabled: false, confirmed_at: null, recovery_codes_remaining: 10 });

    const second = await enrol(client, new SoftAuthenticator(), 'Laptop');
    expect(second).not.toHaveProperty('recovery_codes');
    expect((await storedCodes(id)).map((row) => row.codeHash).sort()).toEqual(stored.map((row) => row.codeHash).sort());

    const { answer } = await passwordStep(email);
    expect(answer).toEqual({ two_factor: true, remember_device: true, methods: ['recovery_code', 'passkey'] });
  });

  it('comes with no codes for a user whose authenticator app is on (the app’s codes stay)', async () => {
    const { client, id } = await shipper();
    const secret = (await client.post('/user/two-factor-authentication')).json().data.secret_key as string;
    const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: totpCodeAt(secret, t.clock.now) });
    const appCodes = confirmed.json().data.recovery_codes as string[];
    const before = (await storedCodes(id)).map((row) => row.codeHash).sort();
    const added = await enrol(client, new SoftAuthenticator());
    expect(added).not.toHaveProperty('recovery_codes');
    expect((await storedCodes(id)).map((row) => row.codeHash).sort()).toEqual(before);
    expect(appCodes).toHaveLength(10);
  });
});

describe('a user of passkeys alone', () => {
  it('signs in with a recovery code after the password, once per code, remembered if asked', async () => {
    const { email, codes, id } = await passkeyOnly();
    const { client, answer } = await passwordStep(email);
    expect(answer.methods).toEqual(['recovery_code', 'passkey']);
    // No app: a code typed where the app's goes is no recovery code.
    expect((await client.post('/two-factor-challenge', { code: '123456' })).statusCode).toBe(422);
    const res = await client.post('/two-factor-challenge', { recovery_code: codes[0]?.toUpperCase(), remember_device: true });
    expect(res.statusCode, res.body).toBe(204);
    expect(await signedInEmail(client)).toBe(email);
    expect(await status(client)).toMatchObject({ enabled: false, recovery_codes_remaining: 9 });
    const [used] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.recovery_code_used')));
    expect(used).toMatchObject({ actorEmail: email, after: { recovery_codes_remaining: 9 } });
    expect(await t.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, id))).toHaveLength(1);

    const again = await passwordStep(email);
    const reused = await again.client.post('/two-factor-challenge', { recovery_code: codes[0] });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ recovery_code: ['The provided two factor recovery code was invalid.'] });
  });

  it('confirms who they are with a recovery code', async () => {
    const { client, email, codes } = await passkeyOnly();
    const later = t.client();
    await later.post('/login', { email, password: PASSWORD });
    expect((await later.post('/two-factor-challenge', { recovery_code: codes[1] })).statusCode).toBe(204);
    const proofs = (await later.get('/user/confirmed-password-status')).json().proofs;
    expect(proofs).toEqual(['recovery_code', 'passkey']);
    const confirmed = await later.post('/user/confirm-password', { recovery_code: codes[2] });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await status(client)).toMatchObject({ recovery_codes_remaining: 8 });
  });

  it('makes ten new codes (with who they are confirmed), audited; the old ones stop working', async () => {
    const { client, email, codes, id, device } = await passkeyOnly();
    const fresh = t.client();
    await fresh.post('/login', { email, password: PASSWORD });
    expect((await fresh.post('/two-factor-challenge', { recovery_code: codes[0] })).statusCode).toBe(204);
    expect((await fresh.post('/user/two-factor-recovery-codes')).statusCode).toBe(423);
    await confirmWithPasskey(fresh, device);
    const res = await fresh.post('/user/two-factor-recovery-codes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const made = res.json().data.recovery_codes as string[];
    expect(made).toHaveLength(10);
    expect(made.filter((code) => codes.includes(code))).toEqual([]);
    expect(await status(client)).toMatchObject({ recovery_codes_remaining: 10 });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.recovery_codes_regenerated')));
    expect(entries).toHaveLength(1);

    const { client: next } = await passwordStep(email);
    expect((await next.post('/two-factor-challenge', { recovery_code: codes[1] })).statusCode).toBe(422);
    expect((await next.post('/two-factor-challenge', { recovery_code: made[0] })).statusCode).toBe(204);
  });

  it('loses the codes and remembered browsers with the last passkey, not before', async () => {
    const { client, email, codes, id, passkey } = await passkeyOnly();
    const second = await enrol(client, new SoftAuthenticator(), 'Laptop');
    const remembered = t.client();
    await remembered.post('/login', { email, password: PASSWORD });
    await remembered.post('/two-factor-challenge', { recovery_code: codes[0], remember_device: true });

    expect((await client.request({ method: 'DELETE', url: `/user/passkeys/${passkey.id}` })).statusCode).toBe(204);
    expect(await storedCodes(id)).toHaveLength(10);
    expect(await status(client)).toMatchObject({ recovery_codes_remaining: 9 });
    expect(await t.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, id))).toHaveLength(1);

    expect((await client.request({ method: 'DELETE', url: `/user/passkeys/${second.id}` })).statusCode).toBe(204);
    expect(await storedCodes(id)).toEqual([]);
    expect(await t.database.db.select().from(rememberedDevices).where(eq(rememberedDevices.userId, id))).toEqual([]);
    expect(await status(client)).toEqual({ enabled: false, confirmed_at: null, recovery_codes_remaining: 0 });
    // No factor left: the password alone signs in, and no code makes new ones.
    expect((await passwordStep(email)).status).toBe(204);
    const none = await client.post('/user/two-factor-recovery-codes');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Two factor authentication is not on.');

    // A passkey added afterwards is a first factor again: new codes with it.
    const again = await enrol(client, new SoftAuthenticator(), 'New phone');
    expect(again.recovery_codes).toHaveLength(10);
  });
});

describe('turning the authenticator app off', () => {
  it('keeps the recovery codes while a passkey remains, and drops them with it', async () => {
    const { client, email, id, device, passkey } = await passkeyOnly();
    // Turning the app on makes its ten codes, which replace the passkey's.
    const secret = (await client.post('/user/two-factor-authentication')).json().data.secret_key as string;
    const confirmed = await client.post('/user/confirmed-two-factor-authentication', { code: totpCodeAt(secret, t.clock.now) });
    const appCodes = confirmed.json().data.recovery_codes as string[];
    expect((await passwordStep(email)).answer.methods).toEqual(['totp', 'recovery_code', 'passkey']);

    await confirmWithPasskey(client, device);
    expect((await client.request({ method: 'DELETE', url: '/user/two-factor-authentication' })).statusCode).toBe(204);
    expect(await status(client)).toEqual({ enabled: false, confirmed_at: null, recovery_codes_remaining: 10 });
    expect(await storedCodes(id)).toHaveLength(10);
    const { client: next, answer } = await passwordStep(email);
    expect(answer.methods).toEqual(['recovery_code', 'passkey']);
    expect((await next.post('/two-factor-challenge', { recovery_code: appCodes[0] })).statusCode).toBe(204);

    await confirmWithPasskey(client, device);
    expect((await client.request({ method: 'DELETE', url: `/user/passkeys/${passkey.id}` })).statusCode).toBe(204);
    expect(await storedCodes(id)).toEqual([]);
    expect((await passwordStep(email)).status).toBe(204);
  });
});
