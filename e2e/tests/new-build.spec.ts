import { logInAsLookAlike } from '../support/seed';
import { expect, test } from '../support/test';

/**
 * A tab opened before a deploy still runs the build it loaded, whose files each deploy replaces
 * with files of new names. Its next screen's file is then gone; the portal loads the page again,
 * at the address the reader asked for, which brings the new build. Here the screen's file answers
 * 404, as after a deploy, until the page is loaded again.
 */
test('a screen whose file went with a deploy opens after the page loads itself again', async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'new-build', { at: '/my-shipments' });
  await expect(page.getByRole('heading', { name: 'Shipment History', level: 1 })).toBeVisible();
  // The old build's file is gone for this tab until it loads the page again.
  let loadedAgain = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loadedAgain = true;
  });
  await page.route(/\/build\/assets\/AnalyticsRoute-[^/]+\.js$/, (route) =>
    loadedAgain ? route.continue() : route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }),
  );

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/analytics$/);
  expect(loadedAgain).toBe(true);
});
