import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a logged-in customer opening an unknown page is told which page was not found and can go home', async ({ page }) => {
  await logInAsLookAlike(page, 'other@demo.test', 'not-found-other', { at: '/some/unknown/page' });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Page not found: /some/unknown/page', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await expect(page).toHaveTitle('Page not found | Freight Portal');
  await expect(page).toHaveURL(/\/some\/unknown\/page$/);
  await snap(page, 'not-found-customer');

  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Quote & Ship' }).first()).toBeVisible();
  await expect(page).not.toHaveTitle(/Page not found/);
});

test('a staff user opening an unknown admin page sees it named inside the admin area', async ({ page }) => {
  await logInAsLookAlike(page, 'super@demo.test', 'not-found-super', { at: '/admin/no-such-report' });
  await expect(page.getByText('Page not found: /admin/no-such-report', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Freight Portal');
  await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
  await snap(page, 'not-found-admin');
});
