import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import axeCore from 'axe-core';
import { contrastKey, contrastLinesOf } from './axe-contrast';
import { KNOWN_VIOLATIONS } from './axe-known';
import { type AxeTarget, SETTLED_BINDING, watchForAxe } from './axe-watch';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe marks these WCAG A/AA rules experimental and leaves them out of a run by tags; they check
 * what the product promises (a name that contains the visible text, tables with headers).
 * p-as-heading stays out: it takes any bold paragraph (a dialog's total) for a heading.
 */
const EXPERIMENTAL_WCAG_RULES = ['label-content-name-mismatch', 'td-has-header', 'table-fake-caption', 'css-orientation-lock'];
/**
 * Two of axe's best-practice rules, which a run by WCAG tags leaves out: a screen-reader user moves
 * through a page by its headings and their levels, so every page has one h1 that names it
 * (PageHeader), h2 sections and h3 subsections under it, never a level skipped
 * (docs/accessibility.md). page-has-heading-one reads the document element, which a check of one
 * dialog does not include: there it does not apply. heading-order reads the whole document's
 * headings even then, so a dialog's headings are judged after the page's (the dialog's title is an h2).
 */
const HEADING_RULES = ['heading-order', 'page-has-heading-one'];
const RUN_OPTIONS = {
  resultTypes: ['violations' as const],
  rules: Object.fromEntries([...EXPERIMENTAL_WCAG_RULES, ...HEADING_RULES].map((id) => [id, { enabled: true }])),
};
/** For a state whose every text and background axe has read clean in this run (axe-contrast.ts). */
const RUN_OPTIONS_WITHOUT_CONTRAST = { ...RUN_OPTIONS, rules: { ...RUN_OPTIONS.rules, 'color-contrast': { enabled: false } } };
/**
 * A page still loading has no title yet: the portal's #root stays empty until the words of the
 * reader's language are in, then shows a spinner (marked aria-busy) until the page's chunk is.
 * Such a state is checked for everything but its h1.
 */
const whileLoading = (options: typeof RUN_OPTIONS) => ({
  ...options,
  rules: { ...options.rules, 'page-has-heading-one': { enabled: false } },
});
/** E2E_AXE_CONTRAST=every-check runs the colour-contrast rule in every check, as before the lines were remembered. */
const CONTRAST_EVERY_CHECK = process.env.E2E_AXE_CONTRAST === 'every-check';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  target: string;
  html: string;
  url: string;
  scope: string;
  /** Why it does not fail the test, when axe-known.ts lists it. */
  known?: string;
}

/**
 * The session each instrumented context reports to. A context kept across tests (the every-page
 * walk logs each user in once) reports to the test running now, which instruments it again.
 */
const owners = new WeakMap<BrowserContext, AxeSession>();
/** Pages whose close already waits for their checks (once, whichever test closes them). */
const closeWaits = new WeakSet<Page>();

/**
 * The states checked and found clean in this run, by what axe reads of them (structureOf).
 * Scenarios pass through the same screens again and again (the quote form, the shipment list, a
 * dialog) and axe was most of what a scenario cost the browser: a state read clean once is not
 * read again in the run. Only clean ones: a state with a finding is checked wherever it shows, so
 * the test that shows it fails. With E2E_AXE_CLEAN_FILE (npm test names one for all its shards),
 * the shards share what they read clean: each appends its own and reads the others' when it
 * meets a state it has not read itself. The lines of text and background axe read with no contrast
 * finding (axe-contrast.ts) are kept beside them, each under its `contrastKey`.
 */
const checkedClean = {
  known: new Set<string>(),
  file: process.env.E2E_AXE_CLEAN_FILE,
  has(structure: string) {
    if (this.known.has(structure)) return true;
    if (!this.file || !existsSync(this.file)) return false;
    // The part after the last line break is a line still being written (or nothing).
    for (const line of readFileSync(this.file, 'utf8').split('\n').slice(0, -1)) this.known.add(line);
    return this.known.has(structure);
  },
  add(...keys: string[]) {
    const added = keys.filter((key) => !this.known.has(key));
    for (const key of added) this.known.add(key);
    // Whole lines in one write, appended.
    if (this.file && added.length) appendFileSync(this.file, added.map((key) => `${key}\n`).join(''));
  },
};
/**
 * How many checks this worker ran (and of those, how many without the colour-contrast rule), and
 * how many it left out as alike to one read clean: printed at the worker's end.
 */
export const axeCounts = { run: 0, withoutContrast: 0, alike: 0 };

