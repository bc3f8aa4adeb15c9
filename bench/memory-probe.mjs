// Preloaded into a server by bench/embedded-memory.ts (`node --import ./bench/memory-probe.mjs`):
// on SIGUSR2 the process writes its own memory figures (process.memoryUsage and V8's heap
// statistics) as JSON to MEMORY_PROBE_FILE. Nothing else changes in the process.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const heap = v8.getHeapStatistics();
    writeFileSync(
      file,
      JSON.stringify({ ...process.memoryUsage(), heapLimit: heap.heap_size_limit, mallocedByV8: heap.malloced_memory, at: Date.now() }),
    );
  });
}
