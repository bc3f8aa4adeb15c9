import { describe, expect, it } from 'vitest';
import { parseShard, shardFiles } from './shards';

describe('scenario shards', () => {
  const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts'];
  const durations = { 'a.spec.ts': 600, 'b.spec.ts': 100, 'c.spec.ts': 300, 'd.spec.ts': 250, 'e.spec.ts': 50 };

  it('gives every file to exactly one shard', () => {
    const one = shardFiles(files, durations, { index: 1, count: 2 });
    const two = shardFiles(files, durations, { index: 2, count: 2 });
    expect([...one, ...two].sort()).toEqual(files);
    expect(one.filter((f) => two.includes(f))).toEqual([]);
  });

  it('balances by duration, longest first, and keeps alphabetical order within a shard', () => {
    // a 600 | c 300; d 250 -> 550; b 100 -> 650; e 50 to the first -> 650 each.
    expect(shardFiles(files, durations, { index: 1, count: 2 })).toEqual(['a.spec.ts', 'e.spec.ts']);
    expect(shardFiles(files, durations, { index: 2, count: 2 })).toEqual(['b.spec.ts', 'c.spec.ts', 'd.spec.ts']);
  });

  it('counts an untimed file as the median', () => {
    // new counts 250: a 600 | c 300, d 550, new 800; then b 700 and e 750 on the first.
    const split = shardFiles([...files, 'new.spec.ts'], durations, { index: 1, count: 2 });
    expect(split).toEqual(['a.spec.ts', 'b.spec.ts', 'e.spec.ts']);
  });

  it('reads i/n and refuses anything else', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('0/2')).toBeNull();
    expect(parseShard('3/2')).toBeNull();
    expect(parseShard(undefined)).toBeNull();
    expect(parseShard('1')).toBeNull();
  });
});
