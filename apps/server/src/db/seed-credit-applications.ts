import type { AccountAddress, CreditApplicationDetails } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { usersRepository } from '../modules/users/users.repository';
import { hashPassword } from '../security/passwords';
import type { Db } from './client';
import { accountCreditEvents, accounts, creditApplications, users } from './schema';

const DAY = 86_400_000;

/**
 * Marks a seeded tax id still in plain text: the seed does not know APP_KEY, so the app seals
 * these when it starts (credit-applications.routes.ts), as it does the demo webhook's secret.
 */
export const UNSEALED_TAX_ID = 'unsealed:';

interface DemoApplicant {
  company: string;
  address: AccountAddress;
  applications: {
    daysAgo: number;
    requestedLimitCents: number;
    taxId: string;
    yearsInBusiness: number;
    declined?: { daysAgo: number; reason: string };
  }[];
}

const place = (
  company: string,
  first: string,
  last: string,
  email: string,
  phone: string,
  street: string,
  city: string,
  state: string,
  zip: string,
): AccountAddress => ({
  first_name: first,
  last_name: last,
  email,
  phone,
  company,
  street1: street,
  street2: '',
  city,
  state,
  postal_code: zip,
  country: 'US',
});

/**
 * Two self-signed-up companies, prepaid, waiting on credit: Riverbend applied two days ago; Mesa
 * was declined last month and applied again yesterday. The queue, the dashboard's figure and each
 * account's Settings > Credit have something to show. Their users sign in with the demo password.
 */
const APPLICANTS: DemoApplicant[] = [
  {
    company: 'Riverbend Crafts LLC',
    address: place(
      'Riverbend Crafts LLC',
      'Rita',
      'Rivers',
      'riverbend@demo.test',
      '(615) 555-0163',
      '410 Broadway',
      'Nashville',
      'TN',
      '37203',
    ),
    applications: [{ daysAgo: 2, requestedLimitCents: 1_500_000, taxId: '62-4418207', yearsInBusiness: 6 }],
  },
  {
    company: 'Mesa Outdoor Supply',
    address: place('Mesa Outdoor Supply', 'Marco', 'Mesa', 'mesa@demo.test', '(602) 555-0188', '2 N Central Ave', 'Phoenix', 'AZ', '85004'),
    applications: [
      {
        daysAgo: 40,
        requestedLimitCents: 5_000_000,
        taxId: '86-1175530',
        yearsInBusiness: 1,
        declined: {
          daysAgo: 37,
          reason:
            'Less than two years in business and one trade reference did not answer. Apply again after six months of card payments with us.',
        },
      },
      { daysAgo: 1, requestedLimitCents: 1_000_000, taxId: '86-1175530', yearsInBusiness: 1 },
    ],
  },
];

function details(a: DemoApplicant, app: DemoApplicant['applications'][number]): CreditApplicationDetails {
  const { address } = a;
  return {
    tax_id_sealed: `${UNSEALED_TAX_ID}${app.taxId}`,
    years_in_business: app.yearsInBusiness,
    bank: { name: 'First Federal Bank', contact: 'Business Banking Desk', phone: '(800) 555-0100' },
    trade_references: [
      { company: 'Great Lakes Packaging', contact: 'Lena Park', email: 'ar@greatlakespack.test', phone: '(312) 555-0171' },
      { company: 'Summit Pallet Co', contact: 'Tom Reyes', email: 'credit@summitpallet.test', phone: '(303) 555-0190' },
    ],
    accounts_payable: { name: `${address.first_name} ${address.last_name}`, email: address.email, phone: address.phone },
  };
}

export async function seedDemoCreditApplications(tx: Db, now: Date, password: string) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const passwordHash = await hashPassword(password);
  const [decider] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'accounting@demo.test'));
  for (const a of APPLICANTS) {
    const signedUp = ago(Math.max(...a.applications.map((x) => x.daysAgo)) + 3);
    const [account] = await tx
      .insert(accounts)
      .values({
        name: a.company,
        paymentTerms: 'prepaid',
        companyAddress: a.address,
        accountAddress: a.address,
        billingAddress: a.address,
        createdAt: signedUp,
        updatedAt: signedUp,
      })
      .returning();
    if (!account) throw new Error('account insert returned no row');
    const user = await usersRepository(tx).create({
      accountId: account.id,
      firstName: a.address.first_name,
      lastName: a.address.last_name,
      email: a.address.email,
      phone: a.address.phone,
      passwordHash,
      emailVerifiedAt: signedUp,
      createdAt: signedUp,
      updatedAt: signedUp,
    });
    for (const app of a.applications) {
      await tx.insert(creditApplications).values({
        accountId: account.id,
        submittedBy: user.id,
        status: app.declined ? 'declined' : 'pending',
        legalName: a.company,
        requestedLimitCents: app.requestedLimitCents,
        details: details(a, app),
        createdAt: ago(app.daysAgo),
        ...(app.declined && {
          decidedBy: decider?.id ?? null,
          decidedAt: ago(app.declined.daysAgo),
          decisionReason: app.declined.reason,
        }),
      });
      if (app.declined) {
        await tx.insert(accountCreditEvents).values({
          accountId: account.id,
          kind: 'application_declined',
          source: 'staff',
          reason: `Credit application declined: ${app.declined.reason}`,
          userId: decider?.id ?? null,
          createdAt: ago(app.declined.daysAgo),
        });
      }
    }
  }
}
