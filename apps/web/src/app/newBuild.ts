/**
 * A tab left open across a deploy asks, for its next screen or dialog, for files of the build it
 * was loaded from. Each build names its files afresh, so those are gone: the import fails and the
 * route's error page shows. Loading the page again, at the address the reader was going to, brings
 * the new build. Vite reports each failed import of the app's own files (`vite:preloadError`, with
 * the error as its payload); those errors are remembered so the error page can tell them apart.
 */
const failedImports = new WeakSet<object>();

export function watchFailedImports(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (payload && typeof payload === 'object') failedImports.add(payload);
  });
}

const RELOADED_AT = 'reloaded-for-new-build-at';
/** A file the new build lacks too must end on the error page, not in a loop of reloads. */
const AT_MOST_EVERY_MS = 60_000;

type Reloadable = Pick<Window, 'sessionStorage'> & { location: Pick<Location, 'reload'> };

/** Loads the page again when `error` is a failed import and no such reload came in the last minute; says whether it did. */
export function reloadForNewBuild(error: unknown, target: Reloadable = window, now = Date.now()): boolean {
  if (!error || typeof error !== 'object' || !failedImports.has(error)) return false;
  try {
    const last = Number(target.sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (now - last < AT_MOST_EVERY_MS) return false;
    target.sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    // Without the storage nothing would stop a loop: the error page stays, with its Reload button.
    return false;
  }
  target.location.reload();
  return true;
}
