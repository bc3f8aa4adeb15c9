import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
/** The same server by name: browsers refuse passkeys on an IP address, and the server offers them as localhost. */
export const passkeyURL = `http://localhost:${port}`;
/** The day before Thanksgiving 2026, 10:00 in Chicago: where the second server's clock starts. */
export const THANKSGIVING_EVE = '2026-11-25T16:00:00Z';
/** A second server whose clock starts on THANKSGIVING_EVE, for the scenarios of dates (the first keeps the real clock). */
export const holidayURL = `http://127.0.0.1:${port + 1}`;

/**
 * Scenarios run in Debian's Chromium (never a downloaded browser) against the real server on the
 * embedded database, started fresh with demo data by support/serve.mjs.
 */
const BROWSER = { browserName: 'chromium', viewport: { width: 1280, height: 800 } } as const;
const PAUSED_CARRIER = /paused-carrier\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  // Per port, like the servers' data and logs: a run on other ports does not clear this one's traces.
  outputDir: `./.artifacts/results-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    // Mantine's transitions honour reduced motion (the theme), so dialogs appear at once: axe then
    // reads a dialog as people see it, never half faded in on a busy machine.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  // The scenarios that read the demo's paused carrier go first: any parcel quote resumes it.
  projects: [
    { name: 'first', testMatch: PAUSED_CARRIER, use: BROWSER },
    { name: 'chromium', testIgnore: PAUSED_CARRIER, dependencies: ['first'], use: BROWSER },
  ],
  webServer: [
    {
      command: 'node support/serve.mjs',
      cwd: import.meta.dirname,
      url: `${baseURL}/sanctum/csrf-cookie`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { PORT: String(port) },
    },
    {
      command: 'node support/serve.mjs',
      cwd: import.meta.dirname,
      url: `${holidayURL}/sanctum/csrf-cookie`,
      timeout: 240_000,
      reuseExistingServer: false,
      env: { PORT: String(port + 1), TEST_CLOCK_START: THANKSGIVING_EVE },
    },
  ],
});
