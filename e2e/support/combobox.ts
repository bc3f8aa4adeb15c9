import type { Locator, Page } from '@playwright/test';

/**
 * Picks `option` in a Mantine Select with the pointer. The select is first scrolled to the middle
 * of the window: opened near the bottom of a phone-sized window, its list has no room below, and
 * scrolling the option into view moves the input out of its scroll box, which hides the list
 * again, on every retry.
 */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
}
