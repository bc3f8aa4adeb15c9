import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moving through a page with the keyboard alone, as a person without a mouse does: the scenarios
 * use locators only to say where focus should land and what shows, never to click or fill.
 */

/** A short description of the focused element, for failure messages: tag, role, name. */
export async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '(body)';
    const labelled = el.getAttribute('aria-labelledby');
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled.split(' ')[0] ?? '')?.textContent : null) ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent ??
      '';
    const role = el.getAttribute('role') ?? (el as HTMLInputElement).type ?? '';
    return `${el.tagName.toLowerCase()}${role ? `[${role}]` : ''} "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
  });
}

/**
 * Whether the focused element can be seen: on screen, not covered by a sticky or fixed element
 * it is not part of (WCAG 2.4.11), and drawn differently from the same element unfocused (an
 * outline or ring, or a border or background of another colour). Returns what is wrong, or ''.
 */
async function focusProblem(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body || focused === document.documentElement) return 'nothing has focus';
    // A visually hidden input (a segmented control's radio, a styled checkbox) draws its focus on
    // its label: that is what the user sees.
    const box = focused.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1 || getComputedStyle(focused).opacity === '0';
    const drawn = hidden ? ((focused as HTMLInputElement).labels?.[0] as HTMLElement | undefined) : undefined;
    const el = drawn ?? focused;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return 'the focused element has no size';
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1);
    if (rect.bottom <= 0 || rect.top >= window.innerHeight || rect.right <= 0 || rect.left >= window.innerWidth) {
      return 'the focused element is off screen';
    }
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el)) {
      const pinned = (node: Element | null): Element | null => {
        for (let n = node; n; n = n.parentElement) {
          const position = getComputedStyle(n).position;
          if (position === 'fixed' || position === 'sticky') return n;
        }
        return null;
      };
      const cover = pinned(top);
      if (cover && !cover.contains(el)) return `the focused element is hidden under ${cover.tagName.toLowerCase()}.${cover.className}`;
    }
    const style = getComputedStyle(el);
    const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    if (outlined || style.boxShadow !== 'none') return '';
    // No ring: compare with a twin that has no focus (Mantine's inputs recolour their border), then
    // the parent with its twin (an input in a drawn box, as a password field's, recolours the box
    // through :focus-within).
    const looks = ['outlineStyle', 'boxShadow', 'borderTopColor', 'borderBottomColor', 'backgroundColor', 'color'] as const;
    const differsFromTwin = (node: HTMLElement) => {
      const twin = node.cloneNode(false) as HTMLElement;
      twin.removeAttribute('id');
      twin.setAttribute('aria-hidden', 'true');
      twin.tabIndex = -1;
      node.parentElement?.insertBefore(twin, node);
      const plain = getComputedStyle(twin);
      const now = getComputedStyle(node);
      const differs = looks.some((p) => plain[p] !== now[p]);
      twin.remove();
      return differs;
    };
    const changed = differsFromTwin(el) || (el.parentElement !== null && differsFromTwin(el.parentElement));
    return changed ? '' : 'the focused element looks the same as without focus';
  });
}

/** Expects the focused element to be visible with a focus style (see focusProblem). */
export async function expectVisibleFocus(page: Page, path: string[] = []) {
  // Polled: Mantine's inputs recolour their border over a 100 ms transition.
  let problem = '';
  const deadline = Date.now() + 1_000;
  do {
    problem = await focusProblem(page);
  } while (problem && Date.now() < deadline);
  const way = path.length ? `\nfocus went to:\n  ${path.join('\n  ')}` : '';
  expect(problem, `${await describeFocus(page)}: ${problem}${way}`).toBe('');
}

export interface TabOptions {
  /** How many key presses before giving up (a trap or a missing stop); 60 unless told. */
  max?: number;
  /** Shift+Tab: backwards. */
  back?: boolean;
}

/**
 * Presses Tab until `target` has focus, checking at every stop that the focus is visible; fails
 * after `max` presses with the list of what got focus on the way.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, back = false }: TabOptions = {}) {
  // Attached, not visible: a visually hidden radio is a stop too; each stop's look is checked below.
  await expect(target).toBeAttached();
  // A modal dialog takes focus a moment after it shows (its focus trap starts on the next tick, later
  // on a busy machine): a Tab pressed before that would leave from the page behind it.
  const dialog = target.locator('xpath=ancestor::*[@role="dialog" and @aria-modal="true"][1]');
  if (await dialog.count()) {
    await expect
      .poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), { message: `focus enters the dialog around ${target}` })
      .toBe(true);
  }
  const seen: string[] = [];
  // A field that took focus as its step appeared (the sign-in's code) is reached without a key.
  if (await target.evaluate((el) => el === document.activeElement)) {
    seen.push(await describeFocus(page));
    await expectVisibleFocus(page, seen);
    return;
  }
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await describeFocus(page));
    await expectVisibleFocus(page, seen);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${max} ${back ? 'Shift+Tab' : 'Tab'} presses did not reach ${target}; focus went to:\n  ${seen.join('\n  ')}`);
}

/** Tabs to a text field and types into it (what was in it stays: use on empty fields). */
export async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a text field, clears it with the keyboard (select all, delete) and types `text`. */
export async function retype(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** Tabs to a control and presses Enter (buttons, links). */
export async function activate(page: Page, control: Locator, key: 'Enter' | 'Space' = 'Enter') {
  await tabTo(page, control);
  await page.keyboard.press(key === 'Space' ? ' ' : 'Enter');
}

/** `text` as the start of a regular expression. */
export const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Chooses the option whose label starts with `option` in a native select by typing it, as a
 * keyboard user does on a closed select.
 */
export async function chooseNative(page: Page, select: Locator, option: string) {
  await tabTo(page, select);
  await page.keyboard.type(option);
  await expect(select.locator('option:checked')).toHaveText(startingWith(option));
}

/**
 * Chooses `option` in a combobox (Mantine Select): ArrowDown opens the list and walks it until the
 * option is the active one, Enter picks it. Fails after `max` steps.
 */
export async function chooseOption(page: Page, combobox: Locator, option: string | RegExp, max = 30) {
  await tabTo(page, combobox);
  const wanted = page.getByRole('option', { name: option });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('ArrowDown');
    const active = await wanted.evaluateAll((els) => els.some((el) => el.hasAttribute('data-combobox-selected')));
    if (active) {
      await page.keyboard.press('Enter');
      await expect(combobox).toBeFocused();
      return;
    }
  }
  throw new Error(`${max} ArrowDown presses in ${combobox} did not reach the option ${option}`);
}

/**
 * Expects focus to stay inside `dialog` for `presses` Tabs forwards and as many backwards (a
 * dialog keeps the keyboard in it while it is open).
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `after ${i + 1} ${key}, focus left the dialog for ${await describeFocus(page)}`).toBe(true);
    }
  }
}
