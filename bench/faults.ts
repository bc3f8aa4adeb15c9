// Faults survived: two server processes on one PostgreSQL under a booking and payment load; one
// is killed with SIGKILL mid-load, PostgreSQL is stopped and started again twice (a fast stop,
// then an immediate one: a crash) mid-load. Then what was acknowledged is compared with what is
// stored, the background jobs are checked for a second run, and the failures are placed against
// the outages. A baseline phase of the same load without faults runs first, on the same processes.
// The card processor is the Stripe simulator in the bench process, both portals pointed at it.
// Run: npx tsx bench/faults.ts (as root: the private cluster's commands run as the postgres user;
// BENCH_WARMUP_SECONDS=5, BENCH_BASELINE_SECONDS=30, BENCH_SECONDS=70, BENCH_WORKERS=6, BENCH_DOWN_SECONDS=5,
// BENCH_LEASE_SECONDS=15, BENCH_RETRY_MS=100). Everything listens on 127.0.0.1; it stops by itself
// and always removes its cluster and processes.
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { ACH_SETTLE_DAYS } from '@freight/domain';
import Fastify from 'fastify';
import { simulatorKeys } from '../apps/server/src/modules/payments/stripe.routes';
import { stripeSimulator } from '../apps/server/src/modules/payments/stripe.simulator';
import { type Attempt, Load, type Target } from './faults-load';
import { type Cluster, createCluster, freePort } from './pg-cluster';
import { signIn, startApp, waitFor, withClient } from './server-process';

const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 70);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 6);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 5);
const LEASE_SECONDS = Number(process.env.BENCH_LEASE_SECONDS ?? 15);
/** When, in the faulted phase, each fault happens (s). */
const AT = { fastStop: 10, kill: 30, immediateStop: 40 };
const PAYMENT_VOID_JOB = 'shipment.payment_void';
/** One key for both processes, so both derive the same simulator keys (and sign the same way). */
const APP_KEY = 'faults-bench-app-key-0123456789abcdefghijkl';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = performance.now();
const wallT0 = Date.now();
const clock = () => performance.now() - t0;
const s = (ms: number) => Math.round(ms) / 1000;

let cluster: Cluster | undefined;
const children: ChildProcess[] = [];
const processor = Fastify();
async function cleanUp() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await cluster?.destroy();
  await processor.close();
}

/**
 * The card processor both processes pay through: the Stripe simulator, here in the bench's
 * process, as Stripe is one service outside the portal's processes (each process's own embedded
 * simulator would know only the holds made through that process). Its events go to `webhookUrl`.
 */
async function startProcessor(port: number, webhookUrl: string) {
  const keys = simulatorKeys(APP_KEY);
  const root = `http://127.0.0.1:${port}`;
  await processor.register((scope) =>
    stripeSimulator(scope, {
      now: () => new Date(),
      secretKey: keys.secretKey,
      publishableKey: keys.publishableKey,
      webhook: { url: webhookUrl, secret: keys.webhookSecret },
      publicUrl: () => root,
      achSettleDays: ACH_SETTLE_DAYS,
      autoDeliverMs: 2000,
    }).then(() => undefined),
  );
  await processor.listen({ host: '127.0.0.1', port });
  return root;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

interface Outage {
  mode: 'fast' | 'immediate';
  stopAt: number;
  upAt: number;
}

/** /readyz of each live process every 100 ms: when each answered 200 again after an outage. */
function watchReadiness(targets: Target[]) {
  const seen: { target: string; at: number; ok: boolean }[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      await Promise.all(
        targets
          .filter((t) => t.alive)
          .map(async (t) => {
            const at = clock();
            const ok = await fetch(`${t.origin}/readyz`, { signal: AbortSignal.timeout(3000) }).then(
              (r) => r.status === 200,
              () => false,
            );
            seen.push({ target: t.name, at, ok });
          }),
      );
      await sleep(100);
    }
  })();
  return {
    seen,
    stop: async () => {
      on = false;
      await loop;
    },
  };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0) : 0;
};

