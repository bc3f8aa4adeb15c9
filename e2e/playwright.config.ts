import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './support/chromium';
import { DURATIONS_FILE, parseShard, readDurations, shardFiles, specFiles } from './support/shards';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The same server by name: browsers refuse passkeys on an IP address, and the server offers them as localhost. */
export const passkeyURL = `http://localhost:${port}`;
/** The day before Thanksgiving 2026, 10:00 in Chicago: where the second server's clock starts. */
export const THANKSGIVING_EVE = '2026-11-25T16:00:00Z';
/**
 * The servers of the scenarios that change what every account shares, each started by its spec
 * file (support/own-server.ts): a second server whose clock starts on THANKSGIVING_EVE, for the
 * scenarios of dates (the first keeps the real clock).
 */
export const holidayURL = `http://127.0.0.1:${port + 1}`;

/**
 * Scenarios run in Debian's Chromium (never a downloaded browser) against the real server on the
 * embedded database, started fresh with demo data by support/serve.mjs.
 */
const BROWSER = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;
/** A server of its own for the scenario of the demo's paused carrier (any parcel quote elsewhere would resume it). */
export const pausedCarrierURL = `http://127.0.0.1:${port + 2}`;
/** A server of its own for the carriers' tariffs and the diesel price, which price every account's quotes. */
export const tariffsURL = `http://127.0.0.1:${port + 3}`;
/** A server of its own for the site notifications every user reads (and dismisses) on every page. */
export const noticesURL = `http://127.0.0.1:${port + 4}`;
const testDir = join(import.meta.dirname, 'tests');
/** E2E_SHARD=i/n: this run's share of the files (support/shards.ts), each shard with servers of its own. */
const shard = parseShard(process.env.E2E_SHARD);
const shardSpecs = shard ? shardFiles(specFiles(testDir), readDurations(DURATIONS_FILE), shard) : undefined;
const mine = shardSpecs?.map((f) => `**/${f}`);

export default defineConfig({
  testDir,
  // Per port, like the servers' data and logs: a run on other ports does not clear this one's traces.
  outputDir: `./.artifacts/results-${port}`,
  // CI shares two cores between the scenarios and the API tests: a scenario slowed by that wait
  // should not be cut off and run again (a retry costs more than the wait).
  timeout: process.env.CI ? 120_000 : 60_000,
  // In CI a lazy page took more than 10 s to show its form while the other lanes held both cores.
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  workers: 1,
  // No second try anywhere: a scenario that fails once has found a defect, in the product or in the
  // scenario, and a retry would hide a race until the day it fails twice.
  retries: 0,
  // The diary's reporter after the list's: a failed scenario's account of its pages ends the log.
  reporter: [['list'], ['./support/diary-reporter.ts'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : [])],
  use: {
    baseURL,
    // Mantine's transitions honour reduced motion (the theme), so dialogs appear at once: axe then
    // reads a dialog as people see it, never half faded in on a busy machine.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // Recording a trace costs every passing scenario time on a busy machine, and CI keeps only its
    // log: there a failure leaves its error and what its pages showed (support/failure-diary.ts);
    // locally it keeps its trace and screenshot too.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', testMatch: mine, use: BROWSER }],
  // The run's server; the scenarios that change what every account shares start their own
  // (support/own-server.ts) on the ports above.
  webServer: {
    command: 'node support/serve.mjs',
    cwd: import.meta.dirname,
    url: `${baseURL}/sanctum/csrf-cookie`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { PORT: String(port) },
  },
});
