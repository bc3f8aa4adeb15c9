import type { StaffAccountDetail } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountSuspensionProposals, accounts, auditLog } from '../../db/schema';
import { seedDemoSuspensionProposals } from '../../db/seed-suspension-proposals';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';

let t: TestApp;
let accountId = '';
const staff = new Map<string, TestClient>();
const as = (email: string) => staff.get(email)!;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'super@demo.test',
    'admin@demo.test',
    'accounting@demo.test',
    'sales@demo.test',
    'salesadmin@demo.test',
    'ops@demo.test',
  ])
    staff.set(email, await t.client().login(email));
  const [row] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Other Freight LLC'));
  accountId = row!.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await db().update(accounts).set({ suspendedAt: null, suspendedReason: null }).where(eq(accounts.id, accountId));
  await db().delete(accountSuspensionProposals);
});

const url = (rest = '') => `/api/admin/accounts/${accountId}${rest}`;
const detail = async (email = 'accounting@demo.test') => (await as(email).get(url())).json().data as StaffAccountDetail;
const propose = (email: string, note: string) => as(email).post(url('/suspension-proposals'), { note });
const auditOf = async (action: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.accountId, accountId))).filter((e) => e.action === action);

describe('who suspends', () => {
  it('the admins and accounting suspend and reactivate; sales, sales admin and ops are refused (403)', async () => {
    for (const email of ['sales@demo.test', 'salesadmin@demo.test', 'ops@demo.test']) {
      expect((await as(email).post(url('/suspend'), { reason: 'x' })).statusCode, email).toBe(403);
      expect((await as(email).post(url('/reactivate'))).statusCode, email).toBe(403);
    }
    for (const email of ['super@demo.test', 'admin@demo.test', 'accounting@demo.test']) {
      const res = await as(email).post(url('/suspend'), { reason: 'Chargebacks' });
      expect(res.statusCode, email).toBe(200);
      expect((await as(email).post(url('/reactivate'))).statusCode, email).toBe(200);
    }
  });
});

describe('a suspension proposal', () => {
  it('sales and ops propose with a note (422 without), shown to staff with who and when, audited', async () => {
    const empty = await propose('sales@demo.test', '  ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ note: ['Field is required'] });
    const res = await propose('sales@demo.test', 'Three chargebacks this month');
    expect(res.statusCode, res.body).toBe(201);
    t.clock.advanceMinutes(1);
    expect((await propose('ops@demo.test', 'Pickups refused by the dock twice')).statusCode).toBe(201);
    t.clock.advanceMinutes(1);
    expect((await propose('salesadmin@demo.test', 'Agreed')).statusCode).toBe(201);
    for (const email of ['ops@demo.test', 'accounting@demo.test']) {
      const proposals = (await detail(email)).suspension_proposals;
      expect(proposals.map((p) => [p.proposed_by, p.note])).toEqual([
        ['sales@demo.test', 'Three chargebacks this month'],
        ['ops@demo.test', 'Pickups refused by the dock twice'],
        ['salesadmin@demo.test', 'Agreed'],
      ]);
    }
    expect((await detail()).state).toBe('active');
    const [entry] = await auditOf('account.suspension_proposed');
    expect(entry).toMatchObject({ actorEmail: 'sales@demo.test', after: { note: 'Three chargebacks this month' } });
  });

  it('is not for those who suspend themselves (403), nor for a suspended account (409)', async () => {
    for (const email of ['super@demo.test', 'admin@demo.test', 'accounting@demo.test'])
      expect((await propose(email, 'x')).statusCode, email).toBe(403);
    await as('accounting@demo.test').post(url('/suspend'), { reason: 'Fraud' });
    expect((await propose('sales@demo.test', 'x')).statusCode).toBe(409);
  });

  it('suspending the account closes every open proposal as suspended, audited', async () => {
    await propose('sales@demo.test', 'Chargebacks');
    await propose('ops@demo.test', 'Refused pickups');
    const res = await as('accounting@demo.test').post(url('/suspend'), { reason: 'Chargebacks' });
    expect(res.json().data).toMatchObject({ state: 'suspended', suspension_proposals: [] });
    const rows = await db().select().from(accountSuspensionProposals);
    expect(rows.map((r) => r.outcome)).toEqual(['suspended', 'suspended']);
    expect(rows.every((r) => r.resolvedBy && r.resolvedAt?.getTime() === t.clock.now.getTime())).toBe(true);
    expect(await auditOf('account.suspension_proposal_resolved')).toHaveLength(2);
  });

  it('one allowed to suspend dismisses a proposal: the account stays active; sales cannot; twice is 409', async () => {
    const created = (await propose('ops@demo.test', 'Refused pickups')).json().data as StaffAccountDetail;
    const id = created.suspension_proposals[0]!.id;
    expect((await as('sales@demo.test').post(url(`/suspension-proposals/${id}/dismiss`))).statusCode).toBe(403);
    const res = await as('admin@demo.test').post(url(`/suspension-proposals/${id}/dismiss`));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'active', suspension_proposals: [] });
    const [row] = await db().select().from(accountSuspensionProposals);
    expect(row).toMatchObject({ outcome: 'dismissed' });
    expect((await as('admin@demo.test').post(url(`/suspension-proposals/${id}/dismiss`))).statusCode).toBe(409);
    const [entry] = await auditOf('account.suspension_proposal_dismissed');
    expect(entry).toMatchObject({
      actorEmail: 'admin@demo.test',
      before: { proposal_id: id, outcome: null },
      after: { proposal_id: id, outcome: 'dismissed' },
    });
    // Another account's proposal is not found through this account.
    const [other] = await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
    expect((await as('admin@demo.test').post(`/api/admin/accounts/${other!.id}/suspension-proposals/${id}/dismiss`)).statusCode).toBe(404);
  });

  it('the demo data has one open, from sales, about Other Freight LLC', async () => {
    await seedDemoSuspensionProposals(db(), t.clock.now);
    const [open] = (await detail('admin@demo.test')).suspension_proposals;
    expect(open).toMatchObject({ proposed_by: 'sales@demo.test', note: expect.stringContaining('pickups refused') });
  });
});
