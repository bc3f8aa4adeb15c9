import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import catalogs from '../../../../../packages/contracts/locales/server.es.json';
import { auditLog, shipments, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { text } from '../shipments/test-helpers';
import { insertShipment, userByEmail } from '../tracking/test-fixtures';

/**
 * Freight claims through the API (docs/claims.md). The fixture shipment goes to Dallas (the
 * delivery place's day is Chicago's zone), carries 3 pieces of 1,460 lb declared at $12,500, and
 * was delivered on Tuesday Nov 24 2026 (Thanksgiving and the day after are closed): its
 * concealed-damage notice is due Thursday Dec 3, its filing by Aug 24 2027.
 */
let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
let accounting: TestClient;
/** Claims filed on Dec 1 for the queue's later checks. */
const queued: string[] = [];
/** The claim staff acknowledged, decided and paid on Dec 1. */
const settled: { number: string }[] = [];

/** The reminders mailed to the demo shipper of one claim, by subject. */
async function remindersOf(number: string) {
  return (await mailsTo(t, 'shipper@demo.test')).map((m) => m.subject).filter((subject) => subject.includes(number));
}

/**
 * Moves the clock on (never back: a staff code of an earlier minute was used already), and signs
 * everyone in again, since a session idle for days has ended.
 */
async function at(iso: string) {
  t.clock.now = new Date(iso);
  shipper = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  ops = await t.client().login('ops@demo.test');
  accounting = await t.client().login('accounting@demo.test');
}

async function deliveredShipment(over: Partial<typeof shipments.$inferInsert> = {}) {
  const row = await insertShipment(t.database.db);
  await t.database.db
    .update(shipments)
    .set({ status: 'delivered', deliveredAt: new Date('2026-11-24T20:00:00Z'), ...over })
    .where(eq(shipments.id, row.id));
  return row.id;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** Uploads a photo as the support chat does, answering its id. */
async function upload(c: TestClient) {
  const res = await c.request({
    method: 'POST',
    url: `/api/support/attachments?name=${encodeURIComponent('crushed corner.png')}`,
    payload: PNG,
    headers: { 'content-type': 'image/png' },
  });
  return res.json().data.id as string;
}

async function staffUser(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

const line = (over: Record<string, unknown> = {}) => ({
  description: 'Pallet of tiles, crushed corner',
  pieces: 1,
  amount_cents: 150_000,
  ...over,
});
const claimBody = (over: Record<string, unknown> = {}) => ({
  kind: 'concealed_damage',
  description: 'Found broken tiles when the pallets were unwrapped.',
  lines: [line()],
  ...over,
});
const file = (c: TestClient, shipmentId: string, over: Record<string, unknown> = {}) =>
  c.post(`/api/shipments/${shipmentId}/claims`, claimBody(over));

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: new Date('2026-12-01T18:00:00Z') });
  await at('2026-12-01T18:00:00Z');
});
afterAll(() => t.close());

