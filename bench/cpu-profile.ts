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

/** Self time (ms) by package and by function, the largest first. */
export function whereTimeWent(profile: CpuProfile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (const [k, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)?.callFrame ?? { functionName: '?', url: '', lineNumber: 0 };
    const where = url.replace(/^file:\/\/\/.*?\/(apps|packages|node_modules|bench)\//, '$1/');
    const name = `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
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
    return whereTimeWent(profile);
  };
}
