import { isGuestPage } from '@freight/domain';
import type { Page } from '@playwright/test';

/**
 * Opens `path` the way a link inside the portal does (the router's history) when the page already
 * shows a portal page, or loads it. A load costs the scenarios' browser and server about 1.1
 * CPU-seconds (a fresh context compiles and runs the portal's scripts again), most of what a flow
 * costs; a move inside the portal a fraction of that. It loads when the page shows no portal page
 * yet (a blank page, /healthz, a guest page such as the login page, another server), when it shows
 * `path` already (the scenario wants the page afresh: an empty form), or when `path` is a guest
 * page. A scenario that needs what only a load does (preferences saved through the API shown)
 * uses page.goto.
 */
export async function openInPortal(page: Page, path: string) {
  // Where the document is and what it shows, read in one step: a redirect landing between two
  // reads (a home page's to /no-access) pushed the page already shown, then waited for ever.
  const { here, shown } = page.url().startsWith('http') ? await shownPage(page) : { here: page.url(), shown: undefined };
  const there = shown === undefined ? undefined : new URL(path, here);
  if (!there || there.origin !== new URL(here).origin || isGuestPage(there.pathname) || there.href === here) {
    await page.goto(path);
    return;
  }
  const to = `${there.pathname}${there.search}`;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `${to}${there.hash}`);
  // Until the new screen is committed the page left behind is still there, and typing into it is lost.
  await page.waitForFunction((before) => document.documentElement.dataset.shownPage !== before, shown);
}

/**
 * The page's address with the portal page the screen shows once its navigation has landed (the
 * portal writes it on <html data-shown-page>), which is undefined when the page is no portal page:
 * a blank page, /healthz, a guest page (a build of its own).
 */
async function shownPage(page: Page): Promise<{ here: string; shown: string | undefined }> {
  const here = page.url();
  if (isGuestPage(new URL(here).pathname)) return { here, shown: undefined };
  return page
    .evaluate(() => ({ here: location.href, shown: document.documentElement.dataset.shownPage }))
    .catch(() => ({ here, shown: undefined }));
}
