import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { test as base } from '@playwright/test';
import { AxeSession, axeCounts, formatFindings } from './axe-session';
import { FailureDiary } from './failure-diary';

export type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
export { expect } from '@playwright/test';

const REPORT_FILE = `${import.meta.dirname}/../.artifacts/axe-report.json`;

/** The test whose contexts are being checked; a worker runs one test at a time. */
let current: AxeSession | undefined;
/** The same test's account of its pages, told when it fails. */
let diary: FailureDiary | undefined;

/**
 * Every scenario imports `test` and `expect` from here instead of '@playwright/test', so axe-core
 * checks every page and dialog it visits (WCAG 2.0-2.2 A and AA), its own context and any other
 * it opens (browser.newContext, browser.newPage) included. A violation fails the test at its end,
 * unless AXE=report, which writes every finding to e2e/.artifacts/axe-report.json instead.
 */
export const test = base.extend<{ axe: AxeSession; failureDiary: FailureDiary }, { axeBrowser: undefined }>({
  axeBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        diary?.watch(context);
        await current?.instrument(context);
        return context;
      };
      await use(undefined);
      browser.newContext = newContext;
      console.log(
        `axe: ${axeCounts.run} checks run in this worker (${axeCounts.withoutContrast} without colour contrast, every text and background in them read clean before), ${axeCounts.alike} left out as alike to one read clean`,
      );
    },
    { scope: 'worker', auto: true },
  ],

  axe: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const session = new AxeSession();
      current = session;
      await use(session);
      await session.finish();
      current = undefined;
      const failing = session.findings.filter((f) => !f.known);
      if (session.findings.length) {
        await testInfo.attach('axe-violations', {
          body: JSON.stringify(session.findings, null, 2),
          contentType: 'application/json',
        });
      }
      if (process.env.AXE === 'report') await writeReport(testInfo.titlePath.join(' › '), session);
      else if (failing.length) throw new Error(formatFindings(failing));
    },
    { auto: true },
  ],

  failureDiary: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const account = new FailureDiary();
      diary = account;
      await use(account);
      if (testInfo.status !== testInfo.expectedStatus) await account.tell(testInfo);
      account.forget();
      diary = undefined;
    },
    { auto: true },
  ],

  // The test's own context is checked before it closes (fixtures tear down in reverse order). A
  // failure's account of the pages is told first, while they still show what went wrong.
  context: async ({ context, axe, failureDiary }, use, testInfo) => {
    failureDiary.watch(context);
    await axe.instrument(context);
    await use(context);
    if (testInfo.status !== testInfo.expectedStatus) await failureDiary.tell(testInfo);
    await axe.finish();
  },
});

/** Adds this test's findings to the report, replacing what an earlier run of the same test wrote. */
async function writeReport(title: string, session: AxeSession) {
  const report: Record<string, unknown> = JSON.parse(await readFile(REPORT_FILE, 'utf8').catch(() => '{}'));
  if (session.findings.length) report[title] = session.findings;
  else delete report[title];
  await mkdir(`${import.meta.dirname}/../.artifacts`, { recursive: true });
  await writeFile(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
}
