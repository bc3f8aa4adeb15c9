import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { accountSuspensionProposals, users } from './schema';

const DAY = 86_400_000;

/**
 * One open suspension proposal, so the account page shows what sales or ops ask for and those
 * allowed to suspend see what they decide on: sales about Other Freight LLC, two days ago.
 */
export async function seedDemoSuspensionProposals(tx: Db, now: Date) {
  const [sales] = await tx.select().from(users).where(eq(users.email, 'sales@demo.test'));
  const [customer] = await tx.select().from(users).where(eq(users.email, 'other@demo.test'));
  if (!sales || !customer?.accountId) return;
  await tx.insert(accountSuspensionProposals).values({
    accountId: customer.accountId,
    proposedBy: sales.id,
    note: 'Two pickups refused at the dock this month, and the contact on file no longer answers. Worth a call before more bookings.',
    createdAt: new Date(now.getTime() - 2 * DAY),
  });
}
