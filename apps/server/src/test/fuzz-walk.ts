import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './harness';
import {
  COMMON_QUERY_KEYS,
  generated,
  HOSTILE_BODIES,
  HOSTILE_CSV,
  HOSTILE_JSON_VALUES,
  HOSTILE_WIRE,
  type HostileBody,
  hostileCsvOf,
  QUERY_WIRE,
  wire,
} from './hostile';
import { isSimulatorPath } from './outside-simulators';
import {
  type Answer,
  learnSchemas,
  paramNames,
  problemOf,
  rawGet,
  type Sender,
  send,
  urlOf,
  type WalkedRoute,
  walkedRoutes,
} from './route-walker';

/**
 * The hostile-input walk (the fuzz.*.test.ts files): no 5xx on any input. Every route the app
 * registers (found from the app itself, so new ones join by themselves) is called with hostile
 * path parameters, query strings and bodies, as a visitor, a signed-in shipper, a super_admin and a
 * program with a bearer token (/api/v1). Every answer is a success, a redirect, or a 4xx in the
 * documented `{message, code, errors?}` JSON; never a 5xx, never silence. The inputs are fixed (a
 * fixed fast-check seed): the same walk on every run and on both databases. One file per caller,
 * so a test run's workers walk them side by side.
 */

const SEED = 21;
/** fast-check cases per route and caller: enough variety, within the test's time budget. */
const GENERATED_PER_ROUTE = 3;
/**
 * A walk's time budget: a signed-in walk (about 11,000 calls) takes under a minute on a quiet
 * machine, and once took 703 s on PostgreSQL with every core taken by other work; a budget that
 * ends a hang, not a speed target.
 */
export const WALK_TIMEOUT_MS = 1_200_000;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The bodies sent even where the caller is refused at the door (parsed before any guard runs). */
const DOOR_BODIES = new Set([
  'invalid JSON',
  'empty JSON',
  '10k nested arrays',
  'huge JSON string',
  'no content type',
  'multipart garbage',
]);

/** Ends the caller's session, which the rest of the walk uses: called by the visitor only. */
const SIGNED_IN_SKIP = new Set(['POST /logout']);
/**
 * Server-sent events: an accepted request never ends, so these are called on the listening app
 * and judged by their status and headers (see rawGet).
 */
const isStream = (route: WalkedRoute) => route.method === 'GET' && route.path.endsWith('/stream');

export interface Caller {
  name: string;
  sender: Sender;
  /** The browser-like client behind `sender`, for the cookies of a stream request. */
  browser?: TestClient;
  signedIn: boolean;
  /** The URL the caller uses for a route pattern (/api/v1 for the bearer client). */
  url?: (path: string) => string;
  headers?: Record<string, string>;
}

/** The app a walk calls (listening, for the streams), the routes it registered and the file's callers. */
export interface Walked {
  t: TestApp;
  routes: WalkedRoute[];
  callers: Caller[];
}

/**
 * A test app for the file's walk, started before its tests and closed after them; `signIn` makes
 * the file's callers once the app is up. The returned object is filled in by then.
 */
export function walkedApp(signIn: (t: TestApp) => Promise<Caller[]>) {
  const walked = {} as Walked;
  beforeAll(async () => {
    walked.t = await createTestApp();
    walked.routes = walkedRoutes(walked.t.app);
    learnSchemas(walked.t.app, walked.routes);
    await walked.t.app.listen({ host: '127.0.0.1', port: 0 });
    walked.callers = await signIn(walked.t);
  });
  afterAll(() => walked.t?.close());
  return walked;
}

/** A caller of the web's routes through a browser-like client: a visitor, or signed in. */
export const browserCaller = (name: string, client: TestClient, signedIn: boolean): Caller => ({
  name,
  sender: client,
  browser: client,
  signedIn,
});

/**
 * A demo user signed in who has just confirmed who they are, so the sensitive routes (which ask
 * for that within minutes, 423 otherwise) are walked past that door into their handlers too.
 */
export async function confirmedCaller(t: TestApp, name: string, email: string): Promise<Caller> {
  const client = await t.client().login(email, undefined, true);
  await client.confirmPassword();
  return browserCaller(name, client, true);
}

