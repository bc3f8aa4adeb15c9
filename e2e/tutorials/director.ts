import type { Locator, Page } from '@playwright/test';
import type { Bilingual } from '../../apps/web/src/features/tutorials/manifest';
import { readingMs, type TimedStep } from './captions';

/** What a tutorial's step file defines (steps/<slug>.ts), listed in catalog.ts. */
export interface TutorialScript {
  slug: string;
  title: Bilingual;
  /** The demo user the tutorial is recorded as. */
  user: string;
  /** Runs before the recording starts (the page is signed in): open the first screen, make data ready. */
  prepare(page: Page): Promise<void>;
  /** The recorded part: steps, each with its caption, grouped into chapters. */
  run(t: Director): Promise<void>;
}

export const defineTutorial = (script: TutorialScript) => script;

/**
 * Drives a recording at a person's pace and times each step: `step` notes when its caption starts
 * (on the video's clock) and keeps it on screen long enough to be read in either language.
 * `click`, `type` and `choose` move the drawn pointer to the element and outline it first.
 */
export class Director {
  readonly steps: TimedStep[] = [];
  /** The moment of the video its poster shows (`poster()`), in seconds. */
  posterAt?: number;
  private pendingChapter?: Bilingual;

  constructor(
    readonly page: Page,
    private readonly clock: () => number,
  ) {}

  /** The next step starts a chapter with this title. */
  chapter(title: Bilingual) {
    this.pendingChapter = title;
  }

  /** One captioned step: the caption is shown while `action` runs, and at least as long as it takes to read. */
  async step(caption: Bilingual, action: () => Promise<void> = async () => {}) {
    const start = this.clock();
    this.steps.push({ start, caption, chapter: this.pendingChapter });
    this.pendingChapter = undefined;
    await this.pause(300);
    await action();
    const left = readingMs(caption) - (this.clock() - start) * 1000;
    await this.pause(Math.max(left, 400));
  }

  /** The poster shows the video as it is now. */
  poster() {
    this.posterAt = this.clock();
  }

  pause(ms: number) {
    return this.page.waitForTimeout(ms);
  }

  /** Scrolls `target` to the middle of the window if it is not in view, smoothly, as a person would. */
  async reveal(target: Locator) {
    await target.waitFor({ state: 'visible' });
    const inView = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 70 && r.bottom <= window.innerHeight - 20;
    });
    if (inView) return;
    await target.evaluate((el) => el.scrollIntoView({ behavior: 'smooth', block: 'center' }));
    await this.pause(700);
  }

  /** Moves the pointer to the middle of `target` in small steps and outlines it. */
  async point(target: Locator, highlightMs = 700) {
    await this.reveal(target);
    const box = await target.boundingBox();
    if (!box) throw new Error(`not on screen: ${target}`);
    const to = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await this.page.mouse.move(to.x, to.y, { steps: 18 });
    await this.page.evaluate(
      ([r, ms]) => (window as unknown as { __tutorialHighlight?: (r: unknown, ms: number) => void }).__tutorialHighlight?.(r, ms),
      [box, highlightMs] as const,
    );
    await this.pause(350);
  }

  async click(target: Locator) {
    await this.point(target);
    await target.click();
    await this.pause(400);
  }

  /** Types into a field key by key (what was in it is cleared first). */
  async type(target: Locator, text: string, { delay = 55 } = {}) {
    await this.point(target, 500);
    await target.click();
    await target.fill('');
    await target.pressSequentially(text, { delay });
    await this.pause(250);
  }

  /** Fills a field in one go (dates, long numbers), after pointing at it. */
  async fill(target: Locator, value: string) {
    await this.point(target, 500);
    await target.fill(value);
    await this.pause(300);
  }

  /** Picks an option of a native select by its value or label (a headless browser draws no open select). */
  async choose(target: Locator, option: string) {
    await this.point(target, 500);
    await target.selectOption(option);
    await this.pause(300);
  }
}
