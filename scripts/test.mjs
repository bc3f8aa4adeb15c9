// `npm test`: every test, in two phases (TEST_PHASES below): first the vitest lanes side by side
// (the server's unit and API tests on PGlite; the web, domain and contracts units; and the API tests
// again on PostgreSQL when TEST_DATABASE_URL is set), each printed when it ends; then the Playwright
// scenarios in Debian's Chromium (skipped with a message when no Chromium is found, unless CI is
// set), printed as they run. The scenarios run in two shards side by side (E2E_SHARDS, default 2;
// e2e/support/shards.ts splits the files by their recorded durations), each with its own servers on
// its own ports, its lines marked [s1], [s2]: a scenario spends much of its time waiting on the
// browser, the server or a clock, so the waits of one fill the other's.
// Ends with one "N passed, N failed" line.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { cpuGroupedIn, cpuSecondsOf, timingReport, withCpuTime } from './test-timings.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
// Repeated at the very end: a long CI log is often read from its tail only.
const failedTests = [];
const started = Date.now();
/** Each lane's wall time and reports, for the timing report at the end (scripts/test-timings.mjs). */
const laneTimes = [];
const secondsSince = (t) => (Date.now() - t) / 1000;
/** Where a lane's command leaves its CPU time (withCpuTime). */
const cpuFileOf = (name) => join(out, `cpu-${name.replace(/\W+/g, '-')}.txt`);
/** Minutes and seconds since the tests began: each lane's end says it, to show where CI's time goes. */
function elapsed() {
  const s = Math.round((Date.now() - started) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n      ');
      failedTests.push(`${suite.name.replace(root, '')} › ${test.fullName}\n      ${reason}`);
    }
  }
}

/**
 * Runs a step printing its lines as they come, each after `prefix` (which shard said it), without
 * blocking the event loop; resolves when it ends.
 */
function runPrefixed(name, prefix, command, args, env = {}, reports = []) {
  console.log(`\n=== ${name} ===`);
  const laneStart = Date.now();
  const cpuFile = cpuFileOf(name);
  const child = spawn(...withCpuTime(cpuFile, command, args), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      console.log(`\n=== ${name}: ${status === 0 ? 'passed' : `failed (exit ${status})`} at ${elapsed()} ===`);
      laneTimes.push({
        name,
        seconds: secondsSince(laneStart),
        cpuSeconds: cpuSecondsOf(cpuFile),
        cpuGrouped: cpuGroupedIn(cpuFile),
        reports,
      });
      if (status !== 0) failedSteps.push(name);
      resolve();
    });
  });
}

/**
 * Starts a step in the background, its output kept in a file; resolves when it ends. A step of
 * several commands runs them one after another into the same file, and fails if any of them does.
 */
function runAside(name, commands, env = {}, reports = []) {
  const laneStart = Date.now();
  const logFile = join(out, `${name.replace(/\W+/g, '-')}.log`);
  const log = createWriteStream(logFile);
  let cpuSeconds = 0;
  let cpuGrouped = true;
  const runOne = ([command, args], k) =>
    new Promise((resolve) => {
      const cpuFile = cpuFileOf(`${name}-${k}`);
      const child = spawn(...withCpuTime(cpuFile, command, args), {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      });
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', (status) => {
        cpuSeconds += cpuSecondsOf(cpuFile);
        cpuGrouped &&= cpuGroupedIn(cpuFile);
        resolve(status);
      });
    });
  return (async () => {
    let failed = false;
    for (const [k, command] of commands.entries()) {
      if ((await runOne(command, k)) !== 0) failed = true;
      if (commands.length > 1) log.write(`\n(${k + 1} of ${commands.length} ended at ${elapsed()})\n`);
    }
    await new Promise((resolve) => log.end(resolve));
    console.log(`\n=== ${name} (ended at ${elapsed()}) ===`);
    laneTimes.push({ name, seconds: secondsSince(laneStart), cpuSeconds, cpuGrouped, reports });
    console.log(readFileSync(logFile, 'utf8'));
    if (failed) failedSteps.push(name);
  })();
}

