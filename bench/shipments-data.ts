// Generated shipments for the tracking and My Shipments benches: SQL that fills a bench database
// with `total` shipments (and four tracking events each) in one statement per batch, so a million
// rows take minutes, not hours. The demo shipper owns `shipperShare` of them (a big account, the
// worst case for its My Shipments search); the rest belong to 200 generated accounts. With `costs`,
// each has a cost (the price less 5-23%; none on one in twenty, booked before costs were kept) and one
// in thirty is in Canadian dollars.

import type pg from 'pg';

const CITIES = [
  ['Chicago', 'IL', '60606'],
  ['Dallas', 'TX', '75201'],
  ['Atlanta', 'GA', '30303'],
  ['Memphis', 'TN', '38103'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Seattle', 'WA', '98101'],
  ['Newark', 'NJ', '07102'],
  ['Columbus', 'OH', '43215'],
  ['Kansas City', 'MO', '64106'],
  ['Reno', 'NV', '89501'],
  ['Charlotte', 'NC', '28202'],
  ['Salt Lake City', 'UT', '84101'],
  ['Louisville', 'KY', '40202'],
  ['Indianapolis', 'IN', '46204'],
  ['Toronto', 'ON', 'M5V 3L9'],
] as const;

const STATUSES = ['delivered', 'delivered', 'delivered', 'in_transit', 'in_transit', 'dispatched', 'pending', 'delayed', 'canceled'];
/** Shipments on their way (`open`): mostly moving, some waiting for their pickup, some delayed. */
const OPEN_STATUSES = ['in_transit', 'in_transit', 'in_transit', 'in_transit', 'in_transit', 'dispatched', 'pending', 'delayed'];

export const BENCH_ACCOUNTS = 200;

/** The BOL number of generated shipment `i` (its serial), computed by the same rule as the app's. */
export const benchSerial = (i: number) => 1_000_000 + i;

export async function fillShipments(
  client: pg.Client,
  total: number,
  shipperShare: number,
  opts: {
    batch?: number;
    accounts?: number;
    events?: boolean;
    costs?: boolean;
    /**
     * Every shipment on its way at `now` (the alert bench): picked up from four days before `now`'s
     * date to the day after, delivery promised three to six days after pickup, and only the
     * events that have happened by `now`.
     */
    open?: { now: Date };
  } = {},
) {
  const { batch = 50_000, accounts = BENCH_ACCOUNTS, events = true, costs = false, open } = opts;
  const statusList = open ? OPEN_STATUSES : STATUSES;
  const today = open?.now.toISOString().slice(0, 10);
  const pickupDay = open ? `(date '${today}' + 1 - (g.i % 6))::date` : `(date '2026-11-20' - (g.i % 720))::date`;
  const transitDays = open ? '(3 + g.i / 6 % 4)' : '3';
  const cities = `(values ${CITIES.map((c, i) => `(${i}, '${c[0]}', '${c[1]}', '${c[2]}')`).join(', ')}) as c(n, city, state, zip)`;
  const statuses = `array[${statusList.map((s) => `'${s}'`).join(', ')}]`;
  // GS1 mod-10 check digit (packages/domain shipping/bol.ts) in SQL.
  await client.query(`
    create or replace function pg_temp.gs1(body text) returns text language sql immutable as $$
      select ((10 - (sum(substr(body, length(body) - k, 1)::int * case when k % 2 = 0 then 3 else 1 end) % 10)) % 10)::text
      from generate_series(0, length(body) - 1) k
    $$`);
  await client.query(`
    insert into accounts (name, payment_terms)
    select 'Bench Account ' || g, 'credit' from generate_series(1, ${accounts}) g`);
  await client.query(`
    insert into users (account_id, first_name, last_name, email, password_hash, email_verified_at)
    select a.id, 'Bench', 'User', 'bench' || row_number() over () || '@bench.test', 'x', now()
    from accounts a where a.name like 'Bench Account %'`);
  const { rows: owners } = await client.query(`
    select u.account_id, u.id as user_id, u.email = 'shipper@demo.test' as shipper
    from users u where u.email = 'shipper@demo.test' or u.email like 'bench%@bench.test' order by u.email`);
  const shipper = owners.find((o) => o.shipper);
  const others = owners.filter((o) => !o.shipper);
  if (!shipper || others.length !== accounts) throw new Error('bench accounts missing');
  await client.query('create temp table bench_owner (n int primary key, account_id uuid, user_id uuid)');
  await client.query(
    `insert into bench_owner select n - 1, (o->>'account_id')::uuid, (o->>'user_id')::uuid
     from jsonb_array_elements($1::jsonb) with ordinality as t(o, n)`,
    [JSON.stringify(others)],
  );
  const { rows: carriers } = await client.query(`select id, name, scac, mode from carriers where mode = 'ltl' order by scac`);
  if (carriers.length === 0) throw new Error('no carriers');
  const carrierValues = `(values ${carriers.map((c, i) => `(${i}, '${c.id}'::uuid, '${c.name.replace(/'/g, "''")}', '${c.scac}')`).join(', ')}) as k(n, id, name, scac)`;

  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch) - 1;
    await client.query(`
      with g as (
        select i, '0614141' || lpad((${benchSerial(0)} + i)::text, 9, '0') as body from generate_series(${from}, ${to}) i
      )
      insert into shipments (
        account_id, user_id, rate_id, idempotency_key, request_hash, carrier_id, carrier_name, scac, mode, service,
        status, bol_number, pro_number, pickup_number, tracking_number, pickup_date, ready_time, close_time,
        estimated_delivery, transit_days, pickup, delivery,
        origin_city, origin_state, origin_postal_code, origin_country,
        destination_city, destination_state, destination_postal_code, destination_country,
        reference_type, reference_number, items, accessorials, currency, total_cents, charges, declared_value_cents,
        cost_cents, delivered_at, created_at, updated_at)
      select
        case when g.i % 1000 < ${Math.round(shipperShare * 1000)} then '${shipper.account_id}'::uuid else o.account_id end,
        case when g.i % 1000 < ${Math.round(shipperShare * 1000)} then '${shipper.user_id}'::uuid else o.user_id end,
        'bench', 'bench-' || g.i, 'bench', k.id, k.name, k.scac, 'ltl', 'standard',
        (${statuses})[1 + g.i % ${statusList.length}],
        g.body || pg_temp.gs1(g.body),
        k.scac || lpad((g.i::bigint * 7919 % 1000000000)::text, 10, '0'),
        'PU' || lpad(g.i::text, 8, '0'),
        null,
        d.day, '09:00', '17:00', d.day + ${transitDays}, ${transitDays},
        jsonb_build_object('company', 'Shipper ' || g.i % 977, 'city', oc.city, 'state', oc.state, 'postal_code', oc.zip, 'country', 'US'),
        jsonb_build_object('company', 'Consignee ' || g.i % 991, 'city', dc.city, 'state', dc.state, 'postal_code', dc.zip, 'country', 'US'),
        oc.city, oc.state, oc.zip, 'US', dc.city, dc.state, dc.zip, 'US',
        'po_number', 'PO-' || (g.i * 31 % 900000 + 100000),
        '[]'::jsonb, '[]'::jsonb,
        ${costs ? `case when g.i % 30 = 7 then 'CAD' else 'USD' end` : `'USD'`}, 25000 + g.i % 50000, '[]'::jsonb, 100000,
        ${costs ? 'case when g.i % 20 = 0 then null else (25000 + g.i % 50000) - (25000 + g.i % 50000) * (5 + g.i % 19) / 100 end' : 'null'},
        case when (${statuses})[1 + g.i % ${statusList.length}] = 'delivered' then d.day + interval '3 days 14 hours' end,
        d.day + interval '8 hours', d.day + interval '8 hours'
      from g
      cross join lateral (select ${pickupDay} as day) d
      join bench_owner o on o.n = g.i % ${accounts}
      join ${carrierValues} on k.n = g.i % ${carriers.length}
      join ${cities.replace(' as c(', ' as oc(')} on oc.n = g.i % ${CITIES.length}
      join ${cities.replace(' as c(', ' as dc(')} on dc.n = (g.i / ${CITIES.length} + 5) % ${CITIES.length}`);
  }
  // Four events a shipment: tender accepted, departed, at a terminal, delivered or out for delivery.
  if (events)
    await client.query(`
    insert into shipment_events (shipment_id, source, dedupe_key, status_code, reason_code, status, description, city, state, occurred_at, utc_offset_minutes)
    select s.id, 'carrier', 'bench-' || e.n, e.code, 'NS', e.status, e.text,
           case when e.n < 3 then s.origin_city else s.destination_city end,
           case when e.n < 3 then s.origin_state else s.destination_state end,
           s.pickup_date + e.at, -360
    from shipments s
    cross join (values (1, 'XB', 'dispatched', 'Tender accepted', interval '9 hours'),
                       (2, 'AF', 'in_transit', 'Departed pickup location', interval '15 hours'),
                       (3, 'X4', 'in_transit', 'Arrived at terminal', interval '1 day 20 hours'),
                       (4, 'X6', 'in_transit', 'Out for delivery', interval '3 days 8 hours')) as e(n, code, status, text, at)
    where s.rate_id = 'bench'${
      // On their way: only what has happened by then, and a shipment not yet moving has no more than its tender.
      open
        ? ` and s.pickup_date + e.at <= '${open.now.toISOString()}'::timestamptz and (s.status in ('in_transit', 'delayed') or e.n = 1)`
        : ''
    }`);
  // As autovacuum leaves a table soon after a bulk insert: statistics and the visibility map.
  await client.query('vacuum analyze shipments');
  await client.query('vacuum analyze shipment_events');
  await client.query('vacuum analyze shipment_public_timelines');
}
