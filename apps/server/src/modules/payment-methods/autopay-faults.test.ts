import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, jobs } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { mailsTo } from '../../test/outbox';
import { deliveredShipment } from '../invoices/test-helpers';
import { browserCard } from '../payments/stripe-test-helpers';
import { userByEmail } from '../tracking/test-fixtures';
import { AUTOPAY_JOB } from './autopay';

/**
 * A fault in one account's charge (not the processor's answer: the database refusing the write, as
 * when the connection drops) in autopay's daily round. A trigger makes every payment row of the
 * account named fail to insert; every other account's goes through the invoices' own payment code
 * as usual. A trigger rather than a mocked module, so the file shares its worker's modules with the
 * others.
 */
async function failPaymentsOf(accountId: string) {
  await t.database.db.execute(
    sql.raw(`create or replace function autopay_fault() returns trigger language plpgsql as $$
      begin
        if new.account_id = '${accountId}' then raise exception 'connection terminated unexpectedly'; end if;
        return new;
      end $$`),
  );
  await t.database.db.execute(
    sql.raw('create trigger autopay_fault before insert on invoice_payments for each row execute function autopay_fault()'),
  );
}
const healPayments = () => t.database.db.execute(sql.raw('drop trigger autopay_fault on invoice_payments'));

let t: TestApp;
/** Monday 7 December 2026, 9 AM in Chicago (the business's time zone). */
const MONDAY = new Date('2026-12-07T15:00:00Z');
/** The due date, Thursday 10 December, at 9 AM in Chicago. */
const DUE_DAY = new Date('2026-12-10T15:00:00Z');

interface Payer {
  email: string;
  accountId: string;
  client: TestClient;
  invoice: typeof invoices.$inferSelect;
}

/** The account of `email` with a saved card, autopay on, and one open invoice due on the 10th. */
async function payer(email: string): Promise<Payer> {
  const client = await t.client().login(email, undefined, true);
  const card = await client.post('/api/payment-methods', { payment_method: await browserCard(t.stripeUrl) });
  expect(card.statusCode, card.body).toBe(201);
  expect((await client.put('/api/payment-methods/autopay', { enabled: true })).statusCode).toBe(200);
  const { invoice } = await deliveredShipment(t, { email });
  expect(invoice, `${email} is on terms`).toBeDefined();
  await t.database.db.update(invoices).set({ dueDate: '2026-12-10', invoiceDate: '2026-11-10' }).where(eq(invoices.id, invoice!.id));
  return { email, accountId: (await userByEmail(t.database.db, email)).accountId, client, invoice: invoice! };
}

async function runAutopay(on: Date) {
  t.clock.now = on;
  await t.app.jobs.schedule(AUTOPAY_JOB, 'daily', on);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
}

const round = async () =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, AUTOPAY_JOB), eq(jobs.key, 'daily')))
  )[0]!;
const charges = (p: Payer) =>
  t.database.db
    .select()
    .from(invoicePayments)
    .where(like(invoicePayments.idempotencyKey, `autopay:${p.invoice.id}:%`));
const balance = async (p: Payer) => (await t.database.db.select().from(invoices).where(eq(invoices.id, p.invoice.id)))[0]!.balanceCents;
/** The payment mails of the payer's invoice (not the notice: it names the date it will be paid on). */
const paymentMails = async (p: Payer) =>
  (await mailsTo(t, p.email)).filter((m) => m.text.includes(p.invoice.number) && !/automatically on/.test(m.subject));

beforeAll(async () => {
  t = await createTestApp({}, {}, { start: MONDAY });
});
afterAll(() => t.close());

describe("autopay's round with one account's charge failing", () => {
  it('charges and mails the other account, fails the round, and a rerun charges only what is left', async () => {
    const both = [await payer('shipper@demo.test'), await payer('other@demo.test')];
    // The account the round takes first (by id) fails, so the other is charged after the fault.
    const [faulty, healthy] = both.sort((a, b) => a.accountId.localeCompare(b.accountId)) as [Payer, Payer];
    await runAutopay(MONDAY); // the notices
    await failPaymentsOf(faulty.accountId);

    await runAutopay(DUE_DAY);
    expect((await charges(healthy)).map((c) => c.status)).toEqual(['settled']);
    expect(await balance(healthy)).toBe(0);
    const mailed = await paymentMails(healthy);
    expect(mailed.length).toBeGreaterThan(0);
    expect(await charges(faulty)).toEqual([]);
    expect(await balance(faulty)).toBe(faulty.invoice.balanceCents);
    // The runner holds the failure and will run the round again.
    const failed = await round();
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: 'autopay: 1 account(s) failed' });
    expect(failed.runAt.getTime()).toBeGreaterThan(DUE_DAY.getTime());

    await healPayments();
    await runAutopay(DUE_DAY);
    expect((await charges(faulty)).map((c) => c.status)).toEqual(['settled']);
    expect(await balance(faulty)).toBe(0);
    // Nothing the first run did is done twice.
    expect((await charges(healthy)).map((c) => c.idempotencyKey)).toEqual([`autopay:${healthy.invoice.id}:1`]);
    expect(await paymentMails(healthy)).toHaveLength(mailed.length);
    expect(await round()).toMatchObject({ attempts: 0, lastError: null });
  });
});
