// Builds the web app when its sources are newer than the build: `npm start` before it serves, and
// `npm test` once before its scenario shards start their servers (each server would otherwise
// build into the same folder at the same time).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  // index.html and the guest pages' own (login.html, track-shipment.html).
  ...readdirSync(join(root, 'apps/web'))
    .filter((name) => name.endsWith('.html'))
    .map((name) => `apps/web/${name}`),
  'apps/web/vite.config.ts',
  'apps/web/framework-chunks.ts',
  'apps/web/mantine-styles.ts',
  'apps/web/prerender-guest-pages.ts',
  'apps/web/react-on-preact.mjs',
  'apps/web/screen-chunks.ts',
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

/**
 * Builds when stale; resolves to the build's exit status (0 when nothing needed building). Not
 * spawnSync: `npm test` drains the unit lane's output meanwhile.
 */
export function buildWebIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (!sources.some((s) => newestMtime(join(root, s)) > builtAt)) return Promise.resolve(0);
  console.log('Building the web app...');
  // Always a production build: under NODE_ENV=test (the scenarios' server) Vite would bundle React's development build.
  const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve) => build.on('close', (status) => resolve(status ?? 1)));
}
