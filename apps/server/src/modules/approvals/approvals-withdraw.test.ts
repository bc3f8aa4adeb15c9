import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shipments, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo } from '../../test/outbox';
import { teamMember } from '../../test/team';
import { book, bookingBody, createQuote } from '../shipments/test-helpers';

/**
 * The booker takes back a booking that waits (POST /api/approvals/:id/withdraw): only their own,
 * only while it waits; the admins' mailed links then answer 410 as a decided one's do, the
 * account's activity log says so, and the admins' count of bookings waiting drops.
 */
let t: TestApp;
let admin: TestClient;
let booker: TestClient;
let colleague: TestClient;
let other: TestClient;
const ADMIN = 'shipper@demo.test';

async function limitedShipper(email: string) {
  const user = await teamMember(t, 'Demo Shipper Co', email, 'shipper');
  await t.database.db.update(users).set({ bookingLimitCents: 100 }).where(eq(users.id, user.id));
  return t.client().login(email);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login(ADMIN);
  booker = await limitedShipper('withdraw.booker@demo.test');
  colleague = await limitedShipper('withdraw.colleague@demo.test');
  other = await t.client().login('other@demo.test');
});
afterAll(() => t.close());

async function holdOne(c: TestClient = booker) {
  const quote = await createQuote(t, c);
  const res = await book(c, bookingBody(quote));
  expect(res.statusCode, res.body).toBe(202);
  return { quote, id: res.json().data.approval.id as string };
}

const pendingCount = async () => {
  const res = await admin.get('/api/approvals/summary');
  expect(res.statusCode).toBe(200);
  return res.json().data.pending as number;
};

describe('the count of bookings waiting', () => {
  it('is the account admins’ alone, and follows holds and decisions', async () => {
    const before = await pendingCount();
    const { id } = await holdOne();
    expect(await pendingCount()).toBe(before + 1);
    expect((await booker.get('/api/approvals/summary')).statusCode).toBe(403);
    // Another account's admin counts only theirs.
    expect((await other.get('/api/approvals/summary')).json().data).toEqual({ pending: 0 });
    expect((await t.client().get('/api/approvals/summary')).statusCode).toBe(401);
    await admin.post(`/api/approvals/${id}/decline`, { reason: 'Not this week' });
    expect(await pendingCount()).toBe(before);
  });
});

describe('withdrawing a booking that waits', () => {
  it('is the booker’s alone: another admin is refused, another colleague or account finds nothing', async () => {
    const { id } = await holdOne();
    expect((await admin.post(`/api/approvals/${id}/withdraw`, {})).statusCode).toBe(403);
    expect((await colleague.post(`/api/approvals/${id}/withdraw`, {})).statusCode).toBe(404);
    expect((await other.post(`/api/approvals/${id}/withdraw`, {})).statusCode).toBe(404);
    expect((await booker.post('/api/approvals/not-an-id/withdraw', {})).statusCode).toBe(404);
    expect((await admin.get(`/api/approvals/${id}`)).json().data.status).toBe('pending');
  });

  it('withdraws it: nothing booked, the mailed links gone, the log and the lists say so', async () => {
    const before = await pendingCount();
    const { quote, id } = await holdOne();
    const token = (await lastMailTo(t, ADMIN)).text.match(/\/approvals\/link\/(\S+)/)![1]!;
    expect(await pendingCount()).toBe(before + 1);

    const res = await booker.post(`/api/approvals/${id}/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = res.json().data;
    expect(withdrawn).toMatchObject({ id, status: 'withdrawn', decided_by: { name: 'shipper Member' } });
    expect(withdrawn.decided_at).toBeTruthy();
    expect(await pendingCount()).toBe(before);
    expect(await t.database.db.select().from(shipments).where(eq(shipments.quoteId, quote.id))).toEqual([]);

    // The admin's mailed link answers as a decided one's does, saying why.
    const opened = await admin.post(`/api/approvals/links/${token}`, {});
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toMatchObject({
      code: 'link_gone',
      message: 'This booking request was withdrawn, so its approval link no longer works. Open Approvals to see it.',
    });

    // The account's activity log, in the booker's name.
    const [bookerRow] = await t.database.db.select().from(users).where(eq(users.email, 'withdraw.booker@demo.test'));
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'booking.withdrawn')));
    expect(entries.map((e) => [e.actorId, e.shownToAccount])).toEqual([[bookerRow!.id, true]]);

    // Both lists show it as withdrawn.
    const mine = (await booker.get('/api/approvals?status=withdrawn')).json().data as { id: string }[];
    expect(mine.map((a) => a.id)).toContain(id);
    const all = (await admin.get('/api/approvals?status=withdrawn')).json().data as { id: string; status: string }[];
    expect(all.find((a) => a.id === id)?.status).toBe('withdrawn');
  });

  it('only while it waits: withdrawn or decided, it is a conflict, and no admin can decide it any more', async () => {
    const { id } = await holdOne();
    expect((await booker.post(`/api/approvals/${id}/withdraw`, {})).statusCode).toBe(200);
    const again = await booker.post(`/api/approvals/${id}/withdraw`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This booking request was withdrawn by the colleague who made it.');
    const approve = await admin.post(`/api/approvals/${id}/approve`, {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('This booking request was withdrawn by the colleague who made it.');
    expect((await admin.post(`/api/approvals/${id}/decline`, { reason: 'Too late' })).statusCode).toBe(409);

    const { id: decided } = await holdOne();
    expect((await admin.post(`/api/approvals/${decided}/decline`, { reason: 'Use the cheaper carrier' })).statusCode).toBe(200);
    const late = await booker.post(`/api/approvals/${decided}/withdraw`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking was already decided.');
  });

  it('answers in the booker’s language', async () => {
    const { id } = await holdOne();
    await booker.put('/api/settings', { language: 'es' });
    try {
      expect((await booker.post(`/api/approvals/${id}/withdraw`, {})).statusCode).toBe(200);
      const again = await booker.post(`/api/approvals/${id}/withdraw`, {});
      expect(again.json().message).toBe('El colega que hizo esta solicitud de reserva la retiró.');
    } finally {
      await booker.put('/api/settings', { language: 'en' });
    }
  });
});
