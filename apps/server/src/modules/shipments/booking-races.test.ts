import { randomUUID } from 'node:crypto';
import { bookingRequest } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import type { AppContext } from '../../context';
import { quotes, shipments, users } from '../../db/schema';
import type { AppError } from '../../errors';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { bookingService, type Shipper } from './booking.service';
import { bookingBody, createQuote } from './test-helpers';

// Requests that race for one quote or one idempotency key: the carrier is asked once per shipment
// kept, and a request that loses leaves nothing of its own behind.
let t: TestApp;
let client: TestClient;
let shipper: Shipper;
let carrierCalls = 0;
let service: ReturnType<typeof bookingService>;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.client().login('shipper@demo.test');
  const [user] = await t.database.db.select().from(users).where(eq(users.email, 'shipper@demo.test'));
  shipper = { accountId: user!.accountId!, userId: user!.id, paymentTerms: 'prepaid' };
  const ctx = { db: t.database.db, now: () => t.clock.now, jobs: t.app.jobs } as unknown as AppContext;
  service = bookingService(ctx, {
    carrierFor: (row) => {
      const carrier = new TariffCarrier(row);
      const book = carrier.book.bind(carrier);
      return Object.assign(carrier, {
        book: (request: Parameters<TariffCarrier['book']>[0]) => {
          carrierCalls++;
          return book(request);
        },
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const outcome = (work: Promise<unknown>) =>
  work.then(
    (value) => ({ value, error: undefined }),
    (error: unknown) => ({ value: undefined, error: error as AppError }),
  );

describe('bookings that race', () => {
  it('asks the carrier once for ten identical requests at once, and each answers the one shipment', async () => {
    const quote = await createQuote(t, client);
    const body = bookingRequest.parse(bookingBody(quote));
    const key = randomUUID();
    carrierCalls = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => service.book(shipper, body, key)));
    expect(carrierCalls).toBe(1);
    expect(new Set(answers.map((a) => a.shipment?.id)).size).toBe(1);
    expect(await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.quoteId, quote.id))).toHaveLength(1);
  });

  it('books a quote once for two keys at once: the other request is told it is booked', async () => {
    const quote = await createQuote(t, client);
    const body = bookingRequest.parse(bookingBody(quote));
    const [a, b] = await Promise.all([
      outcome(service.book(shipper, body, randomUUID())),
      outcome(service.book(shipper, body, randomUUID())),
    ]);
    const refused = [a, b].filter((o) => o.error);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toMatchObject({ status: 409, message: 'errors.already_booked' });
    expect(await t.database.db.select({ id: shipments.id }).from(shipments).where(eq(shipments.quoteId, quote.id))).toHaveLength(1);
  });

  it('one key for two quotes at once: one is booked, the other is refused and its quote stays open', async () => {
    const [first, second] = [await createQuote(t, client), await createQuote(t, client)];
    const key = randomUUID();
    const [a, b] = await Promise.all([
      outcome(service.book(shipper, bookingRequest.parse(bookingBody(first)), key)),
      outcome(service.book(shipper, bookingRequest.parse(bookingBody(second)), key)),
    ]);
    const refused = [a, b].filter((o) => o.error);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.error).toMatchObject({ status: 409, message: 'errors.idempotency_conflict' });
    const booked = await t.database.db.select({ quoteId: shipments.quoteId }).from(shipments).where(eq(shipments.idempotencyKey, key));
    expect(booked).toHaveLength(1);
    const loser = booked[0]?.quoteId === first.id ? second : first;
    const [open] = await t.database.db.select({ bookedAt: quotes.bookedAt }).from(quotes).where(eq(quotes.id, loser.id));
    expect(open?.bookedAt).toBeNull();
  });
});
