// The staff's shipment search and dashboard on PostgreSQL with 1,000,000 shipments
// across 5,000 accounts (and 500,000 quotes): GET /api/admin/shipments for each search kind (a
// number of each kind, an account by name or id, a carrier, a status, 'Action Required', pickup
// dates, a lane, and combinations with other sorts), and GET /api/admin/dashboard.
// Targets: search p95 < 50 ms for each kind; the dashboard < 150 ms.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/admin-shipments.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself).
// One request at a time over HTTP as fpg_ops; the baseline is GET /api/user in the same run.

import pg from 'pg';
import { startBench } from './address-http';
import { latencyStats } from './latency';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 500_000);

const bench = await startBench('admin_shipments');
try {
  const fill0 = performance.now();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  await fillShipments(client, TOTAL, 0.01, { accounts: ACCOUNTS, events: false });
  // About 1 in 200 moving shipments waits on the shipper.
  await client.query(
    `update shipments set action_required = true where status in ('delayed', 'in_transit') and ('x' || substr(md5(id::text), 1, 4))::bit(16)::int % 100 = 0`,
  );
  // Quotes over the same two years, one in two booked: the dashboard counts a day's and a month's.
  const [{ account_id, user_id }] = (await client.query(`select account_id, id user_id from users where email = 'shipper@demo.test'`)).rows;
  await client.query(
    `insert into quotes (account_id, user_id, mode, input, result, currency, created_at)
     select $1, $2, 'ltl', '{}'::jsonb, '{}'::jsonb, 'USD', timestamptz '2026-11-20 18:00Z' - (g % 720) * interval '1 day' - (g % 600) * interval '1 minute'
     from generate_series(1, ${QUOTES}) g`,
    [account_id, user_id],
  );
  await client.query('vacuum analyze shipments');
  await client.query('vacuum analyze quotes');
  await client.end();
  const fillSeconds = (performance.now() - fill0) / 1000;

  // The samples each kind searches: real numbers of real rows.
  const sample = (
    await bench.sql(`select s.bol_number, s.pro_number, s.pickup_number, s.reference_number, s.account_id, a.name account, s.carrier_id
    from shipments s join accounts a on a.id = s.account_id where s.rate_id = 'bench' order by s.id limit 20`)
  ).rows as Record<string, string>[];
  const pick = (i: number) => sample[i % sample.length] as Record<string, string>;
  const enc = encodeURIComponent;
  const KINDS: Record<string, (i: number) => string> = {
    'newest first, no filter': () => '',
    'BOL number': (i) => `q=${pick(i).bol_number}`,
    'PRO number': (i) => `q=${pick(i).pro_number}`,
    'pickup number': (i) => `q=${pick(i).pickup_number}`,
    'reference (any case)': (i) => `q=${enc(pick(i).reference_number!.toLowerCase())}`,
    'unknown number': (i) => `q=NOPE${i}`,
    'account by name': (i) => `account=${enc(pick(i).account!)}`,
    'account by id': (i) => `account_id=${pick(i).account_id}`,
    carrier: (i) => `carrier_id=${pick(i).carrier_id}`,
    'status delayed': () => 'status=delayed',
    'Action Required': () => 'action_required=1',
    'pickup date range (a week)': () => 'pickup_from=2026-10-01&pickup_to=2026-10-07',
    'lane IL -> TX': () => 'origin_state=IL&destination_state=TX',
    'status + lane, by pickup date': () => 'status=in_transit&origin_state=IL&destination_state=GA&sort=pickup_date&dir=desc',
    'page 40 newest': () => 'page=40',
    'sorted by BOL': () => 'sort=bol_number',
  };

  await bench.signInAsStaff('ops@demo.test');
  for (const make of Object.values(KINDS)) await bench.timedGet(`/api/admin/shipments?${make(0)}`);
  await bench.timedGet('/api/admin/dashboard');
  const byKind: Record<string, number[]> = Object.fromEntries(
    ['baseline GET /api/user', 'dashboard (30 days)', 'dashboard (90 days)', ...Object.keys(KINDS)].map((k) => [k, []]),
  );
  for (let round = 0; round < ROUNDS; round += 1) {
    byKind['baseline GET /api/user']!.push(await bench.timedGet('/api/user'));
    byKind['dashboard (30 days)']!.push(await bench.timedGet('/api/admin/dashboard'));
    byKind['dashboard (90 days)']!.push(await bench.timedGet('/api/admin/dashboard?days=90'));
    for (const [kind, make] of Object.entries(KINDS)) byKind[kind]!.push(await bench.timedGet(`/api/admin/shipments?${make(round)}`));
  }
  const [{ n }] = (await bench.sql('select count(*)::int n from shipments')).rows;
  const [{ a }] = (await bench.sql('select count(*)::int a from accounts')).rows;
  const [{ quotes }] = (await bench.sql('select count(*)::int quotes from quotes')).rows;
  console.log(JSON.stringify({ shipments: n, accounts: a, quotes, fill_seconds: Math.round(fillSeconds) }));
  for (const [kind, ms] of Object.entries(byKind)) console.log(kind.padEnd(34), JSON.stringify(latencyStats(ms)));
} finally {
  await bench.stop();
}
