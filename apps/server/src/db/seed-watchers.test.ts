import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shipments, shipmentWatchers, users } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo watchers', () => {
  it('have billing@demo.test watch one of Demo Shipper Co’s shipments on the road, added by its booker', async () => {
    const rows = await demo()
      .db.select({ watcher: users.email, status: shipments.status, bookerId: shipments.userId, addedBy: shipmentWatchers.addedBy })
      .from(shipmentWatchers)
      .innerJoin(users, eq(users.id, shipmentWatchers.userId))
      .innerJoin(shipments, eq(shipments.id, shipmentWatchers.shipmentId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ watcher: 'billing@demo.test', status: 'delayed' });
    const [booker] = await demo()
      .db.select({ email: users.email })
      .from(users)
      .where(eq(users.id, row?.bookerId ?? ''));
    expect(booker?.email).toBe('shipper@demo.test');
    expect(row?.addedBy).toBe(row?.bookerId);
  });
});
