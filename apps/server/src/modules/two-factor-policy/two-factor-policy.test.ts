import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, userAuthenticators, userPasskeys, userRecoveryCodes, users } from '../../db/schema';
import { hashPassword } from '../../security/passwords';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';
import { passkeySteps } from '../passkeys/passkeys.test-support';
import { SoftAuthenticator } from '../passkeys/soft-authenticator';
import { usersRepository } from '../users/users.repository';

let t: TestApp;
const { shipper, enrol } = passkeySteps(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = async (email: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};
const auditOf = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('the staff reset of a lost second factor', () => {
  it('is refused to every other staff role and to customers', async () => {
    const ops = await idOf('ops@demo.test');
    for (const email of [
      'admin@demo.test',
      'salesadmin@demo.test',
      'sales@demo.test',
      'accounting@demo.test',
      'feature@demo.test',
      'shipper@demo.test',
    ]) {
      const res = await (await t.client().login(email)).post(`/api/admin/roles/users/${ops}/two-factor-reset`, { reason: 'Lost phone' });
      expect(res.statusCode, email).toBe(403);
    }
    expect((await auditOf('user.two_factor_reset', ops)).length).toBe(0);
  });

  it('asks the super_admin to prove who they are first, as a grant of roles does, and does nothing until then', async () => {
    const opsId = await idOf('ops@demo.test');
    const before = (await mailsTo(t, 'ops@demo.test')).length;
    const sup = await t.client().login('super@demo.test');
    const res = await sup.post(`/api/admin/roles/users/${opsId}/two-factor-reset`, { reason: 'Lost phone' });
    expect(res.statusCode).toBe(423);
    expect(res.json()).toMatchObject({ code: 'reauthentication_required' });
    expect(await t.database.db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, opsId))).not.toEqual([]);
    expect((await auditOf('user.two_factor_reset', opsId)).length).toBe(0);
    expect((await mailsTo(t, 'ops@demo.test')).length).toBe(before);
  });

  it('removes every factor, ends the sessions, audits the reason and mails the user in their language', async () => {
    const opsId = await idOf('ops@demo.test');
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    const sup = await (await t.client().login('super@demo.test')).confirmPassword();

    const res = await sup.post(`/api/admin/roles/users/${opsId}/two-factor-reset`, {
      reason: '  Lost phone, identity checked by video call ',
    });
    expect(res.statusCode).toBe(204);

    const db = t.database.db;
    expect(await db.select().from(userAuthenticators).where(eq(userAuthenticators.userId, opsId))).toEqual([]);
    expect(await db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, opsId))).toEqual([]);
    expect(await db.select().from(userPasskeys).where(eq(userPasskeys.userId, opsId))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, opsId))).toEqual([]);
    expect((await ops.get('/api/user')).statusCode).toBe(401);

    const [entry] = await auditOf('user.two_factor_reset', opsId);
    expect(entry).toMatchObject({
      actorEmail: 'super@demo.test',
      entityType: 'user',
      targetLabel: 'Otto Ops <ops@demo.test>',
      after: { reason: 'Lost phone, identity checked by video call' },
    });

    const mail = await lastMailTo(t, 'ops@demo.test');
    expect(mail.subject).toBe('Se restableció su segundo factor');
    expect(mail.text).toContain('Un superadministrador de Freight Portal restableció su segundo factor');
    expect(mail.text).toContain('Motivo indicado: Lost phone, identity checked by video call');
    expect(mail.text).not.toContain('super@demo.test');
    expect(mail.text).not.toContain('Sam');

    // Signing in again asks for the password alone, then leads the staff user to enrol.
    const again = await t.client().login('ops@demo.test');
    expect((await again.get('/api/user')).json().data.two_factor_enrolment_required).toBe(true);
    expect((await again.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it("removes a customer's passkeys too, and mails them in English", async () => {
    const { client, email, id } = await shipper();
    await enrol(client, new SoftAuthenticator());
    const sup = await (await t.client().login('super@demo.test')).confirmPassword();
    expect((await sup.post(`/api/admin/roles/users/${id}/two-factor-reset`, { reason: 'Lost laptop' })).statusCode).toBe(204);
    expect(await t.database.db.select().from(userPasskeys).where(eq(userPasskeys.userId, id))).toEqual([]);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toBe('Your second factor was reset');
    expect(mail.text).toContain('A super admin of Freight Portal reset your second factor');
    expect(mail.text).toContain('Reason given: Lost laptop');
  });

  it('answers 409 for a user without a factor, and does, audits and mails nothing', async () => {
    const otherId = await idOf('other@demo.test');
    const before = (await mailsTo(t, 'other@demo.test')).length;
    const sup = await (await t.client().login('super@demo.test')).confirmPassword();
    const res = await sup.post(`/api/admin/roles/users/${otherId}/two-factor-reset`, { reason: 'Lost phone' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'This user has no second factor to reset.' });
    expect((await auditOf('user.two_factor_reset', otherId)).length).toBe(0);
    expect((await mailsTo(t, 'other@demo.test')).length).toBe(before);
  });

  it('needs a reason, refuses resetting oneself, and answers 404 for no such user', async () => {
    const sup = await (await t.client().login('super@demo.test')).confirmPassword();
    const self = await idOf('super@demo.test');
    const admin = await idOf('admin@demo.test');
    const empty = await sup.post(`/api/admin/roles/users/${admin}/two-factor-reset`, { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: ['Reason is required'] });
    const long = await sup.post(`/api/admin/roles/users/${admin}/two-factor-reset`, { reason: 'x'.repeat(501) });
    expect(long.json().errors).toEqual({ reason: ['Enter a reason of at most 500 characters'] });
    const mine = await sup.post(`/api/admin/roles/users/${self}/two-factor-reset`, { reason: 'Lost phone' });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().message).toMatch(/own second factor/);
    expect((await sup.post('/api/admin/roles/users/nope/two-factor-reset', { reason: 'Lost phone' })).statusCode).toBe(404);
    expect(
      (await sup.post('/api/admin/roles/users/00000000-0000-4000-8000-000000000000/two-factor-reset', { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe("the account's two-factor rule", () => {
  it('is read and set by the account admin only, audited with the account named', async () => {
    const admin = await t.client().login('shipper@demo.test');
    expect((await admin.get('/api/account/two-factor-rule')).json().data).toEqual({ required: false });
    expect((await admin.put('/api/account/two-factor-rule', { required: 'yes' })).statusCode).toBe(422);
    const res = await admin.put('/api/account/two-factor-rule', { required: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ required: true });

    const [account] = await t.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, 'shipper@demo.test'));
    const [entry] = await auditOf('account.two_factor_rule', account?.accountId ?? '');
    expect(entry).toMatchObject({ entityType: 'account', before: { required: false }, after: { required: true } });
    expect(entry?.targetLabel).toBeTruthy();

    // The admin holds no factor: from now on every other call (the rule's too) leads them to enrol.
    expect((await admin.get('/api/user')).json().data.two_factor_enrolment_required).toBe(true);
    expect((await admin.get('/api/account/two-factor-rule')).json().code).toBe('two_factor_enrolment_required');
    await t.enrolTwoFactor('shipper@demo.test');
    expect((await admin.get('/api/account/two-factor-rule')).json().data).toEqual({ required: true });
    expect((await admin.put('/api/account/two-factor-rule', { required: false })).json().data).toEqual({ required: false });
  });

  it('is refused to staff and to users who are not the account admin', async () => {
    const [other] = await t.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, 'other@demo.test'));
    await usersRepository(t.database.db).create({
      firstName: 'Cole',
      lastName: 'League',
      email: 'colleague@other.test',
      phone: '(800) 555-0102',
      passwordHash: await hashPassword('Demo#2026'),
      roles: [],
      accountId: other?.accountId,
      accountRole: 'shipper',
      emailVerifiedAt: t.clock.now,
    });
    const colleague = await t.client().login('colleague@other.test');
    expect((await colleague.get('/api/account/two-factor-rule')).statusCode).toBe(403);
    expect((await colleague.put('/api/account/two-factor-rule', { required: true })).statusCode).toBe(403);
    const staff = await t.client().login('super@demo.test');
    expect((await staff.get('/api/account/two-factor-rule')).statusCode).toBe(403);
    expect((await staff.put('/api/account/two-factor-rule', { required: true })).statusCode).toBe(403);
  });
});
