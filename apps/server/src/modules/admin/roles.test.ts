import { arrayContains, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo, linkPath, mailsTo } from '../../test/outbox';

let t: TestApp;
let superAdmin: TestClient;
const db = () => t.database.db;
const idOf = async (email: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await (await t.client().login('super@demo.test')).confirmPassword();
});
afterAll(() => t.close());

describe('Role Management', () => {
  it('lists the staff with their roles, and finds any user to grant a first role', async () => {
    const staff = (await superAdmin.get('/api/admin/roles')).json().data as { email: string; roles: string[] }[];
    expect(staff.find((u) => u.email === 'ops@demo.test')?.roles).toEqual(['fpg_ops']);
    expect(staff.map((u) => u.email)).not.toContain('shipper@demo.test');
    const found = (await superAdmin.get('/api/admin/roles?q=shipper')).json().data;
    expect(found[0]).toMatchObject({ email: 'shipper@demo.test', roles: [], account: { name: 'Demo Shipper Co' } });
  });

  it('grants and revokes roles, audited, and the user has them on the next request', async () => {
    const sales = await t.client().login('sales@demo.test');
    expect((await sales.get('/api/admin/shipments')).statusCode).toBe(200);
    expect((await sales.get('/api/admin/notifications')).statusCode).toBeOneOf([403, 404]);
    const id = await idOf('sales@demo.test');
    const res = await superAdmin.put(`/api/admin/roles/users/${id}`, { roles: ['fpg_sales', 'super_admin'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles).toEqual(['fpg_sales', 'super_admin']);
    expect((await sales.get('/api/admin/roles')).statusCode).toBe(200);
    await superAdmin.put(`/api/admin/roles/users/${id}`, { roles: ['fpg_sales'] });
    expect((await sales.get('/api/admin/roles')).statusCode).toBe(403);
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.before)).toEqual(
      expect.arrayContaining([{ roles: ['fpg_sales'] }, { roles: ['fpg_sales', 'super_admin'] }]),
    );
    expect(entries.every((e) => e.action === 'user.roles' && e.actorEmail === 'super@demo.test')).toBe(true);
    const bad = await superAdmin.put(`/api/admin/roles/users/${id}`, { roles: ['king'] });
    expect(bad.statusCode).toBe(422);
  });

  it('never leaves the product without a super_admin', async () => {
    const me = await idOf('super@demo.test');
    const res = await superAdmin.put(`/api/admin/roles/users/${me}`, { roles: [] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('at least one super_admin');
    // With a second one, either may step down, but not both.
    const admin = await idOf('admin@demo.test');
    await superAdmin.put(`/api/admin/roles/users/${admin}`, { roles: ['fpg_admin', 'super_admin'] });
    const both = await Promise.all([
      superAdmin.put(`/api/admin/roles/users/${me}`, { roles: ['fpg_admin'] }),
      superAdmin.put(`/api/admin/roles/users/${admin}`, { roles: ['fpg_admin'] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const left = await db().select({ roles: users.roles }).from(users);
    expect(left.filter((u) => u.roles.includes('super_admin'))).toHaveLength(1);
  });

  it('invites a staff user by email; the link sets the password and signs them in to their pages', async () => {
    // Whichever of the two kept super_admin above.
    const [holder] = await db()
      .select({ email: users.email })
      .from(users)
      .where(arrayContains(users.roles, ['super_admin']));
    const admin = await (await t.client().login(holder!.email)).confirmPassword();
    const res = await admin.post('/api/admin/roles/invitations', {
      first_name: 'Ivy',
      last_name: 'Invited',
      email: 'Ivy@Staff.test',
      roles: ['fpg_ops'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'ivy@staff.test', roles: ['fpg_ops'], invited: true });
    expect((await t.client().post('/login', { email: 'ivy@staff.test', password: 'Whatever#1' })).statusCode).toBe(422);
    const mail = await lastMailTo(t, 'ivy@staff.test');
    expect(mail.subject).toBe('You are invited to the Freight Portal admin area');
    expect(mail.text).toContain('fpg_ops');
    const link = new URL(linkPath(mail.text), 'http://x');
    const token = decodeURIComponent(link.pathname.split('/').pop()!);
    const reset = await t.client().post('/reset-password', {
      token,
      email: 'ivy@staff.test',
      password: 'Welcome#2026',
      password_confirmation: 'Welcome#2026',
    });
    expect(reset.statusCode).toBeLessThan(300);
    const ivy = await t.client().login('ivy@staff.test', 'Welcome#2026');
    // Signed in, but held at enrolment until they have a second factor.
    expect((await ivy.get('/api/admin/shipments')).json()).toMatchObject({ code: 'two_factor_enrolment_required' });
    await t.enrolTwoFactor('ivy@staff.test');
    expect((await ivy.get('/api/admin/shipments')).statusCode).toBe(200);
    expect((await ivy.get('/api/user')).json().data.email_verified_at).not.toBeNull();

    const again = await admin.post('/api/admin/roles/invitations', {
      first_name: 'I',
      last_name: 'V',
      email: 'ivy@staff.test',
      roles: ['fpg_ops'],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Email already exists']);
    const none = await admin.post('/api/admin/roles/invitations', { first_name: '', last_name: 'V', email: 'x', roles: [] });
    expect(Object.keys(none.json().errors).sort()).toEqual(['email', 'first_name', 'roles']);
  });
});

describe('grants of power', () => {
  let app: TestApp;
  let boss: TestClient;
  const idIn = async (email: string) => (await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  beforeAll(async () => {
    app = await createTestApp();
    boss = await app.client().login('super@demo.test');
  });
  afterAll(() => app.close());

  it('need the password re-entered within 10 minutes: roles that open every page, invitations', async () => {
    const ops = await idIn('ops@demo.test');
    const grant = () => boss.put(`/api/admin/roles/users/${ops}`, { roles: ['fpg_ops', 'fpg_admin'] });
    const invite = (email: string) =>
      boss.post('/api/admin/roles/invitations', { first_name: 'N', last_name: 'New', email, roles: ['fpg_ops'] });
    const refused = await grant();
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ code: 'reauthentication_required', message: 'For this change, please enter your password again.' });
    expect((await invite('new1@staff.test')).json().code).toBe('reauthentication_required');
    // A role below fpg_admin needs no proof; taking power away needs none either.
    expect((await boss.put(`/api/admin/roles/users/${ops}`, { roles: ['fpg_ops', 'fpg_sales'] })).statusCode).toBe(200);

    await boss.confirmPassword();
    expect((await grant()).statusCode).toBe(200);
    expect((await invite('new1@staff.test')).statusCode).toBe(201);
    expect((await boss.put(`/api/admin/roles/users/${ops}`, { roles: ['fpg_ops'] })).statusCode).toBe(200);

    app.clock.advanceMinutes(11);
    expect((await grant()).statusCode).toBe(423);
    expect((await invite('new2@staff.test')).statusCode).toBe(423);
    const [entry] = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, ops)).limit(1);
    expect(entry?.targetLabel).toBe('Otto Ops <ops@demo.test>');
  });

  it('mails every super_admin, in their language, who granted what to whom', async () => {
    await boss.confirmPassword();
    const second = await idIn('salesadmin@demo.test');
    expect((await boss.put(`/api/admin/roles/users/${second}`, { roles: ['fpg_sales_admin', 'super_admin'] })).statusCode).toBe(200);
    await app.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, second));
    const before = (await mailsTo(app, 'super@demo.test')).length;
    const admin = await idIn('feature@demo.test');
    expect((await boss.put(`/api/admin/roles/users/${admin}`, { roles: ['fpg_admin'] })).statusCode).toBe(200);
    const toBoss = await lastMailTo(app, 'super@demo.test');
    expect((await mailsTo(app, 'super@demo.test')).length).toBe(before + 1);
    expect(toBoss.subject).toBe('Admin granted to Fern Feature <feature@demo.test>');
    expect(toBoss.text).toContain('Sam Super <super@demo.test> granted Admin to Fern Feature <feature@demo.test>');
    const toSecond = await lastMailTo(app, 'salesadmin@demo.test');
    expect(toSecond.subject).toBe('Administrador otorgado a Fern Feature <feature@demo.test>');
    // Lesser roles mail nobody.
    await boss.put(`/api/admin/roles/users/${admin}`, { roles: ['fpg_feature'] });
    expect((await mailsTo(app, 'super@demo.test')).length).toBe(before + 1);
    // An invitation with Admin is a grant too.
    const invited = await boss.post('/api/admin/roles/invitations', {
      first_name: 'Ina',
      last_name: 'Admin',
      email: 'ina@staff.test',
      roles: ['fpg_admin'],
    });
    expect(invited.statusCode).toBe(201);
    expect((await lastMailTo(app, 'super@demo.test')).text).toContain(
      'Sam Super <super@demo.test> invited Ina Admin <ina@staff.test> as staff with Admin',
    );
  });

  it("a customer's user becomes staff only once the account is named back", async () => {
    await boss.confirmPassword();
    const shipper = await idIn('shipper@demo.test');
    const [account] = await app.database.db.select({ id: users.accountId }).from(users).where(eq(users.id, shipper));
    const asked = await boss.put(`/api/admin/roles/users/${shipper}`, { roles: ['fpg_admin'] });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'account_confirmation_required',
      message: 'Dana Shipper belongs to the customer account Demo Shipper Co. Confirm that this customer user should get staff roles.',
    });
    const other = await idIn('other@demo.test');
    const [otherAccount] = await app.database.db.select({ id: users.accountId }).from(users).where(eq(users.id, other));
    const wrong = await boss.put(`/api/admin/roles/users/${shipper}`, { roles: ['fpg_admin'], confirm_account_id: otherAccount!.id });
    expect(wrong.statusCode).toBe(409);
    expect((await boss.put(`/api/admin/roles/users/${shipper}`, { roles: ['fpg_admin'], confirm_account_id: 'x' })).statusCode).toBe(422);
    const ok = await boss.put(`/api/admin/roles/users/${shipper}`, { roles: ['fpg_admin'], confirm_account_id: account!.id });
    expect(ok.statusCode).toBe(200);
    const mail = await lastMailTo(app, 'super@demo.test');
    expect(mail.text).toContain('Dana Shipper <shipper@demo.test> belongs to the customer account Demo Shipper Co.');
    // Taking the role away needs no confirmation.
    expect((await boss.put(`/api/admin/roles/users/${shipper}`, { roles: [] })).statusCode).toBe(200);
  });
});
