import { randomUUID } from 'node:crypto';
import type {
  AccountConversationSummary,
  CredentialView,
  InvoiceView,
  IssuedCredential,
  ShipmentListItem,
  ShipmentView,
  TeamPerson,
  WebhookView,
} from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredShipment } from './modules/invoices/test-helpers';
import { browserCard } from './modules/payments/stripe-test-helpers';
import { createQuote, quoteAndBook } from './modules/shipments/test-helpers';
import { teamSteps } from './modules/team/team.test-support';
import { userByEmail } from './modules/tracking/test-fixtures';
import { subscribe, testReceiver } from './modules/webhooks/test-helpers';
import { personOf } from './people';
import { accountApiClient } from './test/api-client';
import { createTestApp, type TestApp, type TestClient } from './test/harness';

/**
 * Every record of a business account names who of its team made it, and the lists narrow to the
 * caller's own with `mine=true`: shipments, quotes, support conversations; invoice payments,
 * disputes, API credentials and webhooks name theirs. Nobody reads a name from another account.
 */

let t: TestApp;
let admin: TestClient;
let clerk: TestClient;
let billing: TestClient;
let other: TestClient;
let accountId: string;
let dana: TeamPerson;
let carla: TeamPerson;
let bea: TeamPerson;
let receiver: Awaited<ReturnType<typeof testReceiver>>;

