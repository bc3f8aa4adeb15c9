import type { CustomerRole } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { usersRepository } from '../modules/users/users.repository';
import type { Db } from './client';
import { accounts } from './schema';

/**
 * Demo Shipper Co's team beside its account admin (shipper@demo.test), one login per role to try
 * what each may do: two shippers, the second with a booking limit of $500.00, a billing user and
 * a viewer. Demo data only, seeded with the rest of the demo, which production never gets.
 */
export const DEMO_TEAM: {
  email: string;
  role: CustomerRole;
  first: string;
  last: string;
  phone: string;
  bookingLimitCents: number | null;
}[] = [
  { email: 'clerk@demo.test', role: 'shipper', first: 'Carla', last: 'Clerk', phone: '(312) 555-0151', bookingLimitCents: null },
  { email: 'clerk2@demo.test', role: 'shipper', first: 'Cody', last: 'Clerk', phone: '(312) 555-0152', bookingLimitCents: 50_000 },
  { email: 'billing@demo.test', role: 'billing', first: 'Bea', last: 'Billing', phone: '(312) 555-0153', bookingLimitCents: null },
  { email: 'viewer@demo.test', role: 'viewer', first: 'Vic', last: 'Viewer', phone: '(312) 555-0154', bookingLimitCents: null },
];

export async function seedDemoTeam(tx: Db, now: Date, passwordHash: string) {
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  if (!account) return;
  const users = usersRepository(tx);
  for (const member of DEMO_TEAM) {
    await users.create({
      accountId: account.id,
      accountRole: member.role,
      bookingLimitCents: member.bookingLimitCents,
      firstName: member.first,
      lastName: member.last,
      email: member.email,
      phone: member.phone,
      passwordHash,
      emailVerifiedAt: now,
    });
  }
}
