import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedViews, users } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo saved views', () => {
  it('give ops@demo.test one view of Admin Shipments', async () => {
    const rows = await demo()
      .db.select({ email: users.email, list: savedViews.list, name: savedViews.name, filters: savedViews.filters })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.userId));
    expect(rows).toEqual([{ email: 'ops@demo.test', list: 'shipments', name: 'Action Required', filters: { action_required: '1' } }]);
  });
});
