// `npm run start:prod`: the compiled server (`npm run build`) with plain node, `npm start`'s
// Node options and environment, no TypeScript loader. Unlike `npm start` it builds nothing: it
// runs what was built, as an image does (there: apps/server/dist/start.sh, without npm).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_SERVER_NODE_OPTIONS, serverEnv } from './server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'apps/server/dist/server.js');
if (!existsSync(entry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('No build: run `npm run build` first (it compiles the server and builds the web app).');
  process.exit(1);
}

const server = spawn(process.execPath, [...COMPILED_SERVER_NODE_OPTIONS, entry], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
