import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { startStripeSimulator } from './stripe.simulator';

/**
 * The simulator's objects kept in a file: a restarted simulator still knows the customers, saved
 * cards and Idempotency-Keys of the one before (what the embedded default's database still names);
 * a file it cannot use starts it empty with a warning, never stops it.
 */
const dir = mkdtempSync(join(tmpdir(), 'stripe-sim-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clock = new Date('2026-03-02T15:00:00Z');

async function start(file: string | undefined, warnings: string[] = []) {
  const sim = await startStripeSimulator({
    now: () => clock,
    secretKey: 'sk_test_store',
    publishableKey: 'pk_test_store',
    achSettleDays: 3,
    ...(file ? { store: { file, warn: (m: string) => warnings.push(m) } } : {}),
  });
  const url = new URL(sim.url);
  const stripe = new Stripe('sk_test_store', { host: url.hostname, port: Number(url.port), protocol: 'http', maxNetworkRetries: 0 });
  return { sim, stripe, warnings };
}

/** A customer with a Visa 4242 saved for off-session use, as the adapter saves one. */
async function savedCard(stripe: Stripe) {
  const customer = await stripe.customers.create({ name: 'Demo Shipper Co' }, { idempotencyKey: 'customer:acct-1' });
  const pm = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030 } });
  const setup = await stripe.setupIntents.create({ customer: customer.id, payment_method: pm.id, usage: 'off_session', confirm: true });
  expect(setup.status).toBe('succeeded');
  return { customer, pm };
}

describe('the Stripe simulator with a state file', () => {
  it('knows the customers, saved cards and keys of the run before; charges the card off-session after a restart', async () => {
    const file = join(dir, 'kept', 'stripe-simulator.json');
    const first = await start(file);
    expect(first.warnings).toEqual([expect.stringContaining('no saved state')]);
    const { customer, pm } = await savedCard(first.stripe);
    await first.sim.close();

    const second = await start(file);
    expect(second.warnings).toEqual([]);
    expect((await second.stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    const methods = await second.stripe.customers.listPaymentMethods(customer.id);
    expect(methods.data.map((m) => [m.id, m.card?.last4])).toEqual([[pm.id, '4242']]);
    // The same key answers the first run's customer: no second one.
    const again = await second.stripe.customers.create({ name: 'Demo Shipper Co' }, { idempotencyKey: 'customer:acct-1' });
    expect(again.id).toBe(customer.id);
    const paid = await second.stripe.paymentIntents.create({
      amount: 12_345,
      currency: 'usd',
      customer: customer.id,
      payment_method: pm.id,
      off_session: true,
      confirm: true,
    });
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 12_345 });
    await second.sim.close();

    // Replaced whole through a temporary file: none is left beside it.
    expect(readdirSync(join(dir, 'kept'))).toEqual(['stripe-simulator.json']);
    const third = await start(file);
    expect((await third.stripe.paymentIntents.retrieve(paid.id)).status).toBe('succeeded');
    await third.sim.close();
  });

  it('starts empty with a warning from a file it cannot use, and writes a good one over it', async () => {
    for (const [name, content] of [
      ['cut.json', '{"version":1,"objects":[{"id":"cus_'],
      ['other.json', '{"version":99,"objects":[]}'],
      ['wrong.json', '[1,2,3]'],
    ] as const) {
      const file = join(dir, name);
      writeFileSync(file, content);
      const { sim, stripe, warnings } = await start(file);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('starting empty');
      await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404 });
      const customer = await stripe.customers.create({ name: 'After the damage' });
      await sim.close();
      expect(JSON.parse(readFileSync(file, 'utf8')).objects.map((o: { id: string }) => o.id)).toContain(customer.id);
    }
  });

  it('keeps nothing without a file (the tests’ simulators)', async () => {
    const { sim, stripe } = await start(undefined);
    await savedCard(stripe);
    await sim.close();
    const again = await start(undefined);
    await expect(again.stripe.customers.retrieve('cus_anything')).rejects.toMatchObject({ statusCode: 404 });
    await again.sim.close();
  });
});
