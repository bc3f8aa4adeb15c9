import type { CreditApplicationRequest, RegisterRequest } from '@freight/contracts';
import { REAUTHENTICATION_TTL_MINUTES } from '@freight/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCreditEvents, accounts, auditLog, creditApplications, users } from '../../db/schema';
import { seedDemoCreditApplications } from '../../db/seed-credit-applications';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastMailTo, mailsTo } from '../../test/outbox';
import { quoteAndBook } from '../shipments/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret#2026';
let ip = 20;

/** Signs a company up through /register (its user verified by hand) and answers the signed-in client. */
async function signedUp(email: string, language: 'en' | 'es' = 'en') {
  const body: RegisterRequest = {
    company_name: `Co ${email}`,
    primary_contact: { first_name: 'Ana', last_name: 'Applicant', email, phone: '(512) 555-0101' },
    company_address: { street1: '100 Congress Ave', street2: '', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
    accounting_same_as_company: true,
    preferences: { language, unit_system: 'imperial', currency: 'USD', preferred_mode: 'ltl' },
    password: PASSWORD,
    password_confirmation: PASSWORD,
  };
  const c = t.client();
  const res = await c.request({ method: 'POST', url: '/register', payload: body, remoteAddress: `198.51.100.${ip++}` });
  expect(res.statusCode, res.body).toBe(201);
  await t.database.db.update(users).set({ emailVerifiedAt: t.clock.now }).where(eq(users.email, email));
  return c;
}

const application = (over: Partial<CreditApplicationRequest> = {}): CreditApplicationRequest => ({
  legal_name: 'Applicant Holdings LLC',
  tax_id: '12-3456789',
  years_in_business: 7,
  requested_limit_cents: 2_000_000,
  bank: { name: 'First Federal', contact: 'Bea Banker', phone: '(512) 555-0150' },
  trade_references: [
    { company: 'Ref One Inc', contact: 'Rae One', email: 'ar@refone.test', phone: '(512) 555-0160' },
    { company: 'Ref Two Inc', contact: 'Rob Two', email: 'ar@reftwo.test', phone: '(512) 555-0161' },
  ],
  accounts_payable: { name: 'Paul Payable', email: 'ap@applicant.test', phone: '(512) 555-0170' },
  ...over,
});

const accountOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, email));
  return row!.account;
};

/** Staff signed in, who proved who they are just now (their second factor: what an approval needs). */
async function staff(email: string) {
  return (await t.client().login(email)).confirmPassword();
}

async function applied(email: string, language: 'en' | 'es' = 'en') {
  const c = await signedUp(email, language);
  const res = await c.post('/api/credit-applications', application());
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().data.applications[0].id;
  return { c, id };
}

const approval = { outcome: 'approved', net_days: 15, credit_limit_cents: 1_500_000, grace_days: 5, reason: 'Good references' };

describe('sign-up', () => {
  it('starts a self-signed-up account prepaid; staff-made and demo accounts keep their terms', async () => {
    const c = await signedUp('new@credit.test');
    expect((await accountOf('new@credit.test')).paymentTerms).toBe('prepaid');
    expect((await accountOf('shipper@demo.test')).paymentTerms).toBe('credit');
    const standing = (await c.get('/api/credit-applications')).json().data;
    expect(standing).toMatchObject({ payment_terms: 'prepaid', can_apply: true, applications: [] });
    // It books, and pays by card: the booking waits for its payment.
    const { shipment } = await quoteAndBook(t, c);
    expect(shipment.payment_state).toBe('awaiting');
  });
});

