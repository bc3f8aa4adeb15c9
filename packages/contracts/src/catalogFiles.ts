import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (tests read its docs and every catalog). */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every catalog directory: the shared and the server's own (its exports' too), the web's, each feature's and component's. */
function catalogDirs() {
  const dirs = [
    join(repositoryRoot, 'packages/contracts/locales'),
    join(repositoryRoot, 'apps/web/src/locales'),
    // The server's exports word their columns from a catalog of their own.
    join(repositoryRoot, 'apps/server/src/exports/locales'),
  ];
  for (const group of ['apps/web/src/features', 'apps/web/src/components']) {
    for (const name of readdirSync(join(repositoryRoot, group))) {
      const dir = join(repositoryRoot, group, name, 'locales');
      if (existsSync(dir)) dirs.push(dir);
    }
  }
  return dirs;
}

/** Every English catalog beside its Spanish one (for tests; the app imports its catalogs). */
export function catalogPairs() {
  return catalogDirs().flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name === 'en.json' || name.endsWith('.en.json'))
      .map((name) => ({
        file: join(dir, name).slice(repositoryRoot.length + 1),
        en: join(dir, name),
        es: join(dir, `${name.slice(0, -'en.json'.length)}es.json`),
      })),
  );
}

/** Every catalog file, both languages. */
export const catalogFiles = () =>
  catalogPairs().flatMap(({ file, en, es }) => [
    { file, path: en },
    { file: file.replace(/en\.json$/, 'es.json'), path: es },
  ]);
