// What a signed-in user's first visit to the pages they open most downloads and how soon it paints:
// the demo shipper's quote page (/), My Shipments and Open Invoices, and a staff member's admin
// dashboard. Targets: at most 200 KB gzip of JavaScript per page (every script the page loads until
// the network settles) and a Largest Contentful Paint under 1.2 s in Debian's Chromium with the CPU
// slowed 4x, median of BENCH_RUNS (5) visits, served by the app on a local PostgreSQL database.
//
// A visit is a new browser context (empty cache) that carries only the session: its cookies and the
// user the login page stores (AUTH_STATE). The login page's own scripts are not counted: a real user
// may have them cached, and they are a build of their own (e2e/tests/first-visit.spec.ts).
// The server sends the scripts uncompressed (a proxy in front compresses them, deploy/), so each
// script's body is gzipped here as that proxy would send it.
//
// Run: npm run build && npx tsx bench/signed-in-pages.ts
// Baseline in the same run: BASELINE_WEB_DIST=<a build of an older commit> serves that build from
// a second app process; the two are visited alternately, so they share the machine's noise.
// (git worktree add /tmp/base <commit> && cd /tmp/base && npm ci && npm run build -> /tmp/base/apps/web/dist)
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { DEMO_STAFF_TOTP_SECRET } from '../apps/server/src/db/seed-two-factor';
import { totpCodeAt } from '../apps/server/src/modules/two-factor/totp';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium';
import { freshDatabase, startApp, waitFor } from './server-process';
import {
  buildsToVisit,
  CPU_SLOWDOWN,
  type Lcp,
  layoutShiftOf,
  lcpElements,
  lcpOf,
  median,
  RUNS,
  shown,
  slowedPage,
  watchFor,
} from './slow-visits';

const BUDGET_KB = 200;
const LCP_TARGET_MS = 1200;

/**
 * The pages and whose user signs in. A page is settled once its title shows and the network has
 * been quiet; the dashboard also waits for its figures (its first section), which come with its
 * one request for them, and the quote page for its form, drawn after the page's first paint. Its
 * charts, below every figure, load only when scrolled near, which a first visit that reads the
 * figures does not do. When those show is the page's `shown` time, beside its LCP.
 */
const ALL_PAGES: { name: string; path: string; email: string; settled?: string }[] = [
  { name: 'quote', path: '/', email: 'shipper@demo.test', settled: '#shipment-details-form' },
  { name: 'my shipments', path: '/my-shipments', email: 'shipper@demo.test' },
  { name: 'open invoices', path: '/my-invoices', email: 'shipper@demo.test' },
  { name: 'admin dashboard', path: '/admin/dashboard', email: 'admin@demo.test', settled: 'section' },
];
/** BENCH_PAGES=dashboard (or a comma-separated list of parts of the names) visits only those pages. */
const PAGES = process.env.BENCH_PAGES
  ? ALL_PAGES.filter((p) => process.env.BENCH_PAGES?.split(',').some((part) => p.name.includes(part.trim())))
  : ALL_PAGES;

interface Session {
  cookies: { name: string; value: string }[];
  user: string;
}

/** Signs `email` in over the API as the login page does (with the demo staff's code when asked), and reads the user it stores. */
async function signIn(origin: string, email: string): Promise<Session> {
  const jar = new Map<string, string>();
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = (pair ?? '').indexOf('=');
      if (at > 0) jar.set(pair?.slice(0, at) ?? '', pair?.slice(at + 1) ?? '');
    }
    return res;
  };
  await send('GET', '/sanctum/csrf-cookie');
  const login = await send('POST', '/login', { email, password: 'Demo#2026', remember: false });
  if (login.status >= 300) throw new Error(`login of ${email}: ${login.status}`);
  if (login.status === 200 && ((await login.json()) as { two_factor?: boolean }).two_factor) {
    const code = await send('POST', '/two-factor-challenge', { code: totpCodeAt(DEMO_STAFF_TOTP_SECRET, new Date()) });
    if (code.status !== 204) throw new Error(`second step of ${email}: ${code.status}`);
  }
  const user = await send('GET', '/api/user');
  if (user.status !== 200) throw new Error(`GET /api/user as ${email}: ${user.status}`);
  const { data } = (await user.json()) as { data: unknown };
  return { cookies: [...jar].map(([name, value]) => ({ name, value })), user: JSON.stringify(data) };
}

interface Visit {
  lcp: Lcp;
  /** When the page's title (and its `settled` part) first showed. */
  shownMs: number;
  cls: number;
  /** The page's main thread until it settled (Chromium's task time, at the slowdown), all and in layout. */
  busyMs: number;
  layoutMs: number;
  scripts: { path: string; gzip: number }[];
}

