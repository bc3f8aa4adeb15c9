// Webhook delivery: 1,000 deliveries a minute to a local receiver with p99 delivery delay
// under 5 s, and a receiver that is down for 10 minutes gets everything after it comes back.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/webhooks.ts
// (BENCH_STEADY_SECONDS=120, BENCH_OUTAGE_MINUTES=10 by default; creates and drops its own
// database; everything listens on 127.0.0.1; stops by itself)
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { freshDatabase, signIn, startApp, waitFor, withClient } from './server-process';
import { benchPlace, benchQuoteRequest } from './shipment';

const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 120);
const OUTAGE_MINUTES = Number(process.env.BENCH_OUTAGE_MINUTES ?? 10);
/** Each LTL booking makes two or three events (shipment.booked, document.ready per document): ~6 bookings a second is ~1,000 deliveries a minute. */
const BOOKINGS_PER_SECOND = Number(process.env.BENCH_BOOKINGS_PER_SECOND ?? 6);
const origin = 'http://127.0.0.1:3221';
const receiverPort = 3222;
const hookUrl = `http://127.0.0.1:${receiverPort}/hook`;

// The receiver: answers 200 (or 503 while "down") and notes when each event id first arrived.
let down = false;
const firstSeen = new Map<string, { eventAt: number; receivedAt: number }>();
let posts = 0;
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    posts++;
    if (down) {
      res.writeHead(503).end();
      return;
    }
    const id = String(req.headers['webhook-id']);
    const event = JSON.parse(body) as { timestamp: string };
    if (!firstSeen.has(id)) firstSeen.set(id, { eventAt: Date.parse(event.timestamp), receivedAt: Date.now() });
    res.writeHead(200).end();
  });
});
await new Promise<void>((r) => receiver.listen(receiverPort, '127.0.0.1', r));

const database = await freshDatabase('webhooks');
const app = startApp(database.url, 3221, { API_RATE_LIMIT_PER_MINUTE: '1000000' });
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0) : 0;
};

try {
  await waitFor(`${origin}/sanctum/csrf-cookie`);
  const web = await signIn(origin);
  const hook = await fetch(`${origin}/api/webhooks`, {
    method: 'POST',
    headers: web,
    body: JSON.stringify({ url: hookUrl, events: ['shipment.booked', 'document.ready'] }),
  });
  if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${await hook.text()}`);
  // Thousands of bookings on terms would pass any real credit limit and hold the account.
  await withClient(database.url, (c) => c.query("update accounts set credit_limit_cents = 2000000000 where name = 'Demo Shipper Co'"));
  const quoteBody = JSON.stringify(benchQuoteRequest());
  /** A quote and its booking: each booking is a shipment with a lane of its own. */
  async function quoteAndBook(key: string) {
    const q = (await (await fetch(`${origin}/api/quotes`, { method: 'POST', headers: web, body: quoteBody })).json()) as {
      data: { id: string; rates: { id: string }[]; inputs: { pickup_date: string } };
    };
    const booking = JSON.stringify({
      quote_id: q.data.id,
      rate_id: q.data.rates[0]?.id,
      pickup: benchPlace('Lakeshore Supply', '200 W Madison St', 'Chicago', 'IL', '60606'),
      delivery: benchPlace('Peachtree Goods', '100 Peachtree St', 'Atlanta', 'GA', '30301'),
      pickup_date: q.data.inputs.pickup_date,
      ready_time: '09:00',
      close_time: '17:00',
      residential_or_liftgate: true,
      disclaimer_accepted: true,
    });
    const r = await fetch(`${origin}/api/shipments`, { method: 'POST', headers: { ...web, 'idempotency-key': key }, body: booking });
    await r.arrayBuffer();
    return r.status === 201;
  }
  let n = 0;
  let failedBookings = 0;
  /** Books at the set rate for `seconds`; answers how many bookings went through. */
  async function book(seconds: number, perSecond: number) {
    const until = Date.now() + seconds * 1000;
    const inFlight: Promise<void>[] = [];
    let done = 0;
    while (Date.now() < until) {
      const tick = Date.now();
      for (let i = 0; i < Math.round(perSecond); i++) {
        inFlight.push(
          quoteAndBook(`bench-${n++}`).then((ok) => {
            if (ok) done++;
            else failedBookings++;
          }),
        );
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
    }
    await Promise.all(inFlight);
    return done;
  }
  /** The events the server has made for the subscription so far. */
  const eventsMade = () =>
    withClient(
      database.url,
      async (c) =>
        (
          await c.query(
            `select count(distinct d.event_id)::int as n from webhook_deliveries d
           join webhook_subscriptions s on s.id = d.subscription_id where s.url = $1`,
            [hookUrl],
          )
        ).rows[0].n as number,
    );
  async function settle(expected: number, limitMs: number) {
    const start = Date.now();
    while (firstSeen.size < expected && Date.now() - start < limitMs) await new Promise((r) => setTimeout(r, 250));
    return Date.now() - start;
  }

  // 1. Steady: ~1,000 deliveries a minute.
  const steadyStart = Date.now();
  const steadyBookings = await book(STEADY_SECONDS, BOOKINGS_PER_SECOND);
  await settle(await eventsMade(), 60_000);
  const steady = [...firstSeen.values()].map((s) => s.receivedAt - s.eventAt);
  const steadyMinutes = (Date.now() - steadyStart) / 60_000;
  const steadyReceived = firstSeen.size;

  // 2. The receiver is down; bookings go on at a tenth of the rate.
  down = true;
  const outageBookings = await book(OUTAGE_MINUTES * 60, BOOKINGS_PER_SECOND / 10);
  const postsDuringOutage = posts;
  down = false;
  const cameBackAt = Date.now();
  const expected = await eventsMade();
  const drainMs = await settle(expected, 30 * 60_000);

  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        cpu: `${cpus().length} x ${cpus()[0]?.model}`,
        node: process.version,
        steady: {
          seconds: STEADY_SECONDS,
          bookings: steadyBookings,
          deliveries_received: steadyReceived,
          deliveries_per_minute: Math.round(steadyReceived / steadyMinutes),
          delay_p50_ms: percentile(steady, 50),
          delay_p99_ms: percentile(steady, 99),
          delay_max_ms: percentile(steady, 100),
        },
        outage: {
          minutes: OUTAGE_MINUTES,
          bookings: outageBookings,
          refused_posts: postsDuringOutage,
          expected_events_total: expected,
          received_events_total: firstSeen.size,
          everything_after_return_ms: firstSeen.size >= expected ? drainMs : null,
          missing: expected - firstSeen.size,
          came_back_at: new Date(cameBackAt).toISOString(),
        },
        failed_bookings: failedBookings,
      },
      null,
      2,
    ),
  );
} finally {
  app.kill('SIGTERM');
  receiver.close();
  await new Promise((r) => setTimeout(r, 1500));
  await database.drop();
}
