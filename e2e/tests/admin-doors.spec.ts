import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('an accounting user opening Role Management sees Unauthrized and stays where they were', async ({ page }) => {
  await logInAsLookAlike(page, 'accounting@demo.test', 'doors-accounting');
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page).toHaveTitle('Dashboard | Freight Portal');

  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await nav.getByRole('link', { name: 'Account Management' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  // React keeps the dashboard on screen until the new page has rendered: wait for its heading.
  await expect(page.getByRole('heading', { name: 'Account Management' })).toBeVisible();
  await expect(page.getByRole('table').getByText('Demo Shipper Co')).toBeVisible();

  await nav.getByRole('link', { name: 'Role Management' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Unauthrized' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('You do not have access to this page');
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await expect(page).toHaveTitle('Account Management | Freight Portal');
  await snap(page, 'admin-unauthrized');

  // The SCAC aliases door is shut for accounting only.
  await nav.getByRole('link', { name: 'Carrier SCAC Aliases' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
});

test('an ops user may open Carrier SCAC Aliases but not Carriers', async ({ page }) => {
  await logInAsLookAlike(page, 'ops@demo.test', 'doors-ops');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await nav.getByRole('link', { name: 'Carrier SCAC Aliases' }).click();
  await expect(page).toHaveURL(/\/admin\/scac-aliases$/);
  await expect(page).toHaveTitle('Carrier SCAC Aliases | Freight Portal');
  await nav.getByRole('link', { name: 'Carriers', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthrized' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/scac-aliases$/);
});

test('a super admin sees every staff member in Role Management', async ({ page }) => {
  await logInAsLookAlike(page, 'super@demo.test', 'doors-super');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Role Management' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByText('accounting@demo.test')).toBeVisible();
  await snap(page, 'admin-roles');
});

test('a customer never enters the admin area', async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'doors-shipper', { at: '/admin/dashboard' });
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthrized' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin/);
});

test('an ops user finds Pricing locked: it is the admins, the sales admins and the sales reps alone', async ({ page }) => {
  await logInAsLookAlike(page, 'ops@demo.test', 'pricing-door-ops');
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('title', 'You do not have access to this page');
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Unauthrized' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
