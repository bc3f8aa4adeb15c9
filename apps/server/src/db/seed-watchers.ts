import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { accounts, shipments, shipmentWatchers, users } from './schema';

/**
 * Demo Shipper Co's shipment delayed by weather, booked by its account admin, is watched by its
 * billing user (added by the admin), so the shipment's page shows a watcher and its tracking
 * mails go to both. Needs the demo team and the demo shipments.
 */
export async function seedDemoWatchers(tx: Db, now: Date) {
  const [account] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  if (!account) return;
  const [shipment] = await tx
    .select({ id: shipments.id, bookerId: shipments.userId })
    .from(shipments)
    .where(and(eq(shipments.accountId, account.id), eq(shipments.status, 'delayed')))
    .orderBy(asc(shipments.createdAt))
    .limit(1);
  const [billing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'billing@demo.test'));
  if (!shipment || !billing) return;
  await tx
    .insert(shipmentWatchers)
    .values({ shipmentId: shipment.id, userId: billing.id, addedBy: shipment.bookerId, createdAt: now })
    .onConflictDoNothing();
}
