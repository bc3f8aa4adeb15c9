import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PaymentMethodsView } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp, TestClient } from '../../test/harness';
import { portBelowEphemeral } from '../../test/ports';
import { deliveredShipment } from '../invoices/test-helpers';

/**
 * The demo's saved cards, as `npm start` makes them: the embedded payment simulator (mounted in the
 * app, keeping its objects in a file), the cards saved once the app listens, through the
 * processor, and still good after a restart.
 */
let t: TestApp;
let port: number;
const dir = mkdtempSync(join(tmpdir(), 'demo-cards-'));
const stateFile = join(dir, 'stripe-simulator.json');

beforeAll(async () => {
  // The app names its own address before it listens, and listens on it twice.
  port = await portBelowEphemeral();
  t = await createTestApp({ PAYMENT_PROVIDER: 'simulator', APP_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Another start of the server on the same database and simulator file, listening on the demo's port. */
async function start() {
  const app = await buildApp({
    config: t.config,
    db: t.database.db,
    now: () => t.clock.now,
    logger: false,
    pubsub: t.database,
    simulatorStateFile: stateFile,
  });
  await app.listen({ host: '127.0.0.1', port });
  return app;
}

// The demo customers have no second factor: the client never asks the authenticator for a code.
const signIn = (app: FastifyInstance, email: string) => new TestClient(app, undefined as never).login(email, undefined, true);
const methodsOf = async (c: TestClient) => ((await c.get('/api/payment-methods')).json().data as PaymentMethodsView).methods;

describe('the demo saved cards', () => {
  // Two starts of the whole app on one database, with HTTP round trips: ~2 s alone, but over the
  // default 30 s once on a busy two-core machine (seen on PostgreSQL).
  it('gives Demo Shipper Co and the prepaid account a default Visa 4242 once; after a restart it still pays', async () => {
    const first = await start();
    expect(await first.seedAfterListen()).toBe(true);
    for (const email of ['shipper@demo.test', 'prepaid@demo.test']) {
      expect(await methodsOf(await signIn(first, email))).toMatchObject([{ type: 'card', brand: 'visa', last4: '4242', is_default: true }]);
    }
    // Seeding again adds nothing.
    expect(await first.seedAfterListen()).toBe(false);
    await first.close();

    const second = await start();
    try {
      expect(await second.seedAfterListen()).toBe(false);
      const shipper = await signIn(second, 'shipper@demo.test');
      const [card] = await methodsOf(shipper);
      expect(card).toBeDefined();
      const { invoice } = await deliveredShipment({ ...t, app: second });
      const paid = await shipper.request({
        method: 'POST',
        url: '/api/invoice-payments',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          method: 'card',
          allocations: [{ invoice_id: invoice!.id, amount_cents: invoice!.balanceCents }],
          payment_method: card!.ref,
        },
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().data).toMatchObject({ status: 'settled', last4: '4242' });
    } finally {
      await second.close();
    }
  });
});
