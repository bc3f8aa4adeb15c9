import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from './test';

/** A server's first start (migrations, the demo seed) took up to 74 s in CI beside the other lanes. */
const START_LIMIT_MS = 240_000;

/**
 * A server of the spec file's own at `url` (one of playwright.config.ts's), started before its first test and stopped after its
 * last (support/serve.mjs: a fresh database with demo data, dropped when it ends), with `env`
 * added to its environment. For the scenarios that change what every account shares (a carrier's
 * tariff, the site notifications, the clock): nothing they do reaches another scenario. Started by
 * the file rather than for the whole run, because an idle server still runs its jobs: four of them
 * kept for a whole run cost minutes of CPU the browsers and the unit lanes wait for.
 */
export function useOwnServer(url: string, env: Record<string, string> = {}) {
  const port = new URL(url).port;
  let server: ChildProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(START_LIMIT_MS);
    server = spawn(process.execPath, ['support/serve.mjs'], {
      cwd: `${import.meta.dirname}/..`,
      // The build as the run found it. A source edited since would have this server rebuild it, and
      // each build names its files afresh: the pages other scenarios keep open (the every-page
      // walk's) would then ask for files that are gone and show the route's error page.
      env: { ...process.env, PORT: port, KEEP_WEB_BUILD: '1', ...env },
      // Its log is kept in .artifacts/server-<port>.log; only what it says on stderr shows here.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await ready(`${url}/sanctum/csrf-cookie`, server);
  });
  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  });
}

/** Resolves once `url` answers 2xx; rejects if the server exits first or START_LIMIT_MS passes. */
async function ready(url: string, server: ChildProcess) {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server for ${url} exited (${server.exitCode}) before it was ready`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server for ${url} was not ready within ${START_LIMIT_MS / 1000} s`);
}
