/**
 * What the live region says. A module-level store rather than a context: a feature announces
 * from an effect or a mutation's callback without a provider above it, and the guest pages
 * (no portal providers) share it.
 */
type Listener = (message: string) => void;

const listeners = new Set<Listener>();

/**
 * Says `message` politely to screen readers (rates returned, a booking confirmed, a reply in the
 * open chat). Saying the same words twice says them twice: the region is emptied first.
 */
export function announce(message: string) {
  for (const listener of listeners) listener(message);
}

export function onAnnouncement(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
