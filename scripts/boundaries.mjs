#!/usr/bin/env node
// The boundary check of `npm run lint`: dependency-cruiser with the rules of .dependency-cruiser.cjs,
// failing on any crossing not in the known list. `--baseline` rewrites that list (after crossings
// were removed: it must only shrink).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const KNOWN = '.dependency-cruiser-known-violations.json';
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/contracts/src'];
const baseline = process.argv.includes('--baseline');
const args = ['depcruise', ...SOURCES, '--config', '.dependency-cruiser.cjs'];
const run = spawnSync(
  'npx',
  baseline ? [...args, '--output-type', 'baseline'] : [...args, '--ignore-known', KNOWN, '--output-type', 'err'],
  {
    encoding: 'utf8',
    stdio: baseline ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  },
);
if (baseline && run.status === 0) {
  writeFileSync(KNOWN, run.stdout);
  // The list is checked in: written the way the formatter of `npm run lint` wants it.
  spawnSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'format', '--write', KNOWN], { stdio: 'inherit' });
}
process.exit(run.status ?? 1);
