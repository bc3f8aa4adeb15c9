import type { PGlite } from '@electric-sql/pglite';

/** A file of PGlite's in-memory file system (Emscripten's MEMFS): its bytes and how many are used. */
interface MemoryFile {
  contents: Uint8Array;
  usedBytes: number;
}

interface MemoryFileSystem {
  expandFileStorage(file: MemoryFile, wanted: number): void;
  getFileDataAsTypedArray(file: MemoryFile): Uint8Array;
}

/** Files double up to this size, and past it grow by as much at a time. */
export const DOUBLING_LIMIT = 64 * 1024 * 1024;

/** The room a file of `capacity` bytes gets when it needs `wanted`. */
export function grownCapacity(capacity: number, wanted: number): number {
  const step = capacity < DOUBLING_LIMIT ? capacity * 2 : capacity + DOUBLING_LIMIT;
  return Math.max(wanted, step, 256);
}

/**
 * The embedded database in memory keeps each of PostgreSQL's files in one array. Emscripten grows
 * a file past 1 MB by an eighth, copying all of it each time, on the server's one thread: a table
 * growing from 100 to 200 MB was copied six times, each copy a pause of up to 200 ms for every
 * request (the profiles of bench/batches.ts in memory, 2026-12-05), and a WAL segment of 16 MB
 * some twenty times on its way. Grown here by doubling up to 64 MB and then 64 MB at a time, the
 * same table is copied twice. The price is room: a file holds at most twice its bytes below 64 MB
 * and 64 MB more above. A database in a data folder keeps its files on disk and is not touched.
 */
export function growMemoryFilesInLargeSteps(client: PGlite): void {
  const memfs = (client.Module as unknown as { MEMFS?: MemoryFileSystem }).MEMFS;
  if (!memfs) return;
  memfs.expandFileStorage = (file, wanted) => {
    const capacity = file.contents.length;
    if (capacity >= wanted) return;
    const used = memfs.getFileDataAsTypedArray(file);
    const contents = new Uint8Array(grownCapacity(capacity, wanted));
    contents.set(used);
    file.contents = contents;
  };
}
