import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('drops the oldest entry when a new key would pass the limit', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('replaces the value of a key it holds without dropping another', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect(m.size).toBe(2);
    expect(m.get('a')).toBe(10);
    expect(m.get('b')).toBe(2);
  });

  it('keeps an undefined answer as an answer', () => {
    const m = new BoundedMap<string, number | undefined>(1);
    m.set('unknown', undefined);
    expect(m.has('unknown')).toBe(true);
  });
});
