import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { deliveredShipment } from '../invoices/test-helpers';
import { insertShipment } from '../tracking/test-fixtures';

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
let ops: TestClient;
let sales: TestClient;
const db = () => t.database.db;
const NO_SUCH = '00000000-0000-4000-8000-000000000000';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  // Remembered sessions: the mail tests move the clock on.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
  ops = await t.client().login('ops@demo.test', undefined, true);
  sales = await t.client().login('sales@demo.test', undefined, true);
});
afterAll(() => t.close());

type Conversation = {
  id: string;
  state: string;
  unread: number;
  reference: string | null;
  shipment_id: string | null;
  invoice_id: string | null;
  other_side_read_at: string | null;
  messages: {
    id: string;
    body: string;
    from_staff: boolean;
    internal: boolean;
    author: string;
    attachments: { id: string; url: string }[];
  }[];
};

const open = async (c: TestClient, body: Record<string, unknown> = {}) => {
  const res = await c.post('/api/support/conversations', { category: 'shipping', message: 'Where is my freight?', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Conversation;
};
const read = async (c: TestClient, id: string) => (await c.get(`/api/support/conversations/${id}`)).json().data as Conversation;
const staffRead = async (c: TestClient, id: string) =>
  (await c.get(`/api/admin/support/conversations/${id}`)).json().data as Conversation & {
    assignee: { id: string } | null;
    first_response_minutes: number;
  };
const upload = (c: TestClient, content: Buffer, type = 'image/png', path = '/api/support/attachments') =>
  c.request({
    method: 'POST',
    url: `${path}?name=${encodeURIComponent('dock photo.png')}`,
    payload: content,
    headers: { 'content-type': type },
  });

describe('opening a conversation', () => {
  it('needs an issue category, in the spec words, and a message', async () => {
    const res = await shipper.post('/api/support/conversations', { message: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category).toEqual(['Please select an issue category']);
    expect(res.json().errors.message).toEqual(['Field is required']);
    const es = await t.client().login('prepaid@demo.test');
    await db()
      .update(userSettings)
      .set({ language: 'es' })
      .where(eq(userSettings.userId, (await db().select().from(users).where(eq(users.email, 'prepaid@demo.test')))[0]!.id));
    expect((await es.post('/api/support/conversations', { message: 'hola' })).json().errors.category).toEqual([
      'Por favor seleccione una categoría de problema',
    ]);
  });

  it("links a BOL or invoice number of the caller's account, and refuses another account's", async () => {
    const mine = await insertShipment(db(), { email: 'shipper@demo.test' });
    const theirs = await insertShipment(db(), { email: 'other@demo.test' });
    const linked = await open(shipper, { reference: mine.bolNumber.toLowerCase() });
    expect(linked).toMatchObject({ reference: mine.bolNumber, shipment_id: mine.id, invoice_id: null, state: 'open' });
    const refused = await shipper.post('/api/support/conversations', { category: 'shipping', reference: theirs.bolNumber, message: 'Hi' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.reference).toEqual(['No shipment (BOL) or invoice of your account has this number']);
    const { invoice } = await deliveredShipment(t, { email: 'shipper@demo.test' });
    const billing = await open(shipper, { category: 'billing', reference: invoice!.number, message: 'This charge looks wrong' });
    expect(billing).toMatchObject({ reference: invoice!.number, invoice_id: invoice!.id, shipment_id: null });
  });
});

describe('a thread between a customer and staff', () => {
  it('carries replies, internal notes the customer never sees, states and read marks both ways', async () => {
    const c = await open(shipper, { message: 'My pickup did not happen' });
    // Staff read it: the customer sees the read mark.
    expect((await ops.post(`/api/admin/support/conversations/${c.id}/read`)).statusCode).toBe(204);
    expect((await read(shipper, c.id)).other_side_read_at).not.toBeNull();
    t.clock.advanceMinutes(1);
    const note = await ops.post(`/api/admin/support/conversations/${c.id}/messages`, {
      body: 'Carrier missed it, rebooking',
      internal: true,
    });
    expect(note.statusCode).toBe(201);
    const reply = await ops.post(`/api/admin/support/conversations/${c.id}/messages`, { body: 'We are rescheduling it for tomorrow.' });
    expect(reply.statusCode).toBe(201);
    const seen = await read(shipper, c.id);
    expect(seen.state).toBe('waiting');
    expect(seen.unread).toBe(1);
    expect(seen.messages.map((m) => m.body)).toEqual(['My pickup did not happen', 'We are rescheduling it for tomorrow.']);
    // Customers see a staff author by first name.
    expect(seen.messages[1]!.author).toBe('Otto');
    const list = (await shipper.get('/api/support/conversations')).json();
    expect(list.meta.unread).toBeGreaterThanOrEqual(1);
    // The customer reads: staff see the read mark; the customer's unread is gone.
    t.clock.advanceMinutes(1);
    await shipper.post(`/api/support/conversations/${c.id}/read`);
    expect((await read(shipper, c.id)).unread).toBe(0);
    const staffView = await staffRead(ops, c.id);
    expect(staffView.other_side_read_at).not.toBeNull();
    expect(staffView.messages.map((m) => [m.body, m.internal])).toContainEqual(['Carrier missed it, rebooking', true]);
    // Staff resolve; the customer reopens by writing.
    expect((await ops.post(`/api/admin/support/conversations/${c.id}/resolve`)).json().data.state).toBe('resolved');
    expect((await read(shipper, c.id)).state).toBe('resolved');
    t.clock.advanceMinutes(1);
    expect((await shipper.post(`/api/support/conversations/${c.id}/messages`, { body: 'It did not come again' })).statusCode).toBe(201);
    expect((await read(shipper, c.id)).state).toBe('open');
    await ops.post(`/api/admin/support/conversations/${c.id}/resolve`);
    expect((await shipper.post(`/api/support/conversations/${c.id}/reopen`)).json().data.state).toBe('open');
    // Every staff write is audited.
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, c.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['support.note', 'support.reply', 'support.resolve']));
  });

  it('keeps messages as text', async () => {
    const body = '<img src=x onerror=alert(1)> =SUM(A1)';
    const c = await open(shipper, { message: body });
    expect((await read(shipper, c.id)).messages[0]!.body).toBe(body);
  });

  it('assigns to staff only, and the inbox filters, searches and counts', async () => {
    const c = await open(other, { category: 'quoting', message: 'Can you beat this rate to Miami?' });
    t.clock.advanceMinutes(1);
    const staff = (await sales.get('/api/admin/support/assignees')).json().data as { id: string; name: string }[];
    const otto = staff.find((s) => s.name === 'Otto Ops')!;
    expect(staff.map((s) => s.name)).not.toContain('Fern Feature');
    const bad = await sales.post(`/api/admin/support/conversations/${c.id}/assign`, { assignee_id: NO_SUCH });
    expect(bad.statusCode).toBe(422);
    expect((await sales.post(`/api/admin/support/conversations/${c.id}/assign`, { assignee_id: otto.id })).json().data.assignee.id).toBe(
      otto.id,
    );
    const mine = (await ops.get('/api/admin/support/conversations?assignee=me&category=quoting')).json().data as { id: string }[];
    expect(mine.map((r) => r.id)).toEqual([c.id]);
    const found = (await ops.get('/api/admin/support/conversations?q=miami')).json().data as { id: string; account: { name: string } }[];
    expect(found.map((r) => r.id)).toEqual([c.id]);
    expect(found[0]!.account.name).toBe('Other Freight LLC');
    const summary = (await ops.get('/api/admin/support/summary')).json().data;
    expect(summary.unread_mine).toBe(1);
    expect(summary.unread).toBeGreaterThanOrEqual(1);
    await ops.post(`/api/admin/support/conversations/${c.id}/read`);
    expect((await ops.get('/api/admin/support/summary')).json().data.unread_mine).toBe(0);
  });

  it('offers canned answers in both languages, created and deleted by staff (audited)', async () => {
    const created = await ops.post('/api/admin/support/canned-answers', {
      title: 'Rescheduled pickup',
      body_en: 'We rescheduled it.',
      body_es: 'La reprogramamos.',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await ops.get('/api/admin/support/canned-answers')).json().data).toContainEqual({
      id,
      title: 'Rescheduled pickup',
      body_en: 'We rescheduled it.',
      body_es: 'La reprogramamos.',
    });
    expect((await ops.post('/api/admin/support/canned-answers', { title: '' })).statusCode).toBe(422);
    expect((await ops.request({ method: 'DELETE', url: `/api/admin/support/canned-answers/${id}` })).statusCode).toBe(204);
    expect((await db().select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action)).toEqual([
      'support.canned_answer.create',
      'support.canned_answer.delete',
    ]);
  });
});

describe('attachments', () => {
  it('takes images and PDFs by their content, up to 10 MB, served to the account and staff only', async () => {
    const res = await upload(shipper, PNG);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().data;
    expect(file).toMatchObject({ file_name: 'dock photo.png', content_type: 'image/png', size: PNG.length });
    const html = await upload(shipper, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file).toEqual(['Attach images (PNG, JPEG, GIF, WebP) or PDF files only']);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(shipper, big, 'application/pdf')).json().errors.file).toEqual(['A file can be at most 10 MB']);
    // Another customer cannot claim or read it.
    const stolen = await other.post('/api/support/conversations', { category: 'other', message: 'mine now', attachment_ids: [file.id] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors.attachment_ids).toEqual(['This attachment was not found; upload it again']);
    const c = await open(shipper, { message: 'Photo of the damage', attachment_ids: [file.id] });
    const sent = c.messages[0]!.attachments[0]!;
    expect(sent.url).toBe(`/api/support/attachments/${file.id}`);
    const got = await shipper.get(sent.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect((await other.get(sent.url)).statusCode).toBe(404);
    expect((await ops.get(`/api/admin/support/attachments/${file.id}`)).statusCode).toBe(200);
    // Staff attach a PDF to an internal note: the customer never gets it.
    const pdf = (await upload(ops, Buffer.from('%PDF-1.4\n%%EOF'), 'application/pdf', '/api/admin/support/attachments')).json().data;
    await ops.post(`/api/admin/support/conversations/${c.id}/messages`, { body: 'Claim form', internal: true, attachment_ids: [pdf.id] });
    expect((await shipper.get(`/api/support/attachments/${pdf.id}`)).statusCode).toBe(404);
    const pdfRes = await ops.get(`/api/admin/support/attachments/${pdf.id}`);
    expect(pdfRes.headers['content-disposition']).toMatch(/^attachment;/);
  });
});

describe('account isolation', () => {
  it('another account gets 404 for every endpoint of a conversation, and never lists it', async () => {
    const c = await open(shipper, { message: 'Private question' });
    expect((await other.get(`/api/support/conversations/${c.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/support/conversations/${c.id}/messages`, { body: 'hi' })).statusCode).toBe(404);
    expect((await other.post(`/api/support/conversations/${c.id}/read`)).statusCode).toBe(404);
    expect((await other.post(`/api/support/conversations/${c.id}/reopen`)).statusCode).toBe(404);
    const listed = (await other.get('/api/support/conversations?per_page=100')).json().data as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(c.id);
    expect((await read(shipper, c.id)).messages).toHaveLength(1);
  });

  it('needs a signed-in customer; the inbox needs staff', async () => {
    expect((await t.client().get('/api/support/conversations')).statusCode).toBe(401);
    expect((await ops.get('/api/support/conversations')).statusCode).toBe(403);
    expect((await shipper.get('/api/admin/support/conversations')).statusCode).toBe(403);
    const feature = await t.client().login('feature@demo.test');
    expect((await feature.get('/api/admin/support/conversations')).statusCode).toBe(403);
    // Hours are public: the Support dialog shows them before sign-in too.
    const hours = (await t.client().get('/api/support/hours')).json().data;
    expect(hours).toMatchObject({ phone: '(312) 555-0150', time_zone: 'America/Chicago', opens_at: '08:00', closes_at: '18:00' });
    expect(typeof hours.open_now).toBe('boolean');
  });
});

describe('the unread-reply mail', () => {
  // Only the mails about support: the background jobs run here also mail the demo's shipment alerts.
  const supportMailsTo = async (email: string) => (await mailsTo(t, email)).filter((m) => m.text.includes('/support/'));

  it('mails the customer a few minutes after an unread staff reply, once, with the link', async () => {
    const c = await open(shipper, { message: 'Need a delivery appointment' });
    t.clock.advanceMinutes(1);
    await ops.post(`/api/admin/support/conversations/${c.id}/messages`, { body: 'Booked for Friday 9am.' });
    const before = (await supportMailsTo('shipper@demo.test')).length;
    await t.app.jobs.runDue(100);
    expect((await supportMailsTo('shipper@demo.test')).length).toBe(before);
    t.clock.advanceMinutes(6);
    await t.app.jobs.runDue(100);
    const mails = await supportMailsTo('shipper@demo.test');
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('Support answered your question');
    expect(mails.at(-1)!.text).toContain('Booked for Friday 9am.');
    expect(mails.at(-1)!.text).toContain(`/support/${c.id}`);
    // Nothing more for the same reply.
    t.clock.advanceMinutes(10);
    await t.app.jobs.runDue(100);
    expect((await supportMailsTo('shipper@demo.test')).length).toBe(before + 1);
  });

  it('sends nothing when the customer read the reply, or turned customer service mail off', async () => {
    const c = await open(shipper, { message: 'Quick one' });
    await ops.post(`/api/admin/support/conversations/${c.id}/messages`, { body: 'Answered.' });
    await shipper.post(`/api/support/conversations/${c.id}/read`);
    const before = (await supportMailsTo('other@demo.test')).length + (await supportMailsTo('shipper@demo.test')).length;
    const d = await open(other, { message: 'Another' });
    const [user] = await db().select().from(users).where(eq(users.email, 'other@demo.test'));
    const [settings] = await db().select().from(userSettings).where(eq(userSettings.userId, user!.id));
    await db()
      .update(userSettings)
      .set({ subscriptions: { ...settings!.subscriptions, customer_service: false } })
      .where(eq(userSettings.userId, user!.id));
    await ops.post(`/api/admin/support/conversations/${d.id}/messages`, { body: 'Answered too.' });
    t.clock.advanceMinutes(6);
    await t.app.jobs.runDue(100);
    expect((await supportMailsTo('other@demo.test')).length + (await supportMailsTo('shipper@demo.test')).length).toBe(before);
    await db().update(userSettings).set({ subscriptions: settings!.subscriptions }).where(eq(userSettings.userId, user!.id));
  });
});

describe('sending is rate limited per user', () => {
  it('refuses the 31st message in a minute with 429, and only for that user', async () => {
    const flooder = await t.client().login('prepaid@demo.test', undefined, true);
    const c = await open(flooder, { message: 'first' });
    let last = 201;
    for (let i = 0; i < 30 && last === 201; i++)
      last = (await flooder.post(`/api/support/conversations/${c.id}/messages`, { body: `spam ${i}` })).statusCode;
    expect(last).toBe(429);
    expect((await other.post('/api/support/conversations', { category: 'other', message: 'I am fine' })).statusCode).toBe(201);
    t.clock.advanceMinutes(2);
    expect((await flooder.post(`/api/support/conversations/${c.id}/messages`, { body: 'later' })).statusCode).toBe(201);
  });
});
