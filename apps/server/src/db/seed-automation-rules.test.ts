import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, automationRules } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo automation rules', () => {
  it('give Demo Shipper Co one rule on and one off, in order', async () => {
    const rows = await demo()
      .db.select({ name: automationRules.name, enabled: automationRules.enabled, position: automationRules.position })
      .from(automationRules)
      .innerJoin(accounts, eq(accounts.id, automationRules.accountId))
      .where(eq(accounts.name, 'Demo Shipper Co'));
    expect(rows.sort((a, b) => a.position - b.position)).toEqual([
      { name: 'High-value shipments insured', enabled: true, position: 1 },
      { name: 'Texas deliveries: call ahead', enabled: false, position: 2 },
    ]);
  });
});
