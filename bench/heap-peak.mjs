// Preloaded into a server by bench/attachment-uploads.ts (`node --import ./bench/heap-peak.mjs`):
// samples the process's memory every 50 ms and writes the peaks so far as JSON to HEAP_PEAK_FILE
// every 250 ms, so the figures of a process that dies of memory exhaustion are still on disk.
import { writeFileSync } from 'node:fs';

const file = process.env.HEAP_PEAK_FILE;
if (file) {
  const peak = { rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  let ticks = 0;
  setInterval(() => {
    const m = process.memoryUsage();
    for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], m[k]);
    if (++ticks % 5 === 0) writeFileSync(file, JSON.stringify({ ...peak, at: Date.now() }));
  }, 50).unref();
}
