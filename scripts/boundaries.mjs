#!/usr/bin/env node
// The boundary check of `npm run lint`: dependency-cruiser with the rules of .dependency-cruiser.cjs.
// Any crossing fails it; none is tolerated.
import { spawnSync } from 'node:child_process';

const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/domain/src', 'packages/contracts/src'];
const run = spawnSync('npx', ['depcruise', ...SOURCES, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
