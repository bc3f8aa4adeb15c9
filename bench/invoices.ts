// Open Invoices on PostgreSQL with 200,000 invoices, 20,000 of them in the demo shipper's account:
// GET /api/invoices (list, filters, search, sorts), GET /api/invoices/summary (the aging summary)
// and POST /api/invoice-payments paying 50 invoices in one card payment. Targets:
// list, filter and search p95 < 30 ms; summary < 30 ms; paying 50 invoices < 200 ms.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/invoices.ts
// (creates and drops its own database; the app listens on 127.0.0.1 only and stops by itself)
// One request at a time, measured by the client over HTTP; the baseline is GET /api/user.

import { randomUUID } from 'node:crypto';
import { startBench } from './address-http';
import { latencyStats } from './latency';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 20);

const QUERIES: Record<string, string[]> = {
  'list, default (due date)': ['', 'page=2', 'page=200'],
  'list, other sorts': ['sort=invoice_date&dir=desc', 'sort=balance&dir=desc', 'sort=number', 'sort=total&dir=desc'],
  filters: ['filter=current', 'filter=past_due', 'filter=disputed', 'filter=past_due&sort=balance&dir=desc'],
  'search invoice number': ['q=INV-0012345', 'q=0012345'],
  'search BOL / PRO': ['q=00000123450012', 'q=PRO77123'],
  'search, no match': ['q=zzzz'],
};

const bench = await startBench('invoices');
try {
  const [{ id: shipperAccount }] = (await bench.sql(`select account_id id from users where email = 'shipper@demo.test'`)).rows;
  const fill0 = performance.now();
  // 90 other accounts of 2,000 invoices each, then the demo shipper's 20,000: a mix of open, past
  // due, disputed and paid, due dates over the past and next 120 days, numbers from the sequence.
  await bench.sql(`insert into accounts (name) select 'Bench account ' || g from generate_series(1, 90) g`);
  const fill = (accountSql: string, n: number) =>
    bench.sql(`
      insert into invoices (account_id, number, type, bol_number, pro_number, delivery_location, invoice_date, due_date,
        currency, charges, quoted_total_cents, total_cents, balance_cents, disputed_cents, paid_at)
      select a.id, 'INV-' || lpad(nextval('invoice_serial')::text, 7, '0'), 'freight',
        lpad((10000000000000 + g * 97 + ascii(a.name))::text, 17, '0'), 'PRO' || (70000000 + g), 'Dallas, TX',
        current_date - (g % 150), current_date - (g % 150) + 30, 'USD',
        '[{"code":"freight","label":"quote.charge.freight","detail":null,"quoted_cents":40000,"invoiced_cents":40000}]'::jsonb,
        40000 + g % 5000, 40000 + g % 5000,
        case when g % 4 = 0 then 0 else 40000 + g % 5000 end,
        case when g % 23 = 0 then 1000 else 0 end,
        case when g % 4 = 0 then now() - ((g % 30) || ' days')::interval else null end
      from (${accountSql}) a, generate_series(1, ${n}) g`);
  await fill(`select id, name from accounts where name like 'Bench account %'`, 2_000);
  await fill(`select id, name from accounts where id = '${shipperAccount}'`, 20_000);
  await bench.sql('vacuum analyze invoices');
  const fillSeconds = (performance.now() - fill0) / 1000;
  const [{ n: total }] = (await bench.sql('select count(*)::int n from invoices')).rows;
  const [{ n: own }] = (await bench.sql(`select count(*)::int n from invoices where account_id = '${shipperAccount}'`)).rows;

  const timed = async (path: string, init?: { method: string; body: string; headers?: Record<string, string> }) => {
    const t0 = performance.now();
    const res = await (init ? bench.send(init.method, path, init.body) : bench.send('GET', path));
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status >= 300) throw new Error(`${path}: ${res.status}`);
    return ms;
  };

  for (const qs of Object.values(QUERIES)) for (const q of qs) await timed(`/api/invoices?per_page=25&${q}`);
  const byKind: Record<string, number[]> = { baseline: [], summary: [] };
  const lists: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    byKind.baseline!.push(await timed('/api/user'));
    byKind.summary!.push(await timed('/api/invoices/summary'));
    for (const [kind, qs] of Object.entries(QUERIES)) {
      for (const q of qs) {
        const ms = await timed(`/api/invoices?per_page=25&${q}`);
        lists.push(ms);
        byKind[kind] = [...(byKind[kind] ?? []), ms];
      }
    }
  }

  // Paying 50 open invoices in one card payment, each round other invoices.
  const payments: number[] = [];
  for (let i = 0; i < PAYMENTS; i += 1) {
    const { rows } = await bench.sql(
      `select id, balance_cents from invoices where account_id = '${shipperAccount}' and balance_cents > disputed_cents
       order by due_date, id offset ${i * 50} limit 50`,
    );
    const body = JSON.stringify({
      method: 'card',
      allocations: rows.map((r: { id: string; balance_cents: number }) => ({ invoice_id: r.id, amount_cents: r.balance_cents })),
      card: { cardholder: 'Bench', card_number: '4242424242424242', exp_month: 12, exp_year: 2099, cvc: '123' },
    });
    const t0 = performance.now();
    const res = await bench.send('POST', '/api/invoice-payments', body, 'application/json', { 'idempotency-key': randomUUID() });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`payment: ${res.status}`);
    payments.push(performance.now() - t0);
  }

  console.log(
    JSON.stringify(
      {
        invoices: total,
        in_account: own,
        fill_seconds: +fillSeconds.toFixed(1),
        list_filter_search_all: latencyStats(lists),
        by_kind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, latencyStats(v)])),
        pay_50_invoices: latencyStats(payments),
      },
      null,
      2,
    ),
  );
} finally {
  await bench.stop();
}
