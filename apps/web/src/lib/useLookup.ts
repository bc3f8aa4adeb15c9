import { useCallback, useEffect, useState } from 'react';

interface Answer<T> {
  key: string;
  data?: T;
  error?: unknown;
}

export interface Lookup<T> {
  /** The answer for the current key (none while it is on its way). */
  data?: T;
  error?: unknown;
  /** No answer for the current key yet. */
  isPending: boolean;
  /** A request for the current key is on its way (the first or a repeat). */
  isFetching: boolean;
  /** Asks the current key again. */
  refetch: () => void;
}

/**
 * One GET that follows a key, for the guest pages, which leave the portal's query library out of
 * their first visit: the answer for the current key, none for a null key. A change of key or a
 * repeat cancels the request still on its way, so a late answer never shows under another key.
 */
export function useLookup<T>(key: string | null, fetcher: (key: string, signal: AbortSignal) => Promise<T>): Lookup<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what asks the same key again
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setFetching(true);
    fetcher(key, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, data });
        setFetching(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, error });
        setFetching(false);
      },
    );
    return () => controller.abort();
  }, [key, attempt, fetcher]);
  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const current = key !== null && answer?.key === key ? answer : null;
  return { data: current?.data, error: current?.error, isPending: !current, isFetching: key !== null && fetching, refetch };
}