const vitest = join(root, 'node_modules/.bin/vitest');
const reports = [];
/**
 * A vitest run of `projects` in the background, its JSON report counted at the end. With `pieces`
 * above one the files are split (vitest's --shard) into that many runs one after another: the
 * server's files share their worker's modules (isolate: false), and a worker that lives through
 * all of them carries what each left behind, so its garbage collection slows the later files.
 * `shard` ('i/n') makes this lane one of n running side by side.
 */
function vitestLane(name, report, projects, env = {}, { pieces = 1, shard, workers } = {}) {
  const laneReports = [];
  const runs = Array.from({ length: pieces }, (_, k) => {
    const part = shard ? shard.replace('/', '-of-') : pieces > 1 ? String(k + 1) : '';
    const file = join(out, part ? report.replace(/\.json$/, `-${part}.json`) : report);
    reports.push(file);
    laneReports.push({ kind: 'vitest', file });
    const split = shard ? [`--shard=${shard}`] : pieces > 1 ? [`--shard=${k + 1}/${pieces}`] : [];
    const args = [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...split,
      ...(workers ? [`--maxWorkers=${workers}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ];
    return [vitest, args];
  });
  return runAside(name, runs, env, laneReports);
}
/**
 * The vitest runs side by side, each on one worker (vitest's default on two cores) but the API tests
 * on two. With a PostgreSQL server at hand: the API tests on PostgreSQL, the production database; the server's
 * other files (pure, or on an embedded database by name: the seeded demo, backups) on PGlite; and
 * the browser-side and pure ones (web in jsdom, domain, contracts, the scenarios' helpers), in two
 * halves, so that the web files, the most of all, keep both cores busy once the server's lanes end.
 * Each server file runs once (apps/server/vitest.config.ts chooses by SERVER_TESTS and
 * TEST_DB_DRIVER). Without PostgreSQL, every server file on PGlite.
 */
const SERVER_PIECES = 3;
const WEB_PROJECTS = ['web', 'web-mocks', 'domain', 'contracts', 'e2e-support'];
function unitLanes() {
  const lanes = ['1/2', '2/2'].map((shard) =>
    vitestLane(`web, domain and contracts unit tests (${shard.replace('/', ' of ')})`, 'vitest-units.json', WEB_PROJECTS, {}, { shard }),
  );
  if (process.env.TEST_DATABASE_URL) {
    // Two workers: the API tests are the phase's longest lane, and are often the last one left,
    // where one worker would leave the other core idle.
    lanes.push(
      vitestLane(
        'API tests (PostgreSQL)',
        'vitest-postgres.json',
        ['server'],
        { TEST_DB_DRIVER: 'postgres' },
        { pieces: SERVER_PIECES, workers: 2 },
      ),
    );
    lanes.push(
      vitestLane('server unit and embedded database tests (PGlite)', 'vitest-server-pglite.json', ['server'], { SERVER_TESTS: 'embedded' }),
    );
  } else {
    console.log('\nTEST_DATABASE_URL is not set: the API tests run on PGlite.');
    lanes.push(vitestLane('API and server unit tests (PGlite)', 'vitest-server-pglite.json', ['server'], {}, { pieces: SERVER_PIECES }));
  }
  return Promise.all(lanes);
}
/**
 * How the vitest lanes and the scenarios share the cores (TEST_PHASES): 'units-first' (the default)
 * runs every vitest lane, then the scenarios; 'side-by-side' starts them together. Side by side,
 * the scenarios' Chromium (which raises its own priority) starved the vitest workers: the same
 * files cost a quarter to three quarters more CPU than alone, and their tests ran out of time
 * waiting for a core.
 */
const PHASES = ['units-first', 'side-by-side'];
const phases = process.env.TEST_PHASES ?? 'units-first';
if (!PHASES.includes(phases)) {
  console.error(`TEST_PHASES=${phases} is not one of ${PHASES.join(', ')}.`);
  process.exit(2);
}
const units = unitLanes();
if (phases === 'units-first') await units;

// Debian's headless shell when installed (e2e/support/chromium.ts says why), else its full Chromium.
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
/** Scenario shards side by side (E2E_SHARDS, default 2): each its own Playwright run and pair of servers. */
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 2);
const shardReport = (i) => join(out, `playwright-${i}.json`);
async function scenarioLane() {
  // Built once here: each shard's servers would otherwise build into the same folder at once.
  if ((await buildWebIfStale()) !== 0) {
    failedSteps.push('web build');
    return;
  }
  const runs = Array.from({ length: shards }, (_, k) => {
    const i = k + 1;
    const env = {
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      PLAYWRIGHT_JSON_OUTPUT_NAME: shardReport(i),
      CHROMIUM_PATH: chromium,
      E2E_PORT: String(3100 + 100 * k),
      // With a PostgreSQL server at hand the scenarios' servers run on it (e2e/support/serve.mjs).
      ...(process.env.TEST_DATABASE_URL ? { E2E_DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...(shards > 1 ? { E2E_SHARD: `${i}/${shards}` } : {}),
      // The page states axe read clean, shared by the shards: each is read once in the run (e2e/support/axe-session.ts).
      E2E_AXE_CLEAN_FILE: join(out, 'axe-clean.txt'),
    };
    const name = shards > 1 ? `end-to-end scenarios, shard ${i} of ${shards} (Chromium)` : 'end-to-end scenarios (Chromium)';
    return runPrefixed(name, shards > 1 ? `[s${i}] ` : '', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], env, [
      { kind: 'playwright', file: shardReport(i) },
    ]);
  });
  await Promise.all(runs);
  for (let i = 1; i <= shards; i++) {
    if (!existsSync(shardReport(i))) continue;
    const s = JSON.parse(readFileSync(shardReport(i), 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
}

/**
 * The shards' and pieces' reports merged into one per runner and database (playwright.json,
 * vitest-postgres.json, vitest-pglite.json in test-results/): the fresh-clone check
 * (../shared/tools/fresh-ci) reads those names for its receipt (flaky scenarios, slowest files).
 * Written after counting, so nothing is counted twice.
 */
function writeMergedReports() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
  const shardReports = Array.from({ length: shards }, (_, k) => read(shardReport(k + 1))).filter(Boolean);
  if (shardReports.length) {
    const stats = {};
    for (const r of shardReports)
      for (const [k, v] of Object.entries(r.stats ?? {})) if (typeof v === 'number') stats[k] = (stats[k] ?? 0) + v;
    writeFileSync(join(out, 'playwright.json'), JSON.stringify({ suites: shardReports.flatMap((r) => r.suites ?? []), stats }));
  }
  const mergeVitest = (name, pattern) => {
    const parts = reports
      .filter((f) => pattern.test(f))
      .map(read)
      .filter(Boolean);
    if (!parts.length) return;
    const sum = (key) => parts.reduce((a, r) => a + (r[key] ?? 0), 0);
    const merged = {
      numPassedTests: sum('numPassedTests'),
      numFailedTests: sum('numFailedTests'),
      testResults: parts.flatMap((r) => r.testResults ?? []),
    };
    writeFileSync(join(out, name), JSON.stringify(merged));
  };
  mergeVitest('vitest-postgres.json', /vitest-postgres-[^/]*\.json$/);
  mergeVitest('vitest-pglite.json', /vitest-server-pglite[^/]*\.json$/);
}

if (existsSync(chromium)) {
  await scenarioLane();
} else if (process.env.CI) {
  console.error(`\nNo Chromium at ${chromium}: the end-to-end scenarios are required in CI (apt-get install chromium-headless-shell).`);
  failedSteps.push('end-to-end scenarios (no Chromium)');
} else {
  console.log(
    `\nNo Chromium at ${chromium}: end-to-end scenarios skipped. Install it with 'apt-get install chromium-headless-shell' (or chromium) or set CHROMIUM_PATH.`,
  );
}

await units;
for (const report of reports) countVitest(report);
writeMergedReports();

if (failedTests.length) console.error(`\nFailed unit and API tests:\n  ${failedTests.join('\n  ')}`);
if (failedSteps.length) console.error(`\nFailed: ${failedSteps.join('; ')}`);
for (const line of timingReport(laneTimes, root, secondsSince(started))) console.log(line);
console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, in ${elapsed()}`);
process.exit(failedSteps.length ? 1 : 0);
