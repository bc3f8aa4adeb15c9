import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalLinks, auditLog, bookingApprovals, ebayOrders, ebayStores, jobs, quotes, shipments, users } from '../../db/schema';
import { sha256 } from '../../security/tokens';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';
import { book, bookingBody, createQuote } from '../shipments/test-helpers';
import { addColleague } from './approvals.test-support';

/**
 * Held bookings: a shipper's booking beyond their limit waits (202, nothing booked), the account's
 * admin is mailed single-use links that only lead to the portal, approves it (booked as the shipper,
 * the approver recorded and audited in the account's log) or declines it with a reason; a held rate
 * past its expiry is rated again before it can be approved.
 */
let t: TestApp;
let admin: TestClient;
let clerk: TestClient;
let strict: TestClient;
let other: TestClient;
const ADMIN = 'shipper@demo.test';
const CLERK = 'limited.clerk@demo.test';
const STRICT = 'hazmat.clerk@demo.test';

beforeAll(async () => {
  t = await createTestApp();
  await addColleague(t, ADMIN, CLERK, { bookingLimitCents: 100 });
  await addColleague(t, ADMIN, STRICT, { approvalRequiredFor: ['hazmat'] });
  admin = await t.client().login(ADMIN);
  clerk = await t.client().login(CLERK);
  strict = await t.client().login(STRICT);
  other = await t.client().login('other@demo.test');
});
afterAll(() => t.close());

async function holdOne(c: TestClient = clerk, over: Record<string, unknown> = {}) {
  const quote = await createQuote(t, c);
  const res = await book(c, bookingBody(quote, over));
  expect(res.statusCode).toBe(202);
  return { quote, held: res.json().data.approval as { id: string; status: string; reasons: string[]; total_cents: number } };
}

describe('a booking beyond the booker rights', () => {
  it('waits for approval: 202, no shipment, the quote still bookable, the admins mailed', async () => {
    const before = (await mailsTo(t, ADMIN)).length;
    const { quote, held } = await holdOne();
    expect(held.status).toBe('pending');
    expect(held.reasons).toEqual(['over_limit']);
    expect(held.total_cents).toBe(quote.rates[0]!.total_cents);
    expect(await t.database.db.select().from(shipments).where(eq(shipments.quoteId, quote.id))).toEqual([]);
    const mails = await mailsTo(t, ADMIN);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toContain('A booking waits for your approval');
    expect(mail.text).toMatch(/\/approvals\/link\/\S+/);
    expect(mail.text).toContain('over the booking limit');
  });

  it('answers the same held booking to a retry with the same key', async () => {
    const quote = await createQuote(t, clerk);
    const body = bookingBody(quote);
    const first = await book(clerk, body, 'held-retry-1');
    const again = await book(clerk, body, 'held-retry-1');
    expect(again.statusCode).toBe(202);
    expect(again.json().data.approval.id).toBe(first.json().data.approval.id);
  });

  it('holds hazmat only for a user whose admin asked for it', async () => {
    const hazmat = {
      hazardous: true,
      hazmat: {
        proper_name: 'Paint',
        hazard_class: '3',
        un_number: 'UN1263',
        packing_group: 'II',
        emergency_contact: 'Chemtrec',
        emergency_phone: '(800) 424-9300',
      },
    };
    const quote = await createQuote(t, strict);
    const res = await book(strict, bookingBody(quote, hazmat));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.approval.reasons).toEqual(['hazmat']);
    const plain = await createQuote(t, strict);
    expect((await book(strict, bookingBody(plain))).statusCode).toBe(201);
  });

  it('never holds the account admin', async () => {
    const quote = await createQuote(t, admin);
    expect((await book(admin, bookingBody(quote))).statusCode).toBe(201);
  });
});

