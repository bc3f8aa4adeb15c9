/**
 * A cache of loads by key: a load that is running or has succeeded is shared by every caller, and
 * one that failed is forgotten, so the next caller tries again instead of getting the old failure
 * (a fetch lost to a network hiccup would otherwise fail its screen until the page is reloaded).
 *
 * For a lazily imported module the retry only helps where the browser fetches a failed module
 * again: the older module-loading rule kept a failed fetch in the module map, so a second import()
 * of the same chunk fails without asking the network (Chromium now fetches again). Where it does
 * not, the screen still fails until a reload, which the route's error screen offers.
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
