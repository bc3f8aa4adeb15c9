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

/** A time the thread did not turn its event loop: from `startUs` to `endUs` (the monotonic clock, µs, as the profile's). */
interface Hold {
  startUs: number;
  endUs: number;
}

/**
 * What held the thread in each of `holds` (the longest first): how long, the functions that took
 * its samples, and the project's own frames they ran under (the deepest one of apps/ or packages/
 * in each sample's stack), so a long hold names the code that made it.
 */
export function whatHeld(profile: CpuProfile & { startTime: number }, holds: readonly Hold[], top = 6) {
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
  const largest = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([at, us]) => ({ ms: +(us / 1000).toFixed(1), at }));
  const sampleTimes: number[] = [];
  let clock = profile.startTime;
  for (const delta of profile.timeDeltas) {
    clock += delta;
    sampleTimes.push(clock);
  }
  return [...holds]
    .sort((a, b) => b.endUs - b.startUs - (a.endUs - a.startUs))
    .map((hold) => {
      const functions = new Map<string, number>();
      const under = new Map<string, number>();
      for (const [k, id] of profile.samples.entries()) {
        const at = sampleTimes[k] ?? 0;
        if (at < hold.startUs || at > hold.endUs) continue;
        const us = profile.timeDeltas[k] ?? 0;
        const name = frameName(byId.get(id));
        functions.set(name, (functions.get(name) ?? 0) + us);
        const mine = ownFrame(id);
        under.set(mine, (under.get(mine) ?? 0) + us);
      }
      return {
        at_ms: Math.round((hold.startUs - profile.startTime) / 1000),
        ms: Math.round((hold.endUs - hold.startUs) / 1000),
        functions: largest(functions),
        under: largest(under),
      };
    });
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Starts profiling this thread, and watching its event loop turn (a timer every 2 ms): a turn
 * later than `holdMs` is a hold. The function returned stops both, writes the profile to `file`
 * and summarises it, with what made the eight longest holds.
 */
export async function startCpuProfile(file: string, holdMs = 40) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const holds: Hold[] = [];
  let last = nowUs();
  const watch = setInterval(() => {
    const now = nowUs();
    if (now - last > holdMs * 1000) holds.push({ startUs: last, endUs: now });
    last = now;
  }, 2);
  return async () => {
    clearInterval(watch);
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile & { startTime: number } };
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
    return { ...whereTimeWent(profile), holds: holds.length, longest_holds: whatHeld(profile, holds).slice(0, 8) };
  };
}
