import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { savedViews, users } from './schema';

/** Otto Ops keeps one view of Admin Shipments: the shipments waiting on someone ('Action Required'), newest bookings first. */
export async function seedDemoSavedViews(tx: Db, now: Date) {
  const [ops] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'ops@demo.test'));
  if (!ops) return;
  await tx
    .insert(savedViews)
    .values({
      userId: ops.id,
      list: 'shipments',
      name: 'Action Required',
      filters: { action_required: '1' },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
