import { baseURL } from '../playwright.config';
import type { AxeSession } from '../support/axe-session';
import { expectNoKeysShown } from '../support/catalog-keys';
import { type Control, EVERY_PAGE, LANGUAGES, type Language, type PageToWalk, type Popup, type Visitor } from '../support/every-page';
import { freshEmail, signUp } from '../support/flows';
import { openInPortal } from '../support/navigate';
import { seedLookAlike } from '../support/seed';
import { logIn, setPreferences } from '../support/session';
import { type Browser, type BrowserContext, test as checked, expect, type Locator, type Page } from '../support/test';

/**
 * Every page of the app (support/every-page.ts) in English and Spanish, each checked by axe (in
 * English at desktop width, in Spanish at a phone's) and for catalog keys shown as text (a route
 * that does not load a feature's words), then every dialog, menu and panel it opens,
 * at the same width, each closed with Escape and giving focus back. One test per page and language, so a failing page hides no
 * other; each visitor's browser context is kept for the whole walk (one log-in per user). A demo
 * user's pages are walked by a look-alike of theirs (support/seed.ts): the same account's records,
 * with a session and settings of its own that no other scenario shares.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Walk#2026';

/**
 * The visitors' pages: one per demo user (their look-alike's, whose settings' language the walk
 * switches) and one per language for the others.
 */
class Visitors {
  private readonly pages = new Map<string, Promise<Page>>();
  /** The language each look-alike's settings are in now. */
  private readonly languages = new Map<Page, Language>();

  constructor(private readonly browser: Browser) {}

  /** The visitor's page, showing the app in `language`. */
  async page(visitor: Visitor, language: Language): Promise<Page> {
    const key = visitor === 'guest' || visitor === 'unverified' ? `${visitor}|${language}` : visitor;
    let page = this.pages.get(key);
    if (!page) {
      page = this.open(visitor, language);
      this.pages.set(key, page);
    }
    const ready = await page;
    if (visitor !== 'guest' && visitor !== 'unverified') await this.speak(ready, language);
    return ready;
  }

