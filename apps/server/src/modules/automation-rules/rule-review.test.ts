import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { addColleague } from '../approvals/approvals.test-support';
import { book, bookingBody, createQuote } from '../shipments/test-helpers';

/**
 * An automation rule's "hold for review" at booking: a shipper's booking of a shipment the rule
 * matches waits for an account admin (202, reason `automation_rule`, the admins mailed why);
 * the account admin's own booking does not wait; a rule switched off holds nothing.
 */
let t: TestApp;
let admin: TestClient;
let clerk: TestClient;
const ADMIN = 'shipper@demo.test';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.client().login(ADMIN);
  await addColleague(t, ADMIN, 'review.clerk@demo.test');
  clerk = await t.client().login('review.clerk@demo.test');
});
afterAll(() => t.close());

describe('a rule that holds shipments for review', () => {
  let ruleId = '';
  const rule = (enabled: boolean) => ({ name: 'Every booking is looked at', enabled, conditions: [], actions: { hold_for_review: true } });

  it("holds a shipper's booking for an account admin, saying why", async () => {
    const made = await admin.post('/api/automation-rules', rule(true));
    expect(made.statusCode, made.body).toBe(201);
    ruleId = made.json().data.id;
    const before = (await mailsTo(t, ADMIN)).length;
    const quote = await createQuote(t, clerk);
    const res = await book(clerk, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.approval).toMatchObject({ status: 'pending', reasons: ['automation_rule'] });
    const mails = await mailsTo(t, ADMIN);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.text).toContain('an automation rule of the account holds it for review');
  });

  it("does not hold the account admin's own booking", async () => {
    const quote = await createQuote(t, admin);
    expect((await book(admin, bookingBody(quote))).statusCode).toBe(201);
  });

  it('holds nothing once the rule is switched off', async () => {
    expect((await admin.put(`/api/automation-rules/${ruleId}`, rule(false))).statusCode).toBe(200);
    const quote = await createQuote(t, clerk);
    const res = await book(clerk, bookingBody(quote));
    expect(res.statusCode, res.body).toBe(201);
  });
});
