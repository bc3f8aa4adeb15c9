import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { DEMO_TWO_FACTOR_CUSTOMER, seedDemoCustomerTwoFactor } from '../db/seed-customer-two-factor';
import { totpCodeAt } from '../modules/two-factor/totp';
import { createTestApp, type TestApp, TestClient } from '../test/harness';
import { hashPassword } from './passwords';

// The demo data is sealed and hashed under the old key: the customer's authenticator secret and recovery codes.
const OLD_KEY = 'old-key-'.repeat(5);
const NEW_KEY = 'new-key-'.repeat(5);

let t: TestApp;
let rotated: FastifyInstance;

/** The next release's process on the same database and clock, with the keys it was given. */
const nextRelease = (keys: { APP_KEY: string; APP_KEY_PREVIOUS?: string }) =>
  buildApp({
    config: loadConfig({
      APP_URL: 'http://127.0.0.1:3000',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '0',
      DEMO_TRACKING: '0',
      ...keys,
    }),
    db: t.database.db,
    now: () => t.clock.now,
    logger: false,
    pubsub: t.database,
  });

beforeAll(async () => {
  t = await createTestApp({ APP_KEY: OLD_KEY });
  await seedDemoCustomerTwoFactor(t.database.db, t.clock.now, OLD_KEY, await hashPassword('Demo#2026'));
  // APP_KEY replaced, the old one in APP_KEY_PREVIOUS.
  rotated = await nextRelease({ APP_KEY: NEW_KEY, APP_KEY_PREVIOUS: OLD_KEY });
});

afterAll(async () => {
  await rotated?.close();
  await t?.close();
});

// Only the cookie-keeping requests are used: no second step is answered for us.
const browser = () => new TestClient(rotated, undefined as never);

describe('after an APP_KEY rotation', () => {
  it('signs in with the authenticator app enrolled under the old key', async () => {
    const client = browser();
    const first = await client.post('/login', { email: DEMO_TWO_FACTOR_CUSTOMER.email, password: 'Demo#2026' });
    expect(first.statusCode).toBe(200);
    expect(first.json().two_factor).toBe(true);
    const second = await client.post('/two-factor-challenge', { code: totpCodeAt(DEMO_TWO_FACTOR_CUSTOMER.secret, t.clock.now) });
    expect(second.statusCode).toBe(204);
    const user = await client.get('/api/user');
    expect(user.statusCode).toBe(200);
    expect(user.body).toContain(DEMO_TWO_FACTOR_CUSTOMER.email);
  });

  it('takes a recovery code hashed under the old key, once', async () => {
    const code = DEMO_TWO_FACTOR_CUSTOMER.recoveryCodes[3];
    const client = browser();
    expect((await client.post('/login', { email: DEMO_TWO_FACTOR_CUSTOMER.email, password: 'Demo#2026' })).statusCode).toBe(200);
    expect((await client.post('/two-factor-challenge', { recovery_code: code })).statusCode).toBe(204);

    const again = browser();
    await again.post('/login', { email: DEMO_TWO_FACTOR_CUSTOMER.email, password: 'Demo#2026' });
    expect((await again.post('/two-factor-challenge', { recovery_code: code })).statusCode).toBe(422);
  });
});

describe('after a rotation that forgot APP_KEY_PREVIOUS', () => {
  it('says the authenticator can no longer be checked (409), never a 500 or a wrong code', async () => {
    const forgetful = await nextRelease({ APP_KEY: NEW_KEY });
    try {
      const client = new TestClient(forgetful, undefined as never);
      expect((await client.post('/login', { email: DEMO_TWO_FACTOR_CUSTOMER.email, password: 'Demo#2026' })).statusCode).toBe(200);
      const step = await client.post('/two-factor-challenge', { code: totpCodeAt(DEMO_TWO_FACTOR_CUSTOMER.secret, t.clock.now) });
      expect(step.statusCode).toBe(409);
      expect(step.json()).toMatchObject({ code: 'second_factor_unreadable', message: expect.stringContaining('passkey') });
    } finally {
      await forgetful.close();
    }
  });
});