describe('filing a claim', () => {
  it('files a concealed-damage claim with its clocks, liability and amount', async () => {
    const id = await deliveredShipment();
    const res = await file(shipper, id, { freight_cents: 10_000, salvage_cents: 20_000, commercial_invoice_cents: 200_000 });
    expect(res.statusCode).toBe(201);
    const claim = res.json().data;
    expect(claim).toMatchObject({
      shipment_id: id,
      kind: 'concealed_damage',
      status: 'filed',
      currency: 'USD',
      goods_cents: 150_000,
      amount_cents: 140_000,
      liability_basis: 'declared',
      liability_cents: 1_250_000,
      delivered_on: '2026-11-24',
      notice_late: false,
      overdue: false,
      lines: [{ description: 'Pallet of tiles, crushed corner', pieces: 1, amount_cents: 150_000 }],
      messages: [],
      decision: null,
      payment: null,
    });
    expect(claim.number).toMatch(/^CL-\d{6}$/);
    // Filed Dec 1: the carrier acknowledges by Dec 31 and decides by Mar 31 (30 + 31 + 28 + 31 days).
    expect(claim.clocks).toEqual({
      notice: { due_on: '2026-12-03', met_on: '2026-12-01', state: 'met', late: false, days_left: null },
      filing: { due_on: '2027-08-24', met_on: '2026-12-01', state: 'met', late: false, days_left: null },
      acknowledgement: { due_on: '2026-12-31', met_on: null, state: 'open', late: false, days_left: 30 },
      decision: { due_on: '2027-03-31', met_on: null, state: 'open', late: false, days_left: 120 },
    });
  });

  it('keeps each line within its share of the liability, in English and Spanish', async () => {
    const id = await deliveredShipment();
    // $12,500 over 3 pieces: one piece's share is $4,166.66.
    const over = await file(shipper, id, { lines: [line({ amount_cents: 416_667 })] });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ 'lines.0.amount_cents': [text('validation.claim_line_over_bound')] });
    expect((await file(shipper, id, { lines: [line({ amount_cents: 416_666 })] })).statusCode).toBe(201);

    await shipper.put('/api/settings', { language: 'es' });
    const tooMany = await file(shipper, id, { lines: [line({ pieces: 2 }), line({ pieces: 2 })], salvage_cents: 400_000 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({
      lines: [catalogs.validation.claim_pieces_over],
      salvage_cents: [catalogs.validation.claim_salvage_over],
    });
    await shipper.put('/api/settings', { language: 'en' });
  });

  it('bounds a shipment without a declared value at $25 a pound, and freight claimed back at what it cost', async () => {
    const id = await deliveredShipment({ declaredValueCents: 0 });
    const res = await file(shipper, id, {
      kind: 'visible_damage',
      lines: [line({ pieces: 3, amount_cents: 3_650_000 })],
      freight_cents: 48_731,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ liability_basis: 'per_pound', liability_cents: 3_650_000, amount_cents: 3_698_731 });
    const freight = await file(shipper, id, { kind: 'visible_damage', freight_cents: 48_732 });
    expect(freight.json().errors).toEqual({ freight_cents: [text('validation.claim_freight_over_paid')] });
  });

  it('takes a loss once a moving shipment is past its delivery date, and damage only once delivered', async () => {
    const moving = await insertShipment(t.database.db, { status: 'in_transit', estimatedDelivery: '2026-11-27' });
    const damage = await file(shipper, moving.id, { kind: 'visible_damage' });
    expect(damage.json().errors).toEqual({ kind: [text('validation.claim_not_claimable')] });
    const loss = await file(shipper, moving.id, { kind: 'loss', lines: [line({ pieces: 3, amount_cents: 1_250_000 })] });
    expect(loss.statusCode).toBe(201);
    expect(loss.json().data).toMatchObject({
      delivered_on: null,
      expected_delivery_on: '2026-11-27',
      clocks: { notice: null, filing: { due_on: '2027-08-27' } },
    });
    const onTime = await insertShipment(t.database.db, { status: 'in_transit', estimatedDelivery: '2026-12-02' });
    expect((await file(shipper, onTime.id, { kind: 'loss' })).json().errors).toEqual({ kind: [text('validation.claim_not_claimable')] });
  });

  it("answers 404 for another account's shipment and claim, and lists only the account's own", async () => {
    const id = await deliveredShipment();
    const claim = (await file(shipper, id)).json().data;
    expect((await file(other, id)).statusCode).toBe(404);
    expect((await other.get(`/api/claims/${claim.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/claims/${claim.id}/messages`, { body: 'Mine?' })).statusCode).toBe(404);
    expect((await other.get('/api/claims')).json().data).toEqual([]);
    expect((await shipper.get('/api/claims/not-an-id')).statusCode).toBe(404);
    const mine = (await shipper.get('/api/claims')).json().data as { id: string }[];
    expect(mine.map((c) => c.id)).toContain(claim.id);
  });
});

