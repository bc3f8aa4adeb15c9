import { readFileSync } from 'node:fs';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { restorePreferences, signedInPage, snap } from '../support/session';
import { expect, test } from '../support/test';

/** A staff sign-in a scenario, which may wait for the authenticator's next step. */
test.setTimeout(180_000);

test('en: a super admin groups the margin by lane, opens a lane’s shipments and downloads the CSV', async ({ browser }) => {
  const superAdmin = await seedLookAlike('super@demo.test', 'margin-super');
  const page = await signedInPage(browser, superAdmin.email, { password: superAdmin.password, language: 'en', width: 1280 });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Margin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Margin', level: 2 })).toBeVisible();
  // The current month to date, by customer: both demo shippers booked this month.
  const customers = page.getByRole('table', { name: 'Margin by customer: each row opens its shipments' });
  await expect(customers.getByRole('link', { name: 'Demo Shipper Co' })).toBeVisible();
  await expect(customers.getByRole('link', { name: 'Other Freight LLC' })).toBeVisible();

  await page.getByLabel('Group by').selectOption('lane');
  await expect(page).toHaveURL(/group_by=lane/);
  const lanes = page.getByRole('table', { name: 'Margin by lane: each row opens its shipments' });
  const first = lanes.getByRole('row').nth(1).getByRole('link');
  await expect(first).toHaveText(/^[A-Z]{2,3} → [A-Z]{2,3}$/);
  await snap(page, 'margin-report-lanes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  expect(file.split('\r\n')[0]).toBe('\uFEFFLane,Currency,Shipments,Price,Cost,Margin,Margin %');

  const [origin, destination] = (await first.textContent())?.split(' → ') ?? [];
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/admin/shipments\\?.*origin_state=${origin}&destination_state=${destination}`));
  expect(new URL(page.url()).searchParams.get('exclude_canceled')).toBe('1');
  // The report stays on screen until the list has rendered: its state filters are named alike.
  await expect(page.getByRole('heading', { name: 'Shipments', level: 2 })).toBeVisible();
  await expect(page.getByLabel('From state')).toHaveValue(origin as string);
  await expect(page.getByLabel('To state')).toHaveValue(destination as string);
  const list = page.getByRole('table', { name: 'Shipments of every account' });
  const rows = list.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  for (const row of await rows.all()) {
    if ((await row.getByRole('cell').count()) === 0) continue;
    await expect(row).toContainText(`, ${origin}`);
    await expect(row).toContainText(`, ${destination}`);
  }
  await snap(page, 'margin-report-drill');
});

test('es: at 390 px a sales rep reads the margin of its own accounts alone', async ({ browser }) => {
  const page = await signedInPage(browser, 'sales@demo.test', { language: 'es', width: 390, at: '/admin/margin' });
  try {
    await expect(page.getByRole('heading', { name: 'Margen', level: 2 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Margen por cliente: cada fila abre sus envíos' });
    await expect(table.getByRole('link', { name: 'Demo Shipper Co' })).toBeVisible();
    await expect(table.getByRole('link')).toHaveCount(1);
    // The customer filter's closed list names every account: the report's page itself names no other.
    await expect(page.getByRole('main')).not.toContainText('Other Freight LLC');
    await expectNoSidewaysScroll(page, 'on the margin report at 390 px');
    await snap(page, 'margin-report-es-phone');
  } finally {
    await restorePreferences(page, { language: 'en' });
  }
});
