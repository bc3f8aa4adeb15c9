import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { quoteAndBook } from '../modules/shipments/test-helpers';
import { runJobs, subscribe, testReceiver } from '../modules/webhooks/test-helpers';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { startTracing, stopTracing, traceCall, tracesEndpoint } from './tracing';

/** Traces with an in-memory exporter: requests, their statements, outgoing calls, and what is never recorded. */
const exporter = new InMemorySpanExporter();
let t: TestApp;
let shipper: TestClient;
let receiver: Awaited<ReturnType<typeof testReceiver>>;

beforeAll(async () => {
  // Before the app and its database, as server.ts does.
  expect(await startTracing(loadConfig({ OTEL_SERVICE_NAME: 'freight-portal-test' }), { exporter })).toBe(true);
  t = await createTestApp();
  receiver = await testReceiver(() => t);
  shipper = await t.client().login('shipper@demo.test');
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await stopTracing();
});

/** A loopback port nothing listens on (a server's, closed). */
async function closedPort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const spans = () => exporter.getFinishedSpans();
const childrenOf = (parent: ReadableSpan) => spans().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);
const requestSpan = (name: string) => spans().filter((s) => s.name === name && s.kind === SpanKind.SERVER);

describe('a request', () => {
  it('is a server span named by its route pattern, with its status, and its statements are its children', async () => {
    exporter.reset();
    const res = await shipper.get('/api/user?token=not-for-traces');
    expect(res.statusCode).toBe(200);
    const [request, ...more] = requestSpan('GET /api/user');
    expect(more).toEqual([]);
    expect(request!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/user',
      'http.response.status_code': 200,
      'freight.request_id': res.headers['x-request-id'],
    });
    const statements = childrenOf(request!).filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(SpanKind.CLIENT);
      expect(statement.name).toMatch(/^(SELECT|UPDATE|INSERT|DELETE|WITH|BEGIN|COMMIT)\b/);
      expect(String(statement.attributes['db.query.text'])).not.toBe('');
    }
    // The session's lookup (an onRequest hook, before the body) and the handler's reads alike.
    expect(statements.some((s) => /sessions/.test(s.name))).toBe(true);
    expect(JSON.stringify(spans().map((s) => s.attributes))).not.toContain('not-for-traces');
  });

  it('names a path without a route by its method alone, and leaves the probes out', async () => {
    exporter.reset();
    expect((await shipper.get('/api/no-such-thing')).statusCode).toBe(404);
    expect((await shipper.get('/healthz')).statusCode).toBe(200);
    const served = spans().filter((s) => s.kind === SpanKind.SERVER);
    expect(served.map((s) => [s.name, s.attributes['http.response.status_code']])).toEqual([['GET', 404]]);
  });

  it('records neither a password, an email, a session cookie nor a statement parameter', async () => {
    exporter.reset();
    const client = await t.client().login('other@demo.test');
    await client.get('/api/user');
    const recorded = JSON.stringify(spans().map((s) => [s.name, s.attributes]));
    expect(requestSpan('POST /login')).toHaveLength(1);
    expect(recorded).not.toContain('Demo#2026');
    expect(recorded).not.toContain('other@demo.test');
    for (const value of client.cookies.values()) expect(recorded).not.toContain(decodeURIComponent(value));
    // Statements go with their placeholders: the email is a parameter, not text.
    expect(recorded).toMatch(/\$1/);
  });
});

describe('outgoing calls', () => {
  it('a quote rates each carrier in a span under the request, and a webhook delivery is a client span under its job', async () => {
    const sub = await subscribe(shipper, receiver.url, ['shipment.booked']);
    receiver.secrets.push(sub.secret);
    exporter.reset();
    await quoteAndBook(t, shipper);
    const [quote] = requestSpan('POST /api/quotes');
    const rated = childrenOf(quote!).filter((s) => s.name === 'carrier rate');
    expect(rated.length).toBeGreaterThan(0);
    expect(rated[0]!.attributes['freight.carrier.id']).toEqual(expect.any(String));

    await runJobs(t);
    expect(receiver.received).toHaveLength(1);
    const port = Number(new URL(receiver.url).port);
    const [post, ...more] = spans().filter((s) => s.name === 'POST 127.0.0.1' && s.attributes['server.port'] === port);
    expect(more).toEqual([]);
    expect(post!.kind).toBe(SpanKind.CLIENT);
    expect(post!.attributes).toMatchObject({ 'http.request.method': 'POST', 'url.scheme': 'http', 'http.response.status_code': 204 });
    // The URL's path never: a receiver's URL may hold its token.
    expect(JSON.stringify(post!.attributes)).not.toContain(new URL(receiver.url).pathname.slice(1) || '//');
    const job = spans().find((s) => s.spanContext().spanId === post!.parentSpanContext?.spanId);
    expect(job?.name).toBe('job webhook.lane');
    expect(childrenOf(job!).some((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
  });

  it('a fetch is a client span with its status; a refused connection is a failed one, by its code only', async () => {
    const closed = await closedPort();
    exporter.reset();
    await traceCall('test call', {}, async () => {
      await (await fetch(`${receiver.url}?secret=abc`)).text();
      await fetch(`http://127.0.0.1:${closed}/`).catch(() => undefined);
    });
    const [outer] = spans().filter((s) => s.name === 'test call');
    const calls = childrenOf(outer!);
    expect(calls.map((s) => s.name)).toEqual(['GET 127.0.0.1', 'GET 127.0.0.1']);
    expect(calls[0]!.attributes['http.response.status_code']).toEqual(expect.any(Number));
    expect(calls[1]!.attributes['error.type']).toEqual(expect.any(String));
    expect(JSON.stringify(calls.map((s) => s.attributes))).not.toContain('secret');
  });
});

describe('configuration', () => {
  it('is off without an endpoint; the traces endpoint is used as it is, the general one gets /v1/traces', () => {
    expect(tracesEndpoint(loadConfig({}))).toBeUndefined();
    expect(tracesEndpoint(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }))).toBe('http://collector:4318/v1/traces');
    expect(
      tracesEndpoint(
        loadConfig({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/in',
        }),
      ),
    ).toBe('https://traces.example.com/in');
    expect(tracesEndpoint(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }))).toBeUndefined();
    expect(loadConfig({}).OTEL_SERVICE_NAME).toBe('freight-portal');
  });

  it('refuses an endpoint that is not an http(s) URL and a service name with spaces', () => {
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
    expect(() => loadConfig({ OTEL_SERVICE_NAME: 'freight portal' })).toThrow(/OTEL_SERVICE_NAME/);
  });
});