describe('staff on a claim', () => {
  it('queues open claims oldest first with overdue flags, and only for those who handle claims', async () => {
    const claim = (await file(shipper, await deliveredShipment())).json().data;
    queued.push(claim.id);
    const queue = (await ops.get('/api/admin/claims')).json();
    const filed = (queue.data as { filed_at: string }[]).map((c) => c.filed_at);
    expect(filed).toEqual([...filed].sort());
    expect(queue.data.find((c: { id: string }) => c.id === claim.id)).toMatchObject({
      account_name: 'Demo Shipper Co',
      overdue: false,
      assignee: null,
    });
    expect((await (await t.client().login('sales@demo.test')).get('/api/admin/claims')).statusCode).toBe(403);
  });

  it("lists one shipment's claims, closed ones too, to staff who handle claims; a malformed shipment id is a 422", async () => {
    const shipmentId = await deliveredShipment();
    const first = (await file(shipper, shipmentId)).json().data;
    t.clock.advanceMinutes(1);
    const second = (await file(shipper, shipmentId, { kind: 'visible_damage' })).json().data;
    const elsewhere = (await file(shipper, await deliveredShipment())).json().data;
    // The first is declined and closed: off the queue, still the shipment's.
    const url = `/api/admin/claims/${first.id}`;
    expect((await accounting.post(`${url}/decision`, { decision: 'declined', reason: 'Not noted at delivery' })).statusCode).toBe(200);
    expect((await accounting.post(`${url}/close`, {})).statusCode).toBe(200);

    const ofShipment = (await ops.get(`/api/admin/claims?shipment_id=${shipmentId}`)).json();
    expect(ofShipment.has_more).toBe(false);
    expect(ofShipment.data.map((c: { number: string; status: string }) => [c.number, c.status])).toEqual([
      [first.number, 'closed'],
      [second.number, 'filed'],
    ]);
    expect(ofShipment.data[1]).toMatchObject({ shipment_id: shipmentId, account_name: 'Demo Shipper Co', amount_cents: 150_000 });
    const closedOnly = (await ops.get(`/api/admin/claims?shipment_id=${shipmentId}&status=closed`)).json().data;
    expect(closedOnly.map((c: { id: string }) => c.id)).toEqual([first.id]);
    const queue = (await ops.get('/api/admin/claims')).json().data as { id: string }[];
    expect(queue.map((c) => c.id)).toEqual(expect.arrayContaining([second.id, elsewhere.id]));
    expect(queue.map((c) => c.id)).not.toContain(first.id);
    expect((await ops.get(`/api/admin/claims?shipment_id=${await deliveredShipment()}`)).json()).toEqual({ data: [], has_more: false });

    const malformed = await ops.get('/api/admin/claims?shipment_id=not-a-uuid');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ code: 'validation', errors: { shipment_id: [text('validation.invalid')] } });
    expect(malformed.json().message).toEqual(expect.any(String));

    // Staff-only as the rest of /api/admin/claims: a sales rep and the shipper are refused as there.
    const sales = await t.client().login('sales@demo.test');
    expect((await sales.get(`/api/admin/claims?shipment_id=${shipmentId}`)).statusCode).toBe(403);
    const shipperQueue = (await shipper.get('/api/admin/claims')).statusCode;
    expect(shipperQueue).toBeGreaterThanOrEqual(400);
    expect((await shipper.get(`/api/admin/claims?shipment_id=${shipmentId}`)).statusCode).toBe(shipperQueue);
  });

  it('assigns, writes, records the carrier, its acknowledgement, decision and payment, each audited', async () => {
    const claim = (await file(shipper, await deliveredShipment())).json().data;
    settled.push(claim);
    const url = `/api/admin/claims/${claim.id}`;
    const alma = await staffUser('accounting@demo.test');
    const sal = await staffUser('sales@demo.test');

    expect((await ops.put(`${url}/assignee`, { assignee_id: sal.id })).json().errors).toEqual({
      assignee_id: [text('validation.assignee_not_staff')],
    });
    expect((await ops.put(`${url}/assignee`, { assignee_id: alma.id })).json().data.assignee).toEqual({
      id: alma.id,
      name: 'Alma Accounting',
    });

    // A minute apart, as people write: the thread is in the order written.
    expect((await shipper.post(`/api/claims/${claim.id}/messages`, { body: 'Photos are on the way.' })).statusCode).toBe(201);
    t.clock.advanceMinutes(1);
    expect((await accounting.post(`${url}/messages`, { body: 'Sent to the carrier.' })).statusCode).toBe(201);
    t.clock.advanceMinutes(1);
    await accounting.post(`${url}/messages`, { author: 'carrier', body: 'We will inspect on Monday.' });

    const ack = await accounting.post(`${url}/acknowledgement`, { carrier_claim_number: 'OD-55120' });
    expect(ack.json().data).toMatchObject({
      status: 'acknowledged',
      carrier_claim_number: 'OD-55120',
      clocks: { acknowledgement: { state: 'met' } },
    });
    expect((await accounting.post(`${url}/acknowledgement`, {})).statusCode).toBe(409);
    expect((await accounting.post(`${url}/payment`, { amount_cents: 1, reference: 'CHK 1' })).statusCode).toBe(409);

    const noReason = await accounting.post(`${url}/decision`, { decision: 'paid_in_part', decided_amount_cents: 100_000 });
    expect(noReason.json().errors).toEqual({ reason: [text('validation.required')] });
    const tooMuch = await accounting.post(`${url}/decision`, {
      decision: 'paid_in_part',
      reason: 'Depreciation',
      decided_amount_cents: 150_001,
    });
    expect(tooMuch.json().errors).toEqual({ decided_amount_cents: [text('validation.claim_decided_amount_over')] });
    const decided = await accounting.post(`${url}/decision`, {
      decision: 'paid_in_part',
      reason: 'Depreciation',
      decided_amount_cents: 120_000,
    });
    expect(decided.json().data).toMatchObject({
      status: 'decided',
      decision: { decision: 'paid_in_part', reason: 'Depreciation', amount_cents: 120_000 },
    });

    expect((await accounting.post(`${url}/payment`, { amount_cents: 120_001, reference: 'CHK 9912' })).json().errors).toEqual({
      amount_cents: [text('validation.claim_payment_over')],
    });
    const paid = await accounting.post(`${url}/payment`, { amount_cents: 120_000, reference: 'CHK 9912' });
    expect(paid.json().data).toMatchObject({ status: 'paid', payment: { amount_cents: 120_000, reference: 'CHK 9912' } });

    // The shipper follows it all, the carrier's word under the carrier's name.
    const seen = (await shipper.get(`/api/claims/${claim.id}`)).json().data;
    expect(seen.messages.map((m: { author: string; name: string }) => [m.author, m.name])).toEqual([
      ['shipper', 'Dana Shipper'],
      ['staff', 'Alma Accounting'],
      ['carrier', claim.carrier_name],
    ]);
    expect(seen).not.toHaveProperty('assignee');

    const entries = await t.database.db
      .select({ action: auditLog.action, label: auditLog.targetLabel, accountId: auditLog.accountId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, claim.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(
      ['claim.acknowledge', 'claim.assign', 'claim.decide', 'claim.message', 'claim.message', 'claim.pay'].sort(),
    );
    const { accountId } = await userByEmail(t.database.db, 'shipper@demo.test');
    expect(entries.every((e) => e.label === claim.number && e.accountId === accountId)).toBe(true);
  });
});

