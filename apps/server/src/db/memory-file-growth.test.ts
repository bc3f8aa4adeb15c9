import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOUBLING_LIMIT, growMemoryFilesInLargeSteps, grownCapacity } from './memory-file-growth';

const MB = 1024 * 1024;

describe('grownCapacity', () => {
  it('doubles a file up to 64 MB, then adds 64 MB at a time, and always gives what is wanted', () => {
    expect(grownCapacity(4 * MB, 4 * MB + 1)).toBe(8 * MB);
    expect(grownCapacity(DOUBLING_LIMIT, DOUBLING_LIMIT + 1)).toBe(2 * DOUBLING_LIMIT);
    expect(grownCapacity(200 * MB, 200 * MB + 1)).toBe(264 * MB);
    expect(grownCapacity(MB, 10 * MB)).toBe(10 * MB);
    expect(grownCapacity(0, 10)).toBe(256);
  });
});

interface Fs {
  open(path: string, flags: string): unknown;
  write(stream: unknown, data: Uint8Array, offset: number, length: number): number;
  close(stream: unknown): void;
  readFile(path: string): Uint8Array;
  lookupPath(path: string): { node: { contents: Uint8Array } };
}

describe('an in-memory database file growing', () => {
  let client: PGlite;
  let fs: Fs;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    growMemoryFilesInLargeSteps(client);
    fs = (client.Module as unknown as { FS: Fs }).FS;
  }, 60_000);
  afterAll(() => client.close());

  it('keeps every byte written and grows in few, large steps', () => {
    const piece = new Uint8Array(100 * 1024);
    const stream = fs.open('/tmp/growing', 'w');
    const capacities = new Set<number>();
    for (let i = 0; i < 30; i++) {
      piece.fill(i);
      fs.write(stream, piece, 0, piece.length);
      capacities.add(fs.lookupPath('/tmp/growing').node.contents.length);
    }
    fs.close(stream);
    // 3 MB written: Emscripten's own growth by an eighth past 1 MB would have taken about a dozen sizes.
    expect(capacities.size).toBeLessThanOrEqual(6);
    const written = fs.readFile('/tmp/growing');
    expect(written.length).toBe(30 * piece.length);
    for (let i = 0; i < 30; i++) expect(written[i * piece.length + 17]).toBe(i);
  });

  it('leaves the database working', async () => {
    await client.exec('create table t (v text); insert into t select repeat(md5(g::text), 40) from generate_series(1, 5000) g');
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from t');
    expect(rows[0]?.n).toBe(5000);
  });
});
