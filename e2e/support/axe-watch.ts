/** What the page asks to be checked once its DOM has settled: the page as a whole, or one dialog. */
export interface AxeTarget {
  /** The same key is checked once per test: path, language and width class, plus the dialog's name. */
  key: string;
  /** CSS selector of the dialog; none for the whole page. */
  selector?: string;
  /** Where it was seen, for the report: "page" or the dialog's name. */
  scope: string;
}

export const SETTLED_BINDING = '__axeSettled';

/**
 * Runs in every page (an init script, so it is serialised: it must not close over anything).
 * It notices the moments worth checking, a document loaded, a route change (pushState,
 * replaceState, popstate) and a dialog appearing, waits until the DOM has been quiet for a moment
 * (a page fetches its data after the route changes; a modal animates in), and hands the
 * targets to the test through the exposed binding. `window.__axeFlush()` hands over what is
 * still waiting at once, so the end of a test loses nothing.
 *
 * Documents that are no HTML page (a JSON answer) are not watched. Two moments are not worth checking. While a menu is open the check waits for it to close: a
 * menu lasts until an item is chosen, and the item often leaves the page (Log out), so a check
 * started then reads the menu half torn down; the every-page walk checks each menu open. And a
 * document being left (a full navigation has begun) hands over nothing more.
 */
export function watchForAxe() {
  if (window !== window.top) return;
  // A JSON answer shown as a document (the /healthz a scenario's sign-in starts from) is no page of the product.
  if (document.contentType !== 'text/html') return;
  const QUIET_MS = 250;
  const MAX_WAIT_MS = 3000;
  const w = window as unknown as Record<string, unknown>;
  let pending: Array<{ kind: 'page' } | { kind: 'dialog'; el: Element }> = [];
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let firstPendingAt = 0;
  let dialogCount = 0;
  let leaving = false;

  const width = () => (window.innerWidth < 768 ? 'phone' : 'desktop');
  const pageKey = () => `${location.pathname}|${document.documentElement.lang}|${width()}`;

  const dialogName = (el: Element) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy
      ?.split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    return byId || el.getAttribute('aria-label') || 'dialog';
  };

  const fire = () => {
    clearTimeout(quietTimer);
    quietTimer = undefined;
    if (leaving) return Promise.resolve();
    const targets = [];
    for (const item of pending) {
      if (item.kind === 'page') {
        targets.push({ key: pageKey(), scope: 'page' });
      } else if (item.el.isConnected) {
        if (!item.el.hasAttribute('data-axe-dialog')) item.el.setAttribute('data-axe-dialog', String(++dialogCount));
        const name = dialogName(item.el);
        targets.push({
          key: `${pageKey()}|dialog:${name}`,
          selector: `[data-axe-dialog="${item.el.getAttribute('data-axe-dialog')}"]`,
          scope: `dialog "${name}"`,
        });
      }
    }
    pending = [];
    const report = w.__axeSettled as ((t: unknown) => Promise<unknown>) | undefined;
    if (targets.length && report) return report(targets).catch(() => undefined);
    return Promise.resolve();
  };

  const menuOpen = () => Array.from(document.querySelectorAll('[role="menu"]')).some((el) => el.checkVisibility());

  const schedule = () => {
    if (!pending.length) return;
    const now = Date.now();
    if (!firstPendingAt) firstPendingAt = now;
    clearTimeout(quietTimer);
    const wait = Math.min(QUIET_MS, Math.max(0, firstPendingAt + MAX_WAIT_MS - now));
    quietTimer = setTimeout(() => {
      firstPendingAt = 0;
      // The menu's closing is a DOM change, which schedules again: the wait starts over from it.
      if (!menuOpen()) fire();
    }, wait);
  };

  const want = (item: (typeof pending)[number]) => {
    pending.push(item);
    schedule();
  };

  const isDialog = (el: Element) => el.matches('[role="dialog"], [role="alertdialog"]');
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of Array.from(record.addedNodes)) {
        if (!(node instanceof Element)) continue;
        if (isDialog(node)) want({ kind: 'dialog', el: node });
        for (const el of Array.from(node.querySelectorAll('[role="dialog"], [role="alertdialog"]'))) want({ kind: 'dialog', el });
      }
    }
    // Any change while something waits restarts the quiet period.
    schedule();
  });

  let lastPath = location.pathname;
  const routeChanged = () => {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    want({ kind: 'page' });
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      routeChanged();
    };
  }
  window.addEventListener('popstate', routeChanged);
  // Fires as a full navigation begins; the document stays on screen until the next one arrives.
  window.addEventListener('beforeunload', () => {
    leaving = true;
    clearTimeout(quietTimer);
    pending = [];
  });

  const start = () => {
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    want({ kind: 'page' });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();

  w.__axeFlush = () => (pending.length ? fire() : Promise.resolve());
}
