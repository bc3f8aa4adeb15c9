import { useEffect, useRef } from 'react';

/**
 * Listens to a server-sent event stream (the support chat's live events) while `enabled`. The
 * browser's EventSource reconnects by itself and sends Last-Event-ID, so the server replays what
 * was missed; `onReady` runs when the stream (re)starts, the moment to read the lists afresh.
 */
export function useLiveEvents<T>(path: string, enabled: boolean, handlers: { onEvent: (event: T) => void; onReady?: () => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(path, { withCredentials: true });
    source.onmessage = (e: MessageEvent<string>) => {
      try {
        latest.current.onEvent(JSON.parse(e.data) as T);
      } catch {
        // A malformed event is skipped; the next 'ready' reads everything afresh.
      }
    };
    source.addEventListener('ready', () => latest.current.onReady?.());
    return () => source.close();
  }, [path, enabled]);
}