/**
 * What axe's rules read of a page or of one element (runs in the page: serialised, self-contained).
 * For each element: its tag and every attribute's name; the values of those that give its
 * colours, size and state (class, role, type, style, tabindex, the ARIA states, Mantine's data-*
 * flags); for the rest (ids, links, names, labels, the words of aria-label) only whether it is
 * empty; and whether it holds text of its own. The distinct ones, sorted, with the language, the
 * width class and what has focus. Two states alike in all of these differ only in their records'
 * words and numbers (how many rows a list has, which shipment a page shows). A 53-bit hash keeps
 * the key short.
 */
function structureOf(selector: string | null) {
  const scope = selector ? document.querySelector(selector) : document.body;
  if (!scope) return undefined;
  // Values that are records' own (ids, links, words): only whether they are empty counts.
  const WORDS =
    /^(id|href|src|srcset|for|name|value|title|alt|placeholder|action|download|aria-(label|labelledby|describedby|controls|owns|activedescendant|valuenow|valuetext|valuemin|valuemax|posinset|setsize|rowcount|colcount|rowindex|colindex)|data-(axe-dialog|testid|id|path|value|index|position))$/;
  const kindOf = (el: Element) => {
    const attributes = Array.from(el.attributes)
      .map((a) => (WORDS.test(a.name) ? `${a.name}${a.value.trim() ? '' : '=""'}` : `${a.name}=${a.value}`))
      .sort()
      .join(' ');
    const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    return `${el.localName} ${attributes}${own ? ' +text' : ''}`;
  };
  const kinds = new Set<string>();
  for (const el of [scope, ...Array.from(scope.querySelectorAll('*'))]) kinds.add(kindOf(el));
  const focused = document.activeElement ? kindOf(document.activeElement) : '';
  const width = window.innerWidth < 768 ? 'phone' : 'desktop';
  const text = `${document.documentElement.lang}|${width}|${selector ? 'part' : 'page'}|${focused}|${[...kinds].sort().join('\n')}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(36)}${(h1 >>> 0).toString(36)}:${text.length}`;
}

/** What a page's state is checked under: its path, language and width class (phone below 768 px). */
function stateOfPage() {
  if (!location.protocol.startsWith('http') || document.contentType !== 'text/html') return undefined;
  return `${location.pathname}|${document.documentElement.lang}|${window.innerWidth < 768 ? 'phone' : 'desktop'}`;
}

/**
 * One test's accessibility check: every context it opens reports its pages and dialogs when they
 * settle (axe-watch.ts), each is checked once per test, and the findings wait for the test's end.
 */
export class AxeSession {
  readonly findings: AxeFinding[] = [];
  private readonly seen = new Set<string>();
  private readonly pages = new Set<Page>();
  /** axe refuses to run twice at once in a page, so each page's checks queue up. */
  private readonly queues = new Map<Page, Promise<void>>();

  async instrument(context: BrowserContext) {
    const watched = owners.has(context);
    owners.set(context, this);
    for (const page of context.pages()) this.track(page);
    if (watched) return;
    await context.exposeBinding(SETTLED_BINDING, ({ page }, targets: AxeTarget[]) => {
      for (const target of targets) owners.get(context)?.check(page, target);
    });
    await context.addInitScript(watchForAxe);
    context.on('page', (page) => owners.get(context)?.track(page));
    // A scenario that closes a second user's context itself must not lose what was waiting.
    const closeContext = context.close.bind(context);
    context.close = async (options) => {
      const owner = owners.get(context);
      await Promise.all(context.pages().map((page) => owner?.flush(page)));
      return closeContext(options);
    };
  }

  /** Checks what each open page still waits for and its final state, then waits for every check. */
  async finish() {
    await Promise.all([...this.pages].map((page) => this.flush(page)));
  }

  /**
   * Checks the page as it is now and waits for the result, for what no DOM change announces: a
   * viewport resized, a page whose data arrived after the watcher's quiet moment. With `part`,
   * only that element (a menu, a navigation panel opened), reported under its name. A whole-page
   * check stands for the route's own check when that is still waiting.
   */
  async checkNow(page: Page, part?: { selector: string; name: string }) {
    const state = await page.evaluate(stateOfPage).catch(() => undefined);
    if (!state) return;
    if (part) {
      this.check(page, { key: `${state}|${part.name}`, selector: part.selector, scope: part.name });
      await this.queues.get(page);
    } else {
      this.seen.add(state);
      await this.flush(page);
    }
  }

