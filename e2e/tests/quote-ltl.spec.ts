import { expectRates, fillItem, fillLane, shownCarriers, shownTotals } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] ?? 0) <= x);
const descending = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] ?? 0) >= x);

test('an LTL quote from postal codes to sorted rates, saved, then re-run from Saved Quotes', async ({ page }) => {
  // The demo shipper's look-alike quotes and saves for the demo account.
  await logInAsLookAlike(page, 'shipper@demo.test', 'quote-ltl', { settings: { language: 'en' }, at: '/quote' });
  await expect(page.getByRole('heading', { name: 'LTL & Small Package' })).toBeVisible();

  await fillLane(page, { from: '60601', to: '30303' });
  await expect(page.getByText('Chicago, IL')).toBeVisible();
  await expect(page.getByText('Atlanta, GA')).toBeVisible();
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  // 48 x 40 x 48 in = 53.33 ft³; 500 lb / 53.33 ft³ = 9.38 lb/ft³ -> class 100
  await expect(line.getByText('Density: 9.38 lb/ft³ · Class 100')).toBeVisible();
  await page.getByLabel('Shipment value').fill('2000');
  await page.getByRole('button', { name: 'Get rates' }).click();

  await expectRates(page);
  const count = Number((await page.getByTestId('rates-count').textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('rate-card')).toHaveCount(count);
  expect(ascending(await shownTotals(page))).toBe(true);
  await snap(page, 'quote-ltl-rates');

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  expect(descending(await shownTotals(page))).toBe(true);
  await page.getByLabel('Sort by').selectOption({ label: 'Carrier name: A to Z' });
  const names = await shownCarriers(page);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  await page.getByLabel('Sort by').selectOption({ label: 'Carrier name: Z to A' });
  expect(await shownCarriers(page)).toEqual([...names].reverse());

  // The breakdown adds up to the total.
  const first = page.getByTestId('rate-card').first();
  await first.getByRole('button', { name: 'Show charges' }).click();
  await expect(first.getByRole('table')).toBeVisible();
  await expect(first.getByText('Fuel surcharge')).toBeVisible();

  await page.getByRole('button', { name: 'Save quote' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Saved Quotes' }).click();
  await expect(page).toHaveURL(/\/saved-quotes/);
  const row = page.getByRole('row').filter({ hasText: '60601' }).first();
  await expect(row).toContainText('30303');
  await snap(page, 'quote-saved-list');
  await row.getByRole('button', { name: 'Re-run' }).click();
  await expect(page).toHaveURL(/\/quote\/[0-9a-f-]{36}$/);
  await expectRates(page);
  await expect(page.getByTestId('rate-card')).toHaveCount(count);
  // The re-run quote keeps its details: back on the first step they are filled in.
  await page.getByRole('button', { name: 'Edit shipment details' }).click();
  await expect(page.getByLabel('Pickup zip / postal code')).toHaveValue('60601');
  await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('Weight')).toHaveValue('500');
});
