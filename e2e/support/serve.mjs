// Starts the product as `npm start` does, on a fresh embedded database with demo data, and keeps
// its log in .artifacts/server-<port>.log: without MAIL_URL the outbox links are printed there,
// which is how scenarios follow verification and reset links.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('..', import.meta.url));
const artifacts = join(here, '.artifacts');
// Each server keeps its own database and log, named by its port: the second server of a run (on a
// test clock), and the servers of another run from the same checkout on other ports (E2E_PORT).
const dataDir = join(artifacts, `data-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const log = createWriteStream(join(artifacts, `server-${process.env.PORT}.log`));

const server = spawn('node', [join(here, '../scripts/start.mjs')], {
  // NODE_ENV=test: the log stays JSON (development's is for a person), which support/flows.ts reads mails from.
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // Every scenario signs up from 127.0.0.1: more than a real address does in an hour.
    SIGNUPS_PER_ADDRESS_HOUR: '1000',
    APP_URL: `http://127.0.0.1:${process.env.PORT}`,
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
server.on('exit', (code) => process.exit(code ?? 0));
