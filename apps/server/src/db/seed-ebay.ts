import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { ebayStores, users } from './schema';

/** The seller of the demo store on the eBay simulator. */
export const DEMO_SELLER = 'demo-seller';

/**
 * A connected demo eBay store for the demo shipper. Its tokens come from the simulator
 * when the app starts (ebay.routes.ts), which then syncs the simulator's demo orders.
 */
export async function seedDemoEbay(tx: Db, now: Date) {
  const [shipper] = await tx.select({ id: users.id, accountId: users.accountId }).from(users).where(eq(users.email, 'shipper@demo.test'));
  if (!shipper?.accountId) return;
  await tx
    .insert(ebayStores)
    .values({ accountId: shipper.accountId, connectedBy: shipper.id, ebayUser: DEMO_SELLER, status: 'connected', createdAt: now });
}
