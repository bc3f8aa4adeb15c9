import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import type { TestApp, TestClient } from '../../test/harness';
import { usersRepository } from '../users/users.repository';
import { geoSimulator } from './geo.simulator';

export const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

/** The place lookup simulator on a port of its own, as an outside service would be: tests point GEO_SIMULATOR_URL at it. */
export async function startGeoSimulator() {
  const sim = Fastify({ logger: false });
  await sim.register(geoSimulator);
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('the simulator is not listening');
  return { url: `http://127.0.0.1:${address.port}`, close: () => sim.close() };
}

/**
 * Signs `client` in with the password from a browser (`userAgent`) at an address (`ip`): what the
 * session records. The second step, when asked, answers as TestClient.login does.
 */
export async function signInFrom(
  client: TestClient,
  email: string,
  from: { userAgent?: string; ip?: string } = {},
  password = 'Demo#2026',
) {
  const res = await client.request({
    method: 'POST',
    url: '/login',
    payload: { email, password },
    headers: from.userAgent ? { 'user-agent': from.userAgent } : {},
    ...(from.ip ? { remoteAddress: from.ip } : {}),
  });
  if (res.statusCode !== 204) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return client;
}

/** A browser of a user, signed in from `from`. */
export const browserOf = (t: TestApp, email: string, from: { userAgent?: string; ip?: string } = {}) => signInFrom(t.client(), email, from);

/** A user of the test's own at Demo Shipper Co (password Demo#2026, verified, no second factor), in `language`. */
export async function colleague(t: TestApp, email: string, firstName = 'Casey', language: 'en' | 'es' = 'en') {
  const db = t.database.db;
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  if (!account) throw new Error('the demo has no Demo Shipper Co');
  await usersRepository(db).create(
    {
      accountId: account.id,
      firstName,
      lastName: 'Tester',
      email,
      phone: '(312) 555-0100',
      passwordHash: await hashPassword('Demo#2026'),
      emailVerifiedAt: t.clock.now,
    },
    { language },
  );
  return email;
}
