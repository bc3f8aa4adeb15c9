import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

const snapshots = new Map<string, Blob>();

/** A snapshot file global-setup.ts made, read once per worker. */
function snapshotOf(key: 'pgliteSnapshot' | 'seededPgliteSnapshot'): Blob | undefined {
  const file = inject(key);
  if (!file) return undefined;
  let blob = snapshots.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    snapshots.set(file, blob);
  }
  return blob;
}

/**
 * The run's migrated, empty embedded database (made once by global-setup.ts), read from its file
 * once per worker: a test that opens an embedded database of its own starts from this copy rather
 * than making a cluster and running every migration (~7 s alone, far more beside CI's other lanes).
 */
export function migratedSnapshot(): Blob | undefined {
  return snapshotOf('pgliteSnapshot');
}

/** The same with the API tests' part of the demo seeded (global-setup.ts `seedForApiTests`). */
export function seededSnapshot(): Blob | undefined {
  return snapshotOf('seededPgliteSnapshot');
}
