// eBay orders on PostgreSQL: the sync of 5,000 orders from the eBay simulator, and the
// orders list of an account with 50,000 orders.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/ebay.ts
// (creates and drops its own database; the simulator listens on 127.0.0.1 only; stops by itself)
//
// 1. A store's first sync: the simulator holds 5,000 orders in its 30-day window (one every
//    8.6 minutes), the app pages through them 200 at a time over HTTP and writes them; target under
//    10 s. Then the same sync again (the overlapping window: nothing new) and GET /api/user, in the
//    same run, as baselines.
// 2. 45,000 more orders of the account (50,000 in all), then one request at a time, 40 rounds:
//    the default list (to ship, newest first), a search, and a status filter; target p95 < 30 ms.
import { simulatorSecret } from '../apps/server/src/modules/ebay/ebay.routes';
import { simulatorRefreshToken, startEbaySimulator } from '../apps/server/src/modules/ebay/ebay.simulator';
import { secretBox } from '../apps/server/src/security/encryption';
import { latencyStats } from './latency';
import { withClient } from './server-process';
import { benchDatabase, signedInApp } from './setup';

const APP_KEY = 'bench-app-key-0123456789abcdef0123456789abcdef';
const ORDERS = 5000;
const TOTAL = 50_000;
const ROUNDS = 40;

const bench = await benchDatabase('ebay', 10);
const sim = await startEbaySimulator({
  secret: simulatorSecret(APP_KEY),
  now: () => new Date(),
  orderMinutes: (30 * 1440) / ORDERS,
  days: 30,
});
try {
  const { app, send } = await signedInApp(bench.database, { APP_KEY, EBAY_ENV: 'simulator', EBAY_SIMULATOR_URL: sim.url });
  const sql = (text: string, values: unknown[] = []) => withClient(bench.url, (c) => c.query(text, values));
  const token = simulatorRefreshToken(simulatorSecret(APP_KEY), 'bench-seller', new Date());
  const {
    rows: [store],
  } = await sql(
    `insert into ebay_stores (account_id, ebay_user, refresh_token_enc, refresh_expires_at)
     select account_id, 'bench-seller', $1, $2 from users where email = 'shipper@demo.test' returning id`,
    [secretBox(APP_KEY, 'ebay-tokens').seal(token.value), token.expiresAt],
  );

  const timed = async (method: 'GET' | 'POST', path: string) => {
    const t0 = performance.now();
    const res = await send(method, path, method === 'POST' ? '{}' : undefined);
    if (res.statusCode >= 400) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
    return { ms: performance.now() - t0, body: res.json() };
  };
  const first = await timed('POST', `/api/ebay/stores/${store!.id}/sync`);
  const synced = await sql('select count(*)::int as n from ebay_orders where store_id = $1', [store!.id]);
  const again = await timed('POST', `/api/ebay/stores/${store!.id}/sync`);
  const user = latencyStats(await Promise.all([0, 1, 2, 3, 4].map(async () => (await timed('GET', '/api/user')).ms)));

  // 50,000 orders in all: copies of the synced ones under other eBay order ids.
  await sql(
    `
    insert into ebay_orders (store_id, account_id, ebay_order_id, ordered_at, ebay_modified_at, buyer, ship_to, line_items, total_cents, currency, status, search_text)
    select o.store_id, o.account_id, o.ebay_order_id || '-' || g, o.ordered_at - (g || ' days')::interval, o.ebay_modified_at, o.buyer,
           o.ship_to, o.line_items, o.total_cents, o.currency, case when g % 5 = 0 then 'shipped' else o.status end, o.search_text
    from ebay_orders o, generate_series(1, ${Math.ceil((TOTAL - ORDERS) / ORDERS)}) g
    where o.store_id = $1
    limit ${TOTAL - ORDERS}`,
    [store!.id],
  );
  await sql('vacuum analyze ebay_orders');
  const kinds: Record<string, string> = {
    'to ship, newest first': '/api/ebay/orders',
    'search a buyer': '/api/ebay/orders?q=priya',
    'search a SKU': '/api/ebay/orders?q=CH-200',
    'status shipped': '/api/ebay/orders?status=shipped',
    'page 20': '/api/ebay/orders?page=20',
  };
  const lists: Record<string, ReturnType<typeof latencyStats>> = {};
  for (const [name, path] of Object.entries(kinds)) {
    await timed('GET', path);
    const ms: number[] = [];
    for (let i = 0; i < ROUNDS; i++) ms.push((await timed('GET', path)).ms);
    lists[name] = latencyStats(ms);
  }
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        first_sync: { orders: synced.rows[0]?.n, seconds: +(first.ms / 1000).toFixed(2) },
        baseline_resync_ms: +again.ms.toFixed(1),
        baseline_get_user_ms: user,
        orders_list_at_50k_ms: lists,
      },
      null,
      2,
    ),
  );
  await app.close();
} finally {
  await sim.close();
  await bench.drop();
}
