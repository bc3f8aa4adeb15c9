// The server's Node options, shared by `npm start` and the load benchmarks (bench/server-process.ts).
//
// The JavaScript heap's old generation is capped at 192 MB. Without a cap V8 lets it grow under
// load long before it must (bench/README.md, quote endpoint: idle ~220 MB resident, peaks of
// 309-346 MB at ~500 quotes/s); with it the collector keeps the server near its target of 300 MB.
// The large requests stay well inside it: a 50,000-row CSV import is checked and written 1,000
// rows at a time, and a CSV export streams 1,000 entries at a time.
export const SERVER_NODE_OPTIONS = ['--max-old-space-size=192'];

/**
 * The compiled server's (apps/server/dist): the same, with its source maps read, so that a stack
 * trace in production names the source line. They cost about 20 MB (bench/HISTORY.md, quote endpoint).
 */
export const COMPILED_SERVER_NODE_OPTIONS = [...SERVER_NODE_OPTIONS, '--enable-source-maps'];

/**
 * glibc malloc's settings for every server: at most two arenas. By default each thread that
 * allocates (the log's worker, the PDF worker, libuv's pool hashing passwords and compressing)
 * may get an arena of its own, whose freed blocks stay resident; two arenas kept the compiled
 * server's peak under quote load 15 MB lower at the same rate (bench/README.md, quote endpoint).
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2' };

/**
 * On the embedded database (no DATABASE_URL) besides: glibc malloc's mmap threshold fixed at 1 MB.
 * By default malloc raises the threshold to the largest block freed so far (up to 32 MB) and from
 * then on keeps freed blocks up to that size in its heaps. The embedded database's first start
 * (PGlite, its migrations, the demo seed) left 70-90 MB of freed memory in the server for good that
 * way; with the threshold fixed, a block of 1 MB or more goes back to the system when it is freed
 * (bench/embedded-memory.ts). C libraries other than glibc ignore these variables.
 */
export const EMBEDDED_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '1048576' };

/**
 * The server's environment: `env` over the malloc settings above (the embedded ones only without
 * DATABASE_URL); a variable already set in `env` wins.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function serverEnv(env) {
  return { ...SERVER_MALLOC_ENV, ...(env.DATABASE_URL ? {} : EMBEDDED_MALLOC_ENV), ...env };
}