  private track(page: Page) {
    if (this.pages.has(page)) return;
    this.pages.add(page);
    if (closeWaits.has(page)) return;
    closeWaits.add(page);
    const closePage = page.close.bind(page);
    page.close = async (options) => {
      await owners.get(page.context())?.flush(page);
      return closePage(options);
    };
  }

  private async flush(page: Page) {
    if (page.isClosed()) return;
    const state = await page
      .evaluate(async () => {
        const w = window as unknown as { __axeFlush?: () => Promise<unknown> };
        await w.__axeFlush?.();
      })
      .then(() => page.evaluate(stateOfPage))
      .catch(() => undefined);
    // The page's last state (rates returned, a form filled in) is often one no route change showed.
    if (state) this.check(page, { key: `${state}|final`, scope: 'page' });
    await this.queues.get(page);
  }

  private check(page: Page, target: AxeTarget) {
    if (this.seen.has(target.key)) return;
    this.seen.add(target.key);
    const previous = this.queues.get(page) ?? Promise.resolve();
    this.queues.set(
      page,
      previous.then(() => this.run(page, target)),
    );
  }

  /**
   * The findings of the rules that read the page's geometry and colours (RECHECKED_RULES) that a
   * second reading confirms. A button pressed or a dialog closing while axe reads it is seen
   * mid-change (a "Cancel" read under 4.5:1 as it fades out, a button read smaller than 24 px or
   * covered while the page around it is still laid out); a second reading of those rules a moment
   * later keeps what is really wrong and drops what was only changing or has gone.
   */
  private async confirmedAfterSettling(page: Page, violations: { id: string; nodes: { target: unknown[] }[] }[]) {
    const key = (rule: string, target: unknown[]) => `${rule} ${target.map(String).join(' ')}`;
    const found = violations.filter((v) => RECHECKED_RULES.includes(v.id)).flatMap((v) => v.nodes.map((n) => key(v.id, n.target)));
    const confirmed = new Set<string>();
    if (!found.length) return confirmed;
    await page.waitForTimeout(400).catch(() => undefined);
    await settleAnimations(page);
    // The whole page is read again: an element that has gone is no longer there to include.
    const again = await builderFor(page)
      .then((builder) => builder.withRules([...RECHECKED_RULES]).analyze())
      .catch(() => undefined);
    // When the second reading cannot run, the first one stands.
    if (!again) return new Set(found);
    for (const v of again.violations) for (const n of v.nodes) confirmed.add(key(v.id, n.target));
    return confirmed;
  }

