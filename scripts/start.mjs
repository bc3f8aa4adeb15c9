// `npm start`: build the web app when its sources are newer than the build, then run the
// server (API + built SPA) on the embedded database unless DATABASE_URL says otherwise.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { SERVER_NODE_OPTIONS, serverEnv } from './server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// KEEP_WEB_BUILD=1 serves the build as it is: a scenario's server started in the middle of a run
// (e2e/support/own-server.ts) must not rebuild it (see there).
const status = process.env.KEEP_WEB_BUILD === '1' ? 0 : await buildWebIfStale();
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
