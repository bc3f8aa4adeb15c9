import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm test` runs the scenarios in shards side by side, each a Playwright run with its own pair of
 * servers (E2E_SHARD=i/n, E2E_PORT apart). Playwright's own --shard splits by number of tests,
 * which puts the page walk's 160 short tests alone in one shard; this splits by how long each file
 * took (scenario-durations.json, refreshed by scripts/scenario-durations.mjs from a run's report),
 * longest first into the shard with the least so far. A file not timed yet counts as the median.
 * Within a shard the files still run in alphabetical order on one server, as in an unsharded run.
 */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(value: string | undefined): Shard | null {
  const m = value?.match(/^(\d+)\/(\d+)$/);
  if (!m) return null;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index >= 1 && index <= count ? { index, count } : null;
}

/** The files of shard `index` (1-based) of `count`, given each file's duration in seconds. */
export function shardFiles(files: readonly string[], durations: Readonly<Record<string, number>>, shard: Shard): string[] {
  const known = files
    .map((f) => durations[f])
    .filter((d): d is number => typeof d === 'number')
    .sort((a, b) => a - b);
  const median = known.length ? (known[Math.floor(known.length / 2)] ?? 1) : 1;
  const cost = (f: string) => durations[f] ?? median;
  const byCost = [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  const loads = Array.from({ length: shard.count }, () => 0);
  const mine: string[] = [];
  for (const file of byCost) {
    const least = loads.indexOf(Math.min(...loads));
    loads[least] = (loads[least] ?? 0) + cost(file);
    if (least === shard.index - 1) mine.push(file);
  }
  return mine.sort();
}

/** The spec files of `testDir` (file names). */
export function specFiles(testDir: string): string[] {
  return readdirSync(testDir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
}

export function readDurations(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

export const DURATIONS_FILE = join(import.meta.dirname, '..', 'scenario-durations.json');
