import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Closing the server (SIGTERM, or a test's second start) waits for the connections it has. One
 * that was busy when the close began used to stay open for the keep-alive time (72 s) after its
 * answer, and the close waited for it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('answers a request under way when the close begins and ends its connection, so the close does not wait', async () => {
  const app = await buildApp({ config: t.config, db: t.database.db, now: () => t.clock.now, logger: false, pubsub: t.database });
  let arrived!: () => void;
  const underWay = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  app.get('/held-answer', async () => {
    arrived();
    await released;
    return { data: 'ok' };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const answer = new Promise<{ status?: number; connection?: string; socketClosed: Promise<void> }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/held-answer', headers: { connection: 'keep-alive' } }, (res) => {
      const socketClosed = new Promise<void>((closed) => res.socket.once('close', () => closed()));
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, socketClosed }));
    });
    req.on('error', reject);
    req.end();
  });
  await underWay;
  const closed = app.close();
  // The close has begun once the server no longer takes connections.
  while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
  release();
  const { status, connection, socketClosed } = await answer;
  expect(status).toBe(200);
  expect(connection).toBe('close');
  await socketClosed;
  await closed;
});
