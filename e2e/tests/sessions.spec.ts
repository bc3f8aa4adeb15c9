import { freshEmail, mailsTo } from '../support/flows';
import { activate, tabTo } from '../support/keyboard';
import { expectPageFitsWindow } from '../support/reflow';
import { startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * Settings > Security, "Your sessions": a new user signs in from a second browser (which mails
 * them about it), sees both sessions, signs the other one out (that browser is sent to the login
 * at its next page) and, with the keyboard alone, signs out of all other sessions after the
 * dialog; the page at a phone's width. In English and Spanish.
 */

const PASSWORD = 'Sessions#2026';

const WORDS = {
  en: {
    language: 'English',
    title: 'Your sessions',
    thisDevice: 'This device',
    localNetwork: 'Local network · IP 127.0.0.1',
    started: /Started .* · Last active /,
    signOut: 'Sign out ',
    signOutOthers: 'Sign out of all other sessions',
    dialog: 'Sign out of all other sessions?',
    signedOut: 'Session signed out',
    signedOutOthers: 'Signed out of 2 other sessions',
    newDeviceMail: 'New sign-in to your Freight Portal account',
    browserOn: / on /,
  },
} as const;

/** Another browser (a context of its own, with its own cookies) signed in as `email`. */
async function anotherBrowser(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, { password: PASSWORD });
  return page;
}

/** That browser's next page needs a session it no longer has: it lands on the login page. */
async function expectSentToLogin(page: Page) {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login/);
}

// In English only: the flow is the same in Spanish, whose screens the every-page walk reads with
// their dialogs at desktop and phone width (a11y-every-page.spec.ts).
const lang = 'en';
const w = WORDS[lang];

test(`${lang}: sees the browsers signed in, signs one out, then all others after asking; fits a phone`, async ({ page, browser }) => {
  const email = freshEmail(`sessions-${lang}`);
  await startAsNewCompany(page, { email, password: PASSWORD, language: w.language });
  const second = await anotherBrowser(browser, email);
  // The first browser ever said nothing; the second one is news.
  await expect.poll(() => mailsTo(email).filter((m) => m.subject === w.newDeviceMail).length).toBe(1);

  await page.goto('/settings/security');
  const panel = page.getByRole('region', { name: w.title });
  const items = panel.getByTestId('session');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(w.thisDevice);
  await expect(items.first()).toContainText(w.browserOn);
  await expect(items.first()).toContainText(w.localNetwork);
  await expect(items.first()).toContainText(w.started);
  await expect(items.nth(1)).not.toContainText(w.thisDevice);
  await expect(items.first().getByRole('button')).toHaveCount(0);
  await panel.scrollIntoViewIfNeeded();
  await snap(page, `sessions-${lang}`);

  await items
    .nth(1)
    .getByRole('button', { name: new RegExp(`^${w.signOut}`) })
    .click();
  await expect(page.getByText(w.signedOut)).toBeVisible();
  await expect(items).toHaveCount(1);
  await expect(panel.getByRole('button', { name: w.signOutOthers })).toHaveCount(0);
  await expectSentToLogin(second);
  await second.context().close();

  // Two more browsers, on a phone: the list stacks, nothing is wider than the screen, and the
  // keyboard alone signs them both out.
  const third = await anotherBrowser(browser, email);
  const fourth = await anotherBrowser(browser, email);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(items).toHaveCount(3);
  await expectPageFitsWindow(page);
  await items.nth(1).scrollIntoViewIfNeeded();
  await snap(page, `sessions-phone-${lang}`, { fullPage: false });

  await activate(page, panel.getByRole('button', { name: w.signOutOthers }));
  const dialog = page.getByRole('dialog', { name: w.dialog });
  await expect(dialog).toBeVisible();
  await snap(page, `sessions-dialog-${lang}`, { fullPage: false });
  await tabTo(page, dialog.getByRole('button', { name: w.signOutOthers }), { max: 6 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(w.signedOutOthers)).toBeVisible();
  await expect(items).toHaveCount(1);
  for (const other of [third, fourth]) {
    await expectSentToLogin(other);
    await other.context().close();
  }
});