describe('applying', () => {
  it('validates the application in the caller language (422 with field errors)', async () => {
    const c = await signedUp('invalid@credit.test');
    c.acceptLanguage = 'en';
    const res = await c.post('/api/credit-applications', application({ tax_id: 'no!', requested_limit_cents: 50 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      tax_id: ['Enter the tax ID (EIN) with letters, digits, spaces or dashes only'],
      requested_limit_cents: ['Enter a limit of at least $100.00'],
    });
    const missing = await c.post('/api/credit-applications', { ...application(), trade_references: [] });
    expect(missing.statusCode).toBe(422);
  });

  it('keeps one pending application per account (409), seals the tax id at rest and shows it to staff on the detail only', async () => {
    const { c, id } = await applied('one@credit.test');
    const again = await c.post('/api/credit-applications', application());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: 'This account already has a credit application under review.' });
    const standing = (await c.get('/api/credit-applications')).json().data;
    expect(standing.can_apply).toBe(false);
    expect(standing.applications).toHaveLength(1);
    expect(standing.applications[0]).toMatchObject({
      status: 'pending',
      legal_name: 'Applicant Holdings LLC',
      requested_limit_cents: 2_000_000,
    });
    expect(JSON.stringify(standing)).not.toContain('3456789');

    const [row] = await t.database.db.select().from(creditApplications).where(eq(creditApplications.id, id));
    expect(JSON.stringify(row)).not.toContain('3456789');
    expect(row!.details.tax_id_sealed).toMatch(/^v1\./);

    const accounting = await t.client().login('accounting@demo.test');
    const queue = (await accounting.get('/api/admin/credit-applications')).json();
    const listed = queue.data.find((a: { id: string }) => a.id === id);
    expect(listed).toMatchObject({ status: 'pending', tax_id: null, account: { name: 'Co one@credit.test' } });
    const detail = (await accounting.get(`/api/admin/credit-applications/${id}`)).json().data;
    expect(detail).toMatchObject({
      tax_id: '12-3456789',
      years_in_business: 7,
      submitted_by: { email: 'one@credit.test' },
      trade_references: [{ company: 'Ref One Inc' }, { company: 'Ref Two Inc' }],
    });
  });

  it('lets one of two submits at once in (a double click): the other is a 409', async () => {
    const c = await signedUp('twice@credit.test');
    const answers = await Promise.all([
      c.post('/api/credit-applications', application()),
      c.post('/api/credit-applications', application()),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const account = await accountOf('twice@credit.test');
    expect(await t.database.db.select().from(creditApplications).where(eq(creditApplications.accountId, account.id))).toHaveLength(1);
  });

  it('refuses an application from an account already on terms (409)', async () => {
    const c = await t.client().login('shipper@demo.test');
    const res = await c.post('/api/credit-applications', application());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This account already has credit terms.');
  });
});

describe('deciding', () => {
  it('approves with terms in one transaction: account terms, credit record, audit, mail; then it books on terms', async () => {
    const { c, id } = await applied('approve@credit.test');
    const before = await accountOf('approve@credit.test');
    const accounting = await staff('accounting@demo.test');
    const res = await accounting.post(`/api/admin/credit-applications/${id}/decision`, approval);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'approved', net_days: 15, credit_limit_cents: 1_500_000, grace_days: 5 });
    expect(res.json().data.decided_by.name).toBe('Alma Accounting');

    const after = await accountOf('approve@credit.test');
    expect(after).toMatchObject({ paymentTerms: 'credit', netDays: 15, creditLimitCents: 1_500_000, graceDays: 5 });
    const [event] = await t.database.db.select().from(accountCreditEvents).where(eq(accountCreditEvents.accountId, after.id));
    expect(event).toMatchObject({ kind: 'terms_changed', source: 'staff' });
    expect(event!.reason).toContain('Good references');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'credit_application.approved')));
    expect(entry).toMatchObject({ actorEmail: 'accounting@demo.test', accountId: before.id, targetLabel: 'Co approve@credit.test' });
    expect(entry!.before).toMatchObject({ payment_terms: 'prepaid' });

    const mail = await lastMailTo(t, 'approve@credit.test');
    expect(mail.subject).toBe('Your credit application is approved');
    expect(mail.text).toContain('net 15 days, a credit limit of $15,000.00, and 5 grace days');

    const standing = (await c.get('/api/credit-applications')).json().data;
    expect(standing).toMatchObject({ payment_terms: 'credit', net_days: 15, can_apply: false });
    expect(standing.applications[0]).toMatchObject({ status: 'approved', net_days: 15, decision_reason: 'Good references' });
    const { shipment } = await quoteAndBook(t, c);
    expect(shipment.payment_state).toBe('not_required');

    // Decided once: a second decision is refused.
    const twice = await accounting.post(`/api/admin/credit-applications/${id}/decision`, { outcome: 'declined', reason: 'x' });
    expect(twice.statusCode).toBe(409);
  });

  it('needs the password re-entered within minutes to approve (423); the application stays pending', async () => {
    const { id } = await applied('stepup@credit.test');
    const admin = await t.client().login('admin@demo.test');
    const fresh = await admin.post(`/api/admin/credit-applications/${id}/decision`, approval);
    expect(fresh.statusCode).toBe(423);
    expect(fresh.json().code).toBe('reauthentication_required');
    await admin.confirmPassword();
    t.clock.advanceMinutes(REAUTHENTICATION_TTL_MINUTES + 1);
    expect((await admin.post(`/api/admin/credit-applications/${id}/decision`, approval)).statusCode).toBe(423);
    expect((await accountOf('stepup@credit.test')).paymentTerms).toBe('prepaid');
    await admin.confirmPassword();
    expect((await admin.post(`/api/admin/credit-applications/${id}/decision`, approval)).statusCode).toBe(200);
  });

  it('declines with a reason: on the application and the credit record, mailed in the applicant language; it may apply again', async () => {
    const { c, id } = await applied('decline@credit.test', 'es');
    const accounting = await t.client().login('accounting@demo.test');
    const res = await accounting.post(`/api/admin/credit-applications/${id}/decision`, {
      outcome: 'declined',
      reason: 'Referencias sin respuesta',
    });
    expect(res.statusCode, res.body).toBe(200);
    const account = await accountOf('decline@credit.test');
    expect(account.paymentTerms).toBe('prepaid');
    const [event] = await t.database.db
      .select()
      .from(accountCreditEvents)
      .where(eq(accountCreditEvents.accountId, account.id))
      .orderBy(desc(accountCreditEvents.createdAt));
    expect(event).toMatchObject({ kind: 'application_declined', reason: 'Credit application declined: Referencias sin respuesta' });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'credit_application.declined', actorEmail: 'accounting@demo.test' });
    const mails = await mailsTo(t, 'decline@credit.test');
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Su solicitud de crédito');
    expect(mail.text).toContain('Nota de nuestro equipo de contabilidad: Referencias sin respuesta');

    const standing = (await c.get('/api/credit-applications')).json().data;
    expect(standing).toMatchObject({ payment_terms: 'prepaid', can_apply: true });
    expect(standing.applications[0]).toMatchObject({ status: 'declined', decision_reason: 'Referencias sin respuesta' });
    expect((await c.post('/api/credit-applications', application())).statusCode).toBe(201);
  });

  it('decides once when two staff decide at once: one 200, the other 409; one credit event', async () => {
    const { id } = await applied('race@credit.test');
    const [a, b] = [await staff('accounting@demo.test'), await staff('admin@demo.test')];
    const answers = await Promise.all([
      a.post(`/api/admin/credit-applications/${id}/decision`, approval),
      b.post(`/api/admin/credit-applications/${id}/decision`, { outcome: 'declined', reason: 'No' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const account = await accountOf('race@credit.test');
    expect(await t.database.db.select().from(accountCreditEvents).where(eq(accountCreditEvents.accountId, account.id))).toHaveLength(1);
  });

  it('counts the pending ones on the dashboard for those who decide them only', async () => {
    await applied('count@credit.test');
    const accounting = await t.client().login('accounting@demo.test');
    const pending = (await accounting.get('/api/admin/credit-applications?per_page=100')).json().meta.total;
    expect((await accounting.get('/api/admin/dashboard')).json().data.credit_applications).toEqual({ pending });
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.get('/api/admin/dashboard')).json().data.credit_applications).toBeNull();
  });
});