/** Throughput, latency and the failed attempts of a phase, by kind. */
function summary(load: Load, seconds: number) {
  const byKind = Object.fromEntries(
    (['quote', 'book', 'pay', 'cancel'] as const).map((kind) => {
      const ok = load.attempts.filter((a) => a.kind === kind && typeof a.status === 'number' && a.status < 300);
      const ms = ok.map((a) => a.endedAt - a.sentAt);
      return [kind, { ok: ok.length, p50_ms: percentile(ms, 50), p95_ms: percentile(ms, 95) }];
    }),
  );
  const failed = load.attempts.filter((a) => !(typeof a.status === 'number' && a.status < 300));
  const failures: Record<string, number> = {};
  for (const a of failed)
    failures[`${a.status}${a.code ? ` ${a.code}` : ''}`] = (failures[`${a.status}${a.code ? ` ${a.code}` : ''}`] ?? 0) + 1;
  return {
    seconds,
    bookings_acknowledged: load.acked.bookings.length,
    payments_acknowledged: load.acked.payments.length,
    cancels_acknowledged: load.acked.cancels.length,
    bookings_per_second: Math.round((load.acked.bookings.length / seconds) * 10) / 10,
    by_kind: byKind,
    failed_attempts: failures,
    given_up: load.acked.givenUp.length,
    first_given_up: load.acked.givenUp.slice(0, 5),
  };
}

/** Every acknowledged booking and payment is stored, once; every acknowledged cancel's hold was released once. */
async function compare(url: string, acked: Load['acked'], prefix: string) {
  return withClient(url, async (c) => {
    const ids = acked.bookings.map((b) => b.id);
    const stored = await c.query<{ id: string; key: string; payment_state: string; status: string }>(
      `select s.id, s.idempotency_key as key, s.payment_state, s.status from shipments s
       join accounts a on a.id = s.account_id where a.id = (select account_id from users where email = 'prepaid@demo.test')
       and s.idempotency_key like $1`,
      [`${prefix}-%`],
    );
    const byId = new Map(stored.rows.map((r) => [r.id, r]));
    const keys = stored.rows.map((r) => r.key);
    const paymentRows = await c.query<{ shipment_id: string; status: string; n: number }>(
      `select shipment_id, status, count(*)::int as n from payments where shipment_id = any($1::uuid[]) and status <> 'failed'
       group by shipment_id, status`,
      [ids],
    );
    const goodPayments = new Map<string, number>();
    for (const r of paymentRows.rows)
      if (r.status === 'authorized' || r.status === 'voided') goodPayments.set(r.shipment_id, (goodPayments.get(r.shipment_id) ?? 0) + r.n);
    const voided = new Set(paymentRows.rows.filter((r) => r.status === 'voided').map((r) => r.shipment_id));
    return {
      bookings_acknowledged: ids.length,
      bookings_stored: stored.rowCount,
      acknowledged_missing: ids.filter((id) => !byId.has(id)).length,
      stored_never_acknowledged: stored.rows.filter((r) => !ids.includes(r.id)).length,
      duplicate_keys: keys.length - new Set(keys).size,
      payments_acknowledged: acked.payments.length,
      acknowledged_payments_missing: acked.payments.filter((p) => (goodPayments.get(p.shipmentId) ?? 0) === 0).length,
      shipments_with_two_payments: [...goodPayments.values()].filter((n) => n > 1).length,
      paid_not_acknowledged: [...goodPayments.keys()].filter((id) => !acked.payments.some((p) => p.shipmentId === id)).length,
      cancels_acknowledged: acked.cancels.length,
      cancels_with_hold_released: acked.cancels.filter((id) => voided.has(id) && byId.get(id)?.payment_state === 'released').length,
    };
  });
}

