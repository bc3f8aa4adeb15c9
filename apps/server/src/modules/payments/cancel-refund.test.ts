import { randomUUID } from 'node:crypto';
import type { InvoiceListItem, InvoiceView, ShipmentView } from '@freight/contracts';
import { CARD_AUTH_HOLD_CENTS } from '@freight/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailOutbox, payments, users } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { hashPassword } from '../../security/passwords';
import { createTestApp, type TestApp, type TestClient, type TestClock } from '../../test/harness';
import { invoiceNotifier } from '../invoices/invoice-notices';
import { quoteAndBook } from '../shipments/test-helpers';
import { setTrackingSecret, signature } from '../tracking/test-fixtures';
import { usersRepository } from '../users/users.repository';
import { runJobs } from '../webhooks/test-helpers';
import type { PaymentProvider } from './payment-provider';
import { paymentVoidHandler } from './payments.service';
import { StripePaymentProvider, stripeClient } from './stripe.provider';
import { browserCard, startTestStripe, TEST_STRIPE_KEYS } from './stripe-test-helpers';

/**
 * A canceled prepaid booking gives the card's money back (the hold released, or a capture
 * refunded), its receipt invoice is credited by one credit memo, and the booker and the colleagues
 * who see invoices are mailed, each in their own language. Through the Stripe adapter over HTTP,
 * against the simulator on the app's clock.
 */
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startTestStripe>>;
let admin: TestClient;
let booker: TestClient;
let clock: TestClock = { now: new Date(), advanceMinutes: () => {} };

const ADMIN = 'prepaid@demo.test';
const BOOKER = 'booker.prepaid@demo.test';
const BILLING = 'billing.prepaid@demo.test';
const OTHER_SHIPPER = 'other.shipper.prepaid@demo.test';
const GONE_VIEWER = 'gone.viewer.prepaid@demo.test';
const QUIET_BILLING = 'quiet.billing.prepaid@demo.test';

const db = () => t.database.db;

async function addColleague(email: string, values: Partial<typeof users.$inferInsert>, language: 'en' | 'es' = 'en', quiet = false) {
  const [owner] = await db().select().from(users).where(eq(users.email, ADMIN));
  await db().transaction(async (tx) => {
    await usersRepository(tx).create(
      {
        accountId: owner!.accountId,
        email,
        firstName: email.split('.')[0]!,
        lastName: 'Prepaid',
        passwordHash: await hashPassword('Demo#2026'),
        emailVerifiedAt: clock.now,
        ...values,
      },
      {
        language,
        ...(quiet ? { subscriptions: { smart_shipper_tips: false, customer_service: false, weekly_industry_update: false } } : {}),
      },
    );
  });
}