describe('files of a claim', () => {
  it("sends the writer's own uploads with a message, once, to the claim's readers only", async () => {
    const claim = (await file(shipper, await deliveredShipment())).json().data;
    const photo = await upload(shipper);
    const res = await shipper.post(`/api/claims/${claim.id}/messages`, { body: 'The photo.', attachment_ids: [photo] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.messages[0].attachments).toEqual([
      { id: photo, file_name: 'crushed corner.png', content_type: 'image/png', size: PNG.length },
    ]);

    const mine = await shipper.get(`/api/claims/${claim.id}/attachments/${photo}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await ops.get(`/api/admin/claims/${claim.id}/attachments/${photo}`)).statusCode).toBe(200);
    expect((await other.get(`/api/claims/${claim.id}/attachments/${photo}`)).statusCode).toBe(404);

    // Used once; and another's upload is not the writer's to send.
    const again = await shipper.post(`/api/claims/${claim.id}/messages`, { body: 'Again.', attachment_ids: [photo] });
    expect(again.json().errors).toEqual({ attachment_ids: [text('validation.attachment_unknown')] });
    const theirs = await upload(other);
    const stolen = await ops.post(`/api/admin/claims/${claim.id}/messages`, { body: 'Theirs.', attachment_ids: [theirs] });
    expect(stolen.statusCode).toBe(422);
    const thread = (await shipper.get(`/api/claims/${claim.id}`)).json().data.messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual(['The photo.']);
  });
});

// The clock only moves on from here.
describe('as the days pass', () => {
  it('takes concealed damage after its 5 business days, flagged late', async () => {
    // Friday Dec 4, 8 AM in Dallas: the notice was due Thursday.
    await at('2026-12-04T14:00:00Z');
    const res = await file(shipper, await deliveredShipment());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ notice_late: true, clocks: { notice: { due_on: '2026-12-03', state: 'met', late: true } } });
  });

  it("mails the filer a week before the carrier's acknowledgement is due, once, and not for a claim acknowledged", async () => {
    const [id] = queued;
    const { number } = (await shipper.get(`/api/claims/${id}`)).json().data;
    await at('2026-12-24T07:00:00Z'); // 1 AM Dec 24 in Dallas: a week before Dec 31.
    await t.app.jobs.runDue(50);
    await t.app.jobs.runDue(50);
    expect(await remindersOf(number)).toEqual([`Claim ${number}: the carrier must acknowledge it by 2026-12-31`]);
    for (const paid of settled) expect(await remindersOf(paid.number)).toEqual([]);
  });

  it('flags a claim whose acknowledgement is past due, and the overdue filter finds it', async () => {
    const [id] = queued;
    await at('2027-01-01T18:00:00Z'); // Acknowledgement was due Dec 31.
    const overdue = (await accounting.get('/api/admin/claims?overdue=true')).json().data as { id: string; overdue: boolean }[];
    expect(overdue.find((c) => c.id === id)).toMatchObject({ overdue: true });
    expect(overdue.every((c) => c.overdue)).toBe(true);
    const view = (await ops.get(`/api/admin/claims/${id}`)).json().data;
    expect(view.clocks.acknowledgement).toMatchObject({ state: 'overdue', days_left: -1 });
    await t.app.jobs.runDue(50);
    expect((await remindersOf(view.number)).at(-1)).toBe(`Claim ${view.number}: the carrier has not acknowledged it in time`);
  });

  it('refuses a claim after its 9 months, takes it on the last day', async () => {
    const id = await deliveredShipment();
    await at('2027-08-25T04:30:00Z'); // 23:30 Aug 24 in Dallas.
    expect((await file(shipper, id, { kind: 'shortage' })).statusCode).toBe(201);
    await at('2027-08-25T05:30:00Z'); // 00:30 Aug 25 in Dallas: the day after the last.
    const late = await file(shipper, id, { kind: 'shortage' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ kind: [text('validation.claim_filing_deadline')] });
  });
});