/**
 * The void jobs: each should have been claimed once (attempts 1). One claimed twice is placed by
 * when its booking was canceled (the job was due then) and when it was done, in bench seconds:
 * beside the kill (its process died with it: run again after the lease) or an outage (a failed
 * attempt, tried again a minute later).
 */
async function jobRuns(url: string, wallT0: number) {
  return withClient(url, async (c) => {
    const rows = await c.query<{ attempts: number; done: boolean; last_error: string | null; n: number }>(
      `select attempts, done_at is not null as done, last_error, count(*)::int as n from jobs where kind = $1 group by 1, 2, 3 order by 1`,
      [PAYMENT_VOID_JOB],
    );
    const twice = await c.query<{ canceled_at: Date; done_at: Date | null }>(
      `select s.canceled_at, j.done_at from jobs j join shipments s on s.id::text = j.key where j.kind = $1 and j.attempts > 1`,
      [PAYMENT_VOID_JOB],
    );
    const at = (d: Date | null) => (d ? s(d.getTime() - wallT0) : null);
    return { by_attempts: rows.rows, claimed_twice: twice.rows.map((r) => ({ due_at_s: at(r.canceled_at), done_at_s: at(r.done_at) })) };
  });
}

/** The failed attempts of the faulted phase, placed: during an outage (overlapping it), at the kill (on the killed process), or elsewhere. */
function placeFailures(attempts: Attempt[], outages: Outage[], killAt: number) {
  const failed = attempts.filter((a) => !(typeof a.status === 'number' && a.status < 300));
  const during = (a: Attempt, o: Outage) => a.sentAt <= o.upAt && a.endedAt >= o.stopAt;
  const perOutage = outages.map((o) => {
    const mine = failed.filter((a) => during(a, o));
    const kinds: Record<string, number> = {};
    for (const a of mine) kinds[`${a.status}${a.code ? ` ${a.code}` : ''}`] = (kinds[`${a.status}${a.code ? ` ${a.code}` : ''}`] ?? 0) + 1;
    const recovered = (target: string) =>
      attempts.find((a) => a.target === target && a.sentAt >= o.upAt && typeof a.status === 'number' && a.status < 300);
    const lastFailure = Math.max(o.stopAt, ...mine.map((a) => a.endedAt));
    return {
      mode: o.mode,
      down_s: s(o.upAt - o.stopAt),
      failures: kinds,
      all_503_with_retry_after: mine.every((a) => a.status === 503 && a.code === 'database_unavailable' && a.retryAfter === '5'),
      last_failure_after_up_s: s(lastFailure - o.upAt),
      first_2xx_after_up_s: Object.fromEntries(
        ['A', 'B'].map((t) => {
          const first = recovered(t);
          return [t, first ? s(first.endedAt - o.upAt) : null];
        }),
      ),
    };
  });
  const atKill = failed.filter((a) => a.target === 'A' && a.sentAt <= killAt && a.endedAt >= killAt);
  const elsewhere = failed.filter((a) => !outages.some((o) => during(a, o)) && !atKill.includes(a));
  return {
    outages: perOutage,
    at_kill: { in_flight_on_killed_process: atKill.length, statuses: [...new Set(atKill.map((a) => a.status))] },
    failures_outside_outages_and_kill: elsewhere.length,
    first_failures_outside: elsewhere
      .slice(0, 10)
      .map((a) => ({ kind: a.kind, target: a.target, at_s: s(a.sentAt), status: a.status, code: a.code })),
  };
}

