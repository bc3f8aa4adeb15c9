/**
 * Records the pages loaded as documents (location.assign and location.replace: the way into the
 * guest pages and from them into the portal) instead of loading them, which jsdom cannot do. The
 * location reads as `href` meanwhile.
 */
export function recordDocumentLoads(href = 'http://localhost:3000/') {
  const original = window.location;
  const loads: string[] = [];
  const record = (url: string | URL) => {
    loads.push(String(url));
  };
  const location = Object.assign(new URL(href), { assign: record, replace: record, reload: () => undefined });
  Object.defineProperty(window, 'location', { configurable: true, value: location });
  return {
    loads,
    restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }),
  };
}
