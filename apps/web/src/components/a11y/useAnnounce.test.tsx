import { renderHook } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { onAnnouncement } from './announcer';
import { useAnnounce, useAnnounceArrival } from './useAnnounce';

const said: string[] = [];
const stop = onAnnouncement((m) => said.push(m));
afterEach(() => {
  said.length = 0;
});
afterAll(stop);

describe('announcements of results', () => {
  it('useAnnounce: says the result when shown and for each new occasion, not for a rerender', () => {
    const { rerender } = renderHook(({ m, o }) => useAnnounce(m, o), { initialProps: { m: '9 quotes returned', o: 'q1' } });
    rerender({ m: '9 quotes returned', o: 'q1' });
    rerender({ m: 'No quotes returned', o: 'q2' });
    expect(said).toEqual(['9 quotes returned', 'No quotes returned']);
  });

  it('useAnnounceArrival: what was there when opened is not said, a later arrival is', () => {
    const { rerender } = renderHook(({ m, o }) => useAnnounceArrival(m, o), {
      initialProps: { m: null as string | null, o: undefined as string | undefined },
    });
    rerender({ m: 'New reply from support: hello', o: 'm1' });
    expect(said).toEqual([]);
    rerender({ m: 'New reply from support: on its way', o: 'm2' });
    expect(said).toEqual(['New reply from support: on its way']);
  });
});
