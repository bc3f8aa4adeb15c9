// The shipper's Analytics page (GET /api/analytics and GET /api/analytics/shipments) on PostgreSQL
// for ONE large account: 250,000 shipments of the demo shipper over two years (shipments-data.ts:
// XB, AF, X4 and X6 events each), with what every figure reads: a delivered event (D1) on each
// delivered one, one to three pallets of booked weight, an accessorial line on one in five (three
// kinds), the kept quote with three rates on four in five (savings), and an adjustment invoice
// (reweigh or reclass) on one in twenty-five.
// Target: p95 under 150 ms for each period (this month, last month, this quarter, this year; with
// and without a carrier filter) and for the shipments behind a figure, with the baseline
// (GET /api/user) in the same run.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/analytics.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself).
// The page reads the summary (analytics_days, migration 0046) and the shipments behind a figure its
// shipments (analytics_shipments, migration 0050), both kept by the app's job: this bench times their
// first full count and one incremental refresh after a single new event, in its own process.
// One request at a time over HTTP as shipper@demo.test. BENCH_EXPLAIN=1 prints PostgreSQL's plans of
// the year's first events read and of a page of the year's late deliveries; BENCH_WITHOUT_INDEX=1 measures again after dropping the first-event
// indexes (migration 0045); BENCH_ROUNDS (default 20); BENCH_KEEP=1 leaves the filled database in place (its
// name is printed) for exploring its queries by hand, to be dropped by whoever kept it.

import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { analyticsSummary } from '../apps/server/src/modules/analytics/analytics-summary';
import { startBench } from './address-http';
import { latencyStats } from './latency';
import { fillShipments } from './shipments-data';

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 250_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

