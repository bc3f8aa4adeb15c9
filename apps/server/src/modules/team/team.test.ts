import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oauthAccessTokens, oauthClients, sessions, teamInvitations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';
import { INVITATIONS_PER_HOUR } from './team.service';
import { NEW_PASSWORD, PASSWORD, teamSteps } from './team.test-support';

let t: TestApp;
const steps = teamSteps(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MINUTES = 24 * 60;
const entries = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('invitations', () => {
  it('mail a link that sets the password, proves the address and signs the new colleague in with the role and rights given', async () => {
    const admin = await steps.company('invite');
    expect((await admin.client.put('/api/settings', { language: 'es', currency: 'CAD' })).statusCode).toBe(200);
    const email = `Nina.Shipper.${Date.now()}@Example.test`;
    const invited = await steps.invite(admin.client, email, 'shipper', {
      booking_limit_cents: 50_000,
      approval_required_for: ['truckload', 'hazmat', 'hazmat'],
    });
    expect(invited.expires_at).toBe(new Date(t.clock.now.getTime() + 7 * DAY_MINUTES * 60_000).toISOString());

    const team = (await admin.client.get('/api/team')).json().data;
    expect(team.invitations).toEqual([
      expect.objectContaining({
        email: email.toLowerCase(),
        role: 'shipper',
        booking_limit_cents: 50_000,
        approval_required_for: ['hazmat', 'truckload'],
        expired: false,
      }),
    ]);

    // In the inviter's language, the limit in their currency.
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toContain('lo invitó a invite Freight');
    expect(mail.text).toContain('como Remitente');
    expect(mail.text).toMatch(/Su límite por reserva: CAD\s?500\.00 por reserva/);
    expect(mail.text).toContain('/invitation/');

    const token = await steps.mailedToken(email);
    const preview = await t.client().get(`/api/invitation/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ email: email.toLowerCase(), first_name: 'Sam', role: 'shipper' });

    // The spec's password rules, at the fields.
    const weak = await steps.accept(token, 'short');
    expect(weak.res.statusCode).toBe(422);
    expect(weak.res.json().errors.password).toContain('Password must be at least 8 characters');
    const mismatch = await t
      .client()
      .post(`/api/invitation/${token}/accept`, { password: NEW_PASSWORD, password_confirmation: 'Other#2026' });
    expect(mismatch.json().errors.password_confirmation).toEqual(['New passwords must match.']);

    const { client, res } = await steps.accept(token);
    expect(res.statusCode, res.body).toBe(204);
    const me = (await client.get('/api/user')).json().data;
    expect(me.email).toBe(email.toLowerCase());
    expect(me.email_verified_at).not.toBeNull();
    expect(me.account).toMatchObject({ id: admin.accountId, role: 'shipper' });
    expect(me.account.permissions).toContain('shipments.book');
    expect(me.account.permissions).not.toContain('team.manage');
    expect(me.settings).toMatchObject({ currency: 'CAD' });
    expect((await client.get('/api/team')).statusCode).toBe(403);

    // The password works for later sign-ins; the invitation is gone from the list, the colleague is in it.
    await t.client().login(email, NEW_PASSWORD);
    const after = (await admin.client.get('/api/team')).json().data;
    expect(after.invitations).toEqual([]);
    expect(after.members.find((m: { email: string }) => m.email === email.toLowerCase())).toMatchObject({
      role: 'shipper',
      status: 'active',
      booking_limit_cents: 50_000,
      approval_required_for: ['hazmat', 'truckload'],
      two_factor: false,
    });
    expect(after.members.find((m: { id: string }) => m.id === admin.id)).toMatchObject({ role: 'account_admin', status: 'active' });
  });

  it('work once: a used link, like an unknown one, answers 404 and creates nobody', async () => {
    const admin = await steps.company('once');
    const email = `once.${Date.now()}@example.test`;
    await steps.invite(admin.client, email);
    const token = await steps.mailedToken(email);
    expect((await steps.accept(token)).res.statusCode).toBe(204);
    const again = await steps.accept(token, 'Again#2026');
    expect(again.res.statusCode).toBe(404);
    expect(again.res.json().message).toBe(
      'This invitation link is invalid, was already used or has expired. Ask your account admin to send a new one.',
    );
    expect((await t.client().get(`/api/invitation/${token}`)).statusCode).toBe(404);
    expect((await t.client().get('/api/invitation/not-a-token')).statusCode).toBe(404);
    expect((await again.client.get('/api/user')).statusCode).toBe(401);
  });

  it('expire after seven days; a new invitation to the address then replaces the expired one', async () => {
    const admin = await steps.company('expiry');
    const email = `late.${Date.now()}@example.test`;
    await steps.invite(admin.client, email);
    const token = await steps.mailedToken(email);
    t.clock.advanceMinutes(7 * DAY_MINUTES - 1);
    expect((await t.client().get(`/api/invitation/${token}`)).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await t.client().get(`/api/invitation/${token}`)).statusCode).toBe(404);
    expect((await steps.accept(token)).res.statusCode).toBe(404);
    // A week idle: the admin signs in again.
    const back = await t.client().login(admin.email, PASSWORD);
    const listed = (await back.get('/api/team')).json().data.invitations;
    expect(listed).toEqual([expect.objectContaining({ email, expired: true })]);

    const renewed = await steps.invite(back, email);
    expect(renewed.expired).toBe(false);
    const rows = await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.email, email));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
    expect((await steps.accept(await steps.mailedToken(email))).res.statusCode).toBe(204);
  });

  it('resend: a new link, the old one dead, the week starting again', async () => {
    const admin = await steps.company('resend');
    const email = `resend.${Date.now()}@example.test`;
    const invited = await steps.invite(admin.client, email);
    const first = await steps.mailedToken(email);
    t.clock.advanceMinutes(3 * DAY_MINUTES);
    const back = await t.client().login(admin.email, PASSWORD);
    const res = await back.post(`/api/team/invitations/${invited.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.expires_at).toBe(new Date(t.clock.now.getTime() + 7 * DAY_MINUTES * 60_000).toISOString());
    expect(await mailsTo(t, email)).toHaveLength(2);
    const second = await steps.mailedToken(email);
    expect(second).not.toBe(first);
    expect((await steps.accept(first)).res.statusCode).toBe(404);
    expect((await steps.accept(second)).res.statusCode).toBe(204);
    // Accepted: nothing left to resend or revoke.
    expect((await back.post(`/api/team/invitations/${invited.id}/resend`)).statusCode).toBe(409);
    expect((await entries('team.invitation_resend', invited.id)).length).toBe(1);
  });

  it('revoke: the link dies and the invitation leaves the list', async () => {
    const admin = await steps.company('revoke');
    const email = `revoked.${Date.now()}@example.test`;
    const invited = await steps.invite(admin.client, email);
    const token = await steps.mailedToken(email);
    const res = await admin.client.request({ method: 'DELETE', url: `/api/team/invitations/${invited.id}` });
    expect(res.statusCode).toBe(204);
    expect((await steps.accept(token)).res.statusCode).toBe(404);
    expect((await admin.client.get('/api/team')).json().data.invitations).toEqual([]);
    expect((await admin.client.request({ method: 'DELETE', url: `/api/team/invitations/${invited.id}` })).statusCode).toBe(409);
    const [entry] = await entries('team.invitation_revoke', invited.id);
    expect(entry).toMatchObject({ accountId: admin.accountId, shownToAccount: true, targetLabel: `Sam Colleague <${email}>` });
  });

  it('refuse, at the field, an address that already has a user anywhere, one invited already, and a form without names', async () => {
    const admin = await steps.company('refused');
    const taken = await admin.client.post('/api/team/invitations', {
      first_name: 'Sam',
      last_name: 'Shipper',
      email: 'SHIPPER@demo.test',
      role: 'shipper',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['Email already exists'] });

    const email = `twice.${Date.now()}@example.test`;
    await steps.invite(admin.client, email);
    const twice = await admin.client.post('/api/team/invitations', { first_name: 'S', last_name: 'C', email, role: 'viewer' });
    expect(twice.json().errors.email).toEqual(['An invitation to this address is already waiting: send it again or revoke it.']);

    const empty = await admin.client.post('/api/team/invitations', { first_name: ' ', last_name: '', email: 'nope', role: 'boss' });
    expect(empty.json().errors).toMatchObject({
      first_name: ['First name required'],
      last_name: ['Last name required'],
      email: ['Invalid email'],
      role: ['Choose one of the listed options'],
    });
    const limit = await admin.client.post('/api/team/invitations', {
      first_name: 'S',
      last_name: 'C',
      email: `limit.${Date.now()}@example.test`,
      role: 'shipper',
      booking_limit_cents: 12.5,
    });
    expect(limit.json().errors.booking_limit_cents).toEqual(['Enter a whole number']);
  });

  it('are throttled per account', async () => {
    const admin = await steps.company('throttle');
    let last = 0;
    for (let i = 0; i <= INVITATIONS_PER_HOUR; i += 1) {
      const res = await admin.client.post('/api/team/invitations', {
        first_name: 'Many',
        last_name: `Invitee ${i}`,
        email: `many.${i}.${Date.now()}@example.test`,
        role: 'viewer',
      });
      last = res.statusCode;
      if (i < INVITATIONS_PER_HOUR) expect(res.statusCode).toBe(201);
    }
    expect(last).toBe(429);
  });
});

describe('roles, rights and deactivation', () => {
  it('change a colleague’s role and booking rights, each audited; nobody changes their own role', async () => {
    const admin = await steps.company('roles');
    const mate = await steps.colleague(admin.client, 'shipper');
    const res = await admin.client.put(`/api/team/users/${mate.id}`, {
      role: 'billing',
      booking_limit_cents: 25_000,
      approval_required_for: ['new_carrier'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'billing', booking_limit_cents: 25_000, approval_required_for: ['new_carrier'] });
    // The change applies at the colleague's next request.
    expect((await mate.client.get('/api/user')).json().data.account.permissions).toContain('invoices.pay');

    const [role] = await entries('team.role_change', mate.id);
    expect(role).toMatchObject({ before: { role: 'shipper' }, after: { role: 'billing' }, shownToAccount: true, ip: '127.0.0.1' });
    const [rights] = await entries('team.booking_rights', mate.id);
    expect(rights).toMatchObject({
      before: { booking_limit_cents: null, approval_required_for: [] },
      after: { booking_limit_cents: 25_000, approval_required_for: ['new_carrier'] },
    });

    const self = await admin.client.put(`/api/team/users/${admin.id}`, { role: 'viewer' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toContain('You cannot change your own role');
    // The limit back to none.
    const none = await admin.client.put(`/api/team/users/${mate.id}`, { booking_limit_cents: null });
    expect(none.json().data.booking_limit_cents).toBeNull();
  });

  it('deactivation ends the colleague’s sessions and personal API credentials; sign-in is refused until reactivated', async () => {
    const admin = await steps.company('deactivate');
    const mate = await steps.colleague(admin.client, 'shipper');
    const db = t.database.db;
    const [credential] = await db
      .insert(oauthClients)
      .values({
        clientId: `fpc_team_${Date.now()}`,
        name: 'Mate’s script',
        accountId: admin.accountId,
        actingUserId: mate.id,
        scopes: ['quotes:read'],
        secretHash: 'x',
      })
      .returning();
    if (!credential) throw new Error('no credential');
    await db.insert(oauthAccessTokens).values({
      tokenHash: `team-${Date.now()}`,
      clientId: credential.id,
      scopes: ['quotes:read'],
      expiresAt: new Date(t.clock.now.getTime() + 3600_000),
    });

    const res = await admin.client.post(`/api/team/users/${mate.id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'deactivated' });
    expect((await mate.client.get('/api/user')).statusCode).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.userId, mate.id))).toEqual([]);
    const [revoked] = await db.select().from(oauthClients).where(eq(oauthClients.id, credential.id));
    expect(revoked?.revokedAt).not.toBeNull();
    expect(await db.select().from(oauthAccessTokens).where(eq(oauthAccessTokens.clientId, credential.id))).toEqual([]);
    const [entry] = await entries('team.deactivate', mate.id);
    expect(entry).toMatchObject({ after: { credentials_revoked: 1 }, shownToAccount: true, accountId: admin.accountId });

    const login = await t.client().post('/login', { email: mate.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'user_deactivated' });
    expect((await admin.client.post(`/api/team/users/${mate.id}/deactivate`)).statusCode).toBe(409);

    const back = await admin.client.post(`/api/team/users/${mate.id}/reactivate`);
    expect(back.json().data).toMatchObject({ status: 'active', deactivated_at: null });
    await t.client().login(mate.email, NEW_PASSWORD);
    expect((await admin.client.post(`/api/team/users/${mate.id}/reactivate`)).statusCode).toBe(409);
  });

  it('keeps an active account admin: nobody deactivates themselves, and the last admin cannot be demoted or deactivated', async () => {
    const admin = await steps.company('lastadmin');
    const self = await admin.client.post(`/api/team/users/${admin.id}/deactivate`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot deactivate yourself.');

    // A second admin demotes the first; the first may not then demote the second, the last one left.
    const second = await steps.colleague(admin.client, 'account_admin');
    expect((await second.client.put(`/api/team/users/${admin.id}`, { role: 'viewer' })).statusCode).toBe(200);
    expect((await admin.client.get('/api/team')).statusCode).toBe(403);
    const super_ = await t.client().login('super@demo.test');
    const staff = await super_.post(`/api/admin/accounts/${admin.accountId}/team/users/${second.id}/deactivate`, {});
    expect(staff.statusCode).toBe(409);
    expect(staff.json().message).toBe('The account must keep at least one active account admin: make someone else an account admin first.');
    expect((await t.database.db.select().from(users).where(eq(users.id, second.id)))[0]?.deactivatedAt).toBeNull();
  });

  it('transfer: the colleague becomes account admin and the caller takes the role chosen', async () => {
    const admin = await steps.company('transfer');
    const mate = await steps.colleague(admin.client, 'shipper');
    const inactive = await steps.colleague(admin.client, 'viewer');
    await admin.client.post(`/api/team/users/${inactive.id}/deactivate`);
    const refused = await admin.client.post('/api/team/transfer-admin', { user_id: inactive.id, new_role: 'shipper' });
    expect(refused.json().errors.user_id).toEqual(['Choose an active colleague: a deactivated user cannot become an account admin.']);
    expect((await admin.client.post('/api/team/transfer-admin', { user_id: admin.id, new_role: 'shipper' })).statusCode).toBe(422);

    await admin.client.confirmPassword(PASSWORD);
    const res = await admin.client.post('/api/team/transfer-admin', { user_id: mate.id, new_role: 'billing' });
    expect(res.statusCode, res.body).toBe(200);
    const roles = Object.fromEntries(res.json().data.members.map((m: { id: string; role: string }) => [m.id, m.role]));
    expect(roles).toMatchObject({ [mate.id]: 'account_admin', [admin.id]: 'billing' });
    expect((await admin.client.get('/api/team')).statusCode).toBe(403);
    expect((await mate.client.get('/api/team')).statusCode).toBe(200);
    expect(await entries('team.admin_transfer', mate.id)).toHaveLength(1);
  });

  it('making an account admin (by role, hand-over or invitation) asks for a fresh proof, and the other admins are mailed', async () => {
    const admin = await steps.company('grant');
    const other = await steps.colleague(admin.client, 'account_admin');
    const mate = await steps.colleague(admin.client, 'shipper');
    const fresh = await t.client().login(admin.email, PASSWORD);
    const mailed = (await mailsTo(t, other.email)).length;

    // Without a proof of identity just now: 423, and nothing changes.
    const role = await fresh.put(`/api/team/users/${mate.id}`, { role: 'account_admin' });
    expect(role.statusCode).toBe(423);
    expect(role.json()).toMatchObject({ code: 'reauthentication_required' });
    const transfer = await fresh.post('/api/team/transfer-admin', { user_id: mate.id, new_role: 'shipper' });
    expect(transfer.statusCode).toBe(423);
    const email = `new.admin.${Date.now()}@example.test`;
    const invite = await fresh.post('/api/team/invitations', { first_name: 'Nia', last_name: 'Admin', email, role: 'account_admin' });
    expect(invite.statusCode).toBe(423);
    expect(await t.database.db.select().from(teamInvitations).where(eq(teamInvitations.email, email))).toEqual([]);
    expect((await t.database.db.select().from(users).where(eq(users.id, mate.id)))[0]?.accountRole).toBe('shipper');
    // Other changes of role ask nothing more.
    expect((await fresh.put(`/api/team/users/${mate.id}`, { role: 'billing' })).statusCode).toBe(200);
    expect((await mailsTo(t, other.email)).length).toBe(mailed);

    // Proven: the grant is made, audited with its target, and the other admin hears of it (not the grantee).
    await fresh.confirmPassword(PASSWORD);
    expect((await fresh.put(`/api/team/users/${mate.id}`, { role: 'account_admin' })).statusCode).toBe(200);
    expect(await entries('team.role_change', mate.id)).toContainEqual(
      expect.objectContaining({ after: { role: 'account_admin' }, targetLabel: `Sam Colleague <${mate.email}>` }),
    );
    const mail = await lastMailTo(t, other.email);
    expect(mail.subject).toContain(`Sam Colleague <${mate.email}> is now an account admin of grant Freight `);
    expect(mail.text).toContain(`made Sam Colleague <${mate.email}> an account admin`);
    expect((await mailsTo(t, mate.email)).some((m) => m.subject.includes('is now an account admin'))).toBe(false);

    // An invitation as account admin, proven: the other admins are told of it too.
    const invited = await fresh.post('/api/team/invitations', { first_name: 'Nia', last_name: 'Admin', email, role: 'account_admin' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await lastMailTo(t, other.email)).text).toContain(`invited Nia Admin <${email}> to`);
  });
});
