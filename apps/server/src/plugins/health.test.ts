import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import type { JobLoopState } from '../jobs/jobs';
import { createTestApp, type TestApp } from '../test/harness';
import { healthRoutes, READINESS_TIMEOUT_MS, Readiness } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const ALL_GOOD = { database: true, migrations: true, jobs: true, accepting: true };

describe('GET /healthz', () => {
  it('answers 200 while the process is alive, without a session', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('still answers 200 when the database does not', async () => {
    vi.spyOn(t.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers, the migrations are applied and jobs run (here: turned off on purpose)', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: ALL_GOOD });
  });

  it('answers 503 naming the database when it refuses', async () => {
    vi.spyOn(t.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { ...ALL_GOOD, database: false, migrations: false } });
  });

  it('answers 503 within its time limit when the database hangs', async () => {
    vi.spyOn(t.database.db, 'execute').mockReturnValue(new Promise(() => {}) as never);
    const started = performance.now();
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe(false);
    expect(performance.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 500);
  });

  it('answers 503 when the newest migration is not recorded', async () => {
    const db = t.database.db;
    const newest = (await db.execute(
      sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const row = newest.rows[0];
    if (!row) throw new Error('no migration recorded');
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ ...ALL_GOOD, migrations: false });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at}::bigint)`,
      );
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

/** A readiness whose jobs loop is in `state`, on a database that answers. */
function readinessWith(state: JobLoopState) {
  return new Readiness(t.database.db, { loopState: state });
}

describe('readiness', () => {
  it('counts the jobs loop as ready when it runs or is turned off, not when it stalled or stopped', async () => {
    expect((await readinessWith('running').check()).jobs).toBe(true);
    expect((await readinessWith('off').check()).jobs).toBe(true);
    expect((await readinessWith('stalled').check()).jobs).toBe(false);
    expect((await readinessWith('stopped').check()).jobs).toBe(false);
  });

  it('is 503 from the moment the process starts draining, whatever else holds', async () => {
    const readiness = readinessWith('running');
    const app = Fastify();
    healthRoutes(app, readiness);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    readiness.startDraining();
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { ...ALL_GOOD, accepting: false } });
    await app.close();
  });

  it('writes no log line per probe', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    healthRoutes(app, new Readiness({ execute: () => Promise.reject(new Error('down')) } as unknown as Db, { loopState: 'off' }));
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
    expect(lines.filter((line) => line.includes('/healthz') || line.includes('/readyz'))).toEqual([]);
    await app.close();
  });
});
