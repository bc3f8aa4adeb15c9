import { describe, expect, it, vi } from 'vitest';
import { reloadForNewBuild, watchFailedImports } from './newBuild';

/** A tab: its events, its session storage and a reload that only counts. */
function tab() {
  const events = new EventTarget();
  const stored = new Map<string, string>();
  const reload = vi.fn();
  const sessionStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  } as Storage;
  watchFailedImports(events as unknown as Window);
  const failImport = () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /build/assets/TrackRoute-old.js');
    events.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error }));
    return error;
  };
  return { window: { sessionStorage, location: { reload } }, reload, failImport };
}

describe('a tab left open across a deploy', () => {
  it('loads the page again when a file of its build could not be imported', () => {
    const { window, reload, failImport } = tab();
    expect(reloadForNewBuild(failImport(), window, 1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error page for any other error', () => {
    const { window, reload } = tab();
    expect(reloadForNewBuild(new TypeError('Cannot read properties of undefined'), window, 1_000_000)).toBe(false);
    expect(reloadForNewBuild(undefined, window, 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at most once a minute, so a file missing from the new build too ends on the error page', () => {
    const { window, reload, failImport } = tab();
    expect(reloadForNewBuild(failImport(), window, 1_000_000)).toBe(true);
    expect(reloadForNewBuild(failImport(), window, 1_059_000)).toBe(false);
    expect(reloadForNewBuild(failImport(), window, 1_061_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the session storage is refused (nothing would stop a loop)', () => {
    const { window, reload, failImport } = tab();
    const refused = {
      ...window,
      sessionStorage: {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      } as unknown as Storage,
    };
    expect(reloadForNewBuild(failImport(), refused, 1_000_000)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
