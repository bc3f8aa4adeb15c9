import { randomUUID } from 'node:crypto';
import type { AdminCreditView, DisputeView, InvoiceSummary, InvoiceView } from '@freight/contracts';
import en from '@freight/contracts/locales/en.json' with { type: 'json' };
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountCreditEvents, accounts, invoices, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { verifiedBank } from '../payments/bank-test-helpers';
import { browserCard } from '../payments/stripe-test-helpers';
import { book, bookingBody, createQuote } from '../shipments/test-helpers';
import { userByEmail } from '../tracking/test-fixtures';
import { invoicesRepository } from './invoices.repository';
import { INVOICE_REMINDERS_JOB } from './reminders';
import { ageInvoice, deliveredShipment, dueInBusinessDays } from './test-helpers';

let t: TestApp;
let shipper: TestClient;
let accounting: TestClient;
let accountId: string;
beforeAll(async () => {
  // A Chicago evening (Tuesday 8 December 2026, 9:30 PM), already the next day in UTC: the invoices,
  // the round and the holds count the business's days, and the test must not depend on the hour it runs.
  t = await createTestApp({}, {}, { start: new Date('2026-12-09T03:30:00Z') });
  shipper = await t.client().login('shipper@demo.test');
  accounting = await (await t.client().login('accounting@demo.test')).confirmPassword();
  accountId = (await userByEmail(t.database.db, 'shipper@demo.test')).accountId;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** Each test starts with the account active and every earlier invoice of it paid off. */
beforeEach(async () => {
  await db().update(invoices).set({ balanceCents: 0, pendingCents: 0, disputedCents: 0 }).where(eq(invoices.accountId, accountId));
  await db().update(accounts).set({ status: 'active', holdSource: null, creditLimitCents: 2_500_000 }).where(eq(accounts.id, accountId));
});

const summary = async () => (await shipper.get('/api/invoices/summary')).json().data as InvoiceSummary;
const runRound = async () => {
  await t.app.jobs.schedule(INVOICE_REMINDERS_JOB, 'hourly', t.clock.now);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
};
const tryToBook = async () => {
  const quote = await createQuote(t, shipper);
  return book(shipper, bookingBody(quote));
};
const pay = async (method: 'card' | 'ach', id: string, cents: number) =>
  shipper.request({
    method: 'POST',
    url: '/api/invoice-payments',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      method,
      allocations: [{ invoice_id: id, amount_cents: cents }],
      payment_method: method === 'card' ? await browserCard(t.stripeUrl) : await verifiedBank(shipper, t.stripeUrl),
    },
  });
const payByCard = (id: string, cents: number) => pay('card', id, cents);

describe('automatic credit hold', () => {
  it('holds an account past due beyond its grace days, blocks booking, and lifts when it pays', async () => {
    const { invoice } = await deliveredShipment(t);
    await ageInvoice(t, invoice!.id, 40); // 10 days past due: still within the grace days
    await runRound();
    expect((await summary()).credit.on_hold).toBe(false);
    await ageInvoice(t, invoice!.id, 1); // 11 days past due
    await runRound();
    expect((await summary()).credit).toMatchObject({ on_hold: true, hold_reasons: ['past_due'], manual_hold: false });
    const blocked = await tryToBook();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('credit_hold');
    expect((await payByCard(invoice!.id, invoice!.balanceCents)).statusCode).toBe(201);
    expect((await summary()).credit.on_hold).toBe(false);
    expect((await tryToBook()).statusCode).toBe(201);
    const record = await db().select().from(accountCreditEvents).where(eq(accountCreditEvents.accountId, accountId));
    expect(record.map((e) => [e.kind, e.source])).toEqual(
      expect.arrayContaining([
        ['hold_placed', 'auto'],
        ['hold_lifted', 'auto'],
      ]),
    );
  });

  it('a late invoice paid by bank is no longer late while the payment is pending, though still owed', async () => {
    const { invoice } = await deliveredShipment(t);
    await ageInvoice(t, invoice!.id, 45);
    await runRound();
    expect((await summary()).credit).toMatchObject({ on_hold: true, hold_reasons: ['past_due'] });
    const paid = await pay('ach', invoice!.id, invoice!.balanceCents);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.status).toBe('pending');
    const after = (await summary()).credit;
    expect(after).toMatchObject({ on_hold: false, hold_reasons: [] });
    expect(after.used_cents).toBeGreaterThanOrEqual(invoice!.balanceCents);
  });

  it('holds an account whose open balance and booked shipments pass its credit limit', async () => {
    await db().update(accounts).set({ creditLimitCents: 50_000 }).where(eq(accounts.id, accountId));
    await deliveredShipment(t); // 487.31 invoiced, plus what the earlier test booked and has not delivered
    expect((await summary()).credit).toMatchObject({ on_hold: true, hold_reasons: ['over_limit'] });
  });

  it('lifts an automatic hold once a canceled booking takes the account back under its limit', async () => {
    const before = (await summary()).credit.used_cents;
    const booked = await tryToBook();
    expect(booked.statusCode, booked.body).toBe(201);
    const used = (await summary()).credit.used_cents;
    // Room for half a booking more: the next one (of the same price) takes the account over, and
    // canceling the first brings it back to what is used now.
    await db()
      .update(accounts)
      .set({ creditLimitCents: used + Math.floor((used - before) / 2) })
      .where(eq(accounts.id, accountId));
    expect((await tryToBook()).statusCode).toBe(201);
    await t.app.background.drain();
    expect((await summary()).credit).toMatchObject({ on_hold: true, hold_reasons: ['over_limit'] });
    const canceled = await shipper.post(`/api/shipments/${booked.json().data.id}/cancel`, {});
    expect(canceled.statusCode, canceled.body).toBe(200);
    await t.app.background.drain();
    expect((await summary()).credit).toMatchObject({ on_hold: false, hold_reasons: [] });
  });

  it('adds up balances past what a 32-bit integer holds (over $21,474,836.47) without failing', async () => {
    const [first, second] = await db().select().from(invoices).where(eq(invoices.accountId, accountId)).limit(2);
    for (const invoice of [first, second]) {
      await db().update(invoices).set({ balanceCents: 1_500_000_000, dueDate: '2027-01-15' }).where(eq(invoices.id, invoice!.id));
    }
    const [owed] = await invoicesRepository(db())
      .openByDueDate(accountId)
      .then((rows) => rows.filter((r) => r.dueDate === '2027-01-15'));
    expect(owed).toMatchObject({ balanceCents: 3_000_000_000, undisputedCents: 3_000_000_000, overdueCents: 3_000_000_000 });
    // The credit figures read the same sums: $30M owed is over the limit, not an error.
    expect((await summary()).credit).toMatchObject({ hold_reasons: ['over_limit'] });
  });

  it('a dispute takes its amount out of the hold; an accepted one issues a credit memo and mails the outcome', async () => {
    const { invoice } = await deliveredShipment(t);
    await ageInvoice(t, invoice!.id, 45);
    await runRound();
    expect((await summary()).credit.on_hold).toBe(true);
    const opened = await shipper.post(`/api/invoices/${invoice!.id}/disputes`, {
      reason: 'The fuel table of the week was lower, and the reweigh is wrong',
      amount_cents: invoice!.balanceCents,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const dispute = opened.json().data as DisputeView;
    expect(dispute).toMatchObject({
      status: 'open',
      charge_code: null,
      charge_label: null,
      currency: 'USD',
      account_name: 'Demo Shipper Co',
      amount_cents: invoice!.balanceCents,
    });
    expect((await summary()).credit.on_hold).toBe(false);
    const again = await shipper.post(`/api/invoices/${invoice!.id}/disputes`, { reason: 'x', amount_cents: 1 });
    expect(again.statusCode).toBe(409);
    const unknownLine = await shipper.post(`/api/invoices/${invoice!.id}/disputes`, { charge_code: 'nope', reason: 'x', amount_cents: 1 });
    expect(unknownLine.json().errors.charge_code).toEqual([en.validation.charge_unknown]);

    const said = await shipper.post(`/api/invoices/${invoice!.id}/disputes/${dispute.id}/messages`, {
      body: 'See the attached DOE price.',
    });
    expect(said.statusCode).toBe(201);
    const answered = await accounting.post(`/api/admin/disputes/${dispute.id}/messages`, { body: 'Checking with the carrier.' });
    expect(answered.json().data.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'staff']);
    const queue = (await accounting.get('/api/admin/disputes')).json().data as DisputeView[];
    expect(queue.map((d) => d.id)).toContain(dispute.id);

    const tooMuch = await accounting.post(`/api/admin/disputes/${dispute.id}/resolve`, {
      outcome: 'accepted',
      amount_cents: invoice!.balanceCents + 1,
      note: 'x',
    });
    expect(tooMuch.statusCode).toBe(422);
    const resolved = await accounting.post(`/api/admin/disputes/${dispute.id}/resolve`, {
      outcome: 'accepted',
      amount_cents: 7_531,
      note: 'Fuel refunded',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'accepted',
      accepted_cents: 7_531,
      credit_memo: { number: expect.stringMatching(/^INV-/) },
    });
    const after = (await shipper.get(`/api/invoices/${invoice!.id}`)).json().data as InvoiceView;
    expect(after).toMatchObject({ balance_cents: invoice!.balanceCents - 7_531, disputed_cents: 0, status: 'past_due' });
    const [memo] = await db().select().from(invoices).where(eq(invoices.relatedInvoiceId, invoice!.id));
    expect(memo).toMatchObject({ type: 'credit_memo', totalCents: -7_531, balanceCents: 0 });
    await t.app.background.drain();
    const mails = await db().select().from(mailOutbox).where(like(mailOutbox.text, `%Fuel refunded%`));
    expect(mails).toHaveLength(1);
    // The rest is owed again and past due: held once more at the next round.
    await runRound();
    expect((await summary()).credit.on_hold).toBe(true);
    expect((await shipper.post(`/api/invoices/${invoice!.id}/disputes/${dispute.id}/messages`, { body: 'x' })).statusCode).toBe(409);
  });
});

describe('the staff override', () => {
  it('accounting places a hold with a reason; the automatic round never lifts it; staff lift it; all recorded', async () => {
    const place = await accounting.post(`/api/admin/accounts/${accountId}/hold`, { action: 'place', reason: 'Bounced check on file' });
    expect(place.statusCode, place.body).toBe(200);
    const view = place.json().data as AdminCreditView;
    expect(view).toMatchObject({ status: 'credit_hold', summary: { credit: { manual_hold: true } } });
    expect(view.events[0]).toMatchObject({ kind: 'hold_placed', source: 'staff', reason: 'Bounced check on file', by: expect.any(String) });
    await runRound();
    expect((await summary()).credit).toMatchObject({ on_hold: true, manual_hold: true });
    expect((await tryToBook()).statusCode).toBe(403);
    const lift = await accounting.post(`/api/admin/accounts/${accountId}/hold`, { action: 'lift', reason: 'Paid by wire' });
    expect(lift.json().data.status).toBe('active');
    const empty = await accounting.post(`/api/admin/accounts/${accountId}/hold`, { action: 'place', reason: '' });
    expect(empty.statusCode).toBe(422);
  });

  it('changes terms, limit and grace days, recorded', async () => {
    const res = await accounting.put(`/api/admin/accounts/${accountId}/credit`, {
      payment_terms: 'credit',
      net_days: 15,
      credit_limit_cents: 5_000_000,
      grace_days: 5,
      reason: 'Two years of prompt payment',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.summary.credit).toMatchObject({ net_days: 15, grace_days: 5, credit_limit_cents: 5_000_000 });
    expect(res.json().data.events[0]).toMatchObject({ kind: 'terms_changed', source: 'staff' });
    expect(res.json().data.events[0].reason).toMatch(/^Two years of prompt payment \(credit net 30/);
    const bad = await accounting.put(`/api/admin/accounts/${accountId}/credit`, {
      payment_terms: 'credit',
      net_days: 45,
      credit_limit_cents: -1,
      grace_days: 5,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['credit_limit_cents', 'net_days', 'reason']);
    await accounting.put(`/api/admin/accounts/${accountId}/credit`, {
      payment_terms: 'credit',
      net_days: 30,
      credit_limit_cents: 2_500_000,
      grace_days: 10,
      reason: 'Back to the usual terms',
    });
  });

  it('only accounting and the admins may: sales, ops and customers are refused', async () => {
    for (const email of ['sales@demo.test', 'ops@demo.test', 'shipper@demo.test']) {
      const c = await t.client().login(email);
      expect((await c.get(`/api/admin/accounts/${accountId}/credit`)).statusCode, email).toBe(403);
      expect((await c.post(`/api/admin/accounts/${accountId}/hold`, { action: 'place', reason: 'x' })).statusCode, email).toBe(403);
      expect((await c.get('/api/admin/disputes')).statusCode, email).toBe(403);
    }
    for (const email of ['super@demo.test', 'admin@demo.test']) {
      const c = await t.client().login(email);
      expect((await c.get(`/api/admin/accounts/${accountId}/credit`)).statusCode, email).toBe(200);
    }
    expect((await accounting.get(`/api/admin/accounts/${randomUUID()}/credit`)).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('mails once three days before the due date and once when past due', async () => {
    const { invoice } = await deliveredShipment(t);
    await dueInBusinessDays(t, invoice!.id, 3);
    await runRound();
    await runRound();
    const before = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${invoice!.number}%`));
    await dueInBusinessDays(t, invoice!.id, -1);
    await runRound();
    await runRound();
    const after = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${invoice!.number}%`));
    expect(after.length - before.length).toBe(1);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(row?.remindedBeforeAt).not.toBeNull();
    expect(row?.remindedPastDueAt).not.toBeNull();
  });
});
