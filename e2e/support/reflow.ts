import { expect, type Page, test } from '@playwright/test';

/**
 * What a page must survive when its text is enlarged, spaced out or reflowed (WCAG 1.4.4, 1.4.10,
 * 1.4.12), and with reduced motion asked for (2.3.3). Each check reads the page as it is drawn and
 * fails listing what it found, so the message names the element to fix.
 */

/** Text at twice the size: Mantine sizes everything in rem, so the whole interface grows with it. */
export const TEXT_AT_200 = 'html { font-size: 200% !important; }';

/** The WCAG 1.4.12 text spacing bookmarklet's values. */
export const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** 1280 px at 400% zoom. */
export const REFLOW_VIEWPORT = { width: 320, height: 640 };

/** Applies a style sheet for the length of `check`, then takes it off again. */
export async function withStyle(page: Page, css: string, check: () => Promise<void>) {
  const tag = await page.addStyleTag({ content: css });
  try {
    // Two frames: layout and any ResizeObserver-driven re-render settle before the page is read.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await check();
  } finally {
    await tag.evaluate((el) => (el as Element).remove());
  }
}

/**
 * No text is cut off: no text sits, even in part, outside the box of an ancestor that hides its
 * overflow. Text a scrolling box can bring into view is not cut off; an ellipsis or a line clamp
 * is allowed where the whole text is the box's title or accessible name.
 */
export async function expectNoClippedText(page: Page, what: string) {
  const clipped = () =>
    page.evaluate(() => {
      const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
      const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
      const nameOf = (el: Element) => {
        const testId = el.getAttribute('data-testid');
        const classes = Array.from(el.classList).slice(0, 2).join('.');
        return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''}`;
      };
      /** An ellipsis or a line clamp that keeps the whole text in a title or aria-label nearby. */
      const shortenedWithName = (box: Element, text: string) => {
        const style = getComputedStyle(box);
        if (style.textOverflow !== 'ellipsis' && style.webkitLineClamp === 'none') return false;
        for (let el: Element | null = box, up = 0; el && up < 4; el = el.parentElement, up++) {
          const name = `${el.getAttribute('title') ?? ''} ${el.getAttribute('aria-label') ?? ''}`;
          if (name.includes(text)) return true;
        }
        return false;
      };
      type Box = { left: number; right: number; top: number; bottom: number };
      /** Word by word: the spaces at a wrapped line's end hang past its box without hiding anything. */
      const wordBoxes = (node: Text): Box[] => {
        const range = document.createRange();
        return Array.from(node.data.matchAll(/\S+/g)).flatMap((word) => {
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          return Array.from(range.getClientRects())
            .filter((r) => r.width > 0 && r.height > 0)
            .map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
        });
      };
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const text = node.data.replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript, template')) continue;
        if (getComputedStyle(parent).visibility !== 'visible') continue;
        let boxes = wordBoxes(node);
        for (let el: Element | null = parent; boxes.length && el && el !== document.documentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
            // Visually hidden text (a box of a pixel or two) is for screen readers: hidden on purpose.
            if (el.clientWidth <= 2 || el.clientHeight <= 2) break;
            const outer = el.getBoundingClientRect();
            const inner = {
              left: outer.left + el.clientLeft,
              top: outer.top + el.clientTop,
              right: outer.left + el.clientLeft + el.clientWidth,
              bottom: outer.top + el.clientTop + el.clientHeight,
            };
            // A glyph's box is a little taller than a tight line box: a quarter line is not a lost line.
            const out = (b: Box) => {
              const slack = Math.max(2, (b.bottom - b.top) / 4);
              if (hides(style.overflowX) && (b.left < inner.left - 2 || b.right > inner.right + 2)) return 'sideways';
              if (hides(style.overflowY) && (b.top < inner.top - slack || b.bottom > inner.bottom + slack)) return 'at the bottom';
              return null;
            };
            const cut = boxes.map(out).find(Boolean);
            if (cut && !shortenedWithName(el, text)) {
              found.push(`"${text.slice(0, 60)}" cut ${cut} by ${nameOf(el)}`);
              break;
            }
            // Beyond a scrolling box, only what shows in its box can still be cut by an ancestor.
            boxes = boxes
              .map((b) => ({
                left: scrolls(style.overflowX) ? Math.max(b.left, inner.left) : b.left,
                right: scrolls(style.overflowX) ? Math.min(b.right, inner.right) : b.right,
                top: scrolls(style.overflowY) ? Math.max(b.top, inner.top) : b.top,
                bottom: scrolls(style.overflowY) ? Math.min(b.bottom, inner.bottom) : b.bottom,
              }))
              .filter((b) => b.right > b.left && b.bottom > b.top);
          }
          if (style.position === 'fixed') break;
        }
      }
      return found;
    });
  await expectNothingFound(page, await settledFindings(clipped), `text cut off ${what}`);
}

/**
 * No control lies over another: the visible boxes of links, buttons and fields (cut to the
 * boxes that hide their overflow) never meet, except a field's own buttons inside its frame.
 */
export async function expectNoOverlappingControls(page: Page, what: string) {
  const overlapping = () =>
    page.evaluate(() => {
      window.scrollTo(0, 0);
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        '[role=button]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=switch]',
        '[role=tab]',
        '[role=combobox]',
      ].join(', ');
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"`;
      type Box = { left: number; top: number; right: number; bottom: number };
      /**
       * What of the control shows: its boxes (a link wrapped over two lines has one per line), each
       * cut by every ancestor that hides or scrolls its overflow.
       */
      const shownBoxes = (el: Element): Box[] => {
        const style = getComputedStyle(el);
        if (style.visibility !== 'visible' || style.opacity === '0') return [];
        let boxes: Box[] = Array.from(el.getClientRects(), (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const s = getComputedStyle(a);
          const frame = a.getBoundingClientRect();
          const cutX = s.overflowX !== 'visible';
          const cutY = s.overflowY !== 'visible';
          if (cutX || cutY)
            boxes = boxes.map((b) => ({
              left: cutX ? Math.max(b.left, frame.left) : b.left,
              right: cutX ? Math.min(b.right, frame.right) : b.right,
              top: cutY ? Math.max(b.top, frame.top) : b.top,
              bottom: cutY ? Math.min(b.bottom, frame.bottom) : b.bottom,
            }));
          if (s.position === 'fixed') break;
        }
        // A control off the top of the page (the skip link until focused) or cut to nothing is not shown.
        return boxes.filter((b) => b.right - b.left >= 2 && b.bottom - b.top >= 2 && b.bottom > 0);
      };
      const controls = Array.from(document.querySelectorAll(selector)).flatMap((el) => {
        const boxes = shownBoxes(el);
        return boxes.length ? [{ el, boxes }] : [];
      });
      const meet = (a: Box, b: Box) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
      const found: string[] = [];
      for (const [i, a] of controls.entries()) {
        for (const b of controls.slice(i + 1)) {
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const frame = a.el.closest('.mantine-Input-wrapper');
          if (frame?.contains(b.el)) continue;
          if (a.boxes.some((boxA) => b.boxes.some((boxB) => meet(boxA, boxB)))) found.push(`${name(a.el)} and ${name(b.el)}`);
        }
      }
      return found;
    });
  await expectNothingFound(page, await settledFindings(overlapping), `controls over one another ${what}`);
}

/**
 * What makes the page wider than the window: the page's width, then the innermost elements past
 * the window's right edge outside any scrolling box (what widens everything around them).
 */
function pageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= window.innerWidth) return [];
    const found = [`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`];
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1;
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = Array.from(document.body.querySelectorAll('*')).filter(
      (el) => past(el) && !inScroller(el) && !Array.from(el.children).some(past),
    );
    for (const el of wide.slice(0, 5)) {
      const classes = Array.from(el.classList).slice(0, 2).join('.');
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      found.push(
        `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" ends at ${Math.round(el.getBoundingClientRect().right)} px`,
      );
    }
    return found;
  });
}

