import { inArray } from 'drizzle-orm';
import { secretBox } from '../security/encryption';
import type { Db } from './client';
import { userAuthenticators, users } from './schema';

/**
 * The authenticator secret (base32) every demo staff user is enrolled with, published in
 * README.md so a newcomer, a test or a script can make their codes. Demo data only: it is seeded
 * with the rest of the demo, which production never gets.
 */
export const DEMO_STAFF_TOTP_SECRET = 'FREIGHTPORTALDEMOSTAFFTWOFACTORA';

/**
 * Staff cannot work without a second factor, so the demo staff (`emails`) come enrolled. The
 * secret is sealed as the two-factor module seals any other: same key, same purpose.
 */
export async function seedDemoStaffTwoFactor(tx: Db, now: Date, appKey: string, emails: string[]) {
  const staff = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (staff.length === 0) return;
  const sealed = secretBox(appKey, 'totp-secret');
  await tx
    .insert(userAuthenticators)
    .values(staff.map((s) => ({ userId: s.id, secretSealed: sealed.seal(DEMO_STAFF_TOTP_SECRET), confirmedAt: now, createdAt: now })))
    .onConflictDoNothing();
}
