import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';
import { flushTracing, startTracing, stopTracing } from './tracing';

/** The real exporter against a collector stand-in on loopback: what goes over the wire. */
interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  name: string;
  attributes: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: { key: string; value: OtlpValue }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const posts: { path: string | undefined; headers: IncomingHttpHeaders; body: OtlpExport }[] = [];
const collector = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    posts.push({ path: request.url, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let port = 0;
let t: TestApp;

beforeAll(async () => {
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  port = (collector.address() as AddressInfo).port;
  const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'freight-portal-otlp-test' });
  expect(await startTracing(config)).toBe(true);
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await stopTracing();
  collector.close();
});

const exported = () => posts.flatMap((p) => p.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe('OTLP/HTTP export', () => {
  it("posts the spans as JSON to the endpoint's /v1/traces, with the service name, and leaves its own posts untraced", async () => {
    const client = await t.client().login('shipper@demo.test');
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await flushTracing();
    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]!.path).toBe('/v1/traces');
    expect(posts[0]!.headers['content-type']).toBe('application/json');
    const service = posts[0]!.body.resourceSpans[0]!.resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('freight-portal-otlp-test');

    const names = exported().map((s) => s.name);
    expect(names).toContain('POST /login');
    expect(names).toContain('GET /api/user');
    const user = exported().find((s) => s.name === 'GET /api/user')!;
    expect(Number(attribute(user, 'http.response.status_code')?.intValue)).toBe(200);
    expect(exported().some((s) => attribute(s, 'db.system.name')?.stringValue === 'postgresql')).toBe(true);
    expect(JSON.stringify(posts.map((p) => p.body))).not.toContain('Demo#2026');

    // A second flush would carry a span of the first post, were the exporter's own request traced.
    await client.get('/api/user');
    await flushTracing();
    expect(exported().filter((s) => Number(attribute(s, 'server.port')?.intValue) === port)).toEqual([]);
  });
});