describe('who may', () => {
  it('refuses sales and ops the queue and the decision (403), customers the queue (403)', async () => {
    const { id } = await applied('roles@credit.test');
    for (const email of ['sales@demo.test', 'ops@demo.test', 'salesadmin@demo.test']) {
      const c = await staff(email);
      expect((await c.get('/api/admin/credit-applications')).statusCode).toBe(403);
      expect((await c.get(`/api/admin/credit-applications/${id}`)).statusCode).toBe(403);
      expect((await c.post(`/api/admin/credit-applications/${id}/decision`, approval)).statusCode).toBe(403);
    }
    const customer = await t.client().login('shipper@demo.test');
    expect((await customer.get('/api/admin/credit-applications')).statusCode).toBe(403);
    expect((await customer.get(`/api/admin/credit-applications/${id}`)).statusCode).toBe(403);
    expect((await t.client().get('/api/credit-applications')).statusCode).toBe(401);
    // Staff have no account to apply for.
    expect((await (await t.client().login('accounting@demo.test')).get('/api/credit-applications')).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(creditApplications).where(eq(creditApplications.id, id));
    expect(row!.status).toBe('pending');
  });

  it('shows an account its own applications only', async () => {
    const { id } = await applied('mine@credit.test');
    const other = await signedUp('theirs@credit.test');
    const standing = (await other.get('/api/credit-applications')).json().data;
    expect(standing.applications).toEqual([]);
    expect(JSON.stringify(standing)).not.toContain(id);
  });
});

describe('demo data', () => {
  it('seeds two pending applications and a declined one; the app seals their tax ids when it starts', async () => {
    await t.database.db.transaction((tx) => seedDemoCreditApplications(tx, t.clock.now, 'Demo#2026'));
    const sibling = await t.sibling();
    try {
      const rows = await t.database.db
        .select({ status: creditApplications.status, details: creditApplications.details, name: accounts.name })
        .from(creditApplications)
        .innerJoin(accounts, eq(accounts.id, creditApplications.accountId))
        .where(eq(accounts.name, 'Mesa Outdoor Supply'));
      expect(rows.map((r) => r.status).sort()).toEqual(['declined', 'pending']);
      expect(rows.every((r) => r.details.tax_id_sealed.startsWith('v1.'))).toBe(true);
      const accounting = await sibling.client().login('accounting@demo.test');
      const queue = (await accounting.get('/api/admin/credit-applications?per_page=100')).json().data;
      const riverbend = queue.find((a: { account: { name: string } }) => a.account.name === 'Riverbend Crafts LLC');
      expect((await accounting.get(`/api/admin/credit-applications/${riverbend.id}`)).json().data.tax_id).toBe('62-4418207');
      const mesa = await sibling.client().login('mesa@demo.test');
      expect((await mesa.get('/api/credit-applications')).json().data).toMatchObject({ payment_terms: 'prepaid', can_apply: false });
    } finally {
      await sibling.close();
    }
  });
});
