import type { AccountAddress } from '@freight/contracts';
import type { Role } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { usersRepository } from '../modules/users/users.repository';
import { hashPassword } from '../security/passwords';
import type { Db } from './client';
import { accounts, appState } from './schema';

export const DEMO_PASSWORD = 'Demo#2026';

export const DEMO_STAFF: { email: string; role: Role; first: string; last: string }[] = [
  { email: 'super@demo.test', role: 'super_admin', first: 'Sam', last: 'Super' },
  { email: 'admin@demo.test', role: 'fpg_admin', first: 'Ada', last: 'Admin' },
  { email: 'salesadmin@demo.test', role: 'fpg_sales_admin', first: 'Sara', last: 'Salesadmin' },
  { email: 'sales@demo.test', role: 'fpg_sales', first: 'Sal', last: 'Sales' },
  { email: 'ops@demo.test', role: 'fpg_ops', first: 'Otto', last: 'Ops' },
  { email: 'accounting@demo.test', role: 'fpg_accounting', first: 'Alma', last: 'Accounting' },
  { email: 'feature@demo.test', role: 'fpg_feature', first: 'Fern', last: 'Feature' },
];

const address = (a: Omit<AccountAddress, 'street2'> & { street2?: string }): AccountAddress => ({ street2: '', ...a });

const DEMO_ACCOUNTS = [
  {
    name: 'Demo Shipper Co',
    user: { email: 'shipper@demo.test', first: 'Dana', last: 'Shipper', phone: '(312) 555-0142' },
    address: address({
      first_name: 'Dana',
      last_name: 'Shipper',
      email: 'shipper@demo.test',
      phone: '(312) 555-0142',
      company: 'Demo Shipper Co',
      street1: '233 S Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      postal_code: '60606',
      country: 'US',
    }),
  },
  {
    name: 'Other Freight LLC',
    user: { email: 'other@demo.test', first: 'Omar', last: 'Other', phone: '(214) 555-0199' },
    address: address({
      first_name: 'Omar',
      last_name: 'Other',
      email: 'other@demo.test',
      phone: '(214) 555-0199',
      company: 'Other Freight LLC',
      street1: '2200 Ross Ave',
      city: 'Dallas',
      state: 'TX',
      postal_code: '75201',
      country: 'US',
    }),
  },
];

/** Seeds the demo accounts and staff once per database (a marker row makes it idempotent). */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const [marker] = await db.select().from(appState).where(eq(appState.key, 'demo_seeded'));
  if (marker) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(appState).values({ key: 'demo_seeded', value: now.toISOString() }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false; // another process seeded first
    const users = usersRepository(tx);
    for (const demo of DEMO_ACCOUNTS) {
      const [account] = await tx
        .insert(accounts)
        .values({ name: demo.name, companyAddress: demo.address, accountAddress: demo.address, billingAddress: demo.address })
        .returning();
      await users.create({
        accountId: account!.id,
        firstName: demo.user.first,
        lastName: demo.user.last,
        email: demo.user.email,
        phone: demo.user.phone,
        passwordHash,
        emailVerifiedAt: now,
      });
    }
    for (const s of DEMO_STAFF) {
      await users.create({
        firstName: s.first,
        lastName: s.last,
        email: s.email,
        phone: '(800) 555-0100',
        passwordHash,
        roles: [s.role],
        emailVerifiedAt: now,
      });
    }
    return true;
  });
}
