// `npm start`: build the web app when its sources are newer than the build, then run the
// server (API + built SPA) on the embedded database unless DATABASE_URL says otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS, serverEnv } from './server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  // index.html and the guest pages' own (login.html, track-shipment.html).
  ...readdirSync(join(root, 'apps/web'))
    .filter((name) => name.endsWith('.html'))
    .map((name) => `apps/web/${name}`),
  'apps/web/vite.config.ts',
  'apps/web/mantine-styles.ts',
  'apps/web/prerender-guest-pages.ts',
  'packages/contracts',
  'packages/domain',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (sources.some((s) => newestMtime(join(root, s)) > builtAt)) {
  console.log('Building the web app...');
  // Always a production build: under NODE_ENV=test (the scenarios' server) Vite would bundle React's development build.
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, '--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
  cwd: process.cwd(),
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