beforeAll(async () => {
  t = await createTestApp();
  receiver = await testReceiver(() => t);
  admin = await t.client().login('shipper@demo.test');
  other = await t.client().login('other@demo.test');
  const user = await userByEmail(t.database.db, 'shipper@demo.test');
  accountId = user.accountId;
  dana = { id: user.id, name: `${user.firstName} ${user.lastName}` };
  const steps = teamSteps(() => t);
  const joined = async (role: string, first_name: string, last_name: string) => {
    const colleague = await steps.colleague(admin, role, { first_name, last_name });
    return { client: colleague.client, person: { id: colleague.id, name: `${first_name} ${last_name}` } };
  };
  ({ client: clerk, person: carla } = await joined('shipper', 'Carla', 'Clerk'));
  ({ client: billing, person: bea } = await joined('billing', 'Bea', 'Billing'));
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function list<T>(c: TestClient, url: string): Promise<T[]> {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T[];
}
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('personOf', () => {
  const people = new Map([
    ['u1', { name: 'Ann Admin', accountId: 'a1' }],
    ['staff', { name: 'Sue Staff', accountId: null }],
  ]);

  it('names a user of the record’s own account only', () => {
    expect(personOf(people, 'u1', 'a1')).toEqual({ id: 'u1', name: 'Ann Admin' });
    expect(personOf(people, 'u1', 'a2')).toBeNull();
    expect(personOf(people, 'staff', 'a1')).toBeNull();
    expect(personOf(people, 'gone', 'a1')).toBeNull();
    expect(personOf(people, null, 'a1')).toBeNull();
    expect(personOf(people, 'u1', null)).toBeNull();
  });
});

describe('shipments', () => {
  it('the list and the detail name the booker; mine=true keeps the caller’s own, mine=false the whole account', async () => {
    const { shipment: carlas } = await quoteAndBook(t, clerk);
    const { shipment: danas } = await quoteAndBook(t, admin);

    const whole = await list<ShipmentListItem>(admin, '/api/shipments?per_page=100');
    expect(whole.find((s) => s.id === carlas.id)?.booked_by).toEqual(carla);
    expect(whole.find((s) => s.id === danas.id)?.booked_by).toEqual(dana);
    expect(((await admin.get(`/api/shipments/${carlas.id}`)).json().data as ShipmentView).booked_by).toEqual(carla);

    const carlasOwn = await list<ShipmentListItem>(clerk, '/api/shipments?mine=true&per_page=100');
    expect(ids(carlasOwn)).toContain(carlas.id);
    expect(ids(carlasOwn)).not.toContain(danas.id);
    expect(carlasOwn.every((s) => s.booked_by?.id === carla.id)).toBe(true);
    const searched = await list<ShipmentListItem>(clerk, `/api/shipments?mine=1&q=${danas.bol_number}`);
    expect(searched).toEqual([]);

    expect(ids(await list<ShipmentListItem>(clerk, '/api/shipments?mine=false&per_page=100'))).toContain(danas.id);
    const wrong = await clerk.get('/api/shipments?mine=maybe');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('mine');
  });
});

describe('quotes', () => {
  it('the history and saved lists name who ran each quote; mine=true keeps the caller’s own', async () => {
    const carlas = await createQuote(t, clerk);
    const danas = await createQuote(t, admin);
    expect((await clerk.post(`/api/quotes/${carlas.id}/save`)).statusCode).toBe(200);

    const whole = await list<{ id: string; created_by: TeamPerson | null }>(admin, '/api/quotes?per_page=100');
    expect(whole.find((q) => q.id === carlas.id)?.created_by).toEqual(carla);
    expect(whole.find((q) => q.id === danas.id)?.created_by).toEqual(dana);

    const carlasOwn = await list<{ id: string; created_by: TeamPerson | null }>(clerk, '/api/quotes?mine=true&per_page=100');
    expect(ids(carlasOwn)).toContain(carlas.id);
    expect(ids(carlasOwn)).not.toContain(danas.id);
    expect(carlasOwn.every((q) => q.created_by?.id === carla.id)).toBe(true);

    const saved = await list<{ id: string; created_by: TeamPerson | null }>(admin, '/api/quotes?saved=1&mine=true&per_page=100');
    expect(ids(saved)).not.toContain(carlas.id);
    const savedByCarla = await list<{ id: string; created_by: TeamPerson | null }>(clerk, '/api/quotes?saved=1&mine=true&per_page=100');
    expect(savedByCarla.find((q) => q.id === carlas.id)?.created_by).toEqual(carla);
  });
});

describe('support conversations', () => {
  it('the account’s list names who opened each; mine=true keeps the caller’s own', async () => {
    const opened = await clerk.post('/api/support/conversations', { category: 'shipping', message: 'Where is my truck?' });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.id as string;

    const whole = await list<AccountConversationSummary>(admin, '/api/support/conversations?per_page=100');
    expect(whole.find((c) => c.id === id)?.opened_by).toEqual(carla);
    expect(ids(await list<AccountConversationSummary>(admin, '/api/support/conversations?mine=true&per_page=100'))).not.toContain(id);
    const carlasOwn = await list<AccountConversationSummary>(clerk, '/api/support/conversations?mine=true&per_page=100');
    expect(ids(carlasOwn)).toContain(id);
    expect(carlasOwn.every((c) => c.opened_by?.id === carla.id)).toBe(true);
  });
});

describe('invoices', () => {
  it('a payment names who paid and a dispute who opened it', async () => {
    const invoiceOf = async () => {
      const { invoice } = await deliveredShipment(t);
      if (!invoice) throw new Error('no invoice');
      return invoice;
    };
    const paid = await invoiceOf();
    const disputed = await invoiceOf();
    const payment = await billing.request({
      method: 'POST',
      url: '/api/invoice-payments',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        method: 'card',
        allocations: [{ invoice_id: paid.id, amount_cents: paid.balanceCents }],
        payment_method: await browserCard(t.stripeUrl),
      },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const dispute = await billing.post(`/api/invoices/${disputed.id}/disputes`, { reason: 'Not what was quoted', amount_cents: 1_000 });
    expect(dispute.statusCode, dispute.body).toBe(201);
    expect(dispute.json().data.opened_by).toEqual(bea);

    const paidView = (await admin.get(`/api/invoices/${paid.id}`)).json().data as InvoiceView;
    expect(paidView.payments.map((p) => p.paid_by)).toEqual([bea]);
    const disputedView = (await admin.get(`/api/invoices/${disputed.id}`)).json().data as InvoiceView;
    expect(disputedView.disputes.map((d) => d.opened_by)).toEqual([bea]);
  });
});

describe('API credentials and webhooks', () => {
  it('name the account admin who made them; one staff made for the account names nobody', async () => {
    const { issued } = await accountApiClient(t.app, admin, ['quotes:read'], 'Dana’s TMS');
    expect(issued.credential.created_by).toEqual(dana);
    const staff = await (await t.client().login('super@demo.test', undefined, true)).confirmPassword();
    const made = await staff.post('/api/admin/oauth-clients', { name: 'Made by staff', account_id: accountId, scopes: ['quotes:read'] });
    expect(made.statusCode, made.body).toBe(201);
    const staffMade = (made.json().data as IssuedCredential).credential;

    const credentials = await list<CredentialView>(admin, '/api/settings/api-credentials');
    expect(credentials.find((c) => c.id === issued.credential.id)?.created_by).toEqual(dana);
    expect(credentials.find((c) => c.id === staffMade.id)?.created_by).toBeNull();

    const hook = await subscribe(admin, receiver.url, ['shipment.booked']);
    expect(hook.created_by).toEqual(dana);
    expect((await list<WebhookView>(admin, '/api/webhooks')).find((w) => w.id === hook.id)?.created_by).toEqual(dana);
  });
});

describe('another account', () => {
  it('reads only its own people in every list, and mine=true narrows to its own caller', async () => {
    const otherUser = await userByEmail(t.database.db, 'other@demo.test');
    await quoteAndBook(t, other);
    const urls = ['/api/shipments?per_page=100', '/api/quotes?per_page=100', '/api/support/conversations', '/api/settings/api-credentials'];
    for (const url of urls) {
      const res = await other.get(url);
      expect(res.statusCode, url).toBe(200);
      for (const name of [dana.name, carla.name, bea.name]) expect(res.body, url).not.toContain(name);
    }
    const own = await list<ShipmentListItem>(other, '/api/shipments?mine=true&per_page=100');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((s) => s.booked_by?.id === otherUser.id)).toBe(true);
  });
});
