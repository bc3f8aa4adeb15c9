// `npm test`: every test. Two lanes side by side: the Playwright scenarios in Debian's Chromium
// (skipped with a message when no Chromium is found, unless CI is set), printed as they run; and
// the units and API tests on PGlite, then the API tests again on PostgreSQL when TEST_DATABASE_URL
// is set, each printed when it ends. The scenarios are the long lane and use about one core (they
// wait on the browser and the server in turn); vitest takes one worker on a two-core machine, so
// the units fit beside them instead of before them.
// Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

/** Runs a step in this terminal without blocking the event loop; resolves when it ends. */
function runInherited(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (status !== 0) failedSteps.push(name);
      resolve();
    });
  });
}

/** Starts a step in the background, its output kept in a file; resolves when it ends. */
function runAside(name, command, args, env = {}) {
  const logFile = join(out, `${name.replace(/\W+/g, '-')}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      log.end(() => {
        console.log(`\n=== ${name} ===`);
        console.log(readFileSync(logFile, 'utf8'));
        if (status !== 0) failedSteps.push(name);
        resolve();
      });
    });
  });
}

const vitest = join(root, 'node_modules/.bin/vitest');
const pgliteReport = join(out, 'vitest-pglite.json');
const pgReport = join(out, 'vitest-postgres.json');
async function unitLane() {
  await runAside('unit and API tests (PGlite)', vitest, [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${pgliteReport}`,
  ]);
  if (!process.env.TEST_DATABASE_URL) {
    console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.');
    return;
  }
  await runAside(
    'API tests (PostgreSQL)',
    vitest,
    ['run', '--project', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${pgReport}`],
    { TEST_DB_DRIVER: 'postgres' },
  );
}
const units = unitLane();

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const report = join(out, 'playwright.json');
  // Not spawnSync: the unit lane beside it needs this process's event loop to drain its output.
  await runInherited('end-to-end scenarios (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    CHROMIUM_PATH: chromium,
  });
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
} else if (process.env.CI) {
  console.error(`\nNo Chromium at ${chromium}: the end-to-end scenarios are required in CI (apt-get install chromium).`);
  failedSteps.push('end-to-end scenarios (no Chromium)');
} else {
  console.log(
    `\nNo Chromium at ${chromium}: end-to-end scenarios skipped. Install it with 'apt-get install chromium' or set CHROMIUM_PATH.`,
  );
}

await units;
countVitest(pgliteReport);
countVitest(pgReport);

if (failedSteps.length) console.error(`\nFailed: ${failedSteps.join('; ')}`);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