interface Case {
  /** For the report. */
  label: string;
  opts: InjectOptions;
  /**
   * Also sent when the caller cannot pass the route's door (401/403 to the plain request): the
   * guard answers before the route's schema and handler run, so only input the framework reads
   * first (the URL, the body's parsing, headers) can matter; the rest is left out to save time.
   */
  door?: boolean;
}

/** The requests of one route. */
function casesOf(route: WalkedRoute, csvFiles: readonly HostileBody[]): Case[] {
  const cases: Case[] = [];
  const add = (label: string, opts: InjectOptions, door = false) => {
    cases.push({ label, opts, door });
  };
  const unsafe = UNSAFE.has(route.method);
  const method = route.method as InjectOptions['method'];
  const plainUrl = urlOf(route.path, '00000000-0000-4000-8000-000000000000');
  const base = (url: string): InjectOptions => ({ method, url, ...(unsafe ? { payload: {} } : {}) });
  add('plain', base(plainUrl), true);

  const params = paramNames(route.path);
  if (params.length) {
    for (const [i, value] of HOSTILE_WIRE.entries()) add(`params=${value.slice(0, 24)}`, base(urlOf(route.path, value)), i < 8);
    // Each parameter wrong on its own, the others well-formed (a record lookup with one bad key).
    if (params.length > 1)
      for (const name of params)
        for (const value of HOSTILE_WIRE.slice(0, 6)) add(`${name}=${value.slice(0, 24)}`, base(urlOf(route.path, value, name)));
  }

  const keys = route.queryKeys?.length ? route.queryKeys : undefined;
  if (keys) {
    for (const key of keys) {
      for (const value of QUERY_WIRE) add(`?${key}=${value.slice(0, 24)}`, base(`${plainUrl}?${key}=${value}`));
      // A list, and brackets, where one value is expected.
      add(`?${key} twice`, base(`${plainUrl}?${key}=a&${key}=b&${key}[a]=1`));
    }
  } else {
    // No querystring schema: the keys handlers commonly read, all at once; every value where the
    // schema is not known (a route in a scope of its own), a few where the route has none.
    const values = route.queryKeys ? QUERY_WIRE.slice(0, 4) : QUERY_WIRE;
    for (const [i, value] of values.entries())
      add(`?*=${value.slice(0, 24)}`, base(`${plainUrl}?${COMMON_QUERY_KEYS.map((k) => `${k}=${value}`).join('&')}`), i < 3);
  }
  const odd = { 'accept-language': `${'zz-'.repeat(2000)};q=abc, *;q=NaN`, 'idempotency-key': 'k'.repeat(10_000) };
  add('hostile headers', { ...base(plainUrl), headers: odd }, true);

  if (unsafe) {
    const bodies = route.path.endsWith('/import') ? [...HOSTILE_BODIES, ...HOSTILE_CSV, ...csvFiles] : HOSTILE_BODIES;
    for (const b of bodies) {
      const headers = b.contentType ? { 'content-type': b.contentType } : {};
      add(`body: ${b.name}`, { method, url: plainUrl, payload: b.payload, headers }, DOOR_BODIES.has(b.name));
    }
    const json = (text: string) => ({ method, url: plainUrl, payload: text, headers: { 'content-type': 'application/json' } });
    for (const key of route.bodyKeys ?? []) {
      for (const value of HOSTILE_JSON_VALUES) add(`body.${key}=${value.slice(0, 24)}`, json(`{${JSON.stringify(key)}:${value}}`));
    }
    if (route.bodyKeys?.length) {
      // Objects where lists are expected and the other way round, for every field at once.
      for (const value of ['{}', '[]', '"x"', '[[[]]]'])
        add(`body.*=${value}`, json(`{${route.bodyKeys.map((k) => `${JSON.stringify(k)}:${value}`).join(',')}}`));
    }
  }

  generated(SEED, GENERATED_PER_ROUTE, route.bodyKeys ?? []).forEach((g, i) => {
    const query = (keys ?? ['q']).map((k) => `${k}=${wire(g.query)}`).join('&');
    const url = `${params.length ? urlOf(route.path, wire(g.param) || 'x') : plainUrl}?${query}`;
    const body = unsafe ? { payload: JSON.stringify(g.body), headers: { 'content-type': 'application/json' } } : {};
    add(`generated #${i}`, { method, url, ...body }, i === 0);
  });
  return cases;
}

