// Twenty support attachments of the 10 MB limit at once against the embedded default.
// Run: npx tsx bench/attachment-uploads.ts (no PostgreSQL needed; loopback only; stops by itself)
//
// The server as `npm start` runs it (apps/server/src/server.ts with scripts/server-node-options.mjs
// and its environment, on a new data folder in the system's temp folder, removed after), signed in
// as the demo shipper. BENCH_UPLOADS (20) uploads of BENCH_UPLOAD_MB (10) MB each, a PNG signature
// then random bytes, all sent at once. Then: is the process alive, does it answer, does every
// stored file read back byte for byte. Resident memory is sampled every 100 ms (and VmHWM, the
// whole life's peak); the JavaScript heap's peak comes from bench/heap-peak.mjs inside the server,
// which keeps writing it, so a server that dies still leaves its figures.
// BENCH_ROOT runs another tree's server (a `git worktree` of an earlier commit: the baseline).
// BENCH_KIND=csv sends one CSV import at the 10 MB limit instead (see `csvImport`).

import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS, serverEnv } from '../scripts/server-node-options.mjs';
import { memoryMb, signIn, waitFor } from './server-process';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const MB = Number(process.env.BENCH_UPLOAD_MB ?? 10);
const PORT = 3231;
const origin = `http://127.0.0.1:${PORT}`;
const here = fileURLToPath(new URL('.', import.meta.url));
const tree = resolve(process.env.BENCH_ROOT ?? join(here, '..'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const sha = (b: Buffer | ArrayBuffer) =>
  createHash('sha256')
    .update(Buffer.from(b as ArrayBuffer))
    .digest('hex');
const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

function start(dir: string, peakFile: string) {
  const env = {
    ...process.env,
    DATABASE_URL: '',
    NODE_ENV: '',
    SEED_DEMO: '',
    DEMO_TRACKING: '0',
    DATA_DIR: join(dir, 'data'),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    HEAP_PEAK_FILE: peakFile,
  };
  const args = [
    ...SERVER_NODE_OPTIONS,
    '--import',
    join(here, 'heap-peak.mjs'),
    '--import',
    'tsx',
    join(tree, 'apps/server/src/server.ts'),
  ];
  const app = spawn(process.execPath, args, { cwd: tree, env: serverEnv(env), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  app.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  return { app, stderr: () => stderr };
}

async function stop(app: ChildProcess) {
  if (app.exitCode !== null || app.signalCode !== null) return;
  const exited = new Promise((r) => app.once('exit', r));
  app.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (app.exitCode === null) app.kill('SIGKILL');
}

/**
 * BENCH_KIND=csv: instead of the attachments, one address book import (a dry run) of a file at the
 * 10 MB limit made of the shortest rows ('a' and a line end: ~5 million), which a parser that keeps
 * every row holds as millions of arrays.
 */
/** Samples the process's resident memory every 100 ms until `stop()`, which answers the peak in MB. */
function sampleRss(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryMb(pid, 'VmRSS'));
    } catch {
      // The process is gone: the peak stays what it was before it died.
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

async function csvImport(pid: number, headers: Record<string, string>, exit: Promise<string>) {
  const header = `${process.env.BENCH_CSV_HEADER ?? 'name,company,street1,street2,city,state,postal_code,country'}\n`;
  // BENCH_CSV_ROW: another row, repeated up to the limit (e.g. one with a bad value in every cell).
  const row = process.env.BENCH_CSV_ROW ? `${process.env.BENCH_CSV_ROW}\n` : 'a\n';
  const body = header + row.repeat(Math.floor((10 * 2 ** 20 - header.length) / row.length));
  const rss = sampleRss(pid);
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/addresses/import?dry_run=1`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body,
  }).catch((error: Error) => ({ status: 0, text: async () => String(error.cause ?? error) }));
  const answer = (await res.text()).slice(0, 200);
  const peakRss = rss.stop();
  await sleep(1000);
  const alive = (await fetch(`${origin}/api/support/hours`).catch(() => null))?.status === 200;
  return {
    csv_bytes: Buffer.byteLength(body),
    status: res.status,
    answer,
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    server_answering: alive,
    server_exit: alive ? null : await Promise.race([exit, sleep(2000).then(() => 'still running')]),
    peak_rss_mb: Math.round(peakRss),
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'fp-uploads-'));
  const peakFile = join(dir, 'heap.json');
  const server = start(dir, peakFile);
  const exit = new Promise<string>((r) => server.app.once('exit', (code, signal) => r(`exited: code ${code}, signal ${signal}`)));
  try {
    await waitFor(`${origin}/sanctum/csrf-cookie`);
    const pid = server.app.pid!;
    const headers = await signIn(origin);
    await sleep(3000);
    const idleRss = Math.round(memoryMb(pid, 'VmRSS'));
    if (process.env.BENCH_KIND === 'csv')
      return { tree, date: new Date().toISOString(), load_average: loadavg(), ...(await csvImport(pid, headers, exit)) };
    const files = Array.from({ length: UPLOADS }, () => Buffer.concat([PNG, randomBytes(MB * 2 ** 20 - PNG.length)]));
    const rss = sampleRss(pid);
    const t0 = performance.now();
    const answers = await Promise.all(
      files.map(async (file, i) => {
        const t = performance.now();
        try {
          const res = await fetch(`${origin}/api/support/attachments?name=bench-${i}.png`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'image/png' },
            body: file,
          });
          const body = (await res.json().catch(() => null)) as { data?: { id: string; size: number } } | null;
          return { status: res.status, id: body?.data?.id, size: body?.data?.size, ms: Math.round(performance.now() - t) };
        } catch (error) {
          return { status: 0, error: String((error as Error).cause ?? error), ms: Math.round(performance.now() - t) };
        }
      }),
    );
    const uploadSeconds = Number(((performance.now() - t0) / 1000).toFixed(1));
    await sleep(1000);
    const peakRss = rss.stop();
    const alive = server.app.exitCode === null && server.app.signalCode === null;
    const answering = alive ? (await fetch(`${origin}/api/support/hours`).catch(() => null))?.status === 200 : false;
    let intact = 0;
    const t1 = performance.now();
    if (answering) {
      for (const [i, a] of answers.entries()) {
        if (!a.id) continue;
        const res = await fetch(`${origin}/api/support/attachments/${a.id}`, { headers });
        if (res.status === 200 && sha(await res.arrayBuffer()) === sha(files[i]!)) intact += 1;
      }
    }
    const heap = existsSync(peakFile) ? (JSON.parse(readFileSync(peakFile, 'utf8')) as Record<string, number>) : null;
    return {
      tree,
      date: new Date().toISOString(),
      load_average: loadavg().map((n) => Number(n.toFixed(2))),
      uploads: UPLOADS,
      upload_mb: MB,
      statuses: answers.reduce<Record<string, number>>((s, a) => ({ ...s, [a.status]: (s[a.status] ?? 0) + 1 }), {}),
      upload_seconds: uploadSeconds,
      slowest_upload_ms: Math.max(...answers.map((a) => a.ms)),
      server_alive: alive,
      server_answering: answering,
      server_exit: alive ? null : await exit,
      server_last_words: alive
        ? null
        : server
            .stderr()
            .split('\n')
            .filter((line) => /FATAL|out of memory|Error/.test(line)),
      files_read_back_whole: intact,
      download_seconds: Number(((performance.now() - t1) / 1000).toFixed(1)),
      idle_rss_mb: idleRss,
      peak_rss_mb: Math.round(peakRss),
      whole_life_peak_rss_mb: alive ? Math.round(memoryMb(pid, 'VmHWM')) : null,
      peak_heap_used_mb: heap ? mb(heap.heapUsed ?? 0) : null,
      peak_heap_total_mb: heap ? mb(heap.heapTotal ?? 0) : null,
      peak_external_mb: heap ? mb(heap.external ?? 0) : null,
      peak_array_buffers_mb: heap ? mb(heap.arrayBuffers ?? 0) : null,
    };
  } finally {
    await stop(server.app);
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify(await main(), null, 2));