async function visit(
  browser: Browser,
  origin: string,
  { path, settled: settledBy }: (typeof PAGES)[number],
  session: Session,
): Promise<Visit> {
  const host = new URL(origin).hostname;
  const context = await browser.newContext({
    storageState: {
      cookies: session.cookies.map((c) => ({
        ...c,
        domain: host,
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [{ origin, localStorage: [{ name: 'AUTH_STATE', value: session.user }] }],
    },
  });
  const page = await slowedPage(context);
  const bodies: Promise<{ path: string; gzip: number }>[] = [];
  let settled = false;
  page.on('response', (response) => {
    if (settled || response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ path: new URL(response.url()).pathname, gzip: gzipSync(body).length })));
  });
  const metrics = await context.newCDPSession(page);
  await metrics.send('Performance.enable');
  // Every page's title is its one level-1 heading (PageHeader).
  await watchFor(page, ['h1', ...(settledBy ? [settledBy] : [])]);
  await page.goto(`${origin}${path}`);
  const shownMs = await shown(page);
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
  const lcp = await lcpOf(page);
  const cls = await layoutShiftOf(page);
  settled = true;
  const { metrics: read } = await metrics.send('Performance.getMetrics');
  const secondsOf = (name: string) => read.find((m) => m.name === name)?.value ?? Number.NaN;
  const scripts = await Promise.all(bodies);
  await context.close();
  return { lcp, shownMs, cls, busyMs: secondsOf('TaskDuration') * 1000, layoutMs: secondsOf('LayoutDuration') * 1000, scripts };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** BENCH_ALL_SCRIPTS=1 lists every script of a page, not only its eight biggest. */
const ALL_SCRIPTS = process.env.BENCH_ALL_SCRIPTS === '1';

const builds = buildsToVisit(3221);

const databases = await Promise.all(builds.map((b) => freshDatabase(`signed_in_${b.name}`)));
const apps = builds.map((b, i) => startApp(databases[i]?.url ?? '', b.port, b.env));
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  const origins = builds.map((b) => `http://127.0.0.1:${b.port}`);
  await Promise.all(origins.map((o) => waitFor(`${o}/sanctum/csrf-cookie`)));
  // One session per server and user, made before the visits: a staff code is taken once a step.
  const sessions = new Map<string, Session>();
  for (const origin of origins) {
    for (const email of new Set(PAGES.map((p) => p.email))) sessions.set(`${origin} ${email}`, await signIn(origin, email));
  }
  const visits = new Map<string, Visit[]>();
  const at = (b: string, p: string) => visits.get(`${b} ${p}`) ?? (visits.set(`${b} ${p}`, []).get(`${b} ${p}`) as Visit[]);
  const visitOnce = (i: number, p: (typeof PAGES)[number]) => {
    const origin = origins[i] ?? '';
    return visit(browser, origin, p, sessions.get(`${origin} ${p.email}`) as Session);
  };
  // One warm-up visit each: the server's first answers compile its code, which no visitor pays twice.
  for (const p of PAGES) for (let i = 0; i < builds.length; i++) await visitOnce(i, p);
  for (let run = 0; run < RUNS; run++) {
    for (const p of PAGES) for (let i = 0; i < builds.length; i++) at(builds[i]?.name ?? '', p.name).push(await visitOnce(i, p));
  }
  const report = (v: Visit[]) => {
    // The scripts of the last visit (every visit of a build loads the same files).
    const scripts = v[v.length - 1]?.scripts ?? [];
    const total = kb(scripts.reduce((sum, s) => sum + s.gzip, 0));
    const lcp = median(v.map((x) => x.lcp.ms));
    return {
      script_kb_gzip: total,
      scripts: scripts.length,
      biggest: [...scripts]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, ALL_SCRIPTS ? undefined : 8)
        .map((s) => `${s.path.replace('/build/assets/', '')} ${kb(s.gzip)}`),
      lcp_median_ms: lcp,
      shown_median_ms: Math.round(median(v.map((x) => x.shownMs))),
      lcp_ms: v.map((x) => Math.round(x.lcp.ms)),
      // What was painted last as the largest: a page's title, or a notice or a list that came after it.
      lcp_elements: lcpElements(v.map((x) => x.lcp)),
      cls_median: median(v.map((x) => x.cls * 1000)) / 1000,
      // Steadier than the LCP from one run to the next: what a change to the page's own work moved.
      main_thread_median_ms: median(v.map((x) => x.busyMs)),
      layout_median_ms: median(v.map((x) => x.layoutMs)),
      met: total <= BUDGET_KB && lcp <= LCP_TARGET_MS,
    };
  };
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${cpus().length} cores, ${cpus()[0]?.model}`,
        cpu_slowdown: CPU_SLOWDOWN,
        runs: RUNS,
        budget_kb: BUDGET_KB,
        lcp_target_ms: LCP_TARGET_MS,
        results: Object.fromEntries(
          builds.map((b) => [b.name, Object.fromEntries(PAGES.map((p) => [p.name, report(visits.get(`${b.name} ${p.name}`) ?? [])]))]),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  for (const app of apps) app.kill();
  await Promise.all(databases.map((d) => d.drop()));
}
