import { mkdirSync, writeFileSync } from 'node:fs';
import { type ScriptWeight, scriptsFetched } from '../support/script-weight';
import { type BrowserContext, expect, type Page, test } from '../support/test';

/**
 * What a stranger's first visit downloads, measured in Chromium against the production build the
 * scenarios run on: every script the page fetched until it settled, gzipped as a server would
 * send it. The build fails when a first-visit page goes over its budget: 150 KB.
 *
 * The login and the public tracking page are entries of their own (the guest pages), without the
 * portal's router, query library and screens; bench/README.md has what is in them.
 */
const BUDGET_KB = 150;

/** The first demo shipment's BOL (seed-shipments.ts: vicsBolNumber(9_000_000)). */
const DEMO_BOL = '06141410090000008';

async function firstVisit(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>): Promise<ScriptWeight> {
  const page = await context.newPage();
  const visit = await scriptsFetched(page, async () => {
    await page.goto(path);
    await ready(page);
  });
  await page.close();
  return visit;
}

const PAGES: [string, string, (page: Page) => Promise<void>][] = [
  ['login', '/login', (page) => expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()],
  [
    'public tracking',
    `/track-shipment?number=${DEMO_BOL}`,
    (page) => expect(page.getByText(DEMO_BOL, { exact: false }).first()).toBeVisible(),
  ],
];

test('a first visit to the login and public tracking pages stays within the 150 KB budget', async ({ browser }) => {
  const report: Record<string, ScriptWeight> = {};
  for (const [name, path, ready] of PAGES) {
    const context = await browser.newContext();
    report[name] = await firstVisit(context, path, ready);
    await context.close();
  }
  mkdirSync(`${import.meta.dirname}/../.artifacts`, { recursive: true });
  writeFileSync(`${import.meta.dirname}/../.artifacts/first-visit.json`, JSON.stringify(report, null, 2));
  for (const [name, visit] of Object.entries(report)) {
    expect(visit.totalKb, `${name}: ${visit.totalKb} KB of scripts (gzip)`).toBeLessThanOrEqual(BUDGET_KB);
    // Only the page's own entry and what it shares: no portal entry, admin or portal screen comes along.
    expect(visit.scripts.map((s) => s.url).join(' ')).not.toMatch(/\/index-|AdminLayout|CustomerLayout|QuoteWorkspace|BarChart/);
  }
});

test('a repeat visit fetches only the page itself: every script and stylesheet comes from the cache', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium tells a cache hit either as its own event (memory) or on the response (disk).
  const assets = new Map<string, string>();
  const cached = new Set<string>();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/build/')) assets.set(requestId, path);
  });
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.fromDiskCache) cached.add(requestId);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(assets.size).toBeGreaterThan(0);
  expect([...assets].filter(([id]) => !cached.has(id)).map(([, path]) => path)).toEqual([]);
  await context.close();
});
