import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { accounts, automationRules, users } from './schema';

/**
 * Demo Shipper Co's automation rules (Settings > Rules): high-value shipments insured, switched
 * on; Texas deliveries with a call ahead, switched off. Neither picks a mode, so the quote and
 * eBay scenarios that ask 'LTL or parcel?' still ask; the insurance rule only adds its note
 * to a shipment worth $2,000 or more.
 */
export async function seedDemoAutomationRules(tx: Db, now: Date) {
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!account) return;
  const common = { accountId: account.id, createdBy: admin?.id ?? null, createdAt: now, updatedAt: now };
  await tx
    .insert(automationRules)
    .values([
      {
        ...common,
        name: 'High-value shipments insured',
        position: 1,
        enabled: true,
        conditions: [{ field: 'order_value_cents', op: 'gte', value: 200_000 }],
        actions: { insurance: 'insured' },
      },
      {
        ...common,
        name: 'Texas deliveries: call ahead',
        position: 2,
        enabled: false,
        conditions: [{ field: 'destination_state', op: 'in', values: ['TX'] }],
        actions: { accessorials: ['notify_prior_to_arrival'] },
      },
    ])
    .onConflictDoNothing();
}
