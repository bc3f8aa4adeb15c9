// `npm run dev`: the API with reload (tsx watch) and Vite's dev server, which proxies the API.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './server-node-options.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Mailed links must open the page the developer is using: Vite's, not the API's.
const env = serverEnv({ ...process.env, APP_URL: process.env.APP_URL ?? 'http://127.0.0.1:5173' });
const children = [
  spawn(join(root, 'node_modules/.bin/tsx'), ['watch', join(root, 'apps/server/src/server.ts')], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
