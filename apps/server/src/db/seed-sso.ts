import type { AccountAddress } from '@freight/contracts';
import { usersRepository } from '../modules/users/users.repository';
import type { Db } from './client';
import { accountIdentityProviders, accountSsoDomains, accounts } from './schema';

/**
 * The demo's single sign-on: an account connected to the local OpenID provider simulator, with
 * its domain verified, so a newcomer can sign in as anyone@harborlane.test through the provider.
 * The provider's issuer and client secret are filled in at startup (modules/sso/sso.routes.ts),
 * where the simulator's address and the app's key are known.
 */
export const DEMO_SSO = {
  account: 'Harbor Lane Imports',
  domain: 'harborlane.test',
  admin: 'it@harborlane.test',
  /** The issuer the app replaces with its simulator's (sso.routes.ts DEMO_ISSUER_PLACEHOLDER). */
  issuerPlaceholder: 'oidc-simulator',
  clientId: 'freight-portal',
} as const;

const ADDRESS: AccountAddress = {
  first_name: 'Iris',
  last_name: 'Tanaka',
  email: DEMO_SSO.admin,
  phone: '(206) 555-0131',
  company: DEMO_SSO.account,
  street1: '1201 Alaskan Way',
  street2: '',
  city: 'Seattle',
  state: 'WA',
  postal_code: '98101',
  country: 'US',
};

export async function seedDemoSso(tx: Db, now: Date, passwordHash: string) {
  const [account] = await tx
    .insert(accounts)
    .values({ name: DEMO_SSO.account, paymentTerms: 'prepaid', companyAddress: ADDRESS, accountAddress: ADDRESS, billingAddress: ADDRESS })
    .returning();
  if (!account) throw new Error('account insert returned no row');
  // The account's first user is its admin: the one who connected the provider.
  await usersRepository(tx).create({
    accountId: account.id,
    firstName: ADDRESS.first_name,
    lastName: ADDRESS.last_name,
    email: DEMO_SSO.admin,
    phone: ADDRESS.phone,
    passwordHash,
    emailVerifiedAt: now,
  });
  await tx.insert(accountIdentityProviders).values({
    accountId: account.id,
    issuer: DEMO_SSO.issuerPlaceholder,
    clientId: DEMO_SSO.clientId,
    defaultRole: 'shipper',
    passwordsAllowed: true,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(accountSsoDomains)
    .values({ accountId: account.id, domain: DEMO_SSO.domain, verificationToken: 'demo-harbor-lane', verifiedAt: now, createdAt: now });
}
