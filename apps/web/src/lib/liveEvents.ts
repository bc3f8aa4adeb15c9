import { useEffect, useRef } from 'react';

/**
 * A stream the browser gave up on is opened again after this, the wait doubling up to the cap.
 * EventSource reconnects by itself when a stream ends or the network drops, but not after an
 * answer that is not a stream: a 502 or 503 while the process behind it stops (its browsers are
 * told to reconnect and go to another one).
 */
const REOPEN_FIRST_MS = 2000;
const REOPEN_MAX_MS = 30_000;

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
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let wait = REOPEN_FIRST_MS;
    const open = () => {
      const current = new EventSource(path, { withCredentials: true });
      source = current;
      current.onopen = () => {
        wait = REOPEN_FIRST_MS;
      };
      current.onmessage = (e: MessageEvent<string>) => {
        try {
          latest.current.onEvent(JSON.parse(e.data) as T);
        } catch {
          // A malformed event is skipped; the next 'ready' reads everything afresh.
        }
      };
      current.addEventListener('ready', () => latest.current.onReady?.());
      current.onerror = () => {
        if (current.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(open, wait);
        wait = Math.min(wait * 2, REOPEN_MAX_MS);
      };
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [path, enabled]);
}
