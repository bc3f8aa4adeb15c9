import type { AccountAddress } from '@freight/contracts';
import { eq, isNull } from 'drizzle-orm';
import { usersRepository } from '../modules/users/users.repository';
import { hashPassword } from '../security/passwords';
import { randomToken } from '../security/tokens';
import type { Db } from './client';
import { accounts, carriers } from './schema';

/** The demo account that pays by card at booking (awaiting payment, the hold, the countdown). */
export const DEMO_PREPAID = { account: 'Prepaid Parts Inc', email: 'prepaid@demo.test' } as const;

const PREPAID_ADDRESS: AccountAddress = {
  first_name: 'Paula',
  last_name: 'Prepaid',
  email: DEMO_PREPAID.email,
  phone: '(404) 555-0137',
  company: DEMO_PREPAID.account,
  street1: '55 Trinity Ave SW',
  street2: '',
  city: 'Atlanta',
  state: 'GA',
  postal_code: '30303',
  country: 'US',
};

/** A prepaid customer account with one verified user (password `password`). */
export async function seedPrepaidAccount(tx: Db, now: Date, password: string) {
  const [account] = await tx
    .insert(accounts)
    .values({
      name: DEMO_PREPAID.account,
      paymentTerms: 'prepaid',
      companyAddress: PREPAID_ADDRESS,
      accountAddress: PREPAID_ADDRESS,
      billingAddress: PREPAID_ADDRESS,
    })
    .returning();
  await usersRepository(tx).create({
    accountId: account!.id,
    firstName: PREPAID_ADDRESS.first_name,
    lastName: PREPAID_ADDRESS.last_name,
    email: DEMO_PREPAID.email,
    phone: PREPAID_ADDRESS.phone,
    passwordHash: await hashPassword(password),
    emailVerifiedAt: now,
  });
}

/** Every carrier without one gets its own HMAC key for signed tracking events. */
export async function seedTrackingSecrets(tx: Db) {
  const missing = await tx.select({ id: carriers.id }).from(carriers).where(isNull(carriers.trackingSecret));
  for (const c of missing) {
    await tx
      .update(carriers)
      .set({ trackingSecret: randomToken(32) })
      .where(eq(carriers.id, c.id));
  }
}
