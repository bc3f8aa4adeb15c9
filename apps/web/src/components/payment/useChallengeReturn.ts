import { useEffect, useRef, useState } from 'react';
import { type ApiError, isApiError } from '../../lib/api';
import { challengeReturnOf, type IntentKind, withoutChallengeReturn } from './challenge';

/**
 * The payer is back on this page from the card issuer's 3-D Secure page (its address names the
 * intent of `kind`): asks the server, once, how it ended (`confirm`; the server asks the processor,
 * the address is no proof) and takes the intent out of the address. Done: `onDone` with the
 * server's answer; otherwise the refusal, for the page to say (a failed challenge, invoices paid
 * meanwhile, a payment that is no longer due...). `checking` is true from the first render of a
 * page come back to until the server answered.
 */
export function useChallengeReturn<T>(kind: IntentKind, confirm: (intent: string) => Promise<T>, onDone: (result: T) => void) {
  // Read from the document's address (the page may be drawn under the router or in a test without one).
  const intent = challengeReturnOf(window.location.search, kind);
  // Checking from the first render: a page may hold its lists until the answer (they would be stale).
  const [state, setState] = useState<{ checking: boolean; error: ApiError | null }>({ checking: intent !== null, error: null });
  const asked = useRef<string | null>(null);
  const latest = useRef({ confirm, onDone });
  latest.current = { confirm, onDone };

  useEffect(() => {
    if (!intent || asked.current === intent) return;
    asked.current = intent;
    const { pathname, search, hash } = window.location;
    // Same entry, same router state: only the intent leaves the address (a reload must not confirm again).
    window.history.replaceState(window.history.state, '', `${pathname}${withoutChallengeReturn(search)}${hash}`);
    setState({ checking: true, error: null });
    latest.current.confirm(intent).then(
      (result) => {
        setState({ checking: false, error: null });
        latest.current.onDone(result);
      },
      (e: unknown) => setState({ checking: false, error: isApiError(e) ? e : null }),
    );
  }, [intent]);

  return state;
}
