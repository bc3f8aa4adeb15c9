import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdapter } from '../carrier-adapters/adapter';
import { TariffCarrier } from '../carrier-adapters/tariff-carrier';
import { loadConfig } from '../config';
import { carriers } from '../db/schema';
import { createQuote, quoteAndBook } from '../modules/shipments/test-helpers';
import { createTestApp, type TestApp, type TestClient, usingPostgres } from '../test/harness';
import { installErrorHandling } from './errors';
import { AppMetrics, installMetrics } from './metrics';

/** One carrier whose rate calls fail (an HTTP 503), the others rate by their tariff. */
const FAILING = 'SAIA';
function adapterFor(row: ConstructorParameters<typeof TariffCarrier>[0]): CarrierAdapter {
  const real = new TariffCarrier(row);
  return {
    carrier: real.carrier,
    rate: (request) => (row.scac === FAILING ? Promise.reject(new Error('HTTP 503 Service Unavailable')) : real.rate(request)),
  };
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition. */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1] ?? '', labels, value: Number(m[3]) };
    });
}
const sampleOf = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

let t: TestApp;
let shipper: TestClient;
let failingId: string;
beforeAll(async () => {
  t = await createTestApp({}, { rateAdapterFor: adapterFor });
  shipper = await t.client().login('shipper@demo.test');
  const [row] = await t.database.db.select({ id: carriers.id }).from(carriers).where(eq(carriers.scac, FAILING));
  if (!row) throw new Error(`no carrier ${FAILING}`);
  failingId = row.id;
});
afterAll(() => t.close());

async function scrape() {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.body, all: samples(res.body) };
}

describe('GET /metrics', () => {
  it('times requests by route pattern, never by raw URL, and leaves the probes out', async () => {
    await shipper.post('/api/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['shipment.booked'] });
    const { shipment } = await quoteAndBook(t, shipper);
    expect((await shipper.get(`/api/shipments/${shipment.id}`)).statusCode).toBe(200);
    expect((await shipper.get(`/api/shipments/${shipment.id}`)).statusCode).toBe(200);
    expect((await shipper.get('/api/shipments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/readyz' });

    const { text, all } = await scrape();
    const duration = 'freight_portal_http_request_duration_seconds_count';
    expect(sampleOf(all, duration, { route: '/api/shipments/:id', method: 'GET', status: '200' })).toBe(2);
    expect(sampleOf(all, duration, { route: '/api/shipments/:id', method: 'GET', status: '404' })).toBe(1);
    expect(sampleOf(all, duration, { route: '/login', method: 'POST', status: '204' })).toBe(1);
    expect(all.some((s) => s.name === 'freight_portal_http_request_duration_seconds_bucket' && s.labels.le === '+Inf')).toBe(true);
    expect(text).not.toContain(shipment.id);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(all.filter((s) => ['/healthz', '/readyz', '/metrics'].includes(s.labels.route ?? ''))).toEqual([]);
  });

  it('reports the process: memory and event-loop delay', async () => {
    const { all } = await scrape();
    expect(sampleOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleOf(all, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleOf(all, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('reports the jobs due and failed by kind, and the webhook deliveries waiting and the age of the oldest', async () => {
    // The booking above queued its webhook delivery and the lane's job (jobs do not run by themselves here).
    t.clock.advanceMinutes(10);
    const { all } = await scrape();
    const jobs = all.filter((s) => s.name === 'freight_portal_jobs');
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((s) => s.labels.kind && ['due', 'failed'].includes(s.labels.state ?? ''))).toBe(true);
    expect(jobs.filter((s) => s.labels.state === 'due').reduce((sum, s) => sum + s.value, 0)).toBeGreaterThan(0);
    expect(sampleOf(all, 'freight_portal_webhook_deliveries_waiting')).toBe(1);
    expect(sampleOf(all, 'freight_portal_webhook_oldest_waiting_seconds')).toBeGreaterThanOrEqual(600);
    expect(sampleOf(all, 'freight_portal_webhook_oldest_waiting_seconds')).toBeLessThan(660);
  });

  it('counts failed carrier rating calls and shows the breaker pausing the carrier', async () => {
    const failures = (all: Sample[]) =>
      sampleOf(all, 'freight_portal_carrier_rate_failures_total', { carrier_id: failingId, outcome: 'error' }) ?? 0;
    const before = failures((await scrape()).all);
    await createQuote(t, shipper);
    let { all } = await scrape();
    expect(failures(all)).toBe(before + 1);
    expect(sampleOf(all, 'freight_portal_carrier_breaker_state', { carrier_id: failingId })).toBe(0);
    // Ten calls in the breaker's window, all failed: it pauses the carrier.
    for (let n = 1; n < 10; n++) await createQuote(t, shipper);
    ({ all } = await scrape());
    expect(failures(all)).toBe(before + 10);
    expect(sampleOf(all, 'freight_portal_carrier_breaker_state', { carrier_id: failingId })).toBe(1);
  });

  it('reports the live streams open, and the database pool on PostgreSQL only', async () => {
    const { all } = await scrape();
    expect(sampleOf(all, 'freight_portal_live_streams_open')).toBe(0);
    const pool = sampleOf(all, 'freight_portal_db_pool_connections');
    if (usingPostgres()) {
      expect(pool).toBeGreaterThan(0);
      expect(sampleOf(all, 'freight_portal_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sampleOf(all, 'freight_portal_db_pool_waiting_queries')).toBe(0);
    } else {
      expect(all.filter((s) => s.name.startsWith('freight_portal_db_pool'))).toEqual([]);
    }
  });

  it('still answers when the database does not, without the figures it would have read', async () => {
    const db = t.database.db;
    const select = db.select.bind(db);
    db.select = (() => {
      throw new Error('connection refused');
    }) as never;
    try {
      const { all } = await scrape();
      expect(sampleOf(all, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sampleOf(all, 'freight_portal_webhook_deliveries_waiting')).toBeNaN();
      expect(sampleOf(all, 'freight_portal_webhook_oldest_waiting_seconds')).toBeNaN();
      expect(all.filter((s) => s.name === 'freight_portal_jobs')).toEqual([]);
    } finally {
      db.select = select;
    }
  });
});

/** /metrics alone, under `env`'s configuration. */
async function metricsApp(env: Record<string, string>) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  const config = loadConfig({ MAIL_URL: 'smtp://127.0.0.1:25', ...env });
  installMetrics(app, new AppMetrics(app.log), config);
  await app.ready();
  return app;
}
const TOKEN = 'scrape-token-0123456789abcdef';

describe('who may read /metrics', () => {
  it('asks for METRICS_TOKEN as a bearer token when it is set, in the documented error shape otherwise', async () => {
    const app = await metricsApp({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalid_token', message: expect.any(String) });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: '10.1.2.3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_resident_memory_bytes');
    await app.close();
  });

  it('is off in production without a token', async () => {
    const app = await metricsApp({ NODE_ENV: 'production' });
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    await app.close();
  });

  it('is open from the machine itself elsewhere, and from nowhere else', async () => {
    const app = await metricsApp({ NODE_ENV: 'development' });
    expect((await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(404);
    await app.close();
  });

  it('refuses a token too short or with spaces at the start', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space 0123456789' })).toThrow(/METRICS_TOKEN: must be printable characters/);
  });
});
