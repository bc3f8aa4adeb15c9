// The support chat's live side on PostgreSQL, across two server processes.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/support-live.ts
// (creates and drops its own database; both servers listen on 127.0.0.1 only; stops by itself)
//
// Process A holds the open streams: BENCH_STREAMS (500) customers, each of its own account and
// session, plus one staff inbox stream. Process B takes the writes. Then BENCH_ROUNDS (100) rounds
// of each direction, one at a time: a customer writes on B and the staff stream on A receives it;
// staff (20 bench staff users, inside the per-user send limit) reply on B and that customer's
// stream on A receives it. Delivery = from the POST's start to the event's arrival on A;
// target p95 < 200 ms. Baseline measured in the same run: the POST's own round trip on B.
// Memory: A's resident memory before and after opening the streams, per open stream.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { latencyStats } from './latency';
import { freshDatabase, memoryMb, startApp, waitFor, withClient } from './server-process';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const STAFF = 20;
const PORT_A = 3211;
const PORT_B = 3212;
const A = `http://127.0.0.1:${PORT_A}`;
const B = `http://127.0.0.1:${PORT_B}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Caller {
  token: string;
  csrf: string;
  conversationId?: string;
}
const headers = (c: Caller) => ({
  cookie: `freight_portal_session=${c.token}; XSRF-TOKEN=${c.csrf}`,
  'x-xsrf-token': c.csrf,
  'x-requested-with': 'XMLHttpRequest',
  'content-type': 'application/json',
  accept: 'application/json',
});

/** Bench customers (an account each) and staff, with sessions written as the login writes them. */
async function makeCallers(url: string) {
  return withClient(url, async (c) => {
    const session = async (userId: string): Promise<Caller> => {
      const token = randomBytes(24).toString('base64url');
      const csrf = randomBytes(24).toString('base64url');
      await c.query('insert into sessions (id, user_id, csrf_token, remember, ip) values ($1, $2, $3, true, $4)', [
        createHash('sha256').update(token).digest('hex'),
        userId,
        csrf,
        '127.0.0.1',
      ]);
      return { token, csrf };
    };
    const settings = `insert into user_settings (user_id, subscriptions) select id, '{"customer_service": false}'::jsonb from users where email like 'bench-%'`;
    const accounts = await c.query(
      `insert into accounts (name) select 'Bench Account ' || n from generate_series(1, $1) n returning id, name`,
      [STREAMS],
    );
    const customers: Caller[] = [];
    for (const [i, a] of accounts.rows.entries()) {
      const u = await c.query(
        `insert into users (account_id, first_name, last_name, email, password_hash, email_verified_at) values ($1, 'Bench', $2, $3, 'x', now()) returning id`,
        [a.id, `Customer ${i}`, `bench-customer-${i}@bench.test`],
      );
      const conv = await c.query(
        `insert into support_conversations (account_id, user_id, category, subject, last_message_at) values ($1, $2, 'other', 'Bench', now()) returning id`,
        [a.id, u.rows[0].id],
      );
      customers.push({ ...(await session(u.rows[0].id)), conversationId: conv.rows[0].id });
    }
    const staff: Caller[] = [];
    for (let i = 0; i < STAFF; i++) {
      const u = await c.query(
        `insert into users (first_name, last_name, email, password_hash, email_verified_at, roles) values ('Bench', $1, $2, 'x', now(), '{fpg_ops}') returning id`,
        [`Staff ${i}`, `bench-staff-${i}@bench.test`],
      );
      staff.push(await session(u.rows[0].id));
    }
    await c.query(settings);
    return { customers, staff };
  });
}

/** An EventSource of sorts: calls `onEvent` with each event's data, resolves once the stream is 'ready'. */
function openStream(path: string, caller: Caller, onEvent: (data: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(`${A}${path}`, { headers: { ...headers(caller), accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${path}: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) resolve(req);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('');
          if (data && !block.includes('event: ready')) onEvent(data);
        }
      });
    });
    req.on('error', reject);
  });
}

const database = await freshDatabase('support');
const a = startApp(database.url, PORT_A);
let b: ReturnType<typeof startApp> | undefined;
const streams: http.ClientRequest[] = [];
try {
  await waitFor(`${A}/sanctum/csrf-cookie`);
  b = startApp(database.url, PORT_B);
  await waitFor(`${B}/sanctum/csrf-cookie`);
  const { customers, staff } = await makeCallers(database.url);

  // Waiters: a message body -> the resolver of the one who waits for it.
  const waiting = new Map<string, (at: number) => void>();
  const arrived = (data: string) => {
    const event = JSON.parse(data) as { kind: string; message?: { body: string } };
    if (event.kind === 'message' && event.message) waiting.get(event.message.body)?.(performance.now());
  };
  // Warm both processes up, then A's memory before any stream.
  for (let i = 0; i < 20; i++) await fetch(`${A}/api/support/conversations`, { headers: headers(customers[i % customers.length]!) });
  await sleep(1000);
  const rssBefore = memoryMb(a.pid!, 'VmRSS');
  const t0 = performance.now();
  for (let i = 0; i < customers.length; i += 50) {
    streams.push(...(await Promise.all(customers.slice(i, i + 50).map((c) => openStream('/api/support/stream', c, arrived)))));
  }
  streams.push(await openStream('/api/admin/support/stream', staff[0]!, arrived));
  const openSeconds = +((performance.now() - t0) / 1000).toFixed(1);
  await sleep(2000);
  const rssAfter = memoryMb(a.pid!, 'VmRSS');

  const deliver = async (from: Caller, conversationId: string, path: string, body: string) => {
    const seen = new Promise<number>((resolve) => waiting.set(body, resolve));
    const start = performance.now();
    const res = await fetch(`${B}${path}`, { method: 'POST', headers: headers(from), body: JSON.stringify({ body }) });
    const posted = performance.now();
    if (res.status !== 201) throw new Error(`POST ${path} ${conversationId}: ${res.status} ${await res.text()}`);
    const at = await Promise.race([seen, sleep(5000).then(() => Number.NaN)]);
    waiting.delete(body);
    return { delivery: at - start, post: posted - start };
  };
  const toStaff: number[] = [];
  const toCustomer: number[] = [];
  const posts: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const customer = customers[(i * 7) % customers.length]!;
    const id = customer.conversationId!;
    const asked = await deliver(
      customer,
      id,
      `/api/support/conversations/${id}/messages`,
      `question ${i} ${randomBytes(4).toString('hex')}`,
    );
    const answered = await deliver(
      staff[i % STAFF]!,
      id,
      `/api/admin/support/conversations/${id}/messages`,
      `answer ${i} ${randomBytes(4).toString('hex')}`,
    );
    toStaff.push(asked.delivery);
    toCustomer.push(answered.delivery);
    posts.push(asked.post, answered.post);
  }
  const lost = [...toStaff, ...toCustomer].filter((n) => Number.isNaN(n)).length;
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        streams_open_on_a: streams.length,
        open_seconds: openSeconds,
        rss_a_mb: { before: +rssBefore.toFixed(1), after: +rssAfter.toFixed(1) },
        kb_per_stream: +(((rssAfter - rssBefore) * 1024) / streams.length).toFixed(1),
        baseline_post_round_trip_ms: latencyStats(posts),
        delivery_customer_b_to_staff_a_ms: latencyStats(toStaff.filter((n) => !Number.isNaN(n))),
        delivery_staff_b_to_customer_a_ms: latencyStats(toCustomer.filter((n) => !Number.isNaN(n))),
        lost,
      },
      null,
      2,
    ),
  );
} finally {
  for (const s of streams) s.destroy();
  a.kill('SIGTERM');
  b?.kill('SIGTERM');
  await sleep(1000);
  await database.drop();
}
