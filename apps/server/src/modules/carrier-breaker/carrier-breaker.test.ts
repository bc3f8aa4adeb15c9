import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierAdapter } from '../../carrier-adapters/adapter';
import { TariffCarrier } from '../../carrier-adapters/tariff-carrier';
import { auditLog, carriers, mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { businessDay } from '../shipments/test-helpers';
import { usersRepository } from '../users/users.repository';
import { BREAKER } from './carrier-breaker';

/** How each carrier (by SCAC) answers a rate call in these tests, and how often it was asked. */
const behaviour = new Map<string, 'fail' | 'hang'>();
const calls = new Map<string, number>();
const callsOf = (scac: string) => calls.get(scac) ?? 0;

/** The tariff carrier, unless the test makes it fail (an HTTP 503) or hang (never answer). */
function adapterFor(row: ConstructorParameters<typeof TariffCarrier>[0]): CarrierAdapter {
  const real = new TariffCarrier(row);
  return {
    carrier: real.carrier,
    rate(request) {
      calls.set(row.scac, callsOf(row.scac) + 1);
      const mode = behaviour.get(row.scac);
      if (mode === 'fail') return Promise.reject(new Error('HTTP 503 Service Unavailable'));
      if (mode === 'hang') return new Promise(() => {});
      return real.rate(request);
    },
  };
}

let t: TestApp;
let shipper: TestClient;
beforeAll(async () => {
  t = await createTestApp({}, { rateAdapterFor: adapterFor });
  shipper = await t.client().login('shipper@demo.test');
  // A second super_admin, who reads Spanish: each is mailed once, in their own language.
  await usersRepository(t.database.db).create(
    { firstName: 'Sofía', lastName: 'Admin', email: 'sofia.admin@demo.test', passwordHash: 'x', roles: ['super_admin'] },
    { language: 'es' },
  );
});
afterAll(async () => {
  await t.close();
});

const ltl = () => ({
  mode: 'ltl',
  pickup_date: businessDay(t),
  origin: { postal_code: '60606', country: 'US', site_type: 'business' },
  destination: { postal_code: '75201', country: 'US', site_type: 'business' },
  items: [{ package_type: 'pallets', quantity: 2, length: 48, width: 48, height: 48, weight: 300, stackable: true, hazardous: false }],
  accessorials: [],
  insured_value: 0,
});

interface Quote {
  rates: { scac: string }[];
  messages: { level: string; key: string; text: string }[];
}
async function quote(client = shipper): Promise<Quote> {
  const res = await client.post('/api/quotes', ltl());
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const rated = (q: Quote, scac: string) => q.rates.some((r) => r.scac === scac);
const warned = (q: Quote, key: string) => q.messages.some((m) => m.key === key);
const carrier = async (scac: string) => {
  const [row] = await t.database.db.select().from(carriers).where(eq(carriers.scac, scac));
  if (!row) throw new Error(`no carrier ${scac}`);
  return row;
};
const seconds = (n: number) => t.clock.advanceMinutes(n / 60);

describe('the circuit breaker', () => {
  it('pauses a carrier once most of its calls in the window failed, without touching the rating cache', async () => {
    const before = await carrier('SAIA');
    behaviour.set('SAIA', 'fail');
    for (let i = 0; i < BREAKER.minCalls - 1; i++) {
      const q = await quote();
      expect(warned(q, 'quote.warning.carrier_unavailable')).toBe(true);
      seconds(1);
    }
    // Nine calls, all failed: too few to judge.
    expect((await carrier('SAIA')).quotingPausedAt).toBeNull();
    await quote();
    const paused = await carrier('SAIA');
    expect(paused.quotingPausedAt?.toISOString()).toBe(t.clock.now.toISOString());
    expect(paused.quotingPauseReason).toEqual({ kind: 'errors', failures: 10, calls: 10, window_seconds: 300 });
    // Pausing changed no tariff: every process keeps its rating cache.
    expect(paused.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());

    // The next quote neither asks nor waits for it, and tells the shipper why its rate is missing.
    const asked = callsOf('SAIA');
    const q = await quote();
    expect(callsOf('SAIA')).toBe(asked);
    expect(rated(q, 'SAIA')).toBe(false);
    expect(q.rates.length).toBeGreaterThanOrEqual(7);
    expect(q.messages).toContainEqual(
      expect.objectContaining({ key: 'quote.warning.carrier_paused', text: 'Saia is not answering at the moment; its rate is not shown.' }),
    );
  });

  it('mails every super_admin once, each in their language', async () => {
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const mails = await t.database.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%Saia (SAIA)%'));
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['sofia.admin@demo.test', 'Cotización en pausa: Saia (SAIA)'],
      ['super@demo.test', 'Quoting paused: Saia (SAIA)'],
    ]);
    const english = mails.find((m) => m.to === 'super@demo.test');
    expect(english?.text).toContain('10 of its last 10 rate calls within 5 minutes failed.');
    expect(english?.text).toMatch(/Open the carrier: http:\/\/127\.0\.0\.1:3000\/admin\/carriers\/[0-9a-f-]{36}/);
    expect(mails.find((m) => m.to === 'sofia.admin@demo.test')?.text).toContain(
      '10 de sus últimas 10 consultas de tarifa en 5 minutos fallaron.',
    );
  });

  it('after the cool-down lets one quote probe it: a failure keeps it paused for another cool-down, a success resumes it', async () => {
    seconds(BREAKER.cooldownMs / 1000 / 2);
    let asked = callsOf('SAIA');
    await quote();
    expect(callsOf('SAIA')).toBe(asked);

    // Half-open: of two quotes at once, only one asks the carrier.
    seconds(BREAKER.cooldownMs / 1000 / 2 + 1);
    const [a, b] = await Promise.all([quote(), quote()]);
    expect(callsOf('SAIA')).toBe(asked + 1);
    expect([a, b].filter((q) => warned(q, 'quote.warning.carrier_paused'))).toHaveLength(1);
    expect((await carrier('SAIA')).quotingPausedAt).not.toBeNull();

    // The failed probe started another cool-down.
    asked = callsOf('SAIA');
    seconds(30);
    await quote();
    expect(callsOf('SAIA')).toBe(asked);

    behaviour.delete('SAIA');
    seconds(31);
    const probed = await quote();
    expect(callsOf('SAIA')).toBe(asked + 1);
    expect(rated(probed, 'SAIA')).toBe(true);
    const row = await carrier('SAIA');
    expect([row.quotingPausedAt, row.quotingPauseReason]).toEqual([null, null]);
    const next = await quote();
    expect(callsOf('SAIA')).toBe(asked + 2);
    expect(rated(next, 'SAIA')).toBe(true);
    // Resuming mails nobody.
    await t.app.jobs.runDue();
    expect(await t.database.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%Saia (SAIA)%'))).toHaveLength(2);
  });

  it('pauses a carrier that hangs, after which quotes answer without waiting for it', async () => {
    // Its good answers of the quotes above leave the window first.
    seconds(BREAKER.windowMs / 1000);
    behaviour.set('ABFS', 'hang');
    // Ten quotes at once, each waiting out the carrier time-out.
    const waited = await Promise.all(Array.from({ length: BREAKER.minCalls }, () => quote()));
    expect(waited.every((q) => warned(q, 'quote.warning.carrier_unavailable') && !rated(q, 'ABFS'))).toBe(true);
    const row = await carrier('ABFS');
    expect(row.quotingPauseReason).toEqual({ kind: 'timeouts', failures: 10, calls: 10, window_seconds: 300 });

    const asked = callsOf('ABFS');
    const started = performance.now();
    const q = await quote();
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(callsOf('ABFS')).toBe(asked);
    expect(warned(q, 'quote.warning.carrier_paused')).toBe(true);
  });

  it('another process reads the pause within seconds and leaves the carrier out too', async () => {
    const other = await t.sibling();
    try {
      const asked = callsOf('ABFS');
      const q = await quote(await other.client().login('shipper@demo.test'));
      expect(callsOf('ABFS')).toBe(asked);
      expect(warned(q, 'quote.warning.carrier_paused')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('super_admin resumes it by hand (audited); the next quote asks it again', async () => {
    const abfs = await carrier('ABFS');
    const pausedAt = abfs.quotingPausedAt?.toISOString();
    const url = `/api/admin/carriers/${abfs.id}/resume-quoting`;
    const ops = await t.client().login('ops@demo.test');
    expect((await ops.post(url)).statusCode).toBe(403);

    const list = (await (await t.client().login('super@demo.test')).get('/api/admin/carriers')).json().data;
    expect(list.find((c: { scac: string }) => c.scac === 'ABFS')).toMatchObject({
      quoting_paused_at: pausedAt,
      quoting_pause_reason: { kind: 'timeouts', failures: 10, calls: 10, window_seconds: 300 },
    });
    expect(list.find((c: { scac: string }) => c.scac === 'SAIA')).toMatchObject({ quoting_paused_at: null, quoting_pause_reason: null });
    const dashboard = (await (await t.client().login('super@demo.test')).get('/api/admin/dashboard')).json().data;
    expect(dashboard.paused_carriers).toEqual([
      {
        id: abfs.id,
        name: 'ABF Freight',
        scac: 'ABFS',
        paused_at: pausedAt,
        reason: abfs.quotingPauseReason,
      },
    ]);

    const admin = await t.client().login('super@demo.test');
    const res = await admin.post(url);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ scac: 'ABFS', quoting_paused_at: null, quoting_pause_reason: null });
    // Again: nothing left to resume, nothing audited twice.
    expect((await admin.post(url)).statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'carrier.quoting_resumed'), eq(auditLog.entityId, abfs.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: 'super@demo.test',
      before: { quoting_paused_at: pausedAt, quoting_pause_reason: abfs.quotingPauseReason },
      after: { quoting_paused_at: null, quoting_pause_reason: null },
    });
    expect((await carrier('ABFS')).updatedAt.toISOString()).toBe(abfs.updatedAt.toISOString());

    behaviour.delete('ABFS');
    const asked = callsOf('ABFS');
    const q = await quote();
    expect(callsOf('ABFS')).toBe(asked + 1);
    expect(rated(q, 'ABFS')).toBe(true);
    expect((await admin.post('/api/admin/carriers/00000000-0000-4000-8000-000000000000/resume-quoting')).statusCode).toBe(404);
  });

  it('counts only the calls of the last five minutes', async () => {
    behaviour.set('RLCA', 'fail');
    for (let i = 0; i < BREAKER.minCalls - 1; i++) await quote();
    // Those nine failures leave the window; one more failure alone is not a pause.
    seconds(BREAKER.windowMs / 1000 + BREAKER.bucketMs / 1000);
    await quote();
    expect((await carrier('RLCA')).quotingPausedAt).toBeNull();
    for (let i = 0; i < BREAKER.minCalls - 1; i++) {
      seconds(10);
      await quote();
    }
    expect((await carrier('RLCA')).quotingPauseReason).toEqual({ kind: 'errors', failures: 10, calls: 10, window_seconds: 300 });
    behaviour.delete('RLCA');
  });
});
