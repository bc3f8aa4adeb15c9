import { eq } from 'drizzle-orm';
import { recoveryCodeHash } from '../modules/two-factor/recovery-codes';
import { usersRepository } from '../modules/users/users.repository';
import { secretBox } from '../security/encryption';
import type { Db } from './client';
import { accounts, userAuthenticators, userRecoveryCodes } from './schema';

/**
 * The demo customer who signs in with an authenticator app, to try the second step: a colleague
 * at Demo Shipper Co whose shared secret and recovery codes README.md publishes. Demo data only,
 * seeded with the rest of the demo, which production never gets.
 */
export const DEMO_TWO_FACTOR_CUSTOMER = {
  email: 'twofactor@demo.test',
  /** base32, as an authenticator app takes it typed. */
  secret: 'FREIGHTPORTALDEMOCUSTOMERAPP2FA2',
  recoveryCodes: [
    '2fa22-demqa',
    '2fa23-demqb',
    '2fa24-demqc',
    '2fa25-demqd',
    '2fa26-demqe',
    '2fa27-demqf',
    '2fa28-demqg',
    '2fa29-demqh',
    '2fa32-demqj',
    '2fa33-demqk',
  ],
} as const;

/** The user, enrolled as the two-factor module enrols (the secret sealed, the codes as keyed hashes under the app's key). */
export async function seedDemoCustomerTwoFactor(tx: Db, now: Date, appKey: string, passwordHash: string) {
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  if (!account) return;
  const user = await usersRepository(tx).create({
    accountId: account.id,
    firstName: 'Tess',
    lastName: 'Twofactor',
    email: DEMO_TWO_FACTOR_CUSTOMER.email,
    phone: '(312) 555-0177',
    passwordHash,
    emailVerifiedAt: now,
  });
  await tx.insert(userAuthenticators).values({
    userId: user.id,
    secretSealed: secretBox(appKey, 'totp-secret').seal(DEMO_TWO_FACTOR_CUSTOMER.secret),
    confirmedAt: now,
    createdAt: now,
  });
  await tx
    .insert(userRecoveryCodes)
    .values(
      DEMO_TWO_FACTOR_CUSTOMER.recoveryCodes.map((code) => ({ userId: user.id, codeHash: recoveryCodeHash(appKey, code), createdAt: now })),
    );
}
