import { randomUUID } from 'node:crypto';
import type { InvoicePaymentResult, InvoiceView } from '@freight/contracts';
import en from '@freight/contracts/locales/en.json' with { type: 'json' };
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaymentAllocations, invoicePayments, invoices, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { verifiedBank } from '../payments/bank-test-helpers';
import { browserBank, browserCard, TEST_BANK, TEST_CARDS } from '../payments/stripe-test-helpers';
import { deliveredShipment } from './test-helpers';

let t: TestApp;
let shipper: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  // Remembered: these tests move the clock on by days.
  shipper = await t.client().login('shipper@demo.test', undefined, true);
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
/** A card the browser handed to the processor: the payment names its pm_ id alone. */
const card = (number: string = TEST_CARDS.approved) => browserCard(t.stripeUrl, number);
/** A bank account typed in by hand, as the browser hands it to the processor (not saved). */
const bank = (account: string = TEST_BANK.settles) => browserBank(t.stripeUrl, account);
/** The account's saved bank account, verified by its micro-deposit: what a bank payment debits. */
const savedBank = (account: string = TEST_BANK.settles) => verifiedBank(shipper, t.stripeUrl, account);
const pay = (body: object, key = randomUUID(), c = shipper) =>
  c.request({ method: 'POST', url: '/api/invoice-payments', payload: body, headers: { 'idempotency-key': key } });
const invoice = async (id: string) => (await shipper.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const twoInvoices = async () => [(await deliveredShipment(t)).invoice!, (await deliveredShipment(t)).invoice!];

describe('paying invoices by card', () => {
  it('one payment settles one invoice and part of another; the same key replays it', async () => {
    const [a, b] = await twoInvoices();
    const body = {
      method: 'card',
      allocations: [
        { invoice_id: a!.id, amount_cents: a!.balanceCents },
        { invoice_id: b!.id, amount_cents: 10_000 },
      ],
      payment_method: await card(),
    };
    const key = randomUUID();
    const res = await pay(body, key);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json().data as InvoicePaymentResult;
    expect(result).toMatchObject({ method: 'card', status: 'settled', total_cents: a!.balanceCents + 10_000, last4: '4242' });
    expect(await invoice(a!.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    expect((await invoice(a!.id)).paid_at).not.toBeNull();
    expect(await invoice(b!.id)).toMatchObject({ status: 'open', balance_cents: b!.balanceCents - 10_000, paid_at: null });
    expect((await invoice(b!.id)).payments).toEqual([
      expect.objectContaining({ amount_cents: 10_000, payment_total_cents: result.total_cents }),
    ]);
    const replay = await pay(body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.id).toBe(result.id);
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key))).toHaveLength(1);
    const changed = await pay({ ...body, allocations: [{ invoice_id: b!.id, amount_cents: 1 }] }, key);
    expect(changed.statusCode).toBe(409);
    const receipt = await shipper.get(result.receipt_url);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${a!.number}%`));
    expect(mails.length).toBeGreaterThanOrEqual(2); // issued, then paid
  });

  it('needs an invoice, at most its balance, and a method (422 in the spec’s words)', async () => {
    const [a] = await twoInvoices();
    const none = await pay({ method: 'card', allocations: [], payment_method: await card() });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.allocations).toEqual(['You must select at least one invoice in order to pay']);
    expect(en.validation.invoices_required).toBe('You must select at least one invoice in order to pay');
    const over = await pay({
      method: 'card',
      allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents + 1 }],
      payment_method: await card(),
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['allocations.0.amount_cents']).toEqual([en.validation.amount_over_balance]);
    const noMethod = await pay({ method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: 100 }] });
    expect(noMethod.json().errors.payment_method).toEqual([en.validation.payment_method_id]);
    expect((await invoice(a!.id)).balance_cents).toBe(a!.balanceCents);
  });

  it('a declined card is 402 and pays nothing; an outage is 502 and the same key may try again', async () => {
    const [a] = await twoInvoices();
    const allocations = [{ invoice_id: a!.id, amount_cents: a!.balanceCents }];
    const declined = await pay({ method: 'card', allocations, payment_method: await card(TEST_CARDS.declined) });
    expect(declined.statusCode).toBe(402);
    const key = randomUUID();
    const outage = await pay({ method: 'card', allocations, payment_method: await card(TEST_CARDS.processorFailure) }, key);
    expect(outage.statusCode).toBe(502);
    expect((await invoice(a!.id)).balance_cents).toBe(a!.balanceCents);
    // The outage is not the key's outcome: the shipper's retry with the same key goes through.
    const retry = await pay({ method: 'card', allocations, payment_method: await card() }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await invoice(a!.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    const rows = await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'settled']);
  });

  it('50 identical submits at once make one charge; overlapping payments never pay a balance twice', async () => {
    const [a, b] = await twoInvoices();
    const body = { method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }], payment_method: await card() };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(body, key)));
    // Named when it fails: a loaded CI once answered one of the fifty otherwise, unseen.
    const refused = answers
      .filter((r) => r.statusCode !== 200 && r.statusCode !== 201)
      .map((r) => `${r.statusCode} ${r.body.slice(0, 300)}`);
    expect(refused).toEqual([]);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const overlap = await Promise.all(
      [randomUUID(), randomUUID(), randomUUID()].map(async (k) =>
        pay({ method: 'card', allocations: [{ invoice_id: b!.id, amount_cents: b!.balanceCents }], payment_method: await card() }, k),
      ),
    );
    expect(overlap.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(overlap.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const allocated = await db().select().from(invoicePaymentAllocations).where(eq(invoicePaymentAllocations.invoiceId, b!.id));
    expect(allocated.reduce((s, x) => s + x.amountCents, 0)).toBe(b!.balanceCents);
  });
});

describe('paying invoices by bank account (ACH)', () => {
  it('refuses a bank account typed in at payment: it is debited only once saved and verified', async () => {
    const [a] = await twoInvoices();
    const before = await db().select().from(invoicePayments);
    const res = await pay({
      method: 'ach',
      allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }],
      payment_method: await bank(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ payment_method: [en.validation.bank_account_not_saved] });
    expect(await db().select().from(invoicePayments)).toHaveLength(before.length);
    expect(await invoice(a!.id)).toMatchObject({ status: 'open', balance_cents: a!.balanceCents });
  });

  it('is processing for three days, then settles', async () => {
    const [a] = await twoInvoices();
    const res = await pay({
      method: 'ach',
      allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }],
      payment_method: await savedBank(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', last4: '6789' });
    expect(await invoice(a!.id)).toMatchObject({ status: 'processing', balance_cents: 0, pending_cents: a!.balanceCents, paid_at: null });
    t.clock.advanceMinutes(3 * 24 * 60 + 1);
    await t.app.jobs.runDue(200);
    expect(await invoice(a!.id)).toMatchObject({ status: 'paid', balance_cents: 0, pending_cents: 0 });
  });

  it('a returned payment reopens the invoices and mails the account', async () => {
    const [a] = await twoInvoices();
    const res = await pay({
      method: 'ach',
      allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }],
      payment_method: await savedBank(TEST_BANK.returned),
    });
    expect(res.statusCode).toBe(201);
    t.clock.advanceMinutes(3 * 24 * 60 + 1);
    await t.app.jobs.runDue(200);
    await t.app.background.drain();
    const view = await invoice(a!.id);
    expect(view).toMatchObject({ status: 'open', balance_cents: a!.balanceCents, pending_cents: 0 });
    expect(view.payments).toEqual([expect.objectContaining({ status: 'returned', returned_at: expect.any(String) })]);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${a!.number}%`));
    expect(mails.length).toBeGreaterThanOrEqual(3); // issued, received, returned
  });

  it('refuses the numbers themselves (400): they go to the processor from the browser', async () => {
    const [a] = await twoInvoices();
    const allocations = [{ invoice_id: a!.id, amount_cents: 100 }];
    const numbers = { account_holder: 'Demo Shipper Co', routing_number: TEST_BANK.routing, account_number: TEST_BANK.settles };
    const res = await pay({ method: 'ach', allocations, bank: { ...numbers, account_type: 'checking' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'card_numbers_refused', message: en.errors.card_numbers_refused });
    const card_number = TEST_CARDS.approved;
    expect((await pay({ method: 'card', allocations, payment_method: await card(), card_number })).statusCode).toBe(400);
    expect((await invoice(a!.id)).balance_cents).toBe(a!.balanceCents);
  });
});

