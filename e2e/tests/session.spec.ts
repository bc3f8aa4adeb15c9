import { logInAsLookAlike, seedLookAlike } from '../support/seed';
import { authState, loginFormAlive, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a 401 mid-session lands on /login with AUTH_STATE gone', async ({ page, context }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'session-401', { at: '/settings' });
  // The page is a lazy chunk: wait for it (and its check of the session) before the cookie goes.
  await expect(page.getByRole('button', { name: 'Save preferences' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await authState(page)).not.toBeNull();

  // The server forgets the session (expiry, logout elsewhere); the page still thinks it is in.
  await context.clearCookies({ name: 'freight_portal_session' });
  // Saving meets the 401, unless the support stream's reconnection met it first: either way, to /login.
  // The click may find the page already leaving; where it ends is what counts.
  await page
    .getByRole('button', { name: 'Save preferences' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login/);
  expect(await authState(page)).toBeNull();
  await snap(page, 'login-after-401');
});

test('wrong credentials are answered at the email field', async ({ page }) => {
  // A user who exists, with a password of their own: the wrong one is answered as for anyone.
  const shipper = await seedLookAlike('shipper@demo.test', 'session-wrong');
  await page.goto('/login');
  await (await loginFormAlive(page)).fill(shipper.email);
  await page.getByLabel(/^Password/).fill('Not#Right1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'login-error');
});
