import type { InvoiceSummary, InvoiceView } from '@freight/contracts';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, autopayInvoices, invoicePayments, invoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { AUTOPAY_JOB } from '../payment-methods/autopay';
import { browserCard } from '../payments/stripe-test-helpers';
import { userByEmail } from '../tracking/test-fixtures';
import { INVOICE_REMINDERS_JOB } from './reminders';
import { deliveredShipment } from './test-helpers';

/**
 * Invoices, credit memos and holds count the business's calendar days (BUSINESS_TIME_ZONE), as the
 * reminders and autopay do. Every instant here is a Chicago evening that is already the next day in
 * UTC, where counting UTC's days would date an invoice a day late.
 */
const EVENING = new Date('2026-03-10T03:00:00Z'); // Monday 9 March 2026, 10 PM in Chicago (CDT)
const BUSINESS_TODAY = '2026-03-09';

let t: TestApp;
let shipper: TestClient;
let accounting: TestClient;
let accountId: string;
beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TIME_ZONE: 'America/Chicago' }, {}, { start: EVENING });
  // Remembered: the autopay test moves the clock on by weeks.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
  accounting = await t.client().login('accounting@demo.test', undefined, true);
  accountId = (await userByEmail(t.database.db, 'shipper@demo.test')).accountId;
});
afterAll(() => t.close());

const db = () => t.database.db;
/** Each test starts at the evening, the account active on net 30 with 10 grace days, every earlier invoice paid off. */
beforeEach(async () => {
  t.clock.now = EVENING;
  await db().update(invoices).set({ balanceCents: 0, pendingCents: 0, disputedCents: 0 }).where(eq(invoices.accountId, accountId));
  await db()
    .update(accounts)
    .set({ status: 'active', holdSource: null, netDays: 30, graceDays: 10, creditLimitCents: 2_500_000 })
    .where(eq(accounts.id, accountId));
});

const runJob = async (kind: string, key: string, at: Date) => {
  t.clock.now = at;
  await t.app.jobs.schedule(kind, key, at);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
};
const invoiceRow = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe("an invoice's dates are the business's calendar days", () => {
  it('dates an invoice issued at 3 AM UTC the Chicago day before, due its net days from that day', async () => {
    const { invoice } = await deliveredShipment(t);
    expect(invoice).toMatchObject({ invoiceDate: BUSINESS_TODAY, dueDate: '2026-04-08' });
    const view = (await shipper.get(`/api/invoices/${invoice!.id}`)).json().data as InvoiceView;
    expect(view).toMatchObject({ invoice_date: BUSINESS_TODAY, due_date: '2026-04-08', status: 'open', days_past_due: 0 });
  });

  it("dates a credit memo the business's day too", async () => {
    const { invoice } = await deliveredShipment(t);
    const opened = await shipper.post(`/api/invoices/${invoice!.id}/disputes`, { reason: 'Fuel was lower that week', amount_cents: 1_000 });
    expect(opened.statusCode, opened.body).toBe(201);
    const resolved = await accounting.post(`/api/admin/disputes/${opened.json().data.id}/resolve`, {
      outcome: 'accepted',
      amount_cents: 1_000,
      note: 'Fuel refunded',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [memo] = await db().select().from(invoices).where(eq(invoices.relatedInvoiceId, invoice!.id));
    expect(memo).toMatchObject({ type: 'credit_memo', totalCents: -1_000, invoiceDate: BUSINESS_TODAY, dueDate: BUSINESS_TODAY });
  });

  it("judges a hold on the business's day: 10 days past due (within the grace days) that evening, 11 after its midnight", async () => {
    const { invoice } = await deliveredShipment(t);
    // 10 days before the business's 9 March; 11 before UTC's 10 March.
    await db().update(invoices).set({ invoiceDate: '2026-01-28', dueDate: '2026-02-27' }).where(eq(invoices.id, invoice!.id));
    await runJob(INVOICE_REMINDERS_JOB, 'hourly', EVENING);
    const summary = async () => (await shipper.get('/api/invoices/summary')).json().data as InvoiceSummary;
    expect((await summary()).credit).toMatchObject({ on_hold: false, hold_reasons: [] });
    expect((await shipper.get(`/api/invoices/${invoice!.id}`)).json().data).toMatchObject({ days_past_due: 10 });
    const credit = (await accounting.get(`/api/admin/accounts/${accountId}/credit`)).json().data;
    expect(credit.summary.credit).toMatchObject({ on_hold: false, hold_reasons: [] });

    // 1 AM in Chicago on 10 March: now it is 11 days past due.
    await runJob(INVOICE_REMINDERS_JOB, 'hourly', new Date('2026-03-10T06:00:00Z'));
    expect((await summary()).credit).toMatchObject({ on_hold: true, hold_reasons: ['past_due'] });
  });
});

describe('the reminders and autopay count the same days as the invoice', () => {
  it('reminds three days before the due date the invoice carries, and autopay notices and charges on it', async () => {
    const card = await shipper.post('/api/payment-methods', { payment_method: await browserCard(t.stripeUrl) });
    expect(card.statusCode, card.body).toBe(201);
    expect((await shipper.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(200);
    const { invoice } = await deliveredShipment(t);
    expect(invoice!.dueDate).toBe('2026-04-08');

    // Sunday 5 April, 10 PM in Chicago (already the 6th in UTC): three business days before the 8th.
    await runJob(INVOICE_REMINDERS_JOB, 'hourly', new Date('2026-04-06T03:00:00Z'));
    expect((await invoiceRow(invoice!.id)).remindedBeforeAt).not.toBeNull();

    // Monday 6 April, 6 AM in Chicago: the notice names the invoice's own due date.
    await runJob(AUTOPAY_JOB, 'daily', new Date('2026-04-06T11:00:00Z'));
    const notices = (await mailsTo(t, 'shipper@demo.test')).filter(
      (m) => m.subject.includes(invoice!.number) && /automatic/.test(m.subject),
    );
    expect(notices.map((m) => m.subject)).toEqual([`Invoice ${invoice!.number} will be paid automatically on April 8, 2026`]);
    const [progress] = await db().select().from(autopayInvoices).where(eq(autopayInvoices.invoiceId, invoice!.id));
    expect(progress?.noticeSentAt).not.toBeNull();

    const charges = () =>
      db()
        .select()
        .from(invoicePayments)
        .where(like(invoicePayments.idempotencyKey, `autopay:${invoice!.id}:%`));
    // Tuesday 7 April, 10 PM in Chicago: the 8th in UTC, not yet at the business.
    await runJob(AUTOPAY_JOB, 'daily', new Date('2026-04-08T03:00:00Z'));
    expect(await charges()).toEqual([]);
    // Wednesday 8 April, 6 AM in Chicago: the due date.
    await runJob(AUTOPAY_JOB, 'daily', new Date('2026-04-08T11:00:00Z'));
    expect((await charges()).map((p) => [p.status, p.amountCents])).toEqual([['settled', invoice!.balanceCents]]);
    expect((await invoiceRow(invoice!.id)).balanceCents).toBe(0);
  });
});
