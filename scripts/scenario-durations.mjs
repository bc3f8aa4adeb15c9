// Refreshes e2e/scenario-durations.json (seconds per scenario file, which the shard split of
// e2e/support/shards.ts balances by) from Playwright JSON reports: a run's shard reports,
// test-results/playwright-<shard>.json (not playwright.json, which merges them).
// Usage: node scripts/scenario-durations.mjs test-results/playwright-1.json test-results/playwright-2.json
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const target = join(fileURLToPath(new URL('..', import.meta.url)), 'e2e/scenario-durations.json');
const ms = {};

/** Adds every result's duration under its file (a retry counts: it is time the shard spends). */
function walk(suite, file) {
  const here = suite.file ? basename(suite.file) : file;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) ms[here] = (ms[here] ?? 0) + (result.duration ?? 0);
    }
  }
  for (const child of suite.suites ?? []) walk(child, here);
}

const reports = process.argv.slice(2);
if (!reports.length) {
  console.error('Give one or more Playwright JSON reports.');
  process.exit(1);
}
for (const report of reports) for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite, undefined);
const seconds = Object.fromEntries(
  Object.entries(ms)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, total]) => [file, Math.round(total / 1000)]),
);
writeFileSync(target, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files written to ${target}`);