describe('paying invoices with a saved method', () => {
  it("charges the account's saved card or bank account as its customer's; another account's, or the wrong kind, is refused", async () => {
    const [a, b] = await twoInvoices();
    const savedCard = (await shipper.post('/api/payment-methods', { payment_method: await card('5555555555554444') })).json().data;
    const bankAccount = (await shipper.post('/api/payment-methods', { payment_method: await bank() })).json().data;
    // A typed-in bank account is debited only once verified by its micro-deposit's code (Stripe's test code).
    expect((await shipper.post(`/api/payment-methods/${bankAccount.id}/verify`, { code: 'SM11AA' })).statusCode).toBe(200);
    const other = await t.client().login('other@demo.test');
    const theirs = (await other.post('/api/payment-methods', { payment_method: await card() })).json().data;
    const owed = (i: typeof a) => [{ invoice_id: i!.id, amount_cents: i!.balanceCents }];
    const before = await db().select().from(invoicePayments);
    for (const [method, ref] of [
      ['card', theirs.ref],
      ['ach', savedCard.ref],
      ['card', bankAccount.ref],
      ['card', 'pm_nosuchmethod'],
    ]) {
      const refused = await pay({ method, allocations: owed(a), payment_method: ref });
      expect(refused.statusCode, `${method} ${ref}`).toBe(422);
      expect(refused.json().errors).toEqual({ payment_method: [en.validation.payment_method_refused] });
    }
    expect(await db().select().from(invoicePayments)).toHaveLength(before.length);
    const byCard = await pay({ method: 'card', allocations: owed(a), payment_method: savedCard.ref });
    expect(byCard.statusCode, byCard.body).toBe(201);
    expect(byCard.json().data).toMatchObject({ status: 'settled', last4: '4444' });
    const byBank = await pay({ method: 'ach', allocations: owed(b), payment_method: bankAccount.ref });
    expect(byBank.statusCode, byBank.body).toBe(201);
    expect(byBank.json().data).toMatchObject({ status: 'pending', last4: '6789' });
    // Still saved, still the account's: a saved method is charged, never used up.
    const refs = ((await shipper.get('/api/payment-methods')).json().data.methods as { ref: string }[]).map((m) => m.ref);
    expect(refs).toEqual(expect.arrayContaining([savedCard.ref, bankAccount.ref]));
  });
});

it('stores no card or bank account number beyond its last four digits', async () => {
  const all = JSON.stringify([await db().select().from(invoicePayments), await db().select().from(invoices)]);
  for (const number of [TEST_CARDS.approved, TEST_CARDS.declined, TEST_BANK.settles, TEST_BANK.returned]) {
    expect(all).not.toContain(number);
  }
  const rows = await db()
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.method, ['card', 'ach']));
  expect(rows.length).toBeGreaterThan(3);
  for (const r of rows) if (r.last4) expect(r.last4).toMatch(/^\d{4}$/);
});
