import { expectNoSidewaysScroll } from '../support/reflow';
import { lookAlikePage, seedLookAlike } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, test } from '../support/test';

test('en: ops compares the carriers, sorts them, opens a scorecard and the shipments behind a figure', async ({ browser }) => {
  const ops = await seedLookAlike('ops@demo.test', 'scorecards-ops');
  const page = await signedInPage(browser, ops.email, { password: ops.password, language: 'en', width: 1280 });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Carrier scorecards' }).click();
  await expect(page.getByRole('heading', { name: 'Carrier scorecards', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Carriers side by side/ });
  // The demo's year of loads: every carrier has shipments (the summary counts them as the app starts).
  await expect(table.getByRole('row').nth(1)).toContainText(/\d+%/, { timeout: 30_000 });

  await table.getByRole('button', { name: 'On-time delivery' }).click();
  await expect(page).toHaveURL(/sort=on_time_delivery/);
  await table.getByRole('button', { name: 'On-time delivery' }).click();
  await expect(page).toHaveURL(/sort=on_time_delivery&dir=desc/);
  await expect(table.getByRole('columnheader', { name: /On-time delivery/ })).toHaveAttribute('aria-sort', 'descending');
  await snap(page, 'carrier-scorecards');

  // The best carrier's scorecard: twelve months charted and tabled.
  const best = table.getByRole('row').nth(1).getByRole('rowheader').getByRole('link');
  const name = (await best.textContent()) ?? '';
  await best.click();
  await expect(page.getByRole('heading', { name: new RegExp(`^Scorecard: ${name}`), level: 1 })).toBeVisible();
  const months = page.getByRole('table', { name: `${name} by month of pickup, newest first` });
  await expect(months.getByRole('row')).toHaveCount(14);
  await expect(page.getByRole('region', { name: 'On time by month' }).locator('.recharts-surface')).toBeVisible();
  await snap(page, 'carrier-scorecard');

  // A figure opens Admin Shipments filtered to the shipments behind it.
  await months.getByRole('rowheader', { name: 'Twelve months' }).locator('..').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/shipments\?carrier_id=.*figure=shipments/);
  await expect(page.getByText('Showing the shipments behind a carrier scorecard figure: all shipments.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Shipments of every account' }).getByRole('row').nth(1)).toContainText('Lakeside Supply Co');
});

test('es: at 390 px ops reads the comparison and a scorecard', async ({ browser }) => {
  const page = await lookAlikePage(browser, 'ops@demo.test', 'scorecards-ops-es', {
    language: 'es',
    width: 390,
    at: '/admin/carrier-scorecards',
  });
  await expect(page.getByRole('heading', { name: 'Desempeño de transportistas', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: /Transportistas lado a lado/ });
  await expect(table.getByRole('row').nth(1)).toContainText(/\d+\s?%/, { timeout: 30_000 });
  await expectNoSidewaysScroll(page, 'on the carrier comparison at 390 px');
  await snap(page, 'carrier-scorecards-es-phone');
  await table.getByRole('row').nth(1).getByRole('rowheader').getByRole('link').click();
  await expect(page.getByRole('heading', { name: /^Desempeño: /, level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: /por mes de recolección/ })).toBeVisible();
  await expectNoSidewaysScroll(page, 'on a carrier scorecard at 390 px');
  await snap(page, 'carrier-scorecard-es-phone');
});
