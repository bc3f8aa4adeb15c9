import { useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's search params and a way to change some of them, each change starting from the params
 * as last set rather than as last rendered. Renders lag behind the address: two changes before a
 * render (a date typed, then the other) would otherwise each start from the same params, the second
 * undoing the first, and a render of a change of ours still on its way (or of one before it)
 * would put older params back. So an address this page did not set (back, forward, a link)
 * replaces the last-set params, and only once a render of it is committed: the router renders
 * navigations as transitions, whose renders may be thrown away, so nothing is learned while rendering.
 */
export function useLatestParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  /** The addresses this page set since the last one it did not. */
  const ours = useRef(new Set<string>());
  const shown = params.toString();
  useLayoutEffect(() => {
    if (ours.current.has(shown)) return;
    latest.current = new URLSearchParams(shown);
    ours.current.clear();
  }, [shown]);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    latest.current = next;
    ours.current.add(next.toString());
    setParams(next, { replace: true, preventScrollReset: true });
  };
  return { params, update };
}