beforeAll(async () => {
  stripe = await startTestStripe(() => clock.now);
  t = await createTestApp(stripe.env);
  clock = t.clock;
  stripe.connect(t.app);
  await addColleague(BOOKER, { accountRole: 'shipper' });
  await addColleague(BILLING, { accountRole: 'billing' }, 'es');
  await addColleague(OTHER_SHIPPER, { accountRole: 'shipper' });
  await addColleague(GONE_VIEWER, { accountRole: 'viewer', deactivatedAt: clock.now });
  await addColleague(QUIET_BILLING, { accountRole: 'billing' }, 'en', true);
  admin = await t.client().login(ADMIN, undefined, true);
  booker = await t.client().login(BOOKER, undefined, true);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const adapter = () => new StripePaymentProvider(stripeClient({ secretKey: TEST_STRIPE_KEYS.secretKey, apiUrl: stripe.url }));
/** Pay Now's body: a card the browser handed to the simulator, named by its pm_ id alone. */
const card = async () => ({ payment_method: await browserCard(stripe.url) });
const view = async (c: TestClient, id: string) => (await c.get(`/api/shipments/${id}`)).json().data as ShipmentView;
const invoice = async (c: TestClient, id: string) => (await c.get(`/api/invoices/${id}`)).json().data as InvoiceView;
const money = (cents: number, language: 'en' | 'es' = 'en') =>
  new Intl.NumberFormat(language === 'es' ? 'es-MX' : 'en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A booking of the booker's, paid by card: the shipment and its payment row. */
async function paidBooking() {
  const { shipment } = await quoteAndBook(t, booker);
  const res = await booker.request({
    method: 'POST',
    url: `/api/shipments/${shipment.id}/payment`,
    payload: await card(),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [payment] = await db().select().from(payments).where(eq(payments.shipmentId, shipment.id));
  return { shipment, payment: payment! };
}

const memosOf = (shipmentId: string) =>
  db()
    .select()
    .from(invoices)
    .where(and(eq(invoices.shipmentId, shipmentId), eq(invoices.type, 'credit_memo')));
const mailsAbout = (bol: string) =>
  db()
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `%${bol}%`));
const refundsOf = (intentId: string) =>
  [...stripe.engine.objects.values()].filter((o) => o.object === 'refund' && o.payment_intent === intentId);

describe('canceling a paid prepaid booking whose hold was not captured', () => {
  it('releases the hold, credits the receipt with one credit memo and mails the booker and who sees invoices', async () => {
    const { shipment, payment } = await paidBooking();
    expect((await booker.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await runJobs(t);

    expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0]?.status).toBe('voided');
    expect(await adapter().stripe.paymentIntents.retrieve(payment.providerRef!)).toMatchObject({ status: 'canceled' });
    expect(refundsOf(payment.providerRef!)).toEqual([]);

    const seen = await view(booker, shipment.id);
    const [memoRow] = await memosOf(shipment.id);
    expect(seen.payment).toMatchObject({
      state: 'released',
      card_last4: '4242',
      credit_memo: { id: memoRow!.id, number: memoRow!.number },
    });

    // The memo: the receipt's whole amount, negative, same currency, nothing owed, linked to the receipt.
    const memo = await invoice(admin, memoRow!.id);
    const receiptRow = (await db().select().from(invoices).where(eq(invoices.id, memoRow!.relatedInvoiceId!)))[0]!;
    expect(memo).toMatchObject({
      type: 'credit_memo',
      total_cents: -shipment.total_cents,
      balance_cents: 0,
      currency: 'USD',
      bol_number: shipment.bol_number,
      related_invoice: { id: receiptRow.id, number: receiptRow.number },
      charges: [
        expect.objectContaining({ code: 'booking_canceled', label: 'Credit (booking canceled)', invoiced_cents: -shipment.total_cents }),
      ],
    });
    const receipt = await invoice(admin, receiptRow.id);
    expect(receipt).toMatchObject({ type: 'freight', total_cents: shipment.total_cents, balance_cents: 0 });
    expect(receipt.credit_memos).toEqual([{ id: memo.id, number: memo.number, total_cents: -shipment.total_cents }]);
    // Its card payment was an authorization let go, never a charge; the card still names how it was paid.
    expect(receipt.payments).toEqual([expect.objectContaining({ method: 'card', status: 'released', last4: '4242' })]);
    expect(receipt.payment_last4).toBe('4242');
    // In the invoice history with the receipt.
    const history = (await admin.get('/api/invoices/history')).json().data as InvoiceListItem[];
    expect(history.map((i) => i.number)).toEqual(expect.arrayContaining([memo.number, receipt.number]));

    const mails = await mailsAbout(shipment.bol_number);
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN, BILLING, BOOKER].sort());
    const to = (who: string) => mails.find((m) => m.to === who)!;
    const held = money(shipment.total_cents + CARD_AUTH_HOLD_CENTS);
    expect(to(BOOKER).subject).toBe(`Booking ${shipment.bol_number} canceled: credit memo ${memo.number}`);
    expect(to(BOOKER).text).toContain(`The hold of ${held} on your card ending in 4242 was released: nothing was charged.`);
    expect(to(BOOKER).text).toContain(`Credit memo ${memo.number} credits ${money(shipment.total_cents)} to invoice ${receipt.number}`);
    // The booker (a shipper) does not see invoices: led to the shipment; the others to the memo.
    expect(to(BOOKER).text).toContain(`View the shipment: http://`);
    expect(to(BOOKER).text).toContain(`/track/detail/${shipment.id}`);
    expect(to(ADMIN).text).toContain(`View the credit memo: http://`);
    expect(to(ADMIN).text).toContain(`/invoice-detail/${memo.id}`);
    expect(to(BILLING).subject).toBe(`Reserva ${shipment.bol_number} cancelada: nota de crédito ${memo.number}`);
    expect(to(BILLING).text).toContain(`Se liberó la retención de ${money(shipment.total_cents + CARD_AUTH_HOLD_CENTS, 'es')}`);
    expect(to(BILLING).text).toContain('Ver la nota de crédito');
  });

  it("is another account's memo: not found, like its shipment", async () => {
    const { shipment } = await paidBooking();
    expect((await booker.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await runJobs(t);
    const [memo] = await memosOf(shipment.id);
    expect(memo).toBeDefined();
    const stranger = await t.client().login('shipper@demo.test', undefined, true);
    const res = await stranger.get(`/api/invoices/${memo!.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect((await stranger.get(`/api/invoices/${memo!.relatedInvoiceId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/shipments/${shipment.id}`)).statusCode).toBe(404);
    const history = (await stranger.get('/api/invoices/history')).json().data as InvoiceListItem[];
    expect(history.map((i) => i.id)).not.toContain(memo!.id);
    // The shipper of the booking's own account does not see invoices at all.
    expect((await booker.get(`/api/invoices/${memo!.id}`)).statusCode).toBe(403);
  });

  it("staff canceling on the shipper's behalf reach the same job", async () => {
    const { shipment } = await paidBooking();
    const staff = await t.client().login('ops@demo.test');
    const res = await staff.post(`/api/admin/shipments/${shipment.id}/cancel`, { reason: 'Shipper called to cancel' });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs(t);
    expect((await view(booker, shipment.id)).payment).toMatchObject({ state: 'released', credit_memo: expect.any(Object) });
    expect(await memosOf(shipment.id)).toHaveLength(1);
  });

  it("the carrier's cancel event reaches the same job", async () => {
    const { shipment } = await paidBooking();
    const secret = 'carrier-cancel-secret-0123456789abcdef';
    await setTrackingSecret(db(), shipment.scac, secret);
    const body = JSON.stringify({
      events: [
        {
          bol_number: shipment.bol_number,
          status_code: 'CA',
          occurred_at: clock.now.toISOString(),
          city: 'Chicago',
          state: 'IL',
          description: 'Canceled by the carrier',
        },
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/carriers/${shipment.scac.toLowerCase()}/tracking-events`,
      headers: { 'content-type': 'application/json', 'x-signature': signature(secret, body) },
      payload: body,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await runJobs(t);
    const seen = await view(booker, shipment.id);
    expect(seen.status).toBe('canceled');
    expect(seen.payment).toMatchObject({ state: 'released', credit_memo: expect.any(Object) });
  });
});

describe('canceling a paid prepaid booking whose authorization was captured', () => {
  it('refunds the capture under a key of the payment, credits the receipt and says so', async () => {
    const { shipment, payment } = await paidBooking();
    // Captured whole (the charge and the hold), as the processor's dashboard would.
    await adapter().capture(payment.providerRef!);
    const captured = shipment.total_cents + CARD_AUTH_HOLD_CENTS;
    expect((await booker.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    await runJobs(t);

    expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0]?.status).toBe('refunded');
    expect(refundsOf(payment.providerRef!)).toEqual([expect.objectContaining({ amount: captured, status: 'succeeded' })]);
    const seen = await view(booker, shipment.id);
    expect(seen.payment).toMatchObject({ state: 'refunded', card_last4: '4242', credit_memo: expect.any(Object) });
    const [memo] = await memosOf(shipment.id);
    expect(memo).toMatchObject({ totalCents: -shipment.total_cents, balanceCents: 0 });
    const refundedReceipt = await invoice(admin, memo!.relatedInvoiceId!);
    expect(refundedReceipt.payments).toEqual([expect.objectContaining({ status: 'refunded' })]);

    const mails = await mailsAbout(shipment.bol_number);
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN, BILLING, BOOKER].sort());
    expect(mails.find((m) => m.to === ADMIN)!.text).toContain(`${money(captured)} was refunded to your card ending in 4242.`);
    expect(mails.find((m) => m.to === BILLING)!.text).toContain(`Se reembolsaron ${money(captured, 'es')} a su tarjeta terminada en 4242.`);
    // The memo credits the receipt's amount, what the booking cost.
    expect(mails.find((m) => m.to === ADMIN)!.text).toContain(`credits ${money(shipment.total_cents)} to invoice`);
  });

  it('run twice, or again after failing between the refund and its record, makes one refund, one memo and one mail each', async () => {
    const { shipment, payment } = await paidBooking();
    await adapter().capture(payment.providerRef!);
    expect((await booker.post(`/api/shipments/${shipment.id}/cancel`)).statusCode).toBe(200);
    const ctx = { db: db(), now: () => clock.now, jobs: t.app.jobs, config: t.config };
    const mailer = createMailer({ db: db(), from: 'portal@test', log: t.app.log, now: () => clock.now });
    const notifier = invoiceNotifier({ db: db(), mailer, background: t.app.background, config: { appUrl: 'http://portal.test' } } as never);

    // The refund goes through, then the process fails before recording it.
    const real = adapter();
    const crashing: PaymentProvider = Object.assign(Object.create(real), {
      refund: async (r: Parameters<PaymentProvider['refund']>[0]) => {
        await real.refund(r);
        throw new Error('process stopped after the refund');
      },
    });
    await expect(paymentVoidHandler(ctx, crashing, notifier)({ shipment_id: shipment.id })).rejects.toThrow('process stopped');
    expect((await db().select().from(payments).where(eq(payments.id, payment.id)))[0]?.status).toBe('authorized');
    expect(await memosOf(shipment.id)).toEqual([]);

    const handler = paymentVoidHandler(ctx, adapter(), notifier);
    await handler({ shipment_id: shipment.id });
    await handler({ shipment_id: shipment.id });
    await Promise.all([handler({ shipment_id: shipment.id }), runJobs(t)]);
    await t.app.background.drain();

    const total = shipment.total_cents + CARD_AUTH_HOLD_CENTS;
    expect(refundsOf(payment.providerRef!)).toEqual([expect.objectContaining({ amount: total })]);
    expect(await memosOf(shipment.id)).toHaveLength(1);
    expect((await view(booker, shipment.id)).payment.state).toBe('refunded');
    const mails = await mailsAbout(shipment.bol_number);
    expect(mails.map((m) => m.to).sort()).toEqual([ADMIN, BILLING, BOOKER].sort());
    expect(mails.find((m) => m.to === BOOKER)!.text).toContain(`${money(total)} was refunded`);
  });
});