const bench = await startBench('analytics');
try {
  const fill0 = performance.now();
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  // Every generated shipment is the demo shipper's (a share of 1); the other accounts stay empty.
  await fillShipments(client, TOTAL, 1, { accounts: 10, events: true, costs: false });
  await client.query(`
    update shipments s set
      items = jsonb_build_array(jsonb_build_object('package_type', case when n % 7 = 0 then 'boxes' else 'pallets' end,
        'quantity', 1 + n % 3, 'weight_lb', 300 + n % 900, 'description', 'Goods', 'length_in', 48, 'width_in', 40, 'height_in', 40)),
      charges = jsonb_build_array(jsonb_build_object('code', 'freight', 'label', 'quote.charge.freight', 'amount_cents', s.total_cents))
        || case when n % 5 = 0 then jsonb_build_array(jsonb_build_object('code', 'accessorial', 'label', 'quote.charge.accessorial',
             'detail', (array['liftgate_delivery', 'residential_delivery', 'inside_delivery'])[1 + n / 5 % 3], 'amount_cents', 4500 + n % 3 * 1000))
           else '[]'::jsonb end
    from (select id, substr(pickup_number, 3)::int n from shipments where rate_id = 'bench') g
    where g.id = s.id`);
  await client.query(`
    insert into shipment_events (shipment_id, source, dedupe_key, status_code, reason_code, status, description, city, state, occurred_at, utc_offset_minutes)
    select s.id, 'carrier', 'bench-5', 'D1', 'NS', 'delivered', 'Delivered', s.destination_city, s.destination_state, s.delivered_at, -360
    from shipments s where s.rate_id = 'bench' and s.status = 'delivered' and s.delivered_at is not null`);
  // The kept quote of four in five, its three rates around the booked total; the quote names its shipment until linked.
  await client.query(`
    insert into quotes (account_id, user_id, mode, input, result, currency)
    select s.account_id, s.user_id, s.mode, jsonb_build_object('bench_shipment', s.id),
      jsonb_build_object('rates', jsonb_build_array(
        jsonb_build_object('id', 'r0', 'total_cents', s.total_cents),
        jsonb_build_object('id', 'r1', 'total_cents', s.total_cents + 1500 + n % 4000),
        jsonb_build_object('id', 'r2', 'total_cents', s.total_cents - 500))), s.currency
    from (select *, substr(pickup_number, 3)::int n from shipments where rate_id = 'bench') s where s.n % 5 <> 1`);
  await client.query(`
    update shipments s set quote_id = q.id from quotes q
    where q.input ? 'bench_shipment' and (q.input->>'bench_shipment')::uuid = s.id`);
  await client.query(`
    insert into invoices (account_id, shipment_id, number, type, invoice_date, due_date, currency, charges, correction,
      quoted_total_cents, total_cents, balance_cents)
    select s.account_id, s.id, 'BA-' || n, 'adjustment', s.pickup_date + 10, s.pickup_date + 40, s.currency, '[]'::jsonb,
      jsonb_build_object('kind', case when n % 2 = 0 then 'reweigh' else 'reclass' end, 'quoted_weight_lb', 840,
        'invoiced_weight_lb', 1000, 'quoted_class', 70, 'invoiced_class', 70),
      s.total_cents, 2000 + n % 5000, 2000 + n % 5000
    from (select *, substr(pickup_number, 3)::int n from shipments where rate_id = 'bench') s
    where s.n % 25 = 4 and s.status = 'delivered'`);
  for (const table of ['shipments', 'shipment_events', 'quotes', 'invoices']) await client.query(`vacuum analyze ${table}`);
  const { rows: carrierRows } = await client.query(
    `select carrier_id, count(*)::int n from shipments where rate_id = 'bench' group by 1 order by 2 desc limit 1`,
  );
  // The app's own jobs off the table, so only the page is timed: the tracking poll would move the
  // generated shipments on (and change the figures between rounds), and the freight invoices it
  // schedules would compete with the requests measured.
  await client.query('delete from jobs');
  const fillSeconds = (performance.now() - fill0) / 1000;

  // The summary's first count, in this process (the app's job would do the same in its own), then
  // one incremental refresh after a single new event (no overlap: the fill's own rows are older).
  const database = await openDatabase({ url: bench.url, poolSize: 4 });
  const summary = analyticsSummary({ db: database.db, now: () => new Date() });
  const full0 = performance.now();
  const countedMonths = await summary.full();
  const fullSeconds = (performance.now() - full0) / 1000;
  await client.query('vacuum analyze analytics_days');
  await client.query('vacuum analyze analytics_shipments');
  const { rows: summaryRows } = await client.query('select count(*)::int n from analytics_days');
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
  await client.end();
  const carrier = `carrier_id=${carrierRows[0]?.carrier_id}`;

  const KINDS: Record<string, string> = {};
  for (const period of ['this_month', 'last_month', 'quarter', 'year']) {
    KINDS[`${period}`] = `/api/analytics?period=${period}`;
    KINDS[`${period}, one carrier`] = `/api/analytics?period=${period}&${carrier}`;
  }
  KINDS['shipments behind a figure (year, delivered late)'] = '/api/analytics/shipments?period=year&figure=delivered_late';
  KINDS['shipments behind a figure (month, corrected)'] = '/api/analytics/shipments?period=this_month&figure=corrected';
  KINDS['shipments behind a figure (year, corrected, by BOL)'] = '/api/analytics/shipments?period=year&figure=corrected&sort=bol_number';
  KINDS['shipments behind a figure (year, all, page 3)'] = '/api/analytics/shipments?period=year&figure=shipments&page=3';
  KINDS['shipments behind a figure (year, picked up late, one carrier)'] =
    `/api/analytics/shipments?period=year&figure=picked_up_late&${carrier}&sort=created_at`;
  KINDS['year, one origin state'] = '/api/analytics?period=year&origin=IL';

  const sizes: Record<string, unknown> = {};
  for (const period of ['this_month', 'year']) {
    const res = await bench.send('GET', `/api/analytics?period=${period}`);
    const { data } = (await res.json()) as { data: { totals: { shipments: number } } };
    sizes[period] = data.totals.shipments;
  }
  const measure = async () => {
    const byKind: Record<string, number[]> = Object.fromEntries(['baseline GET /api/user', ...Object.keys(KINDS)].map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      byKind['baseline GET /api/user']?.push(await bench.timedGet('/api/user'));
      for (const [kind, path] of Object.entries(KINDS)) byKind[kind]?.push(await bench.timedGet(path));
    }
    return byKind;
  };
  const explain = async () => {
    if (process.env.BENCH_EXPLAIN !== '1') return;
    const { rows } = await bench.sql(
      `explain (analyze, buffers) select s.id,
        (select min(e.occurred_at) from shipment_events e where e.shipment_id = s.id and e.status_code = 'AF'),
        (select min(e.occurred_at) from shipment_events e where e.shipment_id = s.id and e.status = 'delivered')
       from shipments s
       where s.account_id = (select account_id from users where email = 'shipper@demo.test')
         and s.pickup_date >= '2026-01-01' and s.status <> 'canceled'`,
    );
    console.log(rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    // The drill-down's page for "delivered late" over the year, as analytics.repository.ts writes it.
    const { rows: drill } = await bench.sql(
      `explain (analyze, buffers) select s.id from shipments s
       where s.account_id = (select account_id from users where email = 'shipper@demo.test') and s.status <> 'canceled'
         and s.id in (select a.shipment_id from analytics_shipments a where a.account_id = s.account_id
           and a.day between date_trunc('year', now())::date and now()::date and a.currency = 'USD' and a.delivery_on_time = false)
       order by s.pickup_date desc, s.id desc limit 25`,
    );
    console.log(drill.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  };
  const runs: [string, Record<string, number[]>][] = [['as migrated', await measure()]];
  await explain();
  // The same rounds without the first-event indexes (migration 0045), as before them (BENCH_WITHOUT_INDEX=1).
  if (process.env.BENCH_WITHOUT_INDEX === '1') {
    await bench.sql('drop index shipment_events_first_pickup_idx');
    await bench.sql('drop index shipment_events_first_delivery_idx');
    await bench.sql('vacuum analyze shipment_events');
    runs.push(['without the first-event indexes', await measure()]);
    await explain();
  }
  const [{ n }] = (await bench.sql('select count(*)::int n from shipments')).rows;
  console.log(
    JSON.stringify({
      shipments: n,
      fill_seconds: Math.round(fillSeconds),
      shipments_in: sizes,
      summary_full_seconds: Math.round(fullSeconds * 10) / 10,
      summary_account_months: countedMonths,
      summary_rows: summaryRows[0]?.n,
      incremental_refresh_ms: Math.round(incrementalMs),
      incremental_buckets: recounted,
    }),
  );
  for (const [name, byKind] of runs) {
    console.log(`-- ${name}`);
    for (const [kind, ms] of Object.entries(byKind)) console.log(kind.padEnd(52), JSON.stringify(latencyStats(ms)));
  }
} finally {
  if (process.env.BENCH_KEEP === '1') {
    console.log(`kept database ${new URL(bench.url).pathname.slice(1)}`);
    // The app's pool and listener would keep the process alive: its database is what is wanted.
    process.exit(0);
  }
  await bench.stop();
}
