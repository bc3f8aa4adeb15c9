// Where a POST /api/quotes allocates: V8's sampling heap profiler, counting objects the garbage
// collector has already freed too, over BENCH_QUOTES quotes through `inject` on PostgreSQL.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/quote-allocations.ts
// (creates and drops its own database). Prints KB allocated per quote, by package and by function.
// inject's own request and response objects (light-my-request) stand in for node:http's.

import { Session } from 'node:inspector/promises';
import { packageOf } from './cpu-profile';
import { benchDatabase, signedInApp } from './setup';
import { benchQuoteRequest } from './shipment';

const QUOTES = Number(process.env.BENCH_QUOTES ?? 2000);

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const bench = await benchDatabase('alloc', 5);
try {
  const { send } = await signedInApp(bench.database);
  const body = JSON.stringify(benchQuoteRequest());
  // Warm: caches filled, code optimised.
  for (let i = 0; i < 200; i++) await send('POST', '/api/quotes', body);
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  for (let i = 0; i < QUOTES; i++) await send('POST', '/api/quotes', body);
  const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
  session.disconnect();

  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode) => {
    const url = node.callFrame.url.replace(/^file:\/\/\/.*?\/(apps|packages|node_modules|bench)\//, '$1/');
    const name = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
    byPackage.set(packageOf(url), (byPackage.get(packageOf(url)) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const perQuoteKb = (bytes: number) => Number((bytes / QUOTES / 1024).toFixed(1));
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => ({ kb_per_quote: perQuoteKb(v), at: k }));
  console.log(
    JSON.stringify(
      { quotes: QUOTES, kb_per_quote: perQuoteKb(total), by_package: top(byPackage, 15), by_function: top(byFunction, 25) },
      null,
      2,
    ),
  );
} finally {
  await bench.drop();
}
