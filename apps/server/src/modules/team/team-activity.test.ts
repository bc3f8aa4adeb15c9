import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { teamSteps } from './team.test-support';

let t: TestApp;
const steps = teamSteps(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Entry = { action: string; actor: { kind: string; name?: string; email?: string }; target: string | null; ip: string | null };

describe('the account’s activity log', () => {
  it('lists the team’s changes, newest first, with who, what, whom and from where; filtered by user and days; paginated', async () => {
    const admin = await steps.company('activity');
    const mate = await steps.colleague(admin.client, 'shipper');
    t.clock.advanceMinutes(1);
    await admin.client.put(`/api/team/users/${mate.id}`, { role: 'viewer' });
    t.clock.advanceMinutes(1);
    await steps.invite(admin.client, `other.${Date.now()}@example.test`, 'billing');

    const res = await admin.client.get('/api/team/activity');
    expect(res.statusCode, res.body).toBe(200);
    const list: Entry[] = res.json().data;
    expect(list.slice(0, 2).map((e) => e.action)).toEqual(['team.invite', 'team.role_change']);
    // The colleague's invitation and its acceptance came within the same instant of the test's clock.
    expect(
      list
        .slice(2)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['team.invitation_accept', 'team.invite']);
    expect(list[1]).toMatchObject({
      actor: { kind: 'user', name: expect.stringContaining('Ada Admin'), email: admin.email },
      target: `Sam Colleague <${mate.email}>`,
      ip: '127.0.0.1',
      before: { role: 'shipper' },
      after: { role: 'viewer' },
    });
    expect(list.find((e) => e.action === 'team.invitation_accept')).toMatchObject({
      actor: { kind: 'user', name: 'Sam Colleague', email: mate.email },
    });
    expect(res.json().meta).toMatchObject({ total: 4, current_page: 1 });

    const byMate = (await admin.client.get(`/api/team/activity?user_id=${mate.id}`)).json().data as Entry[];
    expect(byMate.map((e) => e.action)).toEqual(['team.role_change', 'team.invitation_accept']);
    const paged = (await admin.client.get('/api/team/activity?per_page=3&page=2')).json();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ total: 4, last_page: 2 });
    const today = t.clock.now.toISOString().slice(0, 10);
    expect((await admin.client.get(`/api/team/activity?from=${today}&to=${today}`)).json().meta.total).toBe(4);
    expect((await admin.client.get('/api/team/activity?to=2020-01-01')).json().meta.total).toBe(0);
    expect((await admin.client.get('/api/team/activity?from=2026-02-30')).statusCode).toBe(422);

    // Staff-only entries of the account (its notes, edits) stay out.
    const staff = await t.client().login('super@demo.test');
    await staff.post(`/api/admin/accounts/${admin.accountId}/notes`, { body: 'Called about pallets' });
    expect((await admin.client.get('/api/team/activity')).json().meta.total).toBe(4);
  });

  it('exports as CSV in the reader’s language, every cell safe from spreadsheet formulas', async () => {
    const admin = await steps.company('export');
    expect((await admin.client.put('/api/settings', { language: 'es' })).statusCode).toBe(200);
    await admin.client.post('/api/team/invitations', {
      first_name: '=HYPERLINK("http://evil.test")',
      last_name: 'Trick',
      email: `trick.${Date.now()}@example.test`,
      role: 'shipper',
      booking_limit_cents: 50_000,
    });
    const res = await admin.client.get('/api/team/activity/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, row] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Cuándo,Quién,Correo electrónico,Qué,Sobre,Detalles,Dirección IP');
    expect(row).toContain('Invitación enviada');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"") Trick <trick.`);
    expect(row).toContain('Rol: Remitente');
    expect(row).toMatch(/Límite por reserva: USD\s?500\.00/);
    expect(row).toContain('127.0.0.1');
  });
});

describe('staff', () => {
  it('see an account’s team and resend, deactivate and reactivate for it, audited with an optional reason; the account sees “staff”', async () => {
    const admin = await steps.company('staff');
    const mate = await steps.colleague(admin.client, 'shipper');
    const email = `waiting.${Date.now()}@example.test`;
    const invited = await steps.invite(admin.client, email, 'viewer');
    const staff = await t.client().login('ops@demo.test');

    const team = await staff.get(`/api/admin/accounts/${admin.accountId}/team`);
    expect(team.statusCode).toBe(200);
    expect(
      team
        .json()
        .data.members.map((m: { email: string }) => m.email)
        .sort(),
    ).toEqual([admin.email, mate.email].sort());
    expect(team.json().data.invitations).toEqual([expect.objectContaining({ id: invited.id, email })]);

    expect((await staff.post(`/api/admin/accounts/${admin.accountId}/team/invitations/${invited.id}/resend`, {})).statusCode).toBe(200);
    expect(await mailsTo(t, email)).toHaveLength(2);
    t.clock.advanceMinutes(1);

    const off = await staff.post(`/api/admin/accounts/${admin.accountId}/team/users/${mate.id}/deactivate`, { reason: 'Left the company' });
    expect(off.json().data).toMatchObject({ status: 'deactivated' });
    expect((await mate.client.get('/api/user')).statusCode).toBe(401);
    t.clock.advanceMinutes(1);
    const on = await staff.post(`/api/admin/accounts/${admin.accountId}/team/users/${mate.id}/reactivate`, {});
    expect(on.json().data).toMatchObject({ status: 'active' });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.deactivate'), eq(auditLog.entityId, mate.id)));
    expect(entry).toMatchObject({
      actorEmail: 'ops@demo.test',
      accountId: admin.accountId,
      shownToAccount: true,
      after: { reason: 'Left the company' },
    });

    const seen = (await admin.client.get('/api/team/activity')).json().data as Entry[];
    const byStaff = seen.filter((e) => e.actor.kind === 'staff');
    expect(byStaff.map((e) => e.action)).toEqual(['team.reactivate', 'team.deactivate', 'team.invitation_resend']);
    expect(byStaff.every((e) => e.ip === null && !('email' in e.actor))).toBe(true);

    // A staff write on another account's user, or an unknown one, finds nothing.
    const other = await steps.company('staff-other');
    expect((await staff.post(`/api/admin/accounts/${other.accountId}/team/users/${mate.id}/deactivate`, {})).statusCode).toBe(404);
    expect((await staff.get('/api/admin/accounts/00000000-0000-4000-8000-000000000000/team')).statusCode).toBe(404);
  });
});

describe('another account', () => {
  it('touches none of it: its admin finds no user or invitation of ours, and our colleagues without the right are refused', async () => {
    const ours = await steps.company('ours');
    const mate = await steps.colleague(ours.client, 'shipper');
    const invited = await steps.invite(ours.client, `ours.${Date.now()}@example.test`);
    const theirs = await steps.company('theirs');
    const c = theirs.client;
    const notFound = [
      await c.put(`/api/team/users/${mate.id}`, { role: 'viewer' }),
      await c.post(`/api/team/users/${mate.id}/deactivate`),
      await c.post(`/api/team/users/${ours.id}/reactivate`),
      await c.post(`/api/team/invitations/${invited.id}/resend`),
      await c.request({ method: 'DELETE', url: `/api/team/invitations/${invited.id}` }),
    ];
    expect(notFound.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect((await c.post('/api/team/transfer-admin', { user_id: mate.id, new_role: 'shipper' })).statusCode).toBe(422);
    const view = (await c.get('/api/team')).json().data;
    expect(view.members.map((m: { id: string }) => m.id)).toEqual([theirs.id]);
    expect(view.invitations).toEqual([]);
    expect((await c.get(`/api/team/activity?user_id=${mate.id}`)).json().data).toEqual([]);

    for (const path of ['/api/team', '/api/team/activity', '/api/team/activity/export.csv']) {
      expect((await mate.client.get(path)).statusCode, path).toBe(403);
    }
    expect(
      (await mate.client.post('/api/team/invitations', { first_name: 'A', last_name: 'B', email: 'x@example.test', role: 'viewer' }))
        .statusCode,
    ).toBe(403);
    expect((await mate.client.get(`/api/admin/accounts/${ours.accountId}/team`)).statusCode).toBe(403);
    expect((await t.client().get('/api/team')).statusCode).toBe(401);
  });
});
