import { randomUUID } from 'node:crypto';
import type { InvoicePaymentResult, InvoiceView } from '@freight/contracts';
import en from '@freight/contracts/locales/en.json' with { type: 'json' };
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePaymentAllocations, invoicePayments, invoices, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { TEST_BANK, TEST_CARDS } from '../payments/payment-provider';
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
const card = (number: string = TEST_CARDS.approved) => ({
  cardholder: 'Sam Shipper',
  card_number: number,
  exp_month: 12,
  exp_year: t.clock.now.getUTCFullYear() + 1,
  cvc: '123',
});
const bank = (account: string = TEST_BANK.settles) => ({
  account_holder: 'Demo Shipper Co',
  routing_number: TEST_BANK.routing,
  account_number: account,
  account_type: 'checking',
});
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
      card: card(),
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

  it('needs an invoice, at most its balance, and a valid card (422 in the spec’s words)', async () => {
    const [a] = await twoInvoices();
    const none = await pay({ method: 'card', allocations: [], card: card() });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.allocations).toEqual(['You must select at least one invoice in order to pay']);
    expect(en.validation.invoices_required).toBe('You must select at least one invoice in order to pay');
    const over = await pay({ method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents + 1 }], card: card() });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['allocations.0.amount_cents']).toEqual([en.validation.amount_over_balance]);
    const luhn = await pay({ method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: 100 }], card: card('4242424242424241') });
    expect(luhn.json().errors['card.card_number']).toEqual([en.validation.card_number]);
    const noCard = await pay({ method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: 100 }] });
    expect(noCard.json().errors.card).toEqual([en.validation.required]);
    expect((await invoice(a!.id)).balance_cents).toBe(a!.balanceCents);
  });

  it('a declined card is 402 and pays nothing; an outage is 502 and the same key may try again', async () => {
    const [a] = await twoInvoices();
    const allocations = [{ invoice_id: a!.id, amount_cents: a!.balanceCents }];
    const declined = await pay({ method: 'card', allocations, card: card(TEST_CARDS.declined) });
    expect(declined.statusCode).toBe(402);
    const key = randomUUID();
    const outage = await pay({ method: 'card', allocations, card: card(TEST_CARDS.processorFailure) }, key);
    expect(outage.statusCode).toBe(502);
    expect((await invoice(a!.id)).balance_cents).toBe(a!.balanceCents);
    // The outage is not the key's outcome: the shipper's retry with the same key goes through.
    const retry = await pay({ method: 'card', allocations, card: card() }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await invoice(a!.id)).toMatchObject({ status: 'paid', balance_cents: 0 });
    const rows = await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'settled']);
  });

  it('50 identical submits at once make one charge; overlapping payments never pay a balance twice', async () => {
    const [a, b] = await twoInvoices();
    const body = { method: 'card', allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }], card: card() };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(body, key)));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((r) => r.json().data.id)).size).toBe(1);
    const rows = await db().select().from(invoicePayments).where(eq(invoicePayments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const overlap = await Promise.all(
      [randomUUID(), randomUUID(), randomUUID()].map((k) =>
        pay({ method: 'card', allocations: [{ invoice_id: b!.id, amount_cents: b!.balanceCents }], card: card() }, k),
      ),
    );
    expect(overlap.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(overlap.filter((r) => r.statusCode === 422)).toHaveLength(2);
    const allocated = await db().select().from(invoicePaymentAllocations).where(eq(invoicePaymentAllocations.invoiceId, b!.id));
    expect(allocated.reduce((s, x) => s + x.amountCents, 0)).toBe(b!.balanceCents);
  });
});

describe('paying invoices by bank account (ACH)', () => {
  it('is processing for three days, then settles', async () => {
    const [a] = await twoInvoices();
    const res = await pay({ method: 'ach', allocations: [{ invoice_id: a!.id, amount_cents: a!.balanceCents }], bank: bank() });
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
      bank: bank(TEST_BANK.returned),
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

  it('checks the routing number', async () => {
    const [a] = await twoInvoices();
    const res = await pay({
      method: 'ach',
      allocations: [{ invoice_id: a!.id, amount_cents: 100 }],
      bank: { ...bank(), routing_number: '123456789' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['bank.routing_number']).toEqual([en.validation.routing_number]);
  });
});

it('stores no card or bank account number beyond its last four digits', async () => {
  const all = JSON.stringify([await db().select().from(invoicePayments), await db().select().from(invoices)]);
  for (const number of [TEST_CARDS.approved, TEST_CARDS.declined, TEST_BANK.settles, TEST_BANK.returned, '4242424242424241']) {
    expect(all).not.toContain(number);
  }
  const rows = await db()
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.method, ['card', 'ach']));
  expect(rows.length).toBeGreaterThan(3);
  for (const r of rows) if (r.last4) expect(r.last4).toMatch(/^\d{4}$/);
});
