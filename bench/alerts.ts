// The alert rules (docs/alerts.md) over a million shipments on their way, on PostgreSQL. Targets
// (exceptions issue): a new event's evaluation under 50 ms at p95, a sweep of the whole set under
// 60 s.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/alerts.ts
// (creates and drops its own database; nothing listens; stops by itself; prints JSON)
//
// The data (shipments-data.ts, `open`): BENCH_SHIPMENTS (1,000,000) shipments of 201 accounts, all
// on their way at the bench's clock (a Friday, 12:00 in Chicago): picked up from four days before
// to the day after, promised three to six days after pickup, with the tracking events that have
// happened by then (tender accepted, departed, at a terminal, out for delivery). So some wait for a
// pickup past their window, some have had no event for a day, some are past their promised date.
//
// 1. The first sweep: every rule over every shipment, raising what the data holds (the worst case:
//    a backlog nobody swept).
// 2. A second sweep: nothing new to raise (each sweep every 5 minutes after the first).
// 3. BENCH_EVENTS (500) new events, one at a time, each stored as tracking stores one and then its
//    shipment evaluated alone (`evaluateShipment`, what tracking.service runs after every event).
// 4. The sweep again after those events (some stalls they ended are closed).
// The evaluator runs in this process with the app's jobs table (the notify job it schedules is
// written, not run: telling watchers is the notify job's own work).
import pg from 'pg';
import pino from 'pino';
import { JobRunner } from '../apps/server/src/jobs/jobs';
import { alertEvaluator } from '../apps/server/src/modules/alerts/alerts.service';
import { latencyStats } from './latency';
import { benchDatabase } from './setup';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const NOW = new Date('2026-11-20T18:00:00Z');

const bench = await benchDatabase('alerts', 10);
const client = new pg.Client({ connectionString: bench.url });
try {
  await client.connect();
  const fill0 = performance.now();
  await fillShipments(client, TOTAL, 0.01, { events: true, open: { now: NOW } });
  // The demo's own jobs off the table: only the rules are timed.
  await client.query('delete from jobs');
  const fillSeconds = (performance.now() - fill0) / 1000;
  const { rows: byStatus } = await client.query(
    `select status, count(*)::int n from shipments where rate_id = 'bench' group by 1 order by 1`,
  );
  const { rows: facts } = await client.query(
    `select count(*) filter (where shown_estimated_delivery < $1::date)::int past_promised,
            count(*) filter (where pickup_date < $1::date)::int picked_up_before_today
     from shipments where rate_id = 'bench'`,
    [NOW.toISOString().slice(0, 10)],
  );

  const jobs = new JobRunner(bench.db, () => NOW, pino({ level: 'silent' }));
  const evaluator = alertEvaluator({ db: bench.db, now: () => NOW, jobs });
  const openAlerts = async () =>
    (await client.query(`select kind, count(*)::int n from alerts where closed_at is null group by 1 order by 1`)).rows;
  const timed = async <T>(work: () => Promise<T>) => {
    const t0 = performance.now();
    const result = await work();
    return { ms: Math.round(performance.now() - t0), result };
  };

  const first = await timed(() => evaluator.sweep());
  const afterFirst = await openAlerts();
  const second = await timed(() => evaluator.sweep());

  // New events for shipments picked at random among those moving: an arrival at a terminal now.
  const { rows: picked } = await client.query(
    `select id, destination_city, destination_state from shipments
     where rate_id = 'bench' and status in ('in_transit', 'delayed') order by random() limit $1`,
    [EVENTS],
  );
  const evaluations: number[] = [];
  let raisedByEvents = 0;
  for (const [n, s] of picked.entries()) {
    await client.query(
      `insert into shipment_events (shipment_id, source, dedupe_key, status_code, reason_code, status, description, city, state, occurred_at, utc_offset_minutes)
       values ($1, 'carrier', $2, 'X4', 'NS', 'in_transit', 'Arrived at terminal', $3, $4, $5, -360)`,
      [s.id, `bench-new-${n}`, s.destination_city, s.destination_state, NOW],
    );
    const t0 = performance.now();
    raisedByEvents += await evaluator.evaluateShipment(s.id);
    evaluations.push(performance.now() - t0);
  }
  const third = await timed(() => evaluator.sweep());

  console.log(
    JSON.stringify(
      {
        database: 'PostgreSQL',
        shipments: TOTAL,
        by_status: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
        ...facts[0],
        fill_s: Math.round(fillSeconds),
        first_sweep: { ms: first.ms, raised: first.result, open_alerts: Object.fromEntries(afterFirst.map((r) => [r.kind, r.n])) },
        second_sweep: { ms: second.ms, raised: second.result },
        event_evaluation_ms: { ...latencyStats(evaluations), raised: raisedByEvents },
        sweep_after_events: { ms: third.ms, raised: third.result },
      },
      null,
      2,
    ),
  );
} finally {
  await client.end();
  await bench.drop();
}
