import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserCard } from '../modules/payments/stripe-test-helpers';
import { book, bookingBody, createQuote } from '../modules/shipments/test-helpers';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { payments, shipments } from './schema';
import { isDatabaseUnavailable, markConnectFailure } from './unavailable';

/** What drizzle throws when the server ended the connection under a query (a fast stop or a restart). */
const adminShutdown = () =>
  Object.assign(new Error('Failed query: select 1'), {
    query: 'select 1',
    params: [],
    cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  });
/** What opening a pooled connection throws while the server is down (client.ts marks it). */
const refused = () => markConnectFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));

describe('isDatabaseUnavailable', () => {
  it('knows a server going away, one not taking connections and a connection lost, through the causes', () => {
    expect(isDatabaseUnavailable(adminShutdown())).toBe(true);
    expect(isDatabaseUnavailable(refused())).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const underQuery = { query: 'select 1', params: [], cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) };
    expect(isDatabaseUnavailable(Object.assign(new Error('booking failed'), { cause: Object.assign(new Error('x'), underQuery) }))).toBe(
      true,
    );
  });

  it('leaves a fault of the query or of the data, and a carrier that cannot be reached, to their own answers', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('value too long'), { code: '22001' }))).toBe(false);
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(isDatabaseUnavailable(Object.assign(new Error('booking failed'), { cause: fetchFailed }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

let t: TestApp;
let prepaid: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  prepaid = await t.client().login('prepaid@demo.test');
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('a database that cannot be reached', () => {
  it('answers 503 database_unavailable with Retry-After in the caller language, and the next request is answered', async () => {
    vi.spyOn(t.database.db, 'select').mockImplementationOnce(() => {
      throw adminShutdown();
    });
    const res = await prepaid.get('/api/shipments');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      message: 'The service is briefly unavailable. Please try again in 5 seconds.',
      code: 'database_unavailable',
      retry_after: 5,
    });
    expect((await prepaid.get('/api/shipments')).statusCode).toBe(200);

    const spanish = t.client();
    spanish.acceptLanguage = 'es';
    vi.spyOn(t.database.db, 'select').mockImplementationOnce(() => {
      throw adminShutdown();
    });
    const es = await spanish.post('/login', { email: 'prepaid@demo.test', password: 'Demo#2026' });
    expect(es.statusCode).toBe(503);
    expect(es.json().message).toBe('El servicio no está disponible por un momento. Inténtelo de nuevo en 5 segundos.');
  });

  it('a booking that failed on it is made once when the client retries with the same Idempotency-Key', async () => {
    const quote = await createQuote(t, prepaid);
    const key = randomUUID();
    vi.spyOn(t.database.db, 'transaction').mockRejectedValueOnce(refused());
    const errorLines = vi.spyOn(t.app.log, 'error');
    const failed = await book(prepaid, bookingBody(quote), key);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('database_unavailable');
    // The outage is one warning from the error handler, not a booking fault at error level.
    expect(errorLines).not.toHaveBeenCalled();
    const retried = await book(prepaid, bookingBody(quote), key);
    expect(retried.statusCode).toBe(201);
    const again = await book(prepaid, bookingBody(quote), key);
    expect(again.json().data.id).toBe(retried.json().data.id);
    const rows = await t.database.db.select().from(shipments).where(eq(shipments.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    // Its payment: a failed attempt, then the retry with the same key authorizes once.
    const shipmentId = retried.json().data.id as string;
    const card = { payment_method: await browserCard(t.stripeUrl) };
    const pay = (payKey: string) =>
      prepaid.request({
        method: 'POST',
        url: `/api/shipments/${shipmentId}/payment`,
        payload: card,
        headers: { 'idempotency-key': payKey },
      });
    const payKey = randomUUID();
    vi.spyOn(t.database.db, 'transaction').mockRejectedValueOnce(adminShutdown());
    const payFailed = await pay(payKey);
    expect(payFailed.statusCode).toBe(503);
    expect(payFailed.headers['retry-after']).toBe('5');
    expect((await pay(payKey)).statusCode).toBe(200);
    expect((await pay(payKey)).statusCode).toBe(200);
    const paid = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.shipmentId, shipmentId), eq(payments.status, 'authorized')));
    expect(paid).toHaveLength(1);
  });
});
