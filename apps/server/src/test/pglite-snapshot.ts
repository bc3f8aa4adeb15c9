import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

let snapshot: Blob | undefined;

/**
 * The run's migrated, empty embedded database (made once by global-setup.ts), read from its file
 * once per worker: a test that opens an embedded database of its own starts from this copy rather
 * than making a cluster and running every migration (~7 s alone, far more beside CI's other lanes).
 */
export function migratedSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshot');
  if (file && !snapshot) snapshot = new Blob([readFileSync(file)]);
  return snapshot;
}
