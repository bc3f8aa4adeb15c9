import type { RegisterRequest } from '@freight/contracts';
import { desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, shipmentEvents, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { carrierInvoiceFixtures } from '../carrier-invoices/test-helpers';
import { quoteAndBook } from '../shipments/test-helpers';

const PASSWORD = 'Seed#2026';

const registration = (email: string): RegisterRequest => ({
  company_name: 'Seeded Freight LLC',
  primary_contact: { first_name: 'Sam', last_name: 'Seed', email, phone: '(312) 555-0142' },
  company_address: { street1: '200 W Adams St', city: 'Chicago', state: 'IL', postal_code: '60606', country: 'US' },
  accounting_same_as_company: true,
  preferences: { language: 'es' },
  password: PASSWORD,
  password_confirmation: PASSWORD,
});

describe('the test-only seeding path, on a server under test', () => {
  let t: TestApp;
  beforeAll(async () => {
    // More companies than one address may sign up in an hour.
    t = await createTestApp({ NODE_ENV: 'test', TEST_SEED: '1', SIGNUPS_PER_ADDRESS_HOUR: '1000' });
  });
  afterAll(() => t.close());

  it('signs a company up as the signup form does, verified, and its admin signs in', async () => {
    const res = await t.client().post('/__test/companies', { registration: registration('seeded.admin@example.test') });
    expect(res.statusCode).toBe(201);
    const { user_id, account_id } = res.json().data;
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, account_id));
    // What the signup service decides: a new company pays by card until accounting grants credit.
    expect(account).toMatchObject({ name: 'Seeded Freight LLC', paymentTerms: 'prepaid' });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, user_id));
    expect(user).toMatchObject({ accountRole: 'account_admin', email: 'seeded.admin@example.test' });
    expect(user?.emailVerifiedAt).toEqual(t.clock.now);
    const signedIn = await t.client().login('seeded.admin@example.test', PASSWORD);
    const me = (await signedIn.get('/api/user')).json().data;
    expect(me).toMatchObject({ email: 'seeded.admin@example.test', email_verified_at: t.clock.now.toISOString() });
    expect(me.settings.language).toBe('es');
  });

  it('leaves a company unverified when asked, as the signup form leaves it', async () => {
    const res = await t.client().post('/__test/companies', { registration: registration('seeded.new@example.test'), verified: false });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, res.json().data.user_id));
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it('adds a colleague in a role to an account, and refuses an unknown account or a taken email', async () => {
    const company = (await t.client().post('/__test/companies', { registration: registration('seeded.boss@example.test') })).json().data;
    const colleague = (email: string, account_id = company.account_id) =>
      t.client().post('/__test/colleagues', { account_id, email, password: PASSWORD, role: 'billing', booking_limit_cents: 50_000 });
    const res = await colleague('seeded.billing@example.test');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.account_id).toBe(company.account_id);
    const me = (await (await t.client().login('seeded.billing@example.test', PASSWORD)).get('/api/user')).json().data;
    expect(me.account).toMatchObject({ id: company.account_id, role: 'billing' });
    expect((await colleague('seeded.billing@example.test')).json().errors).toEqual({ email: ['Email already exists'] });
    expect((await colleague('seeded.other@example.test', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('enrols a staff member with an authenticator app of their own, audited as the settings page enrols one', async () => {
    const res = await t.client().post('/__test/staff', { email: 'seeded.ops@example.test', password: PASSWORD, roles: ['fpg_ops'] });
    expect(res.statusCode).toBe(201);
    const { user_id, totp_secret } = res.json().data;
    expect(totp_secret).toMatch(/^[A-Z2-7]{16,}$/);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.two_factor_enabled'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: user_id });
    // Signing in asks for the second step, which this step's code of that secret answers.
    const staff = await t.client().login('seeded.ops@example.test', PASSWORD, false, totp_secret);
    expect((await staff.get('/api/user')).json().data.roles).toEqual(['fpg_ops']);
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it("makes a sales staff member the rep of the accounts named, who then reads those accounts' programs alone", async () => {
    const mine = (await t.client().post('/__test/companies', { registration: registration('seeded.repped@example.test') })).json().data;
    const other = (await t.client().post('/__test/companies', { registration: registration('seeded.unrepped@example.test') })).json().data;
    const res = await t
      .client()
      .post('/__test/staff', { email: 'seeded.rep@example.test', password: PASSWORD, roles: ['fpg_sales'], rep_of: [mine.account_id] });
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.sales_rep'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ entityId: mine.account_id, after: { sales_rep: 'Erin Tester <seeded.rep@example.test>' } });
    const rep = await t.client().login('seeded.rep@example.test', PASSWORD, false, res.json().data.totp_secret);
    expect((await rep.get(`/api/admin/pricing-programs/${mine.account_id}`)).statusCode).toBe(200);
    expect((await rep.get(`/api/admin/pricing-programs/${other.account_id}`)).statusCode).toBe(404);
    // Only a sales role may be a rep: anyone else is refused before they are made.
    const ops = { email: 'seeded.notrep@example.test', password: PASSWORD, roles: ['fpg_ops'], rep_of: [mine.account_id] };
    const refused = await t.client().post('/__test/staff', ops);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['rep_of']);
    expect((await t.client().post('/__test/staff', { ...ops, rep_of: [] })).statusCode).toBe(201);
  });

  it('grants a company credit as an approved application grants it, so its bookings go straight to the carrier', async () => {
    const credit = { net_days: 30, credit_limit_cents: 2_500_000, grace_days: 5 };
    const res = await t.client().post('/__test/companies', { registration: registration('seeded.credit@example.test'), credit });
    expect(res.statusCode, res.body).toBe(201);
    const { account_id } = res.json().data;
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, account_id));
    expect(account).toMatchObject({ paymentTerms: 'credit', netDays: 30, creditLimitCents: 2_500_000, graceDays: 5 });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.accountId, account_id));
    expect(entry).toMatchObject({ action: 'credit_application.approved', targetLabel: 'Seeded Freight LLC' });
    const shipper = await t.client().login('seeded.credit@example.test', PASSWORD);
    const { shipment } = await quoteAndBook(t, shipper);
    expect(shipment).toMatchObject({ status: 'pending', payment_state: 'not_required' });
    // A second company finds the seeding desk made by the first.
    const again = await t.client().post('/__test/companies', { registration: registration('seeded.credit2@example.test'), credit });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("delivers an account's booked shipment as its demo carrier reports it: events, status, the signed receipt", async () => {
    const credit = { net_days: 15, credit_limit_cents: 1_000_000, grace_days: 0 };
    const { account_id } = (
      await t.client().post('/__test/companies', { registration: registration('seeded.deliver@example.test'), credit })
    ).json().data;
    const shipper = await t.client().login('seeded.deliver@example.test', PASSWORD);
    const { shipment } = await quoteAndBook(t, shipper);
    const deliver = (id: string, account = account_id) => t.client().post(`/__test/shipments/${id}/delivered`, { account_id: account });

    const res = await deliver(shipment.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.status).toBe('delivered');
    const deliveredAt = new Date(res.json().data.delivered_at).getTime();
    expect(deliveredAt).toBeLessThanOrEqual(t.clock.now.getTime());
    // The latest business day that has it delivered: within the last week, never in the future.
    expect(t.clock.now.getTime() - deliveredAt).toBeLessThan(7 * 24 * 3600_000);
    const events = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipment.id));
    expect(events.map((e) => e.statusCode)).toContain('D1');
    expect(new Set(events.map((e) => e.source))).toEqual(new Set(['poll']));
    const view = (await shipper.get(`/api/shipments/${shipment.id}`)).json().data;
    expect(view.status).toBe('delivered');
    const pod = await shipper.get(`/api/shipments/${shipment.id}/proof-of-delivery`);
    expect(pod.statusCode, pod.body).toBe(200);
    expect(pod.json().data.signer_name).toBeTruthy();

    // Once delivered it does not move again; another account's shipment is not found.
    expect((await deliver(shipment.id)).json()).toMatchObject({ code: 'conflict' });
    const other = (await t.client().post('/__test/companies', { registration: registration('seeded.stranger@example.test') })).json().data;
    expect((await deliver(shipment.id, other.account_id)).statusCode).toBe(404);
  });

  it('delivers days back with the freight invoice of that day, and bills an approved reweigh as an adjustment', async () => {
    const credit = { net_days: 30, credit_limit_cents: 1_000_000, grace_days: 10 };
    const { account_id } = (
      await t.client().post('/__test/companies', { registration: registration('seeded.aged@example.test'), credit })
    ).json().data;
    const shipper = await t.client().login('seeded.aged@example.test', PASSWORD);
    const { shipment } = await quoteAndBook(t, shipper);
    const delivered = await t.client().post(`/__test/shipments/${shipment.id}/delivered`, { account_id, days_ago: 35 });
    expect(delivered.statusCode, delivered.body).toBe(201);
    // Issued before the answer, as of that day: past due by about five days, within the grace days.
    const [invoice] = (await shipper.get('/api/invoices')).json().data;
    expect(invoice).toMatchObject({ shipment_id: shipment.id, type: 'freight', aging_bucket: 'days_1_30' });
    expect(invoice.days_past_due).toBeGreaterThanOrEqual(3);
    expect(invoice.days_past_due).toBeLessThanOrEqual(7);
    expect((await shipper.get('/api/invoices/summary')).json().data.credit.on_hold).toBe(false);

    const reweigh = (account = account_id) =>
      t.client().post(`/__test/shipments/${shipment.id}/reweigh`, { account_id: account, factor: 1.15 });
    const res = await reweigh();
    expect(res.statusCode, res.body).toBe(201);
    const adjustment = (await shipper.get(`/api/invoices/${res.json().data.id}`)).json().data;
    expect(adjustment).toMatchObject({ type: 'adjustment', correction: { kind: 'reweigh' } });
    expect(adjustment.total_cents).toBeGreaterThan(0);
    expect(adjustment.correction.invoiced_weight_lb).toBe(Math.round(adjustment.correction.quoted_weight_lb * 1.15));
    // Once a shipment; another account's shipment is not found.
    const again = await reweigh();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      message: 'This shipment has no freight invoice to adjust, or it was already adjusted.',
    });
    const other = (await t.client().post('/__test/companies', { registration: registration('seeded.aged2@example.test') })).json().data;
    expect((await reweigh(other.account_id)).statusCode).toBe(404);
  });

  it("answers the carrier's bill of an account's shipment, which the CSV upload takes in and audits as it claims", async () => {
    const credit = { net_days: 15, credit_limit_cents: 1_000_000, grace_days: 0 };
    const { account_id } = (
      await t.client().post('/__test/companies', { registration: registration('seeded.billed@example.test'), credit })
    ).json().data;
    const shipper = await t.client().login('seeded.billed@example.test', PASSWORD);
    const { shipment } = await quoteAndBook(t, shipper);
    await t.client().post(`/__test/shipments/${shipment.id}/delivered`, { account_id });
    const bill = async (body: Record<string, unknown>, account = account_id) => {
      const res = await t.client().post(`/__test/shipments/${shipment.id}/carrier-bill`, { account_id: account, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };

    const asBooked = await bill({ invoice_number: 'SB-1' });
    expect(asBooked).toMatchObject({ bol_number: shipment.bol_number, scac: shipment.scac, currency: 'USD' });
    expect(asBooked.amount_due_cents).toBe(asBooked.lines.reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0));
    const reweigh = await bill({ invoice_number: 'SB-2', weight_factor: 1.3 });
    expect(reweigh.weight_lb).toBe(Math.round(asBooked.weight_lb * 1.3));
    expect(reweigh.amount_due_cents).toBeGreaterThan(asBooked.amount_due_cents);
    const reclass = await bill({ invoice_number: 'SB-3', classes_up: 2, charge_factor: 1.1 });
    expect(reclass.freight_class).toBeGreaterThan(asBooked.freight_class);
    expect(reclass.weight_lb).toBe(asBooked.weight_lb);

    // Accounting uploads them (the approved one last: an approved invoice makes the next a duplicate).
    const fx = carrierInvoiceFixtures(t, await t.client().login('accounting@demo.test'));
    const report = await fx.upload([reweigh, reclass, asBooked]);
    expect(report.outcomes.map((o) => [o.status, o.reasons])).toEqual([
      ['pending_audit', ['reweigh']],
      ['pending_audit', ['reclass']],
      ['approved', []],
    ]);
    // Named by another account, it is not found.
    const [other] = await t.database.db.select({ id: accounts.id }).from(accounts).where(ne(accounts.id, account_id)).limit(1);
    const refused = await t.client().post(`/__test/shipments/${shipment.id}/carrier-bill`, { account_id: other?.id, invoice_number: 'X' });
    expect(refused.statusCode).toBe(404);
  });

  it("takes in a carrier's events of an account's shipment as its post would: a crossing held at the border", async () => {
    const credit = { net_days: 15, credit_limit_cents: 1_000_000, grace_days: 0 };
    const { account_id } = (
      await t.client().post('/__test/companies', { registration: registration('seeded.border@example.test'), credit })
    ).json().data;
    const shipper = await t.client().login('seeded.border@example.test', PASSWORD);
    const { shipment } = await quoteAndBook(t, shipper);
    const events = [
      { bol_number: 'not-its-number', status_code: 'X4', occurred_at: '2026-11-25T14:10:00-06:00', city: 'Laredo', state: 'TX' },
      {
        bol_number: 'x',
        status_code: 'SD',
        reason_code: 'BC',
        occurred_at: '2026-11-25T16:40:00-06:00',
        city: 'Nuevo Laredo',
        state: 'TAM',
      },
    ];
    const res = await t.client().post(`/__test/shipments/${shipment.id}/carrier-events`, { account_id, events });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ accepted: 2, unknown: 0 });
    const seen = (await shipper.get(`/api/shipments/${shipment.id}`)).json().data;
    expect(seen).toMatchObject({ status: 'delayed', action_required: true });
    expect(seen.events.map((e: { status_code: string }) => e.status_code).sort()).toEqual(['SD', 'X4']);
    // Named by another account, it is not found.
    const [other] = await t.database.db.select({ id: accounts.id }).from(accounts).where(ne(accounts.id, account_id)).limit(1);
    const refused = await t.client().post(`/__test/shipments/${shipment.id}/carrier-events`, { account_id: other?.id, events });
    expect(refused.statusCode).toBe(404);
  });

  it("fails a webhook's deliveries for good as a receiver down for the whole retry window does", async () => {
    const credit = { net_days: 30, credit_limit_cents: 1_000_000, grace_days: 10 };
    const { account_id } = (
      await t.client().post('/__test/companies', { registration: registration('seeded.hook@example.test'), credit })
    ).json().data;
    const shipper = await t.client().login('seeded.hook@example.test', PASSWORD);
    // Nothing listens on the discard port: every attempt is refused.
    const hook = (await shipper.post('/api/webhooks', { url: 'http://127.0.0.1:9/receive', events: ['shipment.booked'] })).json().data;
    await quoteAndBook(t, shipper);
    const lapse = (account = account_id) => t.client().post(`/__test/webhooks/${hook.id}/lapse`, { account_id: account });
    const res = await lapse();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ failed: 1, enabled: false });
    const [delivery] = (await shipper.get(`/api/webhooks/${hook.id}/deliveries`)).json().data;
    expect(delivery).toMatchObject({ event_type: 'shipment.booked', status: 'failed' });
    const [listed] = (await shipper.get('/api/webhooks')).json().data;
    expect(listed).toMatchObject({ id: hook.id, enabled: false });
    // Another account's webhook is not found.
    const other = (await t.client().post('/__test/companies', { registration: registration('seeded.hook2@example.test') })).json().data;
    expect((await lapse(other.account_id)).statusCode).toBe(404);
  });

  it('makes a look-alike of a demo shipper: same account, role and settings, its own password and sessions', async () => {
    const res = await t
      .client()
      .post('/__test/look-alikes', { of: 'other@demo.test', email: 'like.other@example.test', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.totp_secret).toBeNull();
    const original = (await (await t.client().login('other@demo.test')).get('/api/user')).json().data;
    const like = await t.client().login('like.other@example.test', PASSWORD);
    const me = (await like.get('/api/user')).json().data;
    expect(me.account).toEqual(original.account);
    expect(me.settings).toEqual(original.settings);
    expect([me.first_name, me.last_name, me.roles]).toEqual([original.first_name, original.last_name, original.roles]);
    expect(me.id).not.toBe(original.id);
    // The account's records are the look-alike's to read as they are the original's.
    const list = (who: typeof like) => who.get('/api/shipments?per_page=5').then((r) => r.json().meta.total);
    expect(await list(like)).toBe(await list(await t.client().login('other@demo.test')));
    // Its address is its own: a second look-alike with it is refused as signup refuses one.
    const again = await t
      .client()
      .post('/__test/look-alikes', { of: 'shipper@demo.test', email: 'like.other@example.test', password: PASSWORD });
    expect(again.json().errors).toEqual({ email: ['Email already exists'] });
  });

  it('gives a staff look-alike the same roles and an authenticator of its own; an unknown user has none', async () => {
    const res = await t.client().post('/__test/look-alikes', { of: 'ops@demo.test', email: 'like.ops@example.test', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(201);
    const { totp_secret } = res.json().data;
    expect(totp_secret).toMatch(/^[A-Z2-7]{16,}$/);
    const staff = await t.client().login('like.ops@example.test', PASSWORD, false, totp_secret);
    expect((await staff.get('/api/user')).json().data.roles).toEqual(['fpg_ops']);
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
    const unknown = await t
      .client()
      .post('/__test/look-alikes', { of: 'nobody@demo.test', email: 'like.nobody@example.test', password: PASSWORD });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers bad input with field errors', async () => {
    const res = await t.client().post('/__test/staff', { email: 'nope', password: 'x', roles: ['captain'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'roles.0']);
  });
});

describe('a production server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', MAIL_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('has no seeding path at all', async () => {
    for (const path of [
      '/__test/companies',
      '/__test/colleagues',
      '/__test/staff',
      '/__test/look-alikes',
      '/__test/shipments/00000000-0000-4000-8000-000000000000/delivered',
      '/__test/shipments/00000000-0000-4000-8000-000000000000/carrier-bill',
      '/__test/shipments/00000000-0000-4000-8000-000000000000/carrier-events',
    ]) {
      const res = await t.client().post(path, { registration: registration('seeded.prod@example.test') });
      expect(res.statusCode, path).toBe(404);
    }
  });
});
