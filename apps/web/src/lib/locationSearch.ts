import { useCallback, useMemo, useSyncExternalStore } from 'react';

// Back and forward fire popstate; pushState does not, so a change made here tells the listeners itself.
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentSearch = () => window.location.search;
/** The build prerenders the guest pages without a query: their frame, no answer yet. */
const noSearch = () => '';

/**
 * The query string of a page without a router (the guest pages), like React Router's
 * `useSearchParams`: it follows back and forward, and setting it adds a history entry.
 */
export function useLocationSearch(): [URLSearchParams, (next: Record<string, string>) => void] {
  const search = useSyncExternalStore(subscribe, currentSearch, noSearch);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback((next: Record<string, string>) => {
    window.history.pushState(null, '', `${window.location.pathname}?${new URLSearchParams(next)}`);
    for (const listener of listeners) listener();
  }, []);
  return [params, setParams];
}
