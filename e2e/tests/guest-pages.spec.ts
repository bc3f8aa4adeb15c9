import { baseURL } from '../playwright.config';
import { logOut, submitLogin } from '../support/flows';
import { seedLookAlike } from '../support/seed';
import { enterAuthenticatorCode, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The login and public tracking pages are entries of their own (login.html, track-shipment.html).
 * These walk the hand-offs between them and the portal, which are document loads.
 */

/**
 * The entry scripts a page loaded: 'login', 'track-shipment' or 'index' (the portal). A built name
 * is the entry, a dash and an 8-character hash that may itself start or end with a dash
 * ('index--X8MOZC-.js'): the name is read up to the dash before the last eight characters.
 */
async function entryOf(page: Page) {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLScriptElement>('script[type=module][src]'),
      (s) => /\/([a-z-]+?)-[\w-]{8}\.js$/.exec(s.src)?.[1],
    ),
  );
}

/** The first demo shipment's BOL and the second's (seed-shipments.ts: vicsBolNumber(9_000_000 + n)). */
const FIRST_BOL = '06141410090000008';
const SECOND_BOL = '06141410090000015';

test('a guest sent to log in comes back to the page asked for; logout lands on the plain login page', async ({ page }) => {
  const shipper = await seedLookAlike('shipper@demo.test', 'guest-shipper');
  await page.goto('/address-book?q=acme');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faddress-book%3Fq%3Dacme$/);
  expect(await entryOf(page)).toEqual(['login']);
  await submitLogin(page, shipper.email, shipper.password);
  await expect(page).toHaveURL(/\/address-book\?q=acme$/);
  await expect(page.getByRole('heading', { name: 'Address Book' })).toBeVisible();
  expect(await entryOf(page)).toEqual(['index']);

  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
});

test('from the login page to sign-up and back, and a staff member to the dashboard', async ({ page }) => {
  const ops = await seedLookAlike('ops@demo.test', 'guest-ops');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create a company account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your company account' })).toBeVisible();
  expect(await entryOf(page)).toEqual(['index']);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await entryOf(page)).toEqual(['login']);

  await page.getByLabel('Email').fill(ops.email);
  await page.getByLabel(/^Password/).fill(ops.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterAuthenticatorCode(page, ops.email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('a consignee tracks two numbers, goes back and forward, and switches to Spanish', async ({ page }) => {
  await page.goto(`/track-shipment?number=${FIRST_BOL}`);
  expect(await entryOf(page)).toEqual(['track-shipment']);
  await expect(page.getByRole('heading', { name: `Shipment ${FIRST_BOL}` })).toBeVisible();

  await page.getByLabel('Tracking number').fill(SECOND_BOL);
  await page.getByRole('button', { name: 'Track' }).click();
  await expect(page).toHaveURL(new RegExp(`number=${SECOND_BOL}$`));
  await expect(page.getByRole('heading', { name: `Shipment ${SECOND_BOL}` })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('heading', { name: `Shipment ${FIRST_BOL}` })).toBeVisible();
  await expect(page.getByLabel('Tracking number')).toHaveValue(FIRST_BOL);
  await page.goForward();
  await expect(page.getByRole('heading', { name: `Shipment ${SECOND_BOL}` })).toBeVisible();

  await page.getByText('Español').click();
  await expect(page.getByRole('heading', { name: 'Rastrear un envío' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Envío ${SECOND_BOL}` })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await snap(page, 'public-tracking-es');
  // The guest's choice stays for the next page, the login included.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});

/** Errors the page raised or logged (a hydration mismatch is one), beside failed network answers. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

const SCRIPTS = /\/build\/assets\/.*\.js$/;

test('a guest page is on screen before its script has run, in the language chosen last, and the script takes it over', async ({ page }) => {
  const errors = pageErrors(page);
  // A phone still downloading or running the script: the page's HTML alone.
  await page.route(SCRIPTS, (route) => route.abort());
  await page.goto(`/track-shipment?number=${FIRST_BOL}`);
  await expect(page.getByRole('heading', { name: 'Track a Shipment' })).toBeVisible();
  await expect(page.getByText(/^Enter the number from your bill of lading/)).toBeVisible();
  // A number sent before the script has run asks for its page, as the script would.
  await page.getByLabel('Tracking number').fill(SECOND_BOL);
  await page.getByLabel('Tracking number').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/track-shipment\\?number=${SECOND_BOL}$`));

  await page.unroute(SCRIPTS);
  await page.goto(`/track-shipment?number=${FIRST_BOL}`);
  await expect(page.getByRole('heading', { name: `Shipment ${FIRST_BOL}` })).toBeVisible();
  await page.getByText('Español').click();
  await expect(page.getByRole('heading', { name: `Envío ${FIRST_BOL}` })).toBeVisible();

  await page.route(SCRIPTS, (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await snap(page, 'login-before-script-es');

  await page.unroute(SCRIPTS);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  // The script has taken over: its own language switcher answers.
  await page.getByText('English').click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.goto(`/track-shipment?number=${FIRST_BOL}`);
  await expect(page.getByRole('heading', { name: `Shipment ${FIRST_BOL}` })).toBeVisible();
  // A language cookie that disagrees with the app's choice (set by hand here): the script's language wins.
  await page.context().addCookies([{ name: 'language', value: 'es', url: baseURL }]);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});
