import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeBatcher } from './write-batcher';

/** A store that records every statement; rows named 'bad' are refused, alone or in a batch. */
function fakeStore() {
  const statements: string[][] = [];
  const refuse = (rows: string[]) => {
    statements.push(rows);
    if (rows.includes('bad')) throw new Error('bad row');
    return rows.map((row) => `${row}#${statements.length}`);
  };
  return {
    statements,
    writeMany: vi.fn(async (rows: string[]) => refuse(rows)),
    writeOne: vi.fn(async (row: string) => refuse([row])[0] as string),
  };
}

const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'written',
    (e: Error) => e.message,
  );

describe('writeBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes a batch as soon as maxRows rows wait, in the order they came', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 3, maxWaitMs: 1_000 });
    const results = ['a', 'b', 'c'].map((row) => settled(batcher.add(row)));
    expect(await Promise.all(results)).toEqual(['written', 'written', 'written']);
    expect(store.statements).toEqual([['a', 'b', 'c']]);
  });

  it('writes fewer rows after maxWaitMs, and not before', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 10, maxWaitMs: 2 });
    const results = ['a', 'b'].map((row) => settled(batcher.add(row)));
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writeMany).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all(results)).toEqual(['written', 'written']);
    expect(store.statements).toEqual([['a', 'b']]);
  });

  it('with maxWaitMs 0, writes the rows added in the same stretch of work together, without a timer', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 16, maxWaitMs: 0 });
    const first = ['a', 'b'].map((row) => settled(batcher.add(row)));
    // No timer is advanced: the write goes once this synchronous work is done.
    expect(await Promise.all(first)).toEqual(['written', 'written']);
    expect(await settled(batcher.add('c'))).toBe('written');
    expect(store.statements).toEqual([['a', 'b'], ['c']]);
  });

  it('keeps arrival order across batches', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 2, maxWaitMs: 2 });
    const results = ['1', '2', '3', '4', '5'].map((row) => settled(batcher.add(row)));
    await vi.advanceTimersByTimeAsync(2);
    await Promise.all(results);
    expect(store.statements).toEqual([['1', '2'], ['3', '4'], ['5']]);
  });

  it("settles a caller only when its row's statement has finished", async () => {
    let finish: () => void = () => {};
    const batcher = writeBatcher<string, undefined>({
      writeMany: () =>
        new Promise<undefined[]>((resolve) => {
          finish = () => resolve([undefined]);
        }),
      writeOne: async () => undefined,
      maxRows: 1,
      maxWaitMs: 2,
    });
    let done = false;
    const written = batcher.add('a').then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    finish();
    await written;
    expect(done).toBe(true);
  });

  it("answers each caller with its own row's result, from the batch or from the row written alone", async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 2, maxWaitMs: 2 });
    expect(await Promise.all(['a', 'b'].map((row) => batcher.add(row)))).toEqual(['a#1', 'b#1']);
    const retried = ['c', 'bad'].map((row) => settled(batcher.add(row)));
    expect(await retried[0]).toBe('written');
    const again = writeBatcher({ ...fakeStore(), maxRows: 2, maxWaitMs: 2 });
    const [c] = await Promise.allSettled(['c', 'bad'].map((row) => again.add(row)));
    expect(c).toEqual({ status: 'fulfilled', value: 'c#2' });
  });

  it('writes the rows of a refused batch one by one: only the bad row fails', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 3, maxWaitMs: 2 });
    const results = ['a', 'bad', 'c'].map((row) => settled(batcher.add(row)));
    expect(await Promise.all(results)).toEqual(['written', 'bad row', 'written']);
    expect(store.statements).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('does not write a refused single row twice', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 3, maxWaitMs: 2 });
    const result = settled(batcher.add('bad'));
    await vi.advanceTimersByTimeAsync(2);
    expect(await result).toBe('bad row');
    expect(store.writeOne).not.toHaveBeenCalled();
  });

  it('takes new rows while a batch is being written', async () => {
    const store = fakeStore();
    const batcher = writeBatcher({ ...store, maxRows: 2, maxWaitMs: 2 });
    const first = ['a', 'b'].map((row) => settled(batcher.add(row)));
    const later = settled(batcher.add('c'));
    await vi.advanceTimersByTimeAsync(2);
    expect(await Promise.all([...first, later])).toEqual(['written', 'written', 'written']);
    expect(store.statements).toEqual([['a', 'b'], ['c']]);
  });
});
