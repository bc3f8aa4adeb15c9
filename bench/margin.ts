// The margin report (GET /api/admin/margin) on PostgreSQL with 1,000,000 shipments across 5,000
// accounts, each with its cost (a margin of 5-23%; one in twenty booked before costs were kept,
// one in thirty in Canadian dollars: shipments-data.ts), a third of the accounts with a sales rep: by customer, by lane
// and by month over a typical month of pickups (~43,000 shipments: the data spans two years) and
// over a whole year (~500,000), and the CSV of a month by customer.
// Target: p95 under 200 ms for margin by customer, by lane and by month.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/margin.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself).
// One request at a time over HTTP as super_admin (every account); the baseline is GET /api/user in
// the same run. BENCH_EXPLAIN=1 prints PostgreSQL's plan of the month and the year by customer;
// BENCH_WITHOUT_INDEX=1 measures again after dropping the report's index (shipments_margin_idx).

import pg from 'pg';
import { startBench } from './address-http';
import { latencyStats } from './latency';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

const MONTH = 'pickup_from=2026-10-01&pickup_to=2026-10-31';
const YEAR = 'pickup_from=2025-11-01&pickup_to=2026-10-31';

const bench = await startBench('margin');
try {
  const fill0 = performance.now();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  await fillShipments(client, TOTAL, 0.01, { accounts: ACCOUNTS, events: false, costs: true });
  // A third of the generated accounts have a sales rep (Sal Sales or Sara Salesadmin).
  await client.query(`
    insert into account_sales_reps (account_id, rep_id, assigned_by, assigned_at)
    select a.id, case when row_number() over (order by a.id) % 2 = 0 then s.id else sa.id end, s.id, now()
    from accounts a, users s, users sa
    where a.name like 'Bench Account %' and ('x' || substr(md5(a.id::text), 1, 4))::bit(16)::int % 3 = 0
      and s.email = 'sales@demo.test' and sa.email = 'salesadmin@demo.test'
    on conflict do nothing`);
  await client.query('analyze account_sales_reps');
  await client.end();
  const fillSeconds = (performance.now() - fill0) / 1000;

  const KINDS: Record<string, string> = {
    'month by customer': `group_by=customer&${MONTH}`,
    'month by lane': `group_by=lane&${MONTH}`,
    'month by month': `group_by=month&${MONTH}`,
    'month by carrier': `group_by=carrier&${MONTH}`,
    'month by sales rep': `group_by=rep&${MONTH}`,
    'month by lane, one origin state': `group_by=lane&${MONTH}&origin_state=IL`,
    'year by customer': `group_by=customer&${YEAR}`,
    'year by lane': `group_by=lane&${YEAR}`,
    'year by month': `group_by=month&${YEAR}`,
  };

  await bench.signInAsStaff('super@demo.test');
  const sizes: Record<string, unknown> = {};
  for (const [kind, query] of Object.entries(KINDS)) {
    const res = await bench.send('GET', `/api/admin/margin?${query}`);
    const { data } = (await res.json()) as { data: { rows: unknown[]; rest: number; totals: { currency: string; shipments: number }[] } };
    sizes[kind] = { groups: data.rows.length + data.rest, shipments: data.totals.map((t) => `${t.currency} ${t.shipments}`).join(', ') };
  }
  const explain = async () => {
    if (process.env.BENCH_EXPLAIN !== '1') return;
    for (const [from, to] of [
      ['2026-10-01', '2026-10-31'],
      ['2025-11-01', '2026-10-31'],
    ])
      console.log(
        (
          await bench.sql(`explain (analyze, buffers) select currency, account_id, to_char(pickup_date, 'YYYY-MM'), count(*), sum(total_cents), sum(coalesce(cost_cents, total_cents))
          from shipments where pickup_date >= '${from}' and pickup_date <= '${to}' and status <> 'canceled'
          group by grouping sets ((currency, account_id), (currency, to_char(pickup_date, 'YYYY-MM')), (currency))`)
        ).rows
          .map((r: Record<string, string>) => r['QUERY PLAN'])
          .join('\n'),
      );
  };
  const measure = async () => {
    const byKind: Record<string, number[]> = Object.fromEntries(
      ['baseline GET /api/user', ...Object.keys(KINDS), 'CSV, month by customer'].map((k) => [k, []]),
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      byKind['baseline GET /api/user']!.push(await bench.timedGet('/api/user'));
      for (const [kind, query] of Object.entries(KINDS)) byKind[kind]!.push(await bench.timedGet(`/api/admin/margin?${query}`));
      byKind['CSV, month by customer']!.push(await bench.timedGet(`/api/admin/margin.csv?group_by=customer&${MONTH}`));
    }
    return byKind;
  };
  const runs: [string, Record<string, number[]>][] = [['as migrated', await measure()]];
  await explain();
  // The same rounds without the margin index (migration 0038), from the table as before it (BENCH_WITHOUT_INDEX=1).
  if (process.env.BENCH_WITHOUT_INDEX === '1') {
    await bench.sql('drop index shipments_margin_idx');
    await bench.sql('vacuum analyze shipments');
    runs.push(['without shipments_margin_idx', await measure()]);
    await explain();
  }
  const [{ n }] = (await bench.sql('select count(*)::int n from shipments')).rows;
  console.log(JSON.stringify({ shipments: n, fill_seconds: Math.round(fillSeconds), sizes }));
  for (const [name, byKind] of runs) {
    console.log(`-- ${name}`);
    for (const [kind, ms] of Object.entries(byKind)) console.log(kind.padEnd(34), JSON.stringify(latencyStats(ms)));
  }
} finally {
  await bench.stop();
}
