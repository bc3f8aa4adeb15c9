import type { CustomerRole } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { accounts, sessions } from '../db/schema';
import { usersRepository } from '../modules/users/users.repository';
import { SESSION_COOKIE, XSRF_COOKIE } from '../plugins/session';
import { hashPassword } from '../security/passwords';
import { randomToken, sha256 } from '../security/tokens';
import type { TestApp, TestClient } from './harness';

/** The id of a demo account by its name. */
export async function accountIdOf(t: TestApp, name: string) {
  const [account] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!account) throw new Error(`the demo has no account ${name}`);
  return account.id;
}

/** A verified user of the named account with a team role, password Demo#2026; answers the user row. */
export async function teamMember(t: TestApp, accountName: string, email: string, role: CustomerRole) {
  return usersRepository(t.database.db).create({
    accountId: await accountIdOf(t, accountName),
    accountRole: role,
    firstName: role,
    lastName: 'Member',
    email,
    phone: '(312) 555-0100',
    passwordHash: await hashPassword('Demo#2026'),
    emailVerifiedAt: t.clock.now,
  });
}

/**
 * A browser holding a fresh session of `userId`, made straight in the table: for a user who could
 * no longer sign in (deactivated), to show that a session they still hold stops working.
 */
export async function sessionOf(t: TestApp, userId: string): Promise<TestClient> {
  const token = randomToken();
  const csrf = randomToken();
  await t.database.db
    .insert(sessions)
    .values({ id: sha256(token), userId, csrfToken: csrf, createdAt: t.clock.now, lastSeenAt: t.clock.now });
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, token);
  client.cookies.set(XSRF_COOKIE, csrf);
  return client;
}
