import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { seedDemoAudit } from './seed-audit';
import { seedDemoCreditApplications } from './seed-credit-applications';
import { seedDemoSuspensionProposals } from './seed-suspension-proposals';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedDemoCreditApplications(db, t.clock.now, 'Demo#2026');
  await seedDemoSuspensionProposals(db, t.clock.now);
  await seedDemoAudit(db);
});
afterAll(() => t.close());

describe('the demo audit history', () => {
  it('records the staff actions of the other demo parts, each naming its record', async () => {
    const sup = await t.client().login('super@demo.test');
    const byName = async (q: string) => (await sup.get(`/api/admin/audit?q=${encodeURIComponent(q)}`)).json().data;

    const grants = await byName('admin@demo.test');
    expect(grants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'user.roles', actor_email: 'super@demo.test', after: { roles: ['fpg_admin'] } }),
      ]),
    );
    const proposal = await byName('Other Freight');
    expect(proposal).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'account.suspension_proposed', actor_email: 'sales@demo.test' })]),
    );
    const declined = await byName('credit_application.declined');
    expect(declined.length).toBeGreaterThan(0);
    expect(declined[0]).toMatchObject({ actor_email: 'accounting@demo.test' });
  });
});
