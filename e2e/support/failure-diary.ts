import type { BrowserContext, ConsoleMessage, Frame, Page, Request, Response, TestInfo } from '@playwright/test';

/** The attachment a failing scenario's account goes in; support/diary-reporter.ts prints it whole after the summary. */
export const DIARY_ATTACHMENT = '_what-the-pages-showed';

/** What the CI log keeps of one page's text: enough to tell a login page, an error screen or the expected one. */
const TEXT_CHARS = 600;
/** The last main-frame navigations, API answers and errors each page keeps for the account. */
const KEEP = 30;

interface PageEntry {
  page: Page;
  events: string[];
}

/**
 * What happened to a scenario's pages, told in the log when the scenario fails. CI keeps only its
 * log (no trace, and the screenshots go with the clone), so a failure names, for every page the
 * scenario had open: where it was, where it had gone (a sign-in page, an error screen), the API's
 * last answers to it (a request the test waited for that never went, or went otherwise), what threw
 * in it, whether its renderer crashed, and the start of its text. A passing scenario prints nothing.
 */
export class FailureDiary {
  private readonly entries: PageEntry[] = [];
  private readonly started = Date.now();
  private told = false;
  private readonly stops: Array<() => void> = [];

  watch(context: BrowserContext) {
    for (const page of context.pages()) this.track(page);
    const opened = (page: Page) => this.track(page);
    context.on('page', opened);
    this.stops.push(() => context.off('page', opened));
  }

  /**
   * Stops listening to every page and context watched: a context kept for a whole worker (the
   * every-page walk's) is watched by each test's diary in turn, and without this each would add its
   * listeners for good.
   */
  forget() {
    for (const stop of this.stops.splice(0)) stop();
  }

  private track(page: Page) {
    if (this.entries.some((e) => e.page === page)) return;
    const entry: PageEntry = { page, events: [] };
    this.entries.push(entry);
    const note = (what: string) => {
      entry.events.push(`${((Date.now() - this.started) / 1000).toFixed(1)} s ${what}`);
      if (entry.events.length > KEEP) entry.events.shift();
    };
    const navigated = (frame: Frame) => {
      if (frame === page.mainFrame()) note(`at ${frame.url()}`);
    };
    const answered = (response: Response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/')) note(`${response.request().method()} ${url.pathname}${url.search} ${response.status()}`);
    };
    const unanswered = (request: Request) => {
      const url = new URL(request.url());
      note(`${request.method()} ${url.pathname}${url.search} failed: ${request.failure()?.errorText ?? 'no answer'}`);
    };
    const threw = (error: Error) => note(`threw ${error.message.split('\n')[0]}`);
    // The route's error screen logs what it caught; without this line the account only says it showed.
    const logged = (message: ConsoleMessage) => {
      if (message.type() === 'error') note(`console error ${message.text().split('\n').slice(0, 3).join(' | ')}`);
    };
    const crashed = () => note('renderer crashed');
    // One table for both directions, so a listener added is always a listener let go.
    const listeners = [
      ['framenavigated', navigated],
      ['response', answered],
      ['requestfailed', unanswered],
      ['pageerror', threw],
      ['console', logged],
      ['crash', crashed],
    ] as const;
    // Playwright's on/off are overloaded per event name; the table's pairs match them one by one.
    type Listen = (event: string, handler: (arg: never) => void) => Page;
    for (const [event, handler] of listeners) (page.on as Listen).call(page, event, handler);
    this.stops.push(() => {
      for (const [event, handler] of listeners) (page.off as Listen).call(page, event, handler);
    });
  }

  /**
   * Attaches the account of every page to the failed test, once (the test's own context tells it
   * before it closes). Printed as it happened, it went into the log beside the scenario, long before
   * the summary, and a CI log cut to its end lost it; so the reporter prints it after the summary.
   */
  async tell(testInfo: TestInfo) {
    if (this.told) return;
    this.told = true;
    await testInfo.attach(DIARY_ATTACHMENT, { body: await this.report(), contentType: 'text/plain' });
  }

  private async report(): Promise<string> {
    const parts = await Promise.all(
      this.entries.map(async ({ page, events }, k) => {
        const text = page.isClosed()
          ? '(closed)'
          : await page.evaluate(pageSummary, TEXT_CHARS).catch((error: Error) => `(unreadable: ${error.message.split('\n')[0]})`);
        return [`page ${k + 1}: ${page.isClosed() ? 'closed' : page.url()}`, ...events.map((e) => `  ${e}`), `  text: ${text}`].join('\n');
      }),
    );
    return parts.join('\n');
  }
}

/**
 * In the page: the open dialogs and alerts by their text, then the start of the main content (the
 * whole body when the page has no main: an error screen, a bare page).
 */
function pageSummary(chars: number) {
  // biome-ignore lint/performance/useDomNodeTextContent: what the screen shows, hidden text left out, is the point.
  const flat = (el: Element | null) => ((el as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ').trim();
  const shown = (selector: string) => Array.from(document.querySelectorAll(selector), (el) => flat(el).slice(0, 200)).filter(Boolean);
  const dialogs = shown('[role=dialog], [role=alertdialog]').map((d) => `dialog "${d}"`);
  const alerts = shown('[role=alert]').map((a) => `alert "${a}"`);
  const main = flat(document.querySelector('main') ?? document.body).slice(0, chars);
  return [...dialogs, ...alerts, `main: ${main}`].join(' | ');
}
