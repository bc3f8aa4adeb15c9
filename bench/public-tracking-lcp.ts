// The public tracking page's Largest Contentful Paint, as a consignee on a slow phone sees it
//: Debian's Chromium with the CPU slowed 4x, a first visit (empty cache) to
// /track-shipment?number=<the first demo BOL>, served by the app on a local PostgreSQL database.
// Median of BENCH_RUNS (5) visits; target < 1.0 s. Also when the tracking result is on screen.
//
// Run: npm run build && npx tsx bench/public-tracking-lcp.ts
// Baseline in the same run: BASELINE_WEB_DIST=<a build of an older commit> serves that build from
// a second app process; the two are visited alternately, so they share the machine's noise.
// (git worktree add /tmp/base <commit> && cd /tmp/base && npm ci && npm run build -> /tmp/base/apps/web/dist)
import { cpus } from 'node:os';
import { vicsBolNumber } from '@freight/domain';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/support/chromium';
import { freshDatabase, startApp, waitFor } from './server-process';
import { buildsToVisit, CPU_SLOWDOWN, lcpOf, median, RUNS, slowedPage } from './slow-visits';

/** seed-shipments.ts numbers the demo shipments from vicsBolNumber(9_000_000). */
const BOL = vicsBolNumber(9_000_000);

interface Visit {
  lcpMs: number;
  resultMs: number;
}

async function visit(browser: Browser, origin: string): Promise<Visit> {
  const context = await browser.newContext();
  const page = await slowedPage(context);
  await page.goto(`${origin}/track-shipment?number=${BOL}`);
  await page.getByText(BOL).first().waitFor();
  const resultMs = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  const lcpMs = (await lcpOf(page)).ms;
  await context.close();
  return { lcpMs, resultMs };
}

const builds = buildsToVisit(3211);

const databases = await Promise.all(builds.map((b) => freshDatabase(`lcp_${b.name}`)));
const apps = builds.map((b, i) => startApp(databases[i]?.url ?? '', b.port, b.env));
const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  await Promise.all(builds.map((b) => waitFor(`http://127.0.0.1:${b.port}/sanctum/csrf-cookie`)));
  const visits = new Map<string, Visit[]>(builds.map((b) => [b.name, []]));
  // One warm-up visit each: the server's first answers compile its code, which no visitor pays twice.
  for (const b of builds) await visit(browser, `http://127.0.0.1:${b.port}`);
  for (let run = 0; run < RUNS; run++) {
    for (const b of builds) visits.get(b.name)?.push(await visit(browser, `http://127.0.0.1:${b.port}`));
  }
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${cpus().length} cores, ${cpus()[0]?.model}`,
        cpu_slowdown: CPU_SLOWDOWN,
        runs: RUNS,
        results: Object.fromEntries(
          [...visits].map(([name, v]) => [
            name,
            {
              lcp_median_ms: median(v.map((x) => x.lcpMs)),
              result_shown_median_ms: median(v.map((x) => x.resultMs)),
              lcp_ms: v.map((x) => Math.round(x.lcpMs)),
            },
          ]),
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
