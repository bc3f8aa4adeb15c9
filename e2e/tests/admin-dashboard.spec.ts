import { logInAsLookAlike } from '../support/seed';
import { setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

test('ops reads the dashboard and follows its figures to the lists behind them, in English and Spanish', async ({ page }) => {
  await logInAsLookAlike(page, 'ops@demo.test', 'dashboard-ops');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const month = page.getByRole('region', { name: 'This month' });
  await expect(month.getByRole('link', { name: /^Bookings: \d+$/ })).toBeVisible();
  // The charts sit below the figures: titled at once, drawn only when scrolled near (a visit that
  // reads the figures never downloads them).
  const revenue = page.getByRole('region', { name: "This month's revenue by mode" });
  await expect(revenue).toBeVisible();
  await revenue.scrollIntoViewIfNeeded();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await snap(page, 'admin-dashboard');

  // The delayed demo shipment is listed and opens the staff's search of delayed shipments.
  await page.getByRole('link', { name: /shipments? delayed this month/ }).click();
  await expect(page).toHaveURL(/\/admin\/shipments\?status=delayed/);
  // React keeps the dashboard on screen until the new page has rendered: its table comes first.
  await expect(page.getByRole('table', { name: 'Shipments of every account' })).toContainText('Demo Shipper Co');
  await expect(page.getByLabel('Status')).toHaveValue('delayed');

  await page.goBack();
  await page.getByRole('link', { name: /^Action Required: \d+$/ }).click();
  await expect(page).toHaveURL(/action_required=1/);
  await expect(page.getByRole('table', { name: 'Shipments of every account' })).toContainText('Phoenix');

  await page.goBack();
  await page.getByRole('link', { name: /^Accounts on credit hold: \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/accounts\?status=credit_hold/);

  await setPreferences(page, { language: 'es' });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Este mes' }).getByRole('link', { name: /^Reservas: \d+$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ingresos de este mes por modalidad' })).toBeVisible();
  await snap(page, 'admin-dashboard-es');
});
