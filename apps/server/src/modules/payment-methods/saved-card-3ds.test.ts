import type { PaymentMethodView } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { answerChallenge, browserCard, TEST_CARDS } from '../payments/stripe-test-helpers';
import { autopayPayments, openInvoiceDue, runAutopay } from './test-helpers';

/**
 * Saving a card whose issuer asks for 3-D Secure (Settings > Payment methods), through the real
 * adapter against the Stripe simulator, and what autopay's off-session charge of it then does:
 * 4000 0025 0000 3155 goes through without asking once set up; 4000 0027 6000 3184 asks every
 * time, so off-session it is declined.
 */
let t: TestApp;
let admin: TestClient;
let other: TestClient;

/** Monday 7 December 2026, 9 AM in Chicago (the business's time zone). */
const MONDAY = new Date('2026-12-07T15:00:00Z');
const at = (isoDate: string) => new Date(`${isoDate}T15:00:00Z`);
const RETURN_PATH = '/settings/payment-methods';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = MONDAY;
  // Remembered sessions: autopay moves the clock on by days.
  admin = await t.client().login('shipper@demo.test', undefined, true);
  other = await t.client().login('prepaid@demo.test', undefined, true);
});
afterAll(() => t.close());

interface Challenge {
  code: string;
  message: string;
  setup_intent: string;
  client_secret: string;
  next_action_url: string;
}

const card = (number: string) => browserCard(t.stripeUrl, number, '2030');
/** As the web saves a card: the method's id alone (the payer comes back to Settings > Payment methods). */
const save = async (c: TestClient, number: string) => c.post('/api/payment-methods', { payment_method: await card(number) });
const confirm = (c: TestClient, setupIntent: string) => c.post('/api/payment-methods/confirm', { setup_intent: setupIntent });
const methods = async () => ((await admin.get('/api/payment-methods')).json().data as { methods: PaymentMethodView[] }).methods;

/** A card saved with its challenge asked for: the 402 and what it names. */
async function challenged(number: string) {
  const res = await save(admin, number);
  expect(res.statusCode, res.body).toBe(402);
  return res.json() as Challenge;
}

describe('saving a card that asks for 3-D Secure', () => {
  it('is saved only once the payer completed the challenge (the default, in the activity log); autopay then charges 3155 without asking', async () => {
    // The other account is the processor's customer too: its confirm of this set-up must still be refused.
    expect((await other.post('/api/payment-methods', { payment_method: await card(TEST_CARDS.approved) })).statusCode).toBe(201);

    const challenge = await challenged(TEST_CARDS.authenticateUnlessSetUp);
    expect(challenge).toMatchObject({
      code: 'payment_requires_action',
      setup_intent: expect.stringMatching(/^seti_/),
      client_secret: expect.stringMatching(/^seti_.+_secret_/),
      next_action_url: expect.stringContaining('/sim/3ds/'),
    });
    expect(JSON.stringify(challenge)).not.toContain(TEST_CARDS.authenticateUnlessSetUp);
    expect(await methods()).toEqual([]);
    // The browser cannot claim success: before the challenge the answer is the same challenge.
    const early = await confirm(admin, challenge.setup_intent);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({ code: 'payment_requires_action', setup_intent: challenge.setup_intent });
    expect(await methods()).toEqual([]);

    const back = await answerChallenge(challenge.next_action_url, 'complete');
    const location = new URL(back.headers.get('location') ?? '');
    expect(location.pathname).toBe(RETURN_PATH);
    expect(location.searchParams.get('setup_intent')).toBe(challenge.setup_intent);
    expect((await confirm(other, challenge.setup_intent)).statusCode).toBe(404);
    expect((await confirm(admin, 'seti_unknown0000')).statusCode).toBe(404);

    const saved = await confirm(admin, challenge.setup_intent);
    // 201 when the return saves it, 200 when the processor's webhook of the completed challenge
    // (setup_intent.succeeded) came first on a busy machine: either way it is saved once (below).
    expect([201, 200], saved.body).toContain(saved.statusCode);
    expect(saved.json().data).toMatchObject({ type: 'card', brand: 'visa', last4: '3155', is_default: true });
    const twice = await confirm(admin, challenge.setup_intent);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.id).toBe(saved.json().data.id);
    expect((await methods()).map((m) => m.last4)).toEqual(['3155']);
    const activity = (await admin.get('/api/team/activity')).json().data as { action: string; target: string }[];
    expect(activity.filter((a) => a.action === 'payment_method.add').map((a) => a.target)).toEqual(['visa …3155']);

    // Due Thursday 10 December: charged off-session that day, with nobody at an issuer's page.
    expect((await admin.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(200);
    const invoice = await openInvoiceDue(t, '2026-12-10');
    await runAutopay(t, MONDAY);
    await runAutopay(t, at('2026-12-10'));
    expect(await autopayPayments(t, invoice.id)).toMatchObject([{ status: 'settled', last4: '3155', amountCents: invoice.balanceCents }]);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ balanceCents: 0 });
  });

  it('sends the payer back to the portal page the request names, never off the portal', async () => {
    const pm = await card(TEST_CARDS.alwaysAuthenticate);
    const offsite = await admin.post('/api/payment-methods', { payment_method: pm, return_path: '//evil.test/x' });
    expect(offsite.statusCode).toBe(422);
    expect(Object.keys(offsite.json().errors)).toEqual(['return_path']);
    const res = await admin.post('/api/payment-methods', { payment_method: pm, return_path: '/settings/payment-methods?tab=cards' });
    expect(res.statusCode, res.body).toBe(402);
    const back = await answerChallenge((res.json() as Challenge).next_action_url, 'fail');
    expect(new URL(back.headers.get('location') ?? '').searchParams.get('tab')).toBe('cards');
  });

  it('a failed challenge is refused as authentication failed; 3184, once saved, is declined off-session and autopay mails it', async () => {
    const failing = await challenged(TEST_CARDS.alwaysAuthenticate);
    await answerChallenge(failing.next_action_url, 'fail');
    admin.acceptLanguage = 'en';
    const refused = await confirm(admin, failing.setup_intent);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.payment_method.join(' ')).toContain('authentication failed');
    expect((await methods()).map((m) => m.last4)).toEqual(['3155']);

    const challenge = await challenged(TEST_CARDS.alwaysAuthenticate);
    await answerChallenge(challenge.next_action_url, 'complete');
    const saved = await confirm(admin, challenge.setup_intent);
    // Saved by the return or, when it came first, by the processor's webhook (as above).
    expect([201, 200], saved.body).toContain(saved.statusCode);
    expect((await methods()).map((m) => m.last4).sort()).toEqual(['3155', '3184']);
    const secure = saved.json().data as PaymentMethodView;
    expect(secure).toMatchObject({ last4: '3184', is_default: false });
    expect((await admin.put(`/api/payment-methods/${secure.id}/default`, {})).statusCode).toBe(200);

    // Due Friday 18 December: the issuer asks again off-session, where nobody can answer.
    const invoice = await openInvoiceDue(t, '2026-12-18');
    await runAutopay(t, at('2026-12-15'));
    await runAutopay(t, at('2026-12-18'));
    expect(await autopayPayments(t, invoice.id)).toMatchObject([{ status: 'declined', error: 'authentication_required' }]);
    const mails = (await mailsTo(t, 'shipper@demo.test')).filter((m) => m.subject === `Autopay could not pay invoice ${invoice.number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('3184');
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.balanceCents).toBe(invoice.balanceCents);
  });
});
