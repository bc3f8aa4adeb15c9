// What the page-load benches share: the current build and, when BASELINE_WEB_DIST names an older
// build, that build beside it (each served by its own app process on its own database, visited
// alternately so both meet the same noise), a page with its CPU slowed as a slow phone's, and the
// page's Largest Contentful Paint.
import type { BrowserContext, Page } from '@playwright/test';

export const CPU_SLOWDOWN = 4;
export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export interface Build {
  name: string;
  port: number;
  env: Record<string, string>;
}

/** The builds to visit: the current one on `port`, the baseline (if any) on the next port. */
export function buildsToVisit(port: number): Build[] {
  const builds: Build[] = [{ name: 'current', port, env: {} }];
  if (process.env.BASELINE_WEB_DIST) builds.push({ name: 'baseline', port: port + 1, env: { WEB_DIST: process.env.BASELINE_WEB_DIST } });
  return builds;
}

export async function slowedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return page;
}

/**
 * Watches the page for `selectors` from its first script on (call before `goto`); `shown` then
 * resolves, once each matches, with the time they first all did (ms since the navigation began).
 * A MutationObserver's check costs the page a `querySelector` per batch of changes. Playwright's own
 * waiting (`locator.waitFor`) queries the page on every frame: its role lookups walked the whole
 * DOM each time, 40-50 ms of a 4x-slowed quote page's main thread before its first paint, work no
 * visitor's page does and the LCP paid for.
 */
export async function watchFor(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((wanted: string[]) => {
    const page = window as unknown as { benchShown?: Promise<number> };
    page.benchShown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!wanted.every((s) => document.querySelector(s))) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document, { childList: true, subtree: true });
    });
  }, selectors);
}

/** Resolves once every selector given to `watchFor` matches in the page, with when they first did. */
export const shown = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as { benchShown?: Promise<number> }).benchShown ?? Promise.reject(new Error('watchFor was not called')),
  );

/** The last LCP candidate before any input is the page's LCP: read it once the page has settled. */
/** A page's Largest Contentful Paint: when, and what (its tag and the start of its text or its image). */
export interface Lcp {
  ms: number;
  element: string;
}

export function lcpOf(page: Page): Promise<Lcp> {
  return page.evaluate(
    () =>
      new Promise<Lcp>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null; url?: string }) | undefined;
          const text = (last?.element?.textContent ?? '').trim().slice(0, 40);
          const element = last?.element ? `${last.element.tagName.toLowerCase()} ${last.url || JSON.stringify(text)}` : '(none)';
          resolve({ ms: last?.startTime ?? Number.NaN, element });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * The page's Cumulative Layout Shift so far: the sum of its layout shifts not caused by input (one
 * session window is enough for a visit of a few seconds). A notice or list that comes after the
 * page's first paint and pushes it down shows here.
 */
export function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const shifts = list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
          resolve(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 100);
      }),
  );
}

/** The visits' LCP elements, the most frequent first, with how many visits each was the LCP of. */
export const lcpElements = (lcps: readonly Lcp[]) => {
  const counts = new Map<string, number>();
  for (const { element } of lcps) counts.set(element, (counts.get(element) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([element, n]) => `${element} x${n}`);
};

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)] ?? Number.NaN);
};
