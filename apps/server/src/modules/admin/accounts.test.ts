import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, users } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { insertShipment } from '../tracking/test-fixtures';

let t: TestApp;
let accounting: TestClient;
let sales: TestClient;
let demoId = '';
let otherId = '';
const db = () => t.database.db;
const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((a) => a.name);

beforeAll(async () => {
  t = await createTestApp();
  accounting = await (await t.client().login('accounting@demo.test')).confirmPassword();
  sales = await t.client().login('sales@demo.test');
  const rows = await db().select({ id: accounts.id, name: accounts.name }).from(accounts);
  demoId = rows.find((r) => r.name === 'Demo Shipper Co')!.id;
  otherId = rows.find((r) => r.name === 'Other Freight LLC')!.id;
});
afterAll(() => t.close());

describe('GET /api/admin/accounts', () => {
  it("finds an account by its name, a user's name, email or phone, or a BOL number", async () => {
    const s = await insertShipment(db(), { email: 'other@demo.test' });
    await db().update(users).set({ phone: '(214) 555-0199' }).where(eq(users.email, 'other@demo.test'));
    for (const q of ['freight llc', 'OTHER@DEMO.TEST', 'Omar', '214-555-0199', s.bolNumber]) {
      expect(names(await accounting.get(`/api/admin/accounts?q=${encodeURIComponent(q)}`)), q).toEqual(['Other Freight LLC']);
    }
    const row = (await accounting.get('/api/admin/accounts?q=other%40demo.test')).json().data[0];
    expect(row).toMatchObject({ state: 'active', payment_terms: 'credit', users_count: 1, contact: { email: 'other@demo.test' } });
    for (const q of ['%', '_', '\\'])
      expect((await accounting.get(`/api/admin/accounts?q=${encodeURIComponent(q)}`)).json().data).toEqual([]);
  });

  it('filters by state and terms, sorts, pages, and lists new sign-ups newest first', async () => {
    expect(names(await accounting.get('/api/admin/accounts?payment_terms=prepaid'))).toEqual(['Prepaid Parts Inc']);
    expect(names(await accounting.get('/api/admin/accounts?sort=name&dir=desc')).slice(0, 3)).toEqual([
      'Prepaid Parts Inc',
      'Other Freight LLC',
      'Demo Shipper Co',
    ]);
    const paged = (await accounting.get('/api/admin/accounts?per_page=1&page=2')).json();
    expect(paged.meta).toEqual({ current_page: 2, per_page: 1, total: 3, last_page: 3 });
    const signup = await t.client().post('/register', {
      company_name: 'Fresh Pallets Ltd',
      primary_contact: { first_name: 'Nina', last_name: 'New', email: 'nina@fresh.test', phone: '(312) 555-0100' },
      company_address: { street1: '1 N State St', street2: '', city: 'Chicago', state: 'IL', postal_code: '60602', country: 'US' },
      accounting_same_as_company: true,
      password: 'Secret#2026x',
      password_confirmation: 'Secret#2026x',
    });
    expect(signup.statusCode).toBe(201);
    const queue = await sales.get('/api/admin/accounts?signed_up_days=7');
    expect(names(queue)[0]).toBe('Fresh Pallets Ltd');
    expect(queue.json().data[0]).toMatchObject({ state: 'unverified', contact: { name: 'Nina New', phone: '(312) 555-0100' } });
    expect(names(await sales.get('/api/admin/accounts?status=unverified'))).toEqual(['Fresh Pallets Ltd']);
    expect(names(await sales.get('/api/admin/accounts?status=active'))).not.toContain('Fresh Pallets Ltd');
    const bad = await accounting.get('/api/admin/accounts?status=gone&signed_up_days=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['signed_up_days', 'status']);
  });
});

describe('the account detail and staff actions', () => {
  it('shows the company, addresses, terms, users with roles, verification and last login, recent shipments', async () => {
    await insertShipment(db());
    await t.client().login('shipper@demo.test');
    const d = (await sales.get(`/api/admin/accounts/${demoId}`)).json().data;
    expect(d).toMatchObject({ name: 'Demo Shipper Co', state: 'active', payment_terms: 'credit', suspended_at: null });
    expect(d.users[0]).toMatchObject({
      email: 'shipper@demo.test',
      roles: [],
      email_verified_at: expect.any(String),
      last_login_at: expect.any(String),
    });
    expect(d.recent_shipments.length).toBeGreaterThan(0);
    expect(d.billing_address).toMatchObject({ city: 'Chicago' });
  });

  it('edits the company and an address, audited with what changed; refuses bad input with field errors', async () => {
    const before = (await sales.get(`/api/admin/accounts/${otherId}`)).json().data;
    const address = { ...before.account_address, street1: '2300 Ross Ave' };
    const res = await sales.put(`/api/admin/accounts/${otherId}`, { name: 'Other Freight LLC (TX)', account_address: address });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Other Freight LLC (TX)', account_address: { street1: '2300 Ross Ave' } });
    expect(res.json().data.billing_address).toEqual(before.billing_address);
    const entry = res.json().data.audit[0];
    expect(entry).toMatchObject({ action: 'account.update', actor_email: 'sales@demo.test' });
    expect(entry.before).toEqual({ name: 'Other Freight LLC', account_address: before.account_address });
    expect(entry.after.name).toBe('Other Freight LLC (TX)');

    const bad = await sales.put(`/api/admin/accounts/${otherId}`, { name: ' ', account_address: { ...address, email: 'nope', phone: '' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: ['Field is required'], 'account_address.email': ['Invalid email'] });
    expect((await sales.get(`/api/admin/accounts/${otherId}`)).json().data.name).toBe('Other Freight LLC (TX)');
    await sales.put(`/api/admin/accounts/${otherId}`, { name: 'Other Freight LLC' });
  });

  it('suspends an account: its users are signed out and told why at login; reactivating lets them in', async () => {
    const other = await t.client().login('other@demo.test');
    expect((await accounting.post(`/api/admin/accounts/${otherId}/suspend`, {})).statusCode).toBe(422);
    const res = await accounting.post(`/api/admin/accounts/${otherId}/suspend`, { reason: 'Fraud check' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'suspended', suspended_reason: 'Fraud check' });
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const login = await t.client().post('/login', { email: 'other@demo.test', password: 'Demo#2026' });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'account_suspended', message: expect.stringContaining('suspended') });
    // A wrong password learns nothing about the account.
    expect((await t.client().post('/login', { email: 'other@demo.test', password: 'Wrong#2026' })).statusCode).toBe(422);
    expect((await accounting.post(`/api/admin/accounts/${otherId}/suspend`, { reason: 'again' })).statusCode).toBe(409);
    expect(names(await sales.get('/api/admin/accounts?status=suspended'))).toEqual(['Other Freight LLC']);

    const back = await accounting.post(`/api/admin/accounts/${otherId}/reactivate`);
    expect(back.json().data.state).toBe('active');
    expect((await t.client().post('/login', { email: 'other@demo.test', password: 'Demo#2026' })).statusCode).toBe(204);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.accountId, otherId))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['account.suspend', 'account.reactivate']));
  });

  it("resends a user's verification email, and keeps staff notes", async () => {
    const [user] = await db().select().from(users).where(eq(users.email, 'other@demo.test'));
    expect((await accounting.post(`/api/admin/users/${user!.id}/verification`)).statusCode).toBe(200);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user!.id));
    expect((await accounting.post(`/api/admin/users/${user!.id}/verification`)).statusCode).toBe(202);
    expect((await mailsTo(t, 'other@demo.test')).at(-1)?.subject).toBe('Verify your email address');
    expect((await accounting.post(`/api/admin/users/${user!.id}/verification`)).statusCode).toBe(429);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user!.id));

    const note = await accounting.post(`/api/admin/accounts/${otherId}/notes`, { body: 'Prefers calls after 2 pm' });
    expect(note.statusCode).toBe(201);
    expect(note.json().data.notes[0]).toMatchObject({ body: 'Prefers calls after 2 pm', author: 'Alma Accounting' });
  });
});

describe('credit actions are audited too', () => {
  it("records a hold and a change of terms on the account's audit log", async () => {
    expect((await accounting.post(`/api/admin/accounts/${demoId}/hold`, { action: 'place', reason: 'Cheque bounced' })).statusCode).toBe(
      200,
    );
    // A minute apart: the test clock stands still, and the log is newest first.
    t.clock.advanceMinutes(1);
    await accounting.post(`/api/admin/accounts/${demoId}/hold`, { action: 'lift', reason: 'Paid by wire' });
    t.clock.advanceMinutes(1);
    const terms = {
      payment_terms: 'credit',
      net_days: 15,
      credit_limit_cents: 1_000_000,
      grace_days: 5,
      reason: 'Approved by the controller',
    };
    expect((await accounting.put(`/api/admin/accounts/${demoId}/credit`, terms)).statusCode).toBe(200);
    const audit = (await accounting.get(`/api/admin/accounts/${demoId}`)).json().data.audit as { action: string; after: unknown }[];
    expect(audit.map((e) => e.action).slice(0, 3)).toEqual(['account.terms', 'account.hold_lifted', 'account.hold_placed']);
    expect(audit[0]!.after).toEqual(terms);
  });
});
