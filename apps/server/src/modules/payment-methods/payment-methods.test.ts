import { randomUUID } from 'node:crypto';
import type { PaymentMethodView, PaymentProcessorView } from '@freight/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, savedPaymentMethods, userSettings, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { browserBank, browserCard as browserCardAt } from '../payments/stripe-test-helpers';
import { NEW_PASSWORD, teamSteps } from '../team/team.test-support';
import { autopayPayments, openInvoiceDue, runAutopay } from './test-helpers';

/**
 * Saved payment methods and autopay through the API, with the Stripe adapter talking over HTTP to
 * the Stripe simulator on the app's clock: the browser's part (a card made with the publishable
 * key) is a fetch to the simulator, as the web page does it.
 */
let t: TestApp;
let admin: TestClient;
let billing: TestClient;
let clerk: TestClient;
let viewer: TestClient;
/** The colleagues' addresses (each test app invites its own). */
const mail = { billing: '', clerk: '', viewer: '' };
let processor: PaymentProcessorView;
const steps = teamSteps(() => t);

/** Monday 7 December 2026, 9 AM in Chicago (the business's time zone). */
const MONDAY = new Date('2026-12-07T15:00:00Z');
const at = (isoDate: string) => new Date(`${isoDate}T15:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = MONDAY;
  admin = await t.client().login('shipper@demo.test', undefined, true);
  const colleague = async (role: 'billing' | 'shipper' | 'viewer') => {
    const c = await steps.colleague(admin, role);
    // Remembered sessions: the autopay tests move the clock on by days.
    return { client: await t.client().login(c.email, NEW_PASSWORD, true), email: c.email };
  };
  ({ client: billing, email: mail.billing } = await colleague('billing'));
  ({ client: clerk, email: mail.clerk } = await colleague('shipper'));
  ({ client: viewer, email: mail.viewer } = await colleague('viewer'));
  processor = (await billing.get('/api/payment-methods/processor')).json().data;
});
afterAll(() => t.close());

/** A card as the browser makes it: straight to the processor with the publishable key; answers its pm_ id. */
const browserCard = (number: string) => browserCardAt(t.stripeUrl, number, '2030');

const del = (c: TestClient, url: string) => c.request({ method: 'DELETE', url });
const list = async (c: TestClient) =>
  (await c.get('/api/payment-methods')).json().data as { methods: PaymentMethodView[]; autopay: boolean };
const save = (c: TestClient, pm: string) => c.post('/api/payment-methods', { payment_method: pm });

const invoiceRow = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
describe('saved payment methods', () => {
  it('tells the browser where the processor is and with which key', () => {
    expect(processor.publishable_key).toMatch(/^pk_test_/);
    expect(processor.api_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('adds cards (the first is the default), lists them, makes another the default and removes them', async () => {
    const visa = await browserCard('4242424242424242');
    const res = await save(billing, visa);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, is_default: true });
    expect(JSON.stringify(res.json())).not.toContain('4242424242424242');
    const again = await save(billing, visa);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(res.json().data.id);

    const master = (await save(admin, await browserCard('5555555555554444'))).json().data as PaymentMethodView;
    expect(master).toMatchObject({ brand: 'mastercard', last4: '4444', is_default: false });
    expect((await list(billing)).methods.map((m) => [m.last4, m.is_default])).toEqual([
      ['4242', true],
      ['4444', false],
    ]);

    const made = await billing.put(`/api/payment-methods/${master.id}/default`, {});
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(billing)).methods.map((m) => [m.last4, m.is_default])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);

    expect((await del(billing, `/api/payment-methods/${master.id}`)).statusCode).toBe(204);
    expect((await list(billing)).methods.map((m) => [m.last4, m.is_default])).toEqual([['4242', true]]);

    const activity = (await admin.get('/api/team/activity')).json().data as { action: string; target: string }[];
    expect(activity.map((a) => a.action)).toEqual(
      expect.arrayContaining(['payment_method.add', 'payment_method.default', 'payment_method.remove']),
    );
    expect(activity.find((a) => a.action === 'payment_method.remove')?.target).toBe('mastercard …4444');
  });

  it('saves a bank account the browser made, listed by its bank and last four digits', async () => {
    const pm = await browserBank(t.stripeUrl);
    const saved = await save(billing, pm);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({
      type: 'us_bank_account',
      brand: null,
      last4: '6789',
      bank_name: 'STRIPE TEST BANK',
      is_default: false,
    });
    expect(JSON.stringify((await billing.get('/api/payment-methods')).json())).not.toContain('000123456789');
    expect((await del(billing, `/api/payment-methods/${saved.json().data.id}`)).statusCode).toBe(204);
  });

  it('refuses a card the processor declines, an id it does not know and anything but a pm_ id (422 at the field)', async () => {
    const declined = await save(billing, await browserCard('4000000000000002'));
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors.payment_method).toHaveLength(1);
    expect((await save(billing, 'pm_doesNotExist123')).statusCode).toBe(422);
    const bad = await save(billing, '4242424242424242');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('payment_method');
  });

  it('keeps another account out: its list is its own, our method ids are 404 to it, our pm_ ids refused', async () => {
    const other = await t.client().login('other@demo.test', undefined, true);
    const [ours] = (await list(billing)).methods;
    expect((await list(other)).methods).toEqual([]);
    expect((await other.put(`/api/payment-methods/${ours!.id}/default`, {})).statusCode).toBe(404);
    expect((await del(other, `/api/payment-methods/${ours!.id}`)).statusCode).toBe(404);
    expect((await del(other, `/api/payment-methods/${randomUUID()}`)).statusCode).toBe(404);
    expect((await del(other, '/api/payment-methods/not-an-id')).statusCode).toBe(404);
    const [saved] = await t.database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, ours!.id));
    expect((await save(other, saved!.providerRef)).statusCode).toBe(422);
    expect((await list(other)).methods).toEqual([]);
    expect((await list(billing)).methods).toHaveLength(1);
  });

  it('is refused to a shipper and a viewer (403)', async () => {
    for (const c of [clerk, viewer]) {
      const [ours] = (await list(billing)).methods;
      expect((await c.get('/api/payment-methods')).statusCode).toBe(403);
      expect((await c.get('/api/payment-methods/processor')).statusCode).toBe(403);
      expect((await save(c, 'pm_card_visa')).statusCode).toBe(403);
      expect((await c.put(`/api/payment-methods/${ours!.id}/default`, {})).statusCode).toBe(403);
      expect((await c.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(403);
      expect((await del(c, `/api/payment-methods/${ours!.id}`)).statusCode).toBe(403);
    }
  });
});

describe('autopay', () => {
  it('turns on only with a default method, and off; both are in the activity log', async () => {
    const other = await t.client().login('other@demo.test', undefined, true);
    const refused = await other.put('/api/payment-methods/autopay', { enabled: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'conflict', message: expect.any(String) });
    expect((await other.put('/api/payment-methods/autopay', { enabled: 'yes' })).statusCode).toBe(422);

    const on = await billing.put('/api/payment-methods/autopay', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.autopay).toBe(true);
    expect((await billing.put('/api/payment-methods/autopay', { enabled: false })).json().data.autopay).toBe(false);
    expect((await billing.put('/api/payment-methods/autopay', { enabled: true })).json().data.autopay).toBe(true);
    const actions = ((await admin.get('/api/team/activity')).json().data as { action: string }[]).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['account.autopay_on', 'account.autopay_off']));
  });

  it('mails the notice once, three business days ahead, in each payer’s language; charges the balance on the due date, once', async () => {
    const billingUser = (await t.database.db.select().from(users).where(eq(users.email, mail.billing)))[0]!;
    await t.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, billingUser.id));
    // Due Thursday 10 December: Monday the 7th is three business days before it.
    const invoice = await openInvoiceDue(t, '2026-12-10');
    await runAutopay(t, at('2026-12-04'));
    const noticesTo = async (to: string) =>
      (await mailsTo(t, to)).filter((m) => m.subject.includes(invoice.number) && /automatic|automátic/.test(m.subject));
    expect(await noticesTo(mail.billing)).toHaveLength(0);

    await runAutopay(t, MONDAY);
    await runAutopay(t, MONDAY);
    const notices = await noticesTo(mail.billing);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(`La factura ${invoice.number} se pagará automáticamente el 10 de diciembre de 2026`);
    expect(notices[0]!.text).toContain('tarjeta Visa con terminación 4242');
    const english = await noticesTo('shipper@demo.test');
    expect(english.map((m) => m.subject)).toEqual([`Invoice ${invoice.number} will be paid automatically on December 10, 2026`]);
    expect(english[0]!.text).toContain('Visa card ending in 4242');
    // A shipper and a viewer pay nothing, so they are not told.
    expect(await noticesTo(mail.clerk)).toEqual([]);
    expect(await noticesTo(mail.viewer)).toEqual([]);

    await runAutopay(t, at('2026-12-09'));
    expect((await invoiceRow(invoice.id)).balanceCents).toBe(invoice.balanceCents);

    await runAutopay(t, at('2026-12-10'));
    await runAutopay(t, at('2026-12-10'));
    const paid = await invoiceRow(invoice.id);
    expect(paid.balanceCents).toBe(0);
    expect(paid.paidAt).not.toBeNull();
    const rows = await autopayPayments(t, invoice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'settled',
      amountCents: invoice.balanceCents,
      method: 'card',
      last4: '4242',
      userId: billingUser.id,
    });
    const view = (await billing.get(`/api/invoices/${invoice.id}`)).json().data;
    expect(view).toMatchObject({ status: 'paid', balance_cents: 0 });
  });

  it('mails a decline and tries once more the next business day; a second decline is mailed and the invoice left open', async () => {
    const bad = (await save(billing, await browserCard('4000000000000341'))).json().data as PaymentMethodView;
    expect(bad.last4).toBe('0341');
    expect((await billing.put(`/api/payment-methods/${bad.id}/default`, {})).statusCode).toBe(200);
    // Due Friday 18 December; the retry is Monday the 21st.
    const invoice = await openInvoiceDue(t, '2026-12-18');
    await runAutopay(t, at('2026-12-15'));
    await runAutopay(t, at('2026-12-18'));
    await runAutopay(t, at('2026-12-18'));
    const failed = (await mailsTo(t, 'shipper@demo.test')).filter((m) => m.subject === `Autopay could not pay invoice ${invoice.number}`);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.text).toContain('We will try once more on December 21, 2026');
    expect(await autopayPayments(t, invoice.id)).toMatchObject([{ status: 'declined' }]);

    await runAutopay(t, at('2026-12-19'));
    await runAutopay(t, at('2026-12-20'));
    expect(await autopayPayments(t, invoice.id)).toHaveLength(1);
    await runAutopay(t, at('2026-12-21'));
    await runAutopay(t, at('2026-12-22'));
    const rows = await autopayPayments(t, invoice.id);
    expect(rows.map((r) => [r.status, r.idempotencyKey])).toEqual([
      ['declined', `autopay:${invoice.id}:1`],
      ['declined', `autopay:${invoice.id}:2`],
    ]);
    const mails = (await mailsTo(t, 'shipper@demo.test')).filter((m) => m.subject === `Autopay could not pay invoice ${invoice.number}`);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('Autopay will not try again');
    const spanish = (await mailsTo(t, mail.billing)).filter((m) => m.subject.includes(invoice.number) && m.subject.startsWith('El pago'));
    expect(spanish).toHaveLength(2);
    const row = await invoiceRow(invoice.id);
    expect(row.balanceCents).toBe(invoice.balanceCents);
    expect(row.paidAt).toBeNull();
  });

  it('turns off when the last method goes', async () => {
    // The account admin's session is a remembered one: the days autopay moved the clock on did not end it.
    for (const m of (await list(admin)).methods) expect((await del(admin, `/api/payment-methods/${m.id}`)).statusCode).toBe(204);
    expect(await list(admin)).toEqual({ methods: [], autopay: false });
    const unused = await t.database.db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.status, 'settled'), like(invoicePayments.idempotencyKey, 'autopay:%')));
    expect(unused).toHaveLength(1);
  });
});
