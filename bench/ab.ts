// A/B of one bench between two checkouts, alternating in the same time window so the machine's
// drift hits both alike. Each run is the bench's own process in its own tree; the figure compared
// is one field of the JSON the bench prints (a dotted path, e.g. quotes.rps).
// Run: npx tsx bench/ab.ts <tree A> <tree B> [bench file, default bench/quotes-load.ts] [field, default quotes.rps]
// AB_ROUNDS (default 3) rounds of A then B; the bench's own environment (BENCH_SECONDS...) passes through.
// E.g. before/after a change: git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci), then
// BENCH_SECONDS=20 npx tsx bench/ab.ts /tmp/before . bench/quotes-load.ts quotes.rps
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';

const [a, b, bench = 'bench/quotes-load.ts', field = 'quotes.rps'] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: npx tsx bench/ab.ts <tree A> <tree B> [bench] [field]');
const rounds = Number(process.env.AB_ROUNDS ?? 3);

/** The bench in `tree`: its printed JSON (the last top-level object in its output). */
function runIn(tree: string): Record<string, unknown> {
  const out = spawnSync(process.execPath, ['--import', 'tsx', bench], {
    cwd: resolve(tree),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (out.status !== 0) throw new Error(`${bench} failed in ${tree} (exit ${out.status})`);
  const start = out.stdout.lastIndexOf('\n{');
  return JSON.parse(out.stdout.slice(start + 1));
}
const fieldOf = (json: Record<string, unknown>) =>
  Number(field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], json));

const rows: { round: number; at: string; load: string; a: number; b: number; ratio: number }[] = [];
for (let round = 1; round <= rounds; round++) {
  const at = new Date().toISOString().slice(0, 16);
  const load = loadavg()[0]?.toFixed(1) ?? '';
  const va = fieldOf(runIn(a));
  const vb = fieldOf(runIn(b));
  rows.push({ round, at, load, a: va, b: vb, ratio: Number((vb / va).toFixed(3)) });
  console.error(`round ${round} (${at}, load ${load}): A ${va}  B ${vb}  B/A ${(vb / va).toFixed(3)}`);
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
console.log(
  JSON.stringify(
    {
      bench,
      field,
      a,
      b,
      cpus: cpus().length,
      rounds: rows,
      mean_a: Number(mean(rows.map((r) => r.a)).toFixed(1)),
      mean_b: Number(mean(rows.map((r) => r.b)).toFixed(1)),
      ratio_of_means: Number((mean(rows.map((r) => r.b)) / mean(rows.map((r) => r.a))).toFixed(3)),
    },
    null,
    2,
  ),
);