  private async run(page: Page, target: AxeTarget) {
    if (page.isClosed()) return;
    // A check queued for a page of the product runs on whatever the page shows by then: when it
    // has moved on to a JSON answer (a sign-in starts from /healthz), there is nothing to check.
    // What the page shows: an HTML document (not a JSON answer the browser displays), and where.
    // The document's time origin tells it from a later load of the same address (a goto to where the page is).
    const shown = await page
      .evaluate(() => ({ url: location.href, html: document.contentType === 'text/html', origin: performance.timeOrigin }))
      .catch(() => undefined);
    if (!shown?.html) return;
    // The phone's navigation open over the page makes the page inert, which axe leaves out (then no
    // heading is left to find). The whole page is read once the navigation is closed again (read as
    // it is if it stays open); the open navigation is a part read on its own (the every-page walk).
    if (!target.selector) {
      await page.waitForFunction(() => !document.querySelector('[inert] h1, h1[inert]'), null, { timeout: 10_000 }).catch(() => undefined);
    }
    await settleAnimations(page);
    const structure = await page.evaluate(structureOf, target.selector ?? null).catch(() => undefined);
    if (structure && checkedClean.has(structure)) {
      axeCounts.alike += 1;
      return;
    }
    axeCounts.run += 1;
    const contrastLines = await page.evaluate(contrastLinesOf, target.selector ?? null).catch(() => undefined);
    const contrastKnown = !CONTRAST_EVERY_CHECK && !!contrastLines?.every((line) => checkedClean.has(contrastKey(line)));
    if (contrastKnown) axeCounts.withoutContrast += 1;
    const loading = await page
      .evaluate(() => !!document.querySelector('[aria-busy="true"]') || document.getElementById('root')?.childElementCount === 0)
      .catch(() => false);
    // The page may navigate or close while axe loads or runs; the next page is checked on its own.
    const results = await builderFor(page)
      .then((builder) => {
        const options = contrastKnown ? RUN_OPTIONS_WITHOUT_CONTRAST : RUN_OPTIONS;
        builder.options(loading ? whileLoading(options) : { ...options }).withTags(AXE_TAGS);
        if (target.selector) builder.include(target.selector);
        return builder.analyze();
      })
      .catch(() => undefined);
    if (!results) return;
    // A page opened and never navigated (about:blank), or gone elsewhere meanwhile, is not the page
    // seen as HTML above: a blank page that went on to /healthz (a JSON answer) while axe loaded was
    // read there, and the page had moved on again to the portal by the time it was asked.
    if (!results.url.startsWith('http') || results.url !== shown.url) return;
    // Loaded again at the same address meanwhile: axe may have read the new document before its
    // screen was in (no heading yet), with the old one's loading state. The new one has its own check.
    const origin = await page.evaluate(() => performance.timeOrigin).catch(() => undefined);
    if (origin !== shown.origin) return;
    const path = new URL(results.url).pathname;
    // Only a first reading with no contrast finding at all vouches for the lines it read.
    if (contrastLines && !contrastKnown && !results.violations.some((v) => v.id === 'color-contrast' && v.nodes.length))
      checkedClean.add(...contrastLines.map(contrastKey));
    const still = await this.confirmedAfterSettling(page, results.violations);
    for (const violation of results.violations) {
      if (RECHECKED_RULES.includes(violation.id))
        violation.nodes = violation.nodes.filter((n) => still.has(`${violation.id} ${n.target.map(String).join(' ')}`));
      for (const node of violation.nodes) {
        const selector = node.target.map(String).join(' ');
        const known = KNOWN_VIOLATIONS.find(
          (k) => k.rule === violation.id && (!k.path || k.path.test(path)) && (!k.target || k.target.test(selector)),
        );
        const finding: AxeFinding = {
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          help: violation.help,
          helpUrl: violation.helpUrl,
          target: selector,
          html: node.html.length > 200 ? `${node.html.slice(0, 200)}…` : node.html,
          url: results.url,
          scope: target.scope,
          known: known?.reason,
        };
        const same = (f: AxeFinding) => f.rule === finding.rule && f.target === finding.target && new URL(f.url).pathname === path;
        if (!this.findings.some(same)) this.findings.push(finding);
      }
    }
    if (structure && results.violations.every((v) => v.nodes.length === 0)) checkedClean.add(structure);
  }
}

/**
 * The rules whose findings a second reading must confirm: they read colours and sizes a change in
 * progress distorts. A box that has just begun to scroll is a Tab stop from the next frame on
 * (app/keyboardScroll.ts waits for the layout), so a reading in between finds it out of reach.
 */
const RECHECKED_RULES: readonly string[] = ['color-contrast', 'target-size', 'scrollable-region-focusable'];

/**
 * A builder for the page with axe-core loaded into its document once. By itself AxeBuilder sends
 * axe's whole source (some 550 KB) to the page and compiles it twice for every check (legacy mode
 * loads it into every frame again); a scenario checks the same document many times as its routes
 * change, and that compiling was a good part of what the checks cost the browser and the runner.
 * Handed the source that does nothing, the builder configures and runs the axe already there.
 */
async function builderFor(page: Page) {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeCore.source);
  return new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true);
}

/**
 * A dialog fading in is still partly transparent: its colours would be read mid-way (a link at
 * 5:1 read under 4.5:1). Transitions are no DOM change, so the watcher's quiet misses them.
 */
async function settleAnimations(page: Page) {
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            // A spinner turns for ever; only what ends is waited for.
            .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((settle) => setTimeout(settle, 1000)),
      ]),
    )
    .catch(() => undefined);
}

/** The failure message: one block per rule, each element with where it was seen. */
export function formatFindings(findings: AxeFinding[]) {
  const byRule = new Map<string, AxeFinding[]>();
  for (const f of findings) byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), f]);
  const blocks = [...byRule.values()].map((list) => {
    const first = list[0] as AxeFinding;
    const lines = list.map((f) => `    ${f.target}  (${f.scope} at ${f.url})\n      ${f.html}`);
    return `  ${first.rule} [${first.impact}] ${first.help}\n  ${first.helpUrl}\n${lines.join('\n')}`;
  });
  return `axe found ${findings.length} violation(s) of WCAG A/AA or of the heading rules:\n${blocks.join('\n\n')}\n(AXE=report writes them to e2e/.artifacts/axe-report.json without failing; known ones go in e2e/support/axe-known.ts with a reason.)`;
}
