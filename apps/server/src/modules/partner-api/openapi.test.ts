import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApiClient } from '../../test/api-client';
import { createTestApp, type TestApp } from '../../test/harness';
import { routeTable } from '../../test/routes';
import { API_ROUTES, apiPath } from './api-routes';
import { TOKEN_PATH } from './openapi';
import { DOCS_PATH, DOCUMENT_PATH } from './openapi.routes';
import { OPENAPI_FILE, REGENERATE_COMMAND } from './openapi-file';

interface Operation {
  tags: string[];
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, unknown>;
}
type Document = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

const EXAMPLE = fileURLToPath(new URL('../../../../../docs/api-client-example.mjs', import.meta.url));
/** '/api/quotes/:id' -> '/api/v1/quotes/{id}', as OpenAPI writes a path. */
const documented = (webPath: string) => apiPath(webPath).replace(/:(\w+)/g, '{$1}');

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: DOCUMENT_PATH })).json();
});
afterAll(() => t.close());

describe('the OpenAPI document and the routes (no drift)', () => {
  it('finds every API route in Fastify’s route table, each with its zod schema', () => {
    const table = new Set(routeTable(t.app).map((r) => `${r.method} ${r.path}`));
    const missing = API_ROUTES.filter((r) => !table.has(`${r.method} ${r.path}`)).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'API_ROUTES lists routes the app does not have').toEqual([]);
    // The document's transform refuses an API route without a schema (openapi.ts).
    expect(() => t.app.swagger()).not.toThrow();
  });

  it('documents exactly API_ROUTES and the token endpoint, each with its scope, tag and summary', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Freight Portal API', version: '1' });
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = [`POST ${TOKEN_PATH}`, ...API_ROUTES.map((r) => `${r.method} ${documented(r.path)}`)];
    expect(operations.sort()).toEqual(expected.sort());

    for (const route of API_ROUTES) {
      const op = document.paths[documented(route.path)]?.[route.method.toLowerCase()];
      expect(op?.security, `${route.method} ${route.path}`).toEqual([{ oauth2: [route.scope] }]);
      expect(op).toMatchObject({ tags: [route.tag], summary: route.summary });
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403', '404', '422', '429']));
      // A carrier partner's routes act as its carrier: they name no account.
      const accountHeader = expect.objectContaining({ name: 'Account-Id', in: 'header', required: false });
      if (route.audience === 'carrier') expect(op?.parameters ?? []).not.toContainEqual(accountHeader);
      else expect(op?.parameters).toContainEqual(accountHeader);
    }
    const booking = document.paths['/api/v1/shipments']?.post;
    expect(booking?.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }));
    expect(document.paths[TOKEN_PATH]?.post?.security).toEqual([]);
  });

  it('matches the committed docs/openapi.json', () => {
    const stale = `docs/openapi.json is not the document the app makes: run \`${REGENERATE_COMMAND}\` and commit it`;
    expect(existsSync(OPENAPI_FILE), stale).toBe(true);
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')), stale).toEqual(document);
  });
});

describe('the reference', () => {
  it('serves the document and a script-free page to anyone, past the SPA fallback and the /api/v1 door', async () => {
    const json = await t.app.inject({ method: 'GET', url: DOCUMENT_PATH, headers: { accept: 'text/html' } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');

    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    for (const route of API_ROUTES) expect(page.body).toContain(documented(route.path));
    expect(page.body).toContain('curl');
    expect(page.body).toContain('Idempotency-Key');
    expect(page.body).toContain('Retry-After');

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/docs' })).statusCode).toBe(404);
  });
});

describe('docs/api-client-example.mjs', () => {
  it('rates, books idempotently, tracks and downloads the BOL against a running server', async () => {
    const shipper = await t.client().login('shipper@demo.test', undefined, true);
    const { issued } = await accountApiClient(t.app, shipper, [
      'quotes:write',
      'shipments:write',
      'shipments:read',
      'tracking:read',
      'documents:read',
    ]);
    const shipments = async () => (await shipper.get('/api/shipments')).json().meta.total as number;
    const before = await shipments();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const outDir = mkdtempSync(join(tmpdir(), 'fp-api-example-'));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [EXAMPLE], {
        env: {
          PATH: process.env.PATH,
          CLIENT_ID: issued.credential.client_id,
          CLIENT_SECRET: issued.client_secret,
          BASE_URL: `http://127.0.0.1:${port}`,
          OUT_DIR: outDir,
        },
        timeout: 50_000,
      });
      expect(stdout).toMatch(/Booked shipment ([0-9a-f-]{36})/);
      expect(stdout).toContain('same Idempotency-Key answers the same shipment: true');
      expect(stdout).toMatch(/Tracking: \w+, \d+ event/);

      // The web sees the one shipment the script booked (the retry added none).
      const id = /Booked shipment ([0-9a-f-]{36})/.exec(stdout)?.[1];
      expect((await shipper.get(`/api/shipments/${id}`)).statusCode).toBe(200);
      expect(await shipments()).toBe(before + 1);
      const [pdf] = readdirSync(outDir);
      expect(pdf).toMatch(/^bol-.+\.pdf$/);
      expect(
        readFileSync(join(outDir, pdf ?? ''))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
