import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, type TestApp, TestClient, usingPostgres } from '../test/harness';
import { portBelowEphemeral } from '../test/ports';
import { CONNECT_TIMEOUT_MS, type Database, openDatabase } from './client';

/**
 * A TCP relay between a second app and the test's PostgreSQL: `cut()` drops every connection and
 * refuses new ones (the server stopped), `open()` lets them through again on the same port.
 */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  return {
    get port() {
      return port;
    },
    async open() {
      // Reopened on the same port after a cut: a port from listen(0) could be taken meanwhile.
      if (port === 0) port = await portBelowEphemeral();
      const s = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', end).on('close', end);
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
      server = s;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server?.close(resolve));
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!usingPostgres())('PostgreSQL stopping and coming back under a running app', () => {
  let t: TestApp;
  let link: ReturnType<typeof relay>;
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    const direct = new URL(t.databaseUrl ?? '');
    link = relay(direct);
    await link.open();
    const through = new URL(direct);
    through.hostname = '127.0.0.1';
    through.port = String(link.port);
    database = await openDatabase({ url: through.toString(), poolSize: 3, onIdleClientError: () => {} });
    // Its own jobs loop, polling every 50 ms under the test's clock.
    const config = loadConfig({
      APP_URL: 'http://127.0.0.1:3000',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'silent',
      JOBS_POLL_MS: '50',
      DEMO_TRACKING: '0',
    });
    app = await buildApp({ config, db: database.db, now: () => t.clock.now, logger: false, pubsub: database, poolUse: database.poolUse });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await t?.close();
  });

  it('answers 503 database_unavailable while it is down, never a hang; the pool, readiness and the jobs loop come back by themselves', async () => {
    const c = await new TestClient(app, undefined as never).login('shipper@demo.test');
    expect((await c.get('/api/shipments')).statusCode).toBe(200);
    let ran = 0;
    app.jobs.register('test.outage', async () => void ran++);
    await t.app.jobs.schedule('test.outage', 'once', new Date(t.clock.now.getTime() + 60_000));

    await link.cut();
    const started = performance.now();
    const down = await c.get('/api/shipments');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'database_unavailable', retry_after: 5 });
    expect(down.headers['retry-after']).toBe('5');
    expect(performance.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 1000);
    const notReady = await app.inject({ url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json().checks.database).toBe(false);
    // The job falls due while the database is away: the polls fail, the loop goes on.
    t.clock.advanceMinutes(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.jobs.loopState).toBe('running');
    expect(ran).toBe(0);

    await link.open();
    expect((await c.get('/api/shipments')).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await until(() => ran === 1);
  });
});