/** For a CSV import the caller may use, files made from its template (or its export's header). */
async function csvFilesFor(caller: Caller, route: WalkedRoute): Promise<HostileBody[]> {
  if (!route.path.endsWith('/import')) return [];
  const list = route.path.slice(0, -'/import'.length);
  for (const file of ['template.csv', 'export.csv']) {
    const res = await send(caller.sender, { method: 'GET', url: caller.url ? caller.url(`${list}/${file}`) : `${list}/${file}` });
    if (res !== 'timeout' && res.statusCode === 200) return hostileCsvOf(res.body);
  }
  return [];
}

/** Calls every route of `list` with every case as `caller`; answers the problems found. */
export async function walk(t: TestApp, caller: Caller, list: readonly WalkedRoute[], opts: { doorOnly?: boolean } = {}) {
  // One line per route and kind of problem (with the first input that showed it), not per input.
  const problems = new Map<string, { label: string; more: number }>();
  let calls = 0;
  for (const route of list) {
    if (caller.signedIn && SIGNED_IN_SKIP.has(`${route.method} ${route.path}`)) continue;
    const anyShape = isSimulatorPath(route.path); // someone else's server: its own error shapes, only 'no 5xx'
    let shut = opts.doorOnly ?? false;
    for (const { label, opts, door } of casesOf(route, await csvFilesFor(caller, route))) {
      if (shut && !door) continue;
      const url = caller.url ? caller.url(String(opts.url)) : String(opts.url);
      const headers = { ...caller.headers, ...(opts.headers as Record<string, string>) };
      let res: Answer | 'timeout';
      if (isStream(route)) {
        if (!caller.browser) continue;
        const cookie = [...caller.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
        res = await rawGet(t.app, url, { ...headers, cookie, accept: 'text/event-stream' });
      } else {
        res = await send(caller.sender, { ...opts, url, headers });
      }
      calls += 1;
      // The plain request comes first: a caller the route's door refuses gets only the door's cases.
      if (label === 'plain' && res !== 'timeout' && (res.statusCode === 401 || res.statusCode === 403)) shut = true;
      const problem = problemOf(res, { anyShape, signedIn: caller.signedIn, url });
      if (!problem) continue;
      const key = `${route.method} ${route.path}: ${problem.slice(0, 120)}`;
      const seen = problems.get(key);
      if (seen) seen.more += 1;
      else problems.set(key, { label, more: 0 });
    }
  }
  return { problems: [...problems].map(([key, { label, more }]) => `${key} [${label}${more ? `, +${more} more` : ''}]`), calls };
}

/**
 * The test of one caller's walk: every route, every case, no problem; and still signed in at the
 * end (no hostile call ended the session the walk relied on, which would have turned the rest into
 * 401s that check nothing).
 */
export async function walkEveryRoute(walked: Walked, caller: Caller) {
  const started = Date.now();
  const { problems, calls } = await walk(walked.t, caller, walked.routes);
  console.info(`fuzz ${caller.name}: ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(problems.slice(0, 80)).toEqual([]);
  if (caller.signedIn) expect(((await send(caller.sender, { method: 'GET', url: '/api/user' })) as Answer).statusCode).toBe(200);
}

/** A test file's whole walk as one signed-in demo user (confirmed: see confirmedCaller). */
export function walkAsSignedIn(name: string, email: string) {
  const walked = walkedApp(async (t) => [await confirmedCaller(t, name, email)]);
  describe(`fuzz: every route, hostile input, from the ${name}`, () => {
    it(
      `never answers a 5xx or an undocumented 4xx to the ${name}`,
      () => walkEveryRoute(walked, walked.callers[0] as Caller),
      WALK_TIMEOUT_MS,
    );
  });
}