/**
 * The page is no wider than the window (only a box of its own may scroll sideways). Read again for
 * a moment while it is not: a page just reloaded or narrowed may draw a frame before it settles.
 */
export async function expectPageFitsWindow(page: Page) {
  const found = await settledFindings(() => pageOverflow(page));
  expect(found, 'the page scrolls sideways').toEqual([]);
}

/**
 * The page scrolls only up and down, and no box inside it scrolls sideways but a table's own
 * scroll container (a data table may need both directions).
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const sideways = async () => [
    ...(await pageOverflow(page)),
    ...(await page.evaluate(() =>
      Array.from(document.body.querySelectorAll('*')).flatMap((el) => {
        const overflow = getComputedStyle(el).overflowX;
        if ((overflow !== 'auto' && overflow !== 'scroll') || el.scrollWidth <= el.clientWidth + 1 || el.querySelector('table')) return [];
        const classes = Array.from(el.classList).slice(0, 2).join('.');
        return [
          `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px)`,
        ];
      }),
    )),
  ];
  await expectNothingFound(page, await settledFindings(sideways), `sideways scrolling ${what}`);
}

/**
 * The animations running on the page that last longer than a blink (10 ms) or repeat for ever:
 * CSS animations and transitions and those started from script (Element.animate).
 */
export async function lastingAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === 'running')
      .map((a) => {
        const timing = a.effect?.getComputedTiming();
        const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
        const name = a instanceof CSSAnimation ? a.animationName : a instanceof CSSTransition ? a.transitionProperty : a.id || 'script';
        return {
          name,
          on: target ? `${target.tagName.toLowerCase()}.${target.getAttribute('class') ?? ''}` : '',
          duration: Number(timing?.duration ?? 0),
          iterations: timing?.iterations ?? 1,
        };
      })
      .filter((a) => a.iterations === Number.POSITIVE_INFINITY || a.duration > 10)
      .map((a) => `${a.name} on ${a.on} (${a.duration} ms × ${a.iterations})`),
  );
}

/** With reduced motion asked for, nothing on the page moves for longer than a blink. */
export async function expectNoMotion(page: Page, what: string) {
  await expectNothingFound(page, await lastingAnimations(page), `animations running ${what}`);
}

/**
 * What `measure` finds once the layout has settled: a chart or a table sized by a ResizeObserver
 * redraws a moment after the window or the text changes (Recharts waits for its resize to pass),
 * and on a busy machine two frames are not always enough. A finding that is still there after
 * three seconds is what people get.
 */
async function settledFindings(measure: () => Promise<string[]>): Promise<string[]> {
  const deadline = Date.now() + 3_000;
  let found = await measure();
  while (found.length && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 250));
    found = await measure();
  }
  return found;
}

/**
 * A soft failure listing what was found, so one page's findings do not hide the next page's; the
 * page as it looked then goes with the report.
 */
async function expectNothingFound(page: Page, found: string[], what: string) {
  if (found.length) {
    const path = test.info().outputPath(`${what.replace(/[^\w]+/g, '-')}.png`);
    await page.screenshot({ path, fullPage: true });
    await test.info().attach(what, { path, contentType: 'image/png' });
  }
  expect.soft(found, what).toEqual([]);
}
