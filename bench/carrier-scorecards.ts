// The carrier scorecards (GET /api/admin/carrier-scorecards and /:id) on PostgreSQL with 1,000,000
// shipments of two years (shipments-data.ts: XB, AF, X4 and X6 events each), a tenth of them moved
// to truckload carriers (one in twenty of those never answered: its XB removed) and a delivered
// event (D1) on every delivered one, so every figure has something to count.
// Target: the comparison under 200 ms p95, with the baseline (GET /api/user) in the same run.
// The screens read the monthly summary (carrier_scorecard_months), which the refresh job keeps: this
// bench times its first full count (24 months) and one incremental refresh after a single event,
// with the job itself taken off the job table so it does not run during the measurement.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/carrier-scorecards.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself).
// One request at a time over HTTP as ops@demo.test.

import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { SCORECARD_REFRESH_JOB, scorecardSummary } from '../apps/server/src/modules/carrier-scorecards/scorecard-summary';
import { startBench } from './address-http';
import { latencyStats } from './latency';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const bench = await startBench('scorecards');
try {
  const fill0 = performance.now();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  await client.query('delete from jobs where kind = $1', [SCORECARD_REFRESH_JOB]);
  await fillShipments(client, TOTAL, 0.01, { accounts: ACCOUNTS, events: true, costs: false });
  const { rows: truckload } = await client.query(`select id, name, scac from carriers where mode = 'truckload' order by scac`);
  if (truckload.length === 0) throw new Error('no truckload carriers');
  await client.query(
    `create temp table bench_tl as select row_number() over () - 1 as n, id, name, scac from carriers where mode = 'truckload'`,
  );
  await client.query(`
    update shipments s set carrier_id = t.id, carrier_name = t.name, scac = t.scac, mode = 'truckload', service = 'dry_van'
    from bench_tl t
    where s.rate_id = 'bench' and (s.pickup_number::text ~ '[0-9]+$') and substr(s.pickup_number, 3)::int % 10 = 3
      and t.n = substr(s.pickup_number, 3)::int / 10 % ${truckload.length}`);
  await client.query(`
    delete from shipment_events e using shipments s
    where e.shipment_id = s.id and s.mode = 'truckload' and s.rate_id = 'bench' and substr(s.pickup_number, 3)::int % 200 = 13
      and e.status_code in ('XB', 'AF')`);
  await client.query(`
    insert into shipment_events (shipment_id, source, dedupe_key, status_code, reason_code, status, description, city, state, occurred_at, utc_offset_minutes)
    select s.id, 'carrier', 'bench-5', 'D1', 'NS', 'delivered', 'Delivered', s.destination_city, s.destination_state, s.delivered_at, -360
    from shipments s where s.rate_id = 'bench' and s.status = 'delivered' and s.delivered_at is not null`);
  await client.query('vacuum analyze shipments');
  await client.query('vacuum analyze shipment_events');
  const fillSeconds = (performance.now() - fill0) / 1000;

  // The summary's first count, in this process (the app's job would do the same in its own).
  const database = await openDatabase({ url: bench.url, poolSize: 4 });
  const now = () => new Date();
  const summary = scorecardSummary({ db: database.db, now, config: { BUSINESS_TIME_ZONE: 'America/Chicago' } as never });
  const full0 = performance.now();
  const counted = await summary.full();
  const fullSeconds = (performance.now() - full0) / 1000;
  // One new event on a shipment of last month: the refresh counts its carrier's month again (looking
  // no further back than its marks: the fill's own events were all received in the last minutes).
  await new Promise((r) => setTimeout(r, 1_000));
  const { rows: one } = await client.query(
    `select id from shipments where rate_id = 'bench' and pickup_date >= date_trunc('month', now() - interval '1 month') and status <> 'canceled' limit 1`,
  );
  await client.query(
    `insert into shipment_events (shipment_id, source, dedupe_key, status_code, status, occurred_at) values ($1, 'carrier', 'bench-extra', 'X1', 'in_transit', now())`,
    [one[0]?.id],
  );
  const inc0 = performance.now();
  const recounted = await summary.refresh(0);
  const incrementalMs = performance.now() - inc0;
  await database.close();
  const { rows: carrierRows } = await client.query(`select id from carriers order by scac limit 1`);
  await client.end();

  await bench.signInAsStaff('ops@demo.test');
  const carrierId = carrierRows[0]?.id as string;
  const KINDS: Record<string, string> = {
    'comparison, last 12 months': '/api/admin/carrier-scorecards',
    'comparison, one month': '/api/admin/carrier-scorecards?from=2026-10&to=2026-10',
    'comparison, 24 months': '/api/admin/carrier-scorecards?from=2024-12&to=2026-11',
    "a carrier's scorecard": `/api/admin/carrier-scorecards/${carrierId}`,
  };
  const res = await bench.send('GET', KINDS['comparison, last 12 months'] as string);
  const { data } = (await res.json()) as { data: { rows: { shipments: number }[] } };
  const behind = `/api/admin/shipments?carrier_id=${carrierId}&pickup_from=2026-10-01&pickup_to=2026-10-31&exclude_canceled=1&figure=delivered_late`;
  const byKind: Record<string, number[]> = Object.fromEntries(
    ['baseline GET /api/user', ...Object.keys(KINDS), 'shipments behind a figure (a carrier, a month)'].map((k) => [k, []]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    byKind['baseline GET /api/user']?.push(await bench.timedGet('/api/user'));
    for (const [kind, path] of Object.entries(KINDS)) byKind[kind]?.push(await bench.timedGet(path));
    if (round % 4 === 0) byKind['shipments behind a figure (a carrier, a month)']?.push(await bench.timedGet(behind));
  }
  const [{ n }] = (await bench.sql('select count(*)::int n from shipments')).rows;
  console.log(
    JSON.stringify({
      shipments: n,
      fill_seconds: Math.round(fillSeconds),
      summary_full_seconds: Math.round(fullSeconds),
      summary_carrier_months: counted,
      incremental_refresh_ms: Math.round(incrementalMs),
      incremental_carrier_months: recounted,
      carriers: data.rows.length,
      shipments_last_12_months: data.rows.reduce((s, r) => s + r.shipments, 0),
    }),
  );
  for (const [kind, ms] of Object.entries(byKind)) console.log(kind.padEnd(48), JSON.stringify(latencyStats(ms)));
} finally {
  await bench.stop();
}
