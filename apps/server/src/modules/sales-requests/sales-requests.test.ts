import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesRequests, users } from '../../db/schema';
import { salesRequestMail } from '../../mail/templates';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { businessDay } from '../shipments/test-helpers';
import { SALES_REQUESTS_PER_HOUR } from './sales-requests.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SALES = 'sales@freight-portal.test';

const pallet = { package_type: 'pallets', quantity: 7, length: 48, width: 40, height: 50, weight: 400, stackable: true, hazardous: false };
const sevenPallets = () => ({
  mode: 'ltl',
  pickup_date: businessDay(t),
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '75201', country: 'US', site_type: 'residential' },
  items: [pallet],
  accessorials: ['liftgate_delivery'],
  insured_value: 0,
  client_ref: 'PO-77',
});
const contact = { name: 'Dana Shipper', email: 'Dana@Example.test', phone: '(312) 555-0147', notes: 'Dock closes at 4 pm.\nCall first.' };

async function quoteOf(c: TestClient) {
  const res = await c.post('/api/quotes', sevenPallets());
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; messages: { key: string }[] };
}
const shipper = () => t.client().login('shipper@demo.test');

describe('POST /api/quotes/:id/sales-request', () => {
  it('stores the request, mails the sales desk the quote and the contact, and answers 201 {id, created_at}', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    expect(quote.messages.map((m) => m.key)).toContain('quote.no_rate.volume_pallets');
    const before = (await mailsTo(t, SALES)).length;

    const res = await c.post(`/api/quotes/${quote.id}/sales-request`, contact);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body.data).sort()).toEqual(['created_at', 'id']);
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.created_at).toBe(t.clock.now.toISOString());

    const [row] = await t.database.db.select().from(salesRequests).where(eq(salesRequests.id, body.data.id));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
    expect(row).toMatchObject({
      quoteId: quote.id,
      userId: user!.id,
      accountId: user!.accountId,
      name: 'Dana Shipper',
      email: 'dana@example.test',
      phone: '(312) 555-0147',
      notes: 'Dock closes at 4 pm.\nCall first.',
    });

    const mails = await mailsTo(t, SALES);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Quote request for sales: LTL 60606 US to 75201 US');
    for (const part of [
      'Name: Dana Shipper',
      'Email: dana@example.test',
      'Phone: (312) 555-0147',
      'Account: Demo Shipper Co',
      'shipper@demo.test',
      'Dock closes at 4 pm.\nCall first.',
      `Quote ${quote.id}`,
      'Mode: LTL',
      `Pickup date: ${businessDay(t)}`,
      'Origin: 60606 US Chicago, IL (business)',
      'Destination: 75201 US Dallas, TX (residential)',
      '1. 7 x pallets, 48 x 40 x 50 in, 400 lb each',
      'Accessorials: liftgate_delivery',
      'Insured value: 0 USD',
      'Client reference: PO-77',
      'Shipments of 7 or more pallets (partial or full truckload) have no online quote.',
      `Request ${body.data.id}`,
    ]) {
      expect(mail.text).toContain(part);
    }
  });

  it('works from another session of the account, with notes left out', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    const colleague = await t.client().login('shipper@demo.test');
    const { notes: _n, ...noNotes } = contact;
    const res = await colleague.post(`/api/quotes/${quote.id}/sales-request`, noNotes);
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(salesRequests).where(eq(salesRequests.id, res.json().data.id));
    expect(row!.notes).toBeNull();
    expect((await mailsTo(t, SALES)).at(-1)!.text).toContain('Notes:\nnone');
  });

  it('lists a truckload’s extra stops in route order, between origin and destination', async () => {
    const c = await shipper();
    const res = await c.post('/api/quotes', {
      ...sevenPallets(),
      mode: 'truckload',
      equipment_type: 'dry_van',
      accessorials: [],
      stops: [
        { kind: 'drop', postal_code: '46204', country: 'US' },
        { kind: 'pickup', postal_code: '63101', country: 'US' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect((await c.post(`/api/quotes/${res.json().data.id}/sales-request`, contact)).statusCode).toBe(201);
    const text = (await mailsTo(t, SALES)).at(-1)!.text;
    expect(text).toMatch(
      /Origin: 60606 US Chicago, IL \(business\)\nStop 1: extra drop: 46204 US Indianapolis, IN\nStop 2: extra pickup: 63101 US Saint Louis, MO\nDestination: 75201/,
    );
  });

  it('keeps what the user typed as text: no header lines, no markup', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    const res = await c.post(`/api/quotes/${quote.id}/sales-request`, {
      ...contact,
      name: 'Eve\r\nBcc: victim@example.test',
      notes: '<script>alert(1)</script>\r\nSubject: hi',
    });
    expect(res.statusCode).toBe(201);
    const mail = (await mailsTo(t, SALES)).at(-1)!;
    expect(mail.text).toContain('Name: Eve Bcc: victim@example.test');
    expect(mail.text).not.toMatch(/^Bcc:/m);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('answers 422 with the field messages, in the user language', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    const url = `/api/quotes/${quote.id}/sales-request`;
    const empty = await c.post(url, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Field is required'], email: ['Field is required'], phone: ['Field is required'] });

    const bad = await c.post(url, { name: ' ', email: 'not-an-email', phone: '12', notes: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['Field is required'],
      email: ['Invalid email'],
      phone: ['Enter valid number'],
      notes: ['This value is too long'],
    });

    await c.put('/api/settings', { language: 'es' });
    const es = await c.post(url, { name: 'Ana', email: 'x@', phone: 'abc' });
    expect(es.json().errors).toEqual({ email: ['Correo electrónico no válido'], phone: ['Ingrese un número válido'] });
    await c.put('/api/settings', { language: 'en' });
    expect(await t.database.db.select().from(salesRequests).where(eq(salesRequests.quoteId, quote.id))).toEqual([]);
  });

  it('answers 404 for a quote of another account, an unknown id or not a UUID', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    const other = await t.client().login('other@demo.test');
    const res = await other.post(`/api/quotes/${quote.id}/sales-request`, contact);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    expect((await c.post('/api/quotes/00000000-0000-4000-8000-000000000000/sales-request', contact)).statusCode).toBe(404);
    expect((await c.post('/api/quotes/not-a-uuid/sales-request', contact)).statusCode).toBe(404);
    expect(await t.database.db.select().from(salesRequests).where(eq(salesRequests.quoteId, quote.id))).toEqual([]);
  });

  it('refuses anonymous callers (401), staff and unverified users (403), and needs the CSRF header (419)', async () => {
    const c = await shipper();
    const quote = await quoteOf(c);
    const url = `/api/quotes/${quote.id}/sales-request`;
    expect((await t.client().post(url, contact)).statusCode).toBe(401);
    expect((await t.client().post(url, {})).statusCode).toBe(401);
    const staff = await t.client().login('sales@demo.test');
    expect((await staff.post(url, contact)).statusCode).toBe(403);
    expect((await c.request({ method: 'POST', url, payload: contact, csrf: false })).statusCode).toBe(419);

    const other = await t.client().login('other@demo.test');
    await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'other@demo.test'));
    try {
      const res = await other.post(url, contact);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('email_unverified');
    } finally {
      await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.email, 'other@demo.test'));
    }
  });

  it(`allows ${SALES_REQUESTS_PER_HOUR} requests an hour per user, then 429 with retry_after`, async () => {
    const c = await t.client().login('other@demo.test');
    const quote = await quoteOf(c);
    const url = `/api/quotes/${quote.id}/sales-request`;
    for (let i = 0; i < SALES_REQUESTS_PER_HOUR; i++) expect((await c.post(url, contact)).statusCode).toBe(201);
    const res = await c.post(url, contact);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'too_many_requests', retry_after: expect.any(Number) });
    expect(res.headers['retry-after']).toBe(String(res.json().retry_after));
    expect(await t.database.db.select().from(salesRequests).where(eq(salesRequests.quoteId, quote.id))).toHaveLength(
      SALES_REQUESTS_PER_HOUR,
    );
    t.clock.advanceMinutes(61);
    expect((await c.post(url, contact)).statusCode).toBe(201);
  });
});

