import { afterAll, beforeAll, expect, it } from 'vitest';
import { totpCodeAt } from '../modules/two-factor/totp';
import { hashPassword } from '../security/passwords';
import { randomToken } from '../security/tokens';
import { createTestApp, type TestApp } from '../test/harness';
import { sharedValue } from './app-state';
import { DEMO_PASSWORD } from './seed';
import { DEMO_TWO_FACTOR_CUSTOMER, seedDemoCustomerTwoFactor } from './seed-customer-two-factor';

/** The demo customer with an authenticator app signs in as README.md says: the published secret's codes, or a published recovery code. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const appKey = await sharedValue(t.database.db, 'app_key', () => randomToken(48));
  await seedDemoCustomerTwoFactor(t.database.db, t.clock.now, appKey, await hashPassword(DEMO_PASSWORD));
});
afterAll(() => t.close());

const passwordStep = async () => {
  const c = t.client();
  const res = await c.post('/login', { email: DEMO_TWO_FACTOR_CUSTOMER.email, password: DEMO_PASSWORD });
  expect(res.json()).toEqual({ two_factor: true, remember_device: true, methods: ['totp', 'recovery_code'] });
  return c;
};

it('asks for the second step and takes a code made from the published secret', async () => {
  const c = await passwordStep();
  expect((await c.post('/two-factor-challenge', { code: totpCodeAt(DEMO_TWO_FACTOR_CUSTOMER.secret, t.clock.now) })).statusCode).toBe(204);
  const me = (await c.get('/api/user')).json().data;
  expect(me).toMatchObject({ email: DEMO_TWO_FACTOR_CUSTOMER.email, roles: [] });
});

it('takes each published recovery code once', async () => {
  const [first, second] = DEMO_TWO_FACTOR_CUSTOMER.recoveryCodes;
  const c = await passwordStep();
  expect((await c.post('/two-factor-challenge', { recovery_code: first })).statusCode).toBe(204);
  const d = await passwordStep();
  expect((await d.post('/two-factor-challenge', { recovery_code: first })).statusCode).toBe(422);
  expect((await d.post('/two-factor-challenge', { recovery_code: second })).statusCode).toBe(204);
  expect((await d.get('/user/two-factor-authentication')).json().data).toMatchObject({ enabled: true, recovery_codes_remaining: 8 });
});