try {
  cluster = await createCluster('faults');
  const [portA, portB, portProcessor] = [await freePort(), await freePort(), await freePort()];
  const stripeUrl = await startProcessor(portProcessor, `http://127.0.0.1:${portB}/api/webhooks/stripe`);
  const env = {
    JOBS_POLL_MS: '250',
    JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
    APP_KEY,
    PAYMENT_PROVIDER: 'simulator',
    STRIPE_API_URL: stripeUrl,
  };
  const targets: Target[] = [
    { name: 'A', origin: `http://127.0.0.1:${portA}`, alive: true },
    { name: 'B', origin: `http://127.0.0.1:${portB}`, alive: true },
  ];
  // One after the other: the first migrates and seeds, the second finds it done.
  const a = startApp(cluster.url, portA, env);
  children.push(a);
  await waitFor(`${targets[0]?.origin}/readyz`);
  const b = startApp(cluster.url, portB, env);
  children.push(b);
  await waitFor(`${targets[1]?.origin}/readyz`);
  const web = await signIn(targets[0]?.origin ?? '', 'prepaid@demo.test');
  const load0 = loadavg()[0];

  // 1. Baseline: the same load on both processes, no faults (after a warm-up that is not counted).
  await new Load(targets, web, t0, 'faults-warm').run(WORKERS, WARMUP_SECONDS);
  const baseline = new Load(targets, web, t0, 'faults-base');
  await baseline.run(WORKERS, BASELINE_SECONDS);

  // 2. Faults, on a schedule beside the load.
  const load = new Load(targets, web, t0, 'faults-run');
  const readiness = watchReadiness(targets);
  const outages: Outage[] = [];
  let killAt = 0;
  const phaseStart = performance.now();
  const at = (seconds: number) => sleep(Math.max(0, phaseStart + seconds * 1000 - performance.now()));
  const outage = async (mode: Outage['mode']) => {
    const stopAt = clock();
    await cluster?.stop(mode);
    await sleep(DOWN_SECONDS * 1000);
    await cluster?.start();
    outages.push({ mode, stopAt, upAt: clock() });
  };
  const faults = (async () => {
    await at(AT.fastStop);
    await outage('fast');
    await at(AT.kill);
    killAt = clock();
    a.kill('SIGKILL');
    const aTarget = targets[0];
    if (aTarget) aTarget.alive = false;
    await at(AT.immediateStop);
    await outage('immediate');
  })();
  await Promise.all([load.run(WORKERS, SECONDS), faults]);
  await readiness.stop();
  const loadEnd = loadavg()[0];

  // 3. The jobs the load made: wait for the void jobs (those the killed process held come back after the lease).
  const settleStart = performance.now();
  while (performance.now() - settleStart < (LEASE_SECONDS + 60) * 1000) {
    const waiting = await withClient(cluster.url, async (c) =>
      Number((await c.query('select count(*) from jobs where kind = $1 and done_at is null', [PAYMENT_VOID_JOB])).rows[0].count),
    );
    if (waiting === 0) break;
    await sleep(500);
  }
  const readyAgain = outages.map((o) =>
    Object.fromEntries(
      ['A', 'B'].map((t) => {
        const first = readiness.seen.find((r) => r.target === t && r.at >= o.upAt && r.ok);
        return [t, first ? s(first.at - o.upAt) : null];
      }),
    ),
  );

  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        load_average_1m: { before: load0, after: loadEnd },
        settings: { workers: WORKERS, down_seconds: DOWN_SECONDS, lease_seconds: LEASE_SECONDS, faults_at_s: AT },
        baseline: summary(baseline, BASELINE_SECONDS),
        faulted: summary(load, SECONDS),
        placed: placeFailures(load.attempts, outages, killAt),
        readyz_200_after_up_s: readyAgain,
        stored_vs_acknowledged: {
          baseline: await compare(cluster.url, baseline.acked, 'faults-base'),
          faulted: await compare(cluster.url, load.acked, 'faults-run'),
        },
        faults_at_s: { outages: outages.map((o) => ({ mode: o.mode, stop: s(o.stopAt), up: s(o.upAt) })), kill: s(killAt) },
        void_jobs: await jobRuns(cluster.url, wallT0),
        survivor_alive: b.exitCode === null && b.signalCode === null,
      },
      null,
      2,
    ),
  );
} finally {
  await cleanUp();
}
