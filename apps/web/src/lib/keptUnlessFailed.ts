/**
 * A cache of loads by key: a load that is running or has succeeded is shared by every caller, and
 * one that failed is forgotten, so the next caller tries again instead of getting the old failure
 * (a fetch lost to a network hiccup would otherwise fail its screen until the page is reloaded).
 */
export function keptUnlessFailed<T>(seed: Iterable<readonly [string, Promise<T>]> = []) {
  const kept = new Map<string, Promise<T>>(seed);
  return (key: string, start: () => Promise<T>): Promise<T> => {
    const running = kept.get(key);
    if (running) return running;
    const started = start().catch((error: unknown) => {
      kept.delete(key);
      throw error;
    });
    kept.set(key, started);
    return started;
  };
}
