// Starts the product as `npm start` does, on a fresh database with demo data, and keeps its log in
// .artifacts/server-<port>.log: without MAIL_URL the outbox links are printed there, which is how
// scenarios follow verification and reset links.
//
// The database is the embedded one, or with E2E_DATABASE_URL (a PostgreSQL server's URL; CI sets it
// from TEST_DATABASE_URL) a database of its own on that server, created empty for this port and
// dropped when the server ends. In CI the scenarios then run on what production runs, and the
// embedded database's work (WebAssembly in the server's own thread, its first start) no longer
// competes for the two cores with the browsers and the API tests, which cover PGlite.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(here, '.artifacts');
// Each server keeps its own database and log, named by its port: the second server of a run (on a
// test clock), and the servers of another run from the same checkout on other ports (E2E_PORT).
const dataDir = join(artifacts, `data-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const log = createWriteStream(join(artifacts, `server-${process.env.PORT}.log`));

const postgres = process.env.E2E_DATABASE_URL ? await freshPostgresDatabase(process.env.E2E_DATABASE_URL) : undefined;

const server = spawn('node', [join(here, '../scripts/start.mjs')], {
  // NODE_ENV=test: the log stays JSON (development's is for a person), which support/flows.ts reads mails from.
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // The seeding path scenarios build their own records with (support/seed.ts): under test only.
    TEST_SEED: '1',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // Every scenario signs up from 127.0.0.1: more than a real address does in an hour.
    SIGNUPS_PER_ADDRESS_HOUR: '1000',
    APP_URL: `http://127.0.0.1:${process.env.PORT}`,
    // On PostgreSQL the demo is seeded only when asked; the embedded database seeds it by default.
    ...(postgres ? { DATABASE_URL: postgres.url, SEED_DEMO: '1', DEMO_TRACKING: '1' } : {}),
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
for (const stream of [server.stdout, server.stderr]) {
  stream.on('data', (chunk) => {
    log.write(chunk);
    process.stdout.write(chunk);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await postgres?.drop().catch((error) => console.error(`could not drop ${postgres.url}: ${error.message}`));
  process.exit(code ?? 0);
});

/**
 * An empty database for this port on the server of `serverUrl` (dropped first when an earlier run
 * left it), and how to drop it again.
 * @param {string} serverUrl
 */
async function freshPostgresDatabase(serverUrl) {
  const admin = new URL(serverUrl);
  const name = `${admin.pathname.slice(1) || 'postgres'}_e2e_${process.env.PORT}`.replace(/\W/g, '_');
  const run = async (sql) => {
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const drop = () => run(`drop database if exists "${name}" with (force)`);
  await drop();
  await run(`create database "${name}"`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return { url: url.href, drop };
}
