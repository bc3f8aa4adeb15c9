import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { Config } from '../config';
import { serveWeb } from './web';

it('serves the built assets without a log line each, and still logs the pages and the API at info', async () => {
  const web = mkdtempSync(join(tmpdir(), 'fp-web-log-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Freight Portal</title>');
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
  const messages: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean))
        messages.push(`${JSON.parse(line).msg} ${JSON.parse(line).req?.url ?? ''}`.trim());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await serveWeb(app, { WEB_DIST: web } as Config);
  await app.ready();

  const asset = await app.inject({ method: 'GET', url: '/build/assets/index-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toContain('immutable');
  expect(messages).toEqual([]);

  await app.inject({ method: 'GET', url: '/shipments', headers: { accept: 'text/html' } });
  expect(messages).toEqual(['incoming request /shipments', 'request completed']);
  await app.close();
});
