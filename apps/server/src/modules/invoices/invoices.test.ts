import { randomUUID } from 'node:crypto';
import type { InvoiceListItem, InvoiceSummary, InvoiceView, ShipmentReference } from '@freight/contracts';
import en from '@freight/contracts/locales/en.json' with { type: 'json' };
import { AGING_BUCKETS, addCalendarDays } from '@freight/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDays } from '../../business-days';
import { carrierInvoices, invoices, jobs, mailOutbox, shipments } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { pdfPages } from '../documents/pdf-text';
import { browserCard } from '../payments/stripe-test-helpers';
import { shipmentsRepository } from '../shipments/shipments.repository';
import { quoteAndBook } from '../shipments/test-helpers';
import { userByEmail } from '../tracking/test-fixtures';
import { INVOICE_ISSUE_JOB } from './invoicing';
import { ageInvoice, deliveredShipment } from './test-helpers';

let t: TestApp;
let shipper: TestClient;
let other: TestClient;
beforeAll(async () => {
  // A fixed instant, never the wall clock's: Tuesday 8 December 2026 at 9:30 PM in Chicago, when
  // UTC's day is already the next one (the invoices' days are the business's).
  t = await createTestApp({}, {}, { start: new Date('2026-12-09T03:30:00Z') });
  // Remembered: these tests move the clock on by days.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('other@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** The business's day at the test clock (the default BUSINESS_TIME_ZONE), the one invoices are dated. */
const today = () => businessDays('America/Chicago').today(t.clock.now);
const get = async <T>(c: TestClient, url: string) => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

describe('invoicing on delivery', () => {
  it('issues one freight invoice when the carrier reports the shipment delivered, net 30, and mails it', async () => {
    const { shipment, invoice } = await deliveredShipment(t);
    expect(invoice).toMatchObject({
      type: 'freight',
      bolNumber: shipment.bolNumber,
      deliveryLocation: 'Dallas, TX',
      invoiceDate: today(),
      dueDate: addCalendarDays(today(), 30),
      totalCents: 48_731,
      balanceCents: 48_731,
      quotedTotalCents: 48_731,
      correction: null,
    });
    expect(invoice?.number).toMatch(/^INV-\d{7}$/);
    const view = await get<InvoiceView>(shipper, `/api/invoices/${invoice?.id}`);
    expect(view).toMatchObject({ status: 'open', days_past_due: 0, aging_bucket: 'current', balance_cents: 48_731 });
    expect(view.charges.map((c) => [c.code, c.label, c.quoted_cents, c.invoiced_cents, c.variance_cents])).toEqual([
      ['freight', en.quote.charge.freight, 41_200, 41_200, 0],
      ['fuel', en.quote.charge.fuel, 7_531, 7_531, 0],
    ]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${invoice?.number}%`));
    expect(mails.map((m) => m.to)).toContain('shipper@demo.test');
  });

  it('is safe to run twice: the job scheduled again issues nothing new', async () => {
    const { shipment } = await deliveredShipment(t);
    await t.app.jobs.schedule(INVOICE_ISSUE_JOB, shipment.id, t.clock.now, { shipment_id: shipment.id });
    await t.app.jobs.runDue(200);
    const rows = await db().select().from(invoices).where(eq(invoices.shipmentId, shipment.id));
    expect(rows).toHaveLength(1);
  });

  it('a reweigh found at delivery: the freight invoice bills the booked price; the carrier’s invoice waits for accounting', async () => {
    const { shipment, invoice } = await deliveredShipment(t, { dock: 'reweigh' });
    const view = await get<InvoiceView>(shipper, `/api/invoices/${invoice?.id}`);
    expect(view.correction).toBeNull();
    expect(view.total_cents).toBe(view.quoted_total_cents);
    // The simulator carrier bills the broker a day later, its reweigh claimed: no adjustment before accounting approves.
    t.clock.advanceMinutes(24 * 60 + 1);
    await t.app.jobs.runDue(200);
    const [claim] = await db().select().from(carrierInvoices).where(eq(carrierInvoices.shipmentId, shipment.id));
    expect(claim).toMatchObject({ status: 'pending_audit', source: 'carrier_simulator' });
    expect(claim!.reasons).toContain('reweigh');
    const adjustments = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.shipmentId, shipment.id), eq(invoices.type, 'adjustment')));
    expect(adjustments).toEqual([]);
  });

  it('a reclass: once accounting approves the carrier’s invoice, the shipper gets an adjustment of the difference', async () => {
    const { shipment, invoice } = await deliveredShipment(t, { dock: 'reclass' });
    expect(invoice?.correction).toBeNull();
    t.clock.advanceMinutes(24 * 60 + 1);
    await t.app.jobs.runDue(200);
    const [claim] = await db().select().from(carrierInvoices).where(eq(carrierInvoices.shipmentId, shipment.id));
    const accounting = await t.client().login('accounting@demo.test');
    const approved = await accounting.post(`/api/admin/carrier-invoices/${claim!.id}/approve`, { version: claim!.version });
    expect(approved.statusCode, approved.body).toBe(200);
    const [adjustment] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.shipmentId, shipment.id), eq(invoices.type, 'adjustment')));
    expect(adjustment).toMatchObject({ relatedInvoiceId: invoice?.id, correction: expect.objectContaining({ kind: 'reclass' }) });
    expect(adjustment!.totalCents).toBeGreaterThan(0);
    const view = await get<InvoiceView>(shipper, `/api/invoices/${adjustment!.id}`);
    expect(view.related_invoice).toEqual({ id: invoice?.id, number: invoice?.number });
    expect(view.charges.reduce((s, c) => s + c.variance_cents, 0)).toBe(adjustment!.totalCents);
  });

  it('a prepaid account: nothing at delivery, a paid receipt invoice when the booking is paid', async () => {
    const prepaid = await t.client().login('prepaid@demo.test');
    const { shipment } = await quoteAndBook(t, prepaid);
    const res = await prepaid.request({
      method: 'POST',
      url: `/api/shipments/${shipment.id}/payment`,
      payload: { payment_method: await browserCard(t.stripeUrl) },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const history = await prepaid.get('/api/invoices/history');
    const item = (history.json().data as InvoiceListItem[]).find((i) => i.bol_number === shipment.bol_number);
    expect(item).toMatchObject({ status: 'paid', balance_cents: 0, total_cents: shipment.total_cents, payment_method: 'card' });
  });
});

describe('Open Invoices, the aging summary and history', () => {
  it('filters All, Current, Past Due and Disputed, searches by invoice, BOL or PRO number, sorts and pages', async () => {
    const a = (await deliveredShipment(t)).invoice!;
    const b = (await deliveredShipment(t)).invoice!;
    await ageInvoice(t, b.id, 45);
    const list = async (q: string) =>
      ((await shipper.get(`/api/invoices?per_page=100&${q}`)).json().data as InvoiceListItem[]).map((i) => i.id);
    expect(await list('filter=all')).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await list('filter=current')).toContain(a.id);
    expect(await list('filter=current')).not.toContain(b.id);
    expect(await list('filter=past_due')).toContain(b.id);
    expect(await list('filter=past_due')).not.toContain(a.id);
    expect(await list('filter=disputed')).not.toContain(a.id);
    expect(await list(`q=${a.number}`)).toEqual([a.id]);
    expect(await list(`q=${a.bolNumber}`)).toEqual([a.id]);
    const past = (await shipper.get(`/api/invoices?q=${b.number}`)).json().data[0] as InvoiceListItem;
    expect(past).toMatchObject({ status: 'past_due', days_past_due: 15, aging_bucket: 'days_1_30' });
    const sorted = (await shipper.get('/api/invoices?sort=due_date&dir=asc&per_page=100')).json().data as InvoiceListItem[];
    expect(sorted.map((i) => i.due_date)).toEqual([...sorted.map((i) => i.due_date)].sort());
    const page = await shipper.get('/api/invoices?per_page=1&page=2');
    expect(page.json().meta).toMatchObject({ current_page: 2, per_page: 1 });
    expect((await shipper.get('/api/invoices?filter=nope')).statusCode).toBe(422);
  });

  it('the aging buckets add up to the open balance to the cent', async () => {
    const s = await get<InvoiceSummary>(shipper, '/api/invoices/summary');
    const usd = s.currencies[0]!;
    expect(usd.currency).toBe('USD');
    expect(AGING_BUCKETS.reduce((sum, b) => sum + usd[b], 0)).toBe(usd.total_cents);
    const { accountId } = await userByEmail(db(), 'shipper@demo.test');
    const rows = await db().select().from(invoices).where(eq(invoices.accountId, accountId));
    expect(usd.total_cents).toBe(rows.reduce((sum, i) => sum + i.balanceCents + i.pendingCents, 0));
    expect(s.credit).toMatchObject({ payment_terms: 'credit', net_days: 30, grace_days: 10, on_hold: false });
  });

  it('history defaults to the past 7 days and takes a range', async () => {
    const res = await shipper.get('/api/invoices/history');
    expect(res.json().meta).toMatchObject({ from: addCalendarDays(today(), -7), to: today() });
    expect((await shipper.get('/api/invoices/history?from=2026-02-01&to=2026-01-01')).statusCode).toBe(422);
  });

  it('downloads the invoice as a PDF in the reader’s language', async () => {
    const { invoice } = await deliveredShipment(t);
    const res = await shipper.get(`/api/invoices/${invoice?.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(res.rawPayload)).map((p) => p.text).join('\n');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('$487.31');
  });

  it('carries every reference of the invoiced shipment (list, detail, history, staff) and finds the invoice by any of them', async () => {
    const { shipment, invoice } = await deliveredShipment(t);
    const references: ShipmentReference[] = [
      { type: 'po_number', value: 'PO-INV-5521' },
      { type: 'so_number', value: 'SO-INV-7730' },
      { type: 'shipper_reference', value: 'Aisle 9 restock' },
    ];
    await db()
      .update(shipments)
      .set({ references, referenceType: 'po_number', referenceNumber: 'PO-INV-5521' })
      .where(eq(shipments.id, shipment.id));
    await shipmentsRepository(db()).insertReferences(shipment.id, references);
    const id = invoice!.id;
    const found = async (c: TestClient, url: string) => ((await get<InvoiceListItem[]>(c, url)) ?? []).filter((i) => i.id === id);

    // Any reference, in part and in any case, finds it; another account's search does not.
    for (const q of ['SO-INV-7730', 'so-inv-77', 'aisle 9']) {
      const [item] = await found(shipper, `/api/invoices?per_page=100&q=${encodeURIComponent(q)}`);
      expect(item?.references, q).toEqual(references);
    }
    expect(await found(shipper, '/api/invoices?per_page=100&q=SO-INV-0000')).toEqual([]);
    expect(await get<InvoiceListItem[]>(other, '/api/invoices?per_page=100&q=SO-INV-7730')).toEqual([]);
    expect((await get<InvoiceView>(shipper, `/api/invoices/${id}`)).references).toEqual(references);

    const staff = await (await t.client().login('accounting@demo.test')).confirmPassword();
    const staffList = await found(staff, `/api/admin/accounts/${shipment.accountId}/invoices?per_page=100&q=aisle`);
    expect(staffList.map((i) => i.references)).toEqual([references]);
    expect((await get<InvoiceView>(staff, `/api/admin/invoices/${id}`)).references).toEqual(references);

    // Paid, it is in the history with them, and the payment's answer names them too.
    const paid = await shipper.request({
      method: 'POST',
      url: '/api/invoice-payments',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        method: 'card',
        allocations: [{ invoice_id: id, amount_cents: invoice!.balanceCents }],
        payment_method: await browserCard(t.stripeUrl),
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.invoices[0].references).toEqual(references);
    const [history] = await found(shipper, '/api/invoices/history?per_page=100&q=PO-INV-5521');
    expect(history?.references).toEqual(references);
  });
});

/** A card payment of $1.00 of the invoice. */
const payOneDollar = async (c: TestClient, invoiceId: string) =>
  c.request({
    method: 'POST',
    url: '/api/invoice-payments',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      method: 'card',
      allocations: [{ invoice_id: invoiceId, amount_cents: 100 }],
      payment_method: await browserCard(t.stripeUrl),
    },
  });

describe('another account', () => {
  it('finds none of the invoice, its PDF, its disputes or payments (404), and cannot pay it', async () => {
    const { invoice } = await deliveredShipment(t);
    const id = invoice!.id;
    for (const url of [`/api/invoices/${id}`, `/api/invoices/${id}/pdf`, '/api/invoices/not-a-uuid']) {
      expect((await other.get(url)).statusCode, url).toBe(404);
    }
    const dispute = await other.post(`/api/invoices/${id}/disputes`, { reason: 'x', amount_cents: 100 });
    expect(dispute.statusCode).toBe(404);
    expect((await payOneDollar(other, id)).statusCode).toBe(404);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(row?.balanceCents).toBe(invoice!.balanceCents);
    // The shipper's own payment: its receipt is the shipper's alone.
    const paid = await payOneDollar(shipper, id);
    expect(paid.statusCode).toBe(201);
    expect((await shipper.get(paid.json().data.receipt_url)).statusCode).toBe(200);
    expect((await other.get(paid.json().data.receipt_url)).statusCode).toBe(404);
    expect((await db().select().from(jobs).where(eq(jobs.kind, 'invoice.ach_settle'))).length).toBe(0);
  });
});
