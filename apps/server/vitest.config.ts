import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

const SRC = join(import.meta.dirname, 'src');

/** Test files under `dir`, as paths from the package's root. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [relative(import.meta.dirname, join(dir, e.name))] : [],
  );
}

/**
 * The files that use a database through the test app (test/harness.ts and the helpers over it) or
 * choose the driver themselves: the API tests. The others are pure (parsers, signing, formats) or
 * open an embedded database by name (the seeded demo, the data folder, backups).
 */
function usesTestDatabase(file: string): boolean {
  return /test\/(harness|api-client|team|sse|outbox|fuzz-walk)'|TEST_DB_DRIVER|TEST_DATABASE_URL|usingPostgres/.test(
    readFileSync(join(import.meta.dirname, file), 'utf8'),
  );
}

/**
 * Which files this run takes. On PostgreSQL (TEST_DB_DRIVER=postgres) the API tests; with
 * SERVER_TESTS=embedded the others, on PGlite. `npm test` runs the two side by side when a
 * PostgreSQL server is at hand, so each file runs once: the API tests on the production database,
 * PGlite proved by the database layer's own tests and the scenarios' servers. Without either, every
 * file on PGlite (a newcomer's machine with no PostgreSQL).
 */
function included(): string[] {
  if (process.env.TEST_DB_DRIVER === 'postgres') return testFiles(SRC).filter(usesTestDatabase);
  if (process.env.SERVER_TESTS === 'embedded') return testFiles(SRC).filter((f) => !usesTestDatabase(f));
  return ['src/**/*.test.ts'];
}

export default defineConfig({
  test: {
    name: 'server',
    include: included(),
    // The migrated empty database every API test file copies (PGlite) or is made from (PostgreSQL).
    globalSetup: ['src/test/global-setup.ts'],
    // Each API test file starts its own database (PGlite initdb or a new PostgreSQL database), and
    // in CI the lanes share two cores: the tariff fuzz test once took 30 s there. The limit ends a
    // hung test; it does not time one.
    testTimeout: 120_000,
    // The files of a worker share its loaded modules: importing the app for each file took about a
    // third of the run. Each file still builds its own app and database (createTestApp), so what
    // a file may not leave behind is process-wide state: a mocked module (vi.mock), a changed
    // process.env, timers, or keys registered in a module's map; tests undo such changes.
    isolate: false,
    // The first file of a worker that reads the seeded demo seeds it (about 10 s of CPU alone);
    // on a loaded machine that took past 60 s. Like testTimeout, this ends a hung hook only.
    hookTimeout: 300_000,
  },
});