  /** Reads the API as a demo user's look-alike, from their page. */
  async lookup(visitor: Exclude<Visitor, 'guest' | 'unverified'>, language: Language, path: string) {
    const page = await this.page(visitor, language);
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } });
      return { status: res.status, body: await res.json() };
    }, path);
    expect(answer.status, `GET ${path}`).toBe(200);
    return answer.body;
  }

  /** Closes every context; the walk can start again. */
  async close() {
    // A context kept across tests may have lost its trace's temporary files when a failed test
    // restarted the worker; that is no finding of the walk, and the other contexts still close.
    for (const page of this.pages.values())
      await (await page)
        .context()
        .close()
        .catch((e: Error) => console.warn(`walk: ${e.message}`));
    this.languages.clear();
    this.pages.clear();
  }

  private async open(visitor: Visitor, language: Language) {
    const context = await this.browser.newContext({ baseURL, viewport: DESKTOP, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (visitor === 'guest') await this.asGuest(context, language);
    else if (visitor === 'unverified') {
      await signUp(page, {
        email: freshEmail(`walk-${language}`),
        password: PASSWORD,
        language: language === 'es' ? 'Spanish' : undefined,
      });
    } else {
      // A look-alike copies the original's current language: the walk says which it speaks. It
      // stays off the portal (on /healthz) until its first page loads, so the home page's redirect
      // (the feature-preview user's to /no-access) cannot race that page's opening.
      const { email, password } = await seedLookAlike(visitor, `walk-${visitor.split('@')[0]}`, { password: PASSWORD });
      await logIn(page, email, { password, settings: { language }, at: '/healthz' });
      this.languages.set(page, language);
    }
    return page;
  }

  /** A guest's language is their own choice, kept in the browser (and a cookie for the prerendered guest pages). */
  private async asGuest(context: BrowserContext, language: Language) {
    await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
    await context.addInitScript((chosen) => window.localStorage.setItem('LANGUAGE', chosen), language);
  }

  /** Switches a look-alike's settings to `language` when they are in another, as the settings page does. */
  private async speak(page: Page, language: Language) {
    if (this.languages.get(page) === language) return;
    await setPreferences(page, { language });
    this.languages.set(page, language);
    // The stored user is refreshed from the server as a page loads: off the portal, the next page
    // opened loads, in the language (each test checks it does).
    await page.goto('/healthz');
  }
}

// The walk keeps its signed-in visitors for the whole worker, so Playwright gives this file a worker
// of its own and runs the files in the order each kind of worker first appears: named to sort
// first, the walk reads the demo data as `npm start` seeds it, before the scenarios pay its
// invoices, answer its approvals or settle its disputes.
const test = checked.extend<{ visit: (visitor: Visitor, language: Language) => Promise<Page> }, { visitors: Visitors }>({
  visitors: [
    async ({ browser }, use) => {
      const visitors = new Visitors(browser);
      await use(visitors);
      await visitors.close();
    },
    { scope: 'worker' },
  ],
  // A kept context reports to the test running now: its findings, and its pages to a failure's account.
  visit: async ({ visitors, axe, failureDiary }, use) => {
    await use(async (visitor, language) => {
      const page = await visitors.page(visitor, language);
      failureDiary.watch(page.context());
      await axe.instrument(page.context());
      return page;
    });
  },
});

/** A disabled control is no way in (an invoice that cannot be paid has its box disabled). */
const locate = (page: Page, control: Control) => page.getByRole(control.role, { name: control.name, disabled: false }).first();

/**
 * In the page: the last shown element of `selector` has drawn its content (a heading, when asked)
 * and nothing is loading: no busy region or progress bar anywhere, no loader in it. Self-contained:
 * it runs in the browser.
 */
function drawn({ selector, heading }: { selector: string; heading: boolean }) {
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const scope = Array.from(document.querySelectorAll(selector)).filter(shown).at(-1);
  if (!scope) return false;
  if (heading && !Array.from(scope.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')).some(shown)) return false;
  if (Array.from(document.querySelectorAll('[aria-busy="true"]')).some(shown)) return false;
  return !Array.from(scope.querySelectorAll('.mantine-Loader-root')).some(shown);
}

/** Waits until the page's main content (or its open dialog) is drawn, checking at every frame rather than at expect's widening intervals. */
async function waitUntilDrawn(page: Page, what: 'main' | 'dialog') {
  const scope = what === 'main' ? { selector: 'main', heading: true } : { selector: '[role="dialog"]', heading: false };
  await page.waitForFunction(drawn, scope, { timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`the ${what} content was not drawn: ${error.message}`);
  });
}

async function urlOf(entry: PageToWalk, language: Language, visitors: Visitors) {
  if (typeof entry.url === 'string') return entry.url;
  const as = entry.lookupAs ?? entry.visitor;
  if (as === 'guest' || as === 'unverified') throw new Error(`${entry.pattern}: a ${as} cannot look records up`);
  return entry.url((path) => visitors.lookup(as, language, path));
}

/** Where each kind of popup is, for checking it alone and seeing it open and close. */
const POPUP_SELECTOR: Record<Popup['kind'], string> = {
  dialog: '[role="dialog"]',
  menu: '[role="menu"]',
  navigation: '.mantine-AppShell-navbar',
};

/**
 * Opens the popup, has it checked, closes it and expects focus back on the control pressed last
 * that is still on the page (a menu's button once its item has gone with the menu).
 */
async function walkPopup(page: Page, popup: Popup, axe: AxeSession) {
  const controls = popup.open.map((control) => locate(page, control));
  // The phone's navigation panel never leaves the page: closed, it waits beside the screen, inert
  // (out of the Tab order and of what a screen reader is given).
  if (popup.kind === 'navigation') await expect(page.locator(POPUP_SELECTOR.navigation)).toHaveAttribute('inert', '');
  for (const control of controls) await control.click();
  const opened = page.locator(POPUP_SELECTOR[popup.kind]).filter({ visible: true }).last();
  if (popup.kind === 'navigation') {
    await expect(opened).toBeInViewport();
    await expect(opened.getByRole('link').first(), 'focus in the opened navigation').toBeFocused();
    await axe.checkNow(page, { selector: POPUP_SELECTOR.navigation, name: popup.name });
    await page.keyboard.press('Escape');
    await expect(opened).not.toBeInViewport();
  } else {
    await expect(opened).toBeVisible();
    if (popup.kind === 'dialog') {
      // The axe watcher checks a dialog as it appears; this waits for its content, then for the check.
      await waitUntilDrawn(page, 'dialog');
      await axe.checkNow(page);
      await expectNoKeysShown(page, POPUP_SELECTOR.dialog);
    } else {
      await axe.checkNow(page, { selector: POPUP_SELECTOR.menu, name: popup.name });
    }
    // A field that opened a list of suggestions as it took focus closes its list at the first Escape.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(opened).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
  const back = await lastOnPage(controls);
  await expect.soft(back, `focus back after closing the ${popup.name}`).toBeFocused();
}

async function lastOnPage(controls: Locator[]) {
  for (const control of [...controls].reverse()) if (await control.isVisible()) return control;
  return controls[0] as Locator;
}

// A worker outlives the file (it runs the next scenarios too): the walk's contexts close before those.
test.afterAll(async ({ visitors }) => {
  await visitors.close();
});

for (const language of LANGUAGES) {
  for (const entry of EVERY_PAGE) {
    test(`${entry.pattern} in ${language} (${entry.visitor})`, async ({ visit, visitors, axe }, testInfo) => {
      // Each popup is opened, drawn, checked and closed: a page with seven of them (a partner's
      // page) took the whole 2 minutes in CI beside the other lanes, so its budget grows with them.
      testInfo.setTimeout(testInfo.timeout + (entry.popups?.length ?? 0) * 20_000);
      const page = await visit(entry.visitor, language);
      const url = await urlOf(entry, language, visitors);
      // English is checked at desktop width, Spanish at a phone's, whose longer words are what a
      // narrow screen has to fit: the page's structure and colours are the same in both
      // languages, and a phone's layout in English found nothing the Spanish one did not.
      const width = language === 'en' ? DESKTOP : PHONE;
      await page.setViewportSize(width);
      await openInPortal(page, url);
      await waitUntilDrawn(page, 'main');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await axe.checkNow(page);
      await expectNoKeysShown(page);

      for (const popup of entry.popups ?? []) {
        await test.step(`${popup.name} (${popup.kind})`, async () => {
          // The navigation panel behind the burger exists at a phone's width only.
          const narrowed = popup.kind === 'navigation' && width !== PHONE;
          if (narrowed) await page.setViewportSize(PHONE);
          await walkPopup(page, popup, axe);
          if (narrowed) await page.setViewportSize(width);
        });
      }
    });
  }
}