describe('salesRequestMail', () => {
  it('sends answers to the shipper and writes metric units', () => {
    const mail = salesRequestMail('desk@x.test', {
      request: { id: 'r1', name: 'Ana', email: 'ana@x.test', phone: '5555555555', notes: null },
      account: { name: 'Acme' },
      user: { name: 'Ana Acme', email: 'ana@x.test' },
      quote: {
        id: 'q1',
        mode: 'parcel',
        created_at: new Date('2026-01-05T10:00:00Z'),
        pickup_date: '2026-01-07',
        origin: { postal_code: 'M5V 3L9', country: 'CA', site_type: 'business', city: 'Toronto', state: 'ON' },
        destination: { postal_code: '64000', country: 'MX', site_type: 'business', city: '', state: 'NLE' },
        unit_system: 'metric',
        currency: 'CAD',
        insured_value: 100,
        signature: 'adult_signature',
        accessorials: [],
        items: [{ quantity: 2, package_type: 'boxes', length: 30, width: 20, height: 10, weight: 4, stackable: false, hazardous: true }],
        messages: [],
      },
    });
    expect(mail).toMatchObject({
      to: 'desk@x.test',
      replyTo: 'ana@x.test',
      subject: 'Quote request for sales: Parcel M5V 3L9 CA to 64000 MX',
    });
    expect(mail.text).toContain('1. 2 x boxes, 30 x 20 x 10 cm, 4 kg each, not stackable, hazardous');
    expect(mail.text).toContain('Destination: 64000 MX NLE (business)');
    expect(mail.text).toContain('Signature: adult_signature');
    expect(mail.text).toContain('Insured value: 100 CAD');
  });
});
