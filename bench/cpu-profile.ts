// A V8 CPU profile of a stretch of this process's own work (the inspector's Profiler), and where its
// time went: self time by package and by function. Benches use it to show what a step costs the
// server's thread (BENCH_PROFILE in batches.ts); packageOf also groups quote-allocations.ts' bytes.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A source file's package (node_modules), `node:` for Node's own code, else its first folders. */
export function packageOf(url: string) {
  const inModules = url.split('node_modules/');
  if (inModules.length > 1) {
    const [scope = '', name = ''] = (inModules.at(-1) ?? '').split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return 'node:';
  return (
    url
      .replace(/^file:\/\/\/.*?\/(apps|packages|bench)\//, '$1/')
      .split('/')
      .slice(0, 4)
      .join('/') || '(native)'
  );
}

const frameName = (node: ProfileNode | undefined) => {
  const { functionName, url, lineNumber } = node?.callFrame ?? { functionName: '?', url: '', lineNumber: 0 };
  const where = url.replace(/^file:\/\/\/.*?\/(apps|packages|node_modules|bench)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
};

/** Self time (ms) by package and by function, the largest first. */
export function whereTimeWent(profile: CpuProfile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (const [k, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const url = byId.get(id)?.callFrame.url ?? '';
    const name = frameName(byId.get(id));
    byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    totalUs += us;
  }
  const largest = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([at, us]) => ({ ms: Math.round(us / 1000), at }));
  return { total_ms: Math.round(totalUs / 1000), by_package: largest(byPackage), by_function: largest(byFunction) };
}

/**
 * The thread's unbroken stretches of work of at least `minMs` (the samples between two waits for
 * I/O, "(idle)"): when each began (ms from the profile's start), how long it lasted, the functions
 * that took its time, and the project's own frames it ran under (the deepest one of apps/ or
 * packages/ in each sample's stack), so a long stretch names the code that made it.
 */
export function longStretches(profile: CpuProfile, minMs = 40, top = 6) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownFrame = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)?.callFrame.url ?? '';
      if (/\/(apps|packages)\//.test(url) && !url.includes('node_modules')) return frameName(byId.get(at));
    }
    return "(none of the project's)";
  };
  const stretches: { at_ms: number; ms: number; functions: { ms: number; at: string }[]; under: { ms: number; at: string }[] }[] = [];
  let clock = 0;
  let open: { start: number; self: Map<string, number>; own: Map<string, number>; us: number } | null = null;
  const close = () => {
    if (open && open.us >= minMs * 1000) {
      const largest = (m: Map<string, number>) =>
        [...m]
          .sort((a, b) => b[1] - a[1])
          .slice(0, top)
          .map(([at, us]) => ({ ms: +(us / 1000).toFixed(1), at }));
      stretches.push({
        at_ms: Math.round(open.start / 1000),
        ms: Math.round(open.us / 1000),
        functions: largest(open.self),
        under: largest(open.own),
      });
    }
    open = null;
  };
  for (const [k, id] of profile.samples.entries()) {
    const us = profile.timeDeltas[k] ?? 0;
    clock += us;
    const node = byId.get(id);
    if (node?.callFrame.functionName === '(idle)') {
      close();
      continue;
    }
    open ??= { start: clock, self: new Map(), own: new Map(), us: 0 };
    open.us += us;
    const name = frameName(node);
    open.self.set(name, (open.self.get(name) ?? 0) + us);
    const mine = ownFrame(id);
    open.own.set(mine, (open.own.get(mine) ?? 0) + us);
  }
  close();
  return stretches.sort((a, b) => b.ms - a.ms);
}

/** Starts profiling this thread; the function returned stops it, writes the profile to `file` and summarises it. */
export async function startCpuProfile(file: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
    return { ...whereTimeWent(profile), long_stretches: longStretches(profile).slice(0, 8) };
  };
}