describe('deciding', () => {
  it('lets the booker see their own and the admin every one; other roles and accounts none', async () => {
    const { held } = await holdOne();
    expect((await clerk.get(`/api/approvals/${held.id}`)).statusCode).toBe(200);
    expect((await strict.get(`/api/approvals/${held.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/approvals/${held.id}`)).statusCode).toBe(404);
    const list = (await admin.get('/api/approvals?status=pending')).json();
    expect(list.data.map((a: { id: string }) => a.id)).toContain(held.id);
    expect(list.meta.pending).toBeGreaterThan(0);
    expect((await clerk.post(`/api/approvals/${held.id}/approve`, {})).statusCode).toBe(403);
    expect((await other.post(`/api/approvals/${held.id}/approve`, {})).statusCode).toBe(404);
  });

  it('approving books it as the shipper with the approver recorded, audited, and mails the shipper', async () => {
    const { held } = await holdOne();
    const res = await admin.post(`/api/approvals/${held.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    const { approval, shipment } = res.json().data;
    expect(approval.status).toBe('approved');
    expect(approval.decided_by.name).toBeTruthy();
    const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    const [clerkRow] = await t.database.db.select().from(users).where(eq(users.email, CLERK));
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.email, ADMIN));
    expect(row!.userId).toBe(clerkRow!.id);
    expect(row!.approvedBy).toBe(adminRow!.id);
    expect(shipment.booked_by).toEqual({ id: clerkRow!.id, name: 'limited Clerk' });
    expect(shipment.approved_by).toEqual({ id: adminRow!.id, name: `${adminRow!.firstName} ${adminRow!.lastName}` });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, shipment.id));
    expect(entries.map((e) => [e.action, e.shownToAccount])).toEqual([['booking.approved', true]]);
    expect((await lastMailTo(t, CLERK)).subject).toBe('Your booking was approved and booked');
    // Decided once: a second approval or a decline is a conflict.
    expect((await admin.post(`/api/approvals/${held.id}/approve`, {})).statusCode).toBe(409);
    expect((await admin.post(`/api/approvals/${held.id}/decline`, { reason: 'late' })).statusCode).toBe(409);
  });

  it('declining needs a reason, tells the shipper why, and books nothing', async () => {
    const { quote, held } = await holdOne();
    const empty = await admin.post(`/api/approvals/${held.id}/decline`, { reason: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual(['Reason is required']);
    const res = await admin.post(`/api/approvals/${held.id}/decline`, { reason: 'Use the cheaper carrier' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('declined');
    const mail = await lastMailTo(t, CLERK);
    expect(mail.subject).toBe('Your booking was declined');
    expect(mail.text).toContain('Use the cheaper carrier');
    expect(await t.database.db.select().from(shipments).where(eq(shipments.quoteId, quote.id))).toEqual([]);
  });

  it('a mailed link works once, for its admin only, and decides nothing by itself', async () => {
    const { held } = await holdOne();
    const token = (await lastMailTo(t, ADMIN)).text.match(/\/approvals\/link\/(\S+)/)![1]!;
    // Another account's admin: no such link for them.
    expect((await other.post(`/api/approvals/links/${token}`, {})).statusCode).toBe(404);
    const opened = await admin.post(`/api/approvals/links/${token}`, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({ approval_id: held.id, action: 'approve' });
    expect((await admin.get(`/api/approvals/${held.id}`)).json().data.status).toBe('pending');
    const again = await admin.post(`/api/approvals/links/${token}`, {});
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This approval link was already used. Open Approvals to see the booking.');
  });

  it('a link expires after seven days', async () => {
    await holdOne();
    const mail = await lastMailTo(t, ADMIN);
    const token = mail.text
      .match(/\/approvals\/link\/(\S+)/g)![1]!
      .split('/')
      .at(-1)!;
    // Seven days on, as the link was made to last (the clock itself would also end the sessions).
    await t.database.db
      .update(approvalLinks)
      .set({ expiresAt: t.clock.now })
      .where(eq(approvalLinks.tokenHash, sha256(token)));
    const res = await admin.post(`/api/approvals/links/${token}`, {});
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This approval link has expired. Open Approvals to see the booking.');
  });

  it('rates a held booking again once its rate expired, and books only at the new price approved', async () => {
    const { held } = await holdOne();
    await t.database.db.update(bookingApprovals).set({ rateExpiresAt: t.clock.now }).where(eq(bookingApprovals.id, held.id));
    const [row] = await t.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.id, held.id));
    await t.database.db.update(quotes).set({ expiresAt: t.clock.now }).where(eq(quotes.id, row!.quoteId!));
    const first = await admin.post(`/api/approvals/${held.id}/approve`, {});
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('approval_rerated');
    const [rerated] = await t.database.db.select().from(bookingApprovals).where(eq(bookingApprovals.id, held.id));
    expect(rerated!.quoteId).not.toBe(row!.quoteId);
    expect(rerated!.status).toBe('pending');
    const second = await admin.post(`/api/approvals/${held.id}/approve`, {});
    expect(second.statusCode).toBe(200);
    expect(second.json().data.shipment.quote_id ?? rerated!.quoteId).toBe(rerated!.quoteId);
  });
});

describe('a booking started from an eBay order', () => {
  /** An order of the demo store, quoted with `quoteId` as the eBay page marks it. */
  async function ebayOrderOf(quoteId: string, ebayOrderId: string) {
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, ADMIN));
    const [store] = await t.database.db
      .insert(ebayStores)
      .values({
        accountId: owner!.accountId!,
        connectedBy: owner!.id,
        ebayUser: `seller-${ebayOrderId}`,
        status: 'connected',
        createdAt: t.clock.now,
      })
      .returning();
    const [order] = await t.database.db
      .insert(ebayOrders)
      .values({
        storeId: store!.id,
        accountId: owner!.accountId!,
        ebayOrderId,
        orderedAt: t.clock.now,
        ebayModifiedAt: t.clock.now,
        buyer: 'roll-buyer',
        shipTo: {
          name: 'Rita Buyer',
          line1: '2200 Ross Ave',
          line2: '',
          city: 'Dallas',
          state: 'TX',
          postalCode: '75201',
          country: 'US',
          phone: '2145550100',
          email: '',
        },
        lineItems: [{ lineItemId: '1', sku: 'KP-36', title: 'Kraft paper rolls', quantity: 3 }],
        totalCents: 45_000,
        currency: 'USD',
        status: 'quoted',
        quoteId,
      })
      .returning();
    return order!;
  }
  const orderRow = async (id: string) => (await t.database.db.select().from(ebayOrders).where(eq(ebayOrders.id, id)))[0]!;
  const fulfilJob = async (orderId: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.key, orderId))).filter((j) => j.kind === 'ebay.fulfill');

  it('names the order, and approving ships it as a direct booking does: the tracking goes back to eBay', async () => {
    const quote = await createQuote(t, clerk);
    const order = await ebayOrderOf(quote.id, '11-20001-30001');
    const res = await book(clerk, bookingBody(quote));
    expect(res.statusCode).toBe(202);
    const held = res.json().data.approval;
    expect(held.ebay_orders).toEqual([{ id: order.id, ebay_order_id: '11-20001-30001', status: 'quoted' }]);
    expect((await admin.get(`/api/approvals/${held.id}`)).json().data.ebay_orders).toHaveLength(1);
    expect((await orderRow(order.id)).shipmentId).toBeNull();

    const approved = await admin.post(`/api/approvals/${held.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const { approval, shipment } = approved.json().data;
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', shipmentId: shipment.id });
    expect(await fulfilJob(order.id)).toHaveLength(1);
    expect(approval.ebay_orders).toEqual([{ id: order.id, ebay_order_id: '11-20001-30001', status: 'shipped' }]);

    // The same order quoted and booked at once by the admin: shipped alike.
    const direct = await createQuote(t, admin);
    const second = await ebayOrderOf(direct.id, '11-20001-30002');
    const booked = await book(admin, bookingBody(direct));
    expect(booked.statusCode).toBe(201);
    expect(await orderRow(second.id)).toMatchObject({ status: 'shipped', shipmentId: booked.json().data.id });
    expect(await fulfilJob(second.id)).toHaveLength(1);
  });

  it('keeps the order through a rate that expired and was rated again', async () => {
    const quote = await createQuote(t, clerk);
    const order = await ebayOrderOf(quote.id, '11-20001-30003');
    const held = (await book(clerk, bookingBody(quote))).json().data.approval;
    await t.database.db.update(quotes).set({ expiresAt: t.clock.now }).where(eq(quotes.id, quote.id));
    expect((await admin.post(`/api/approvals/${held.id}/approve`, {})).json().code).toBe('approval_rerated');
    const rerated = (await admin.get(`/api/approvals/${held.id}`)).json().data;
    expect(rerated.ebay_orders.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const approved = await admin.post(`/api/approvals/${held.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', shipmentId: approved.json().data.shipment.id });
  });
});
