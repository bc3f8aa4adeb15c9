import { expectRates, fillItem, fillLane } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test.beforeEach(async ({ page }) => {
  // A look-alike of the demo shipper, quoting as they do.
  await logInAsLookAlike(page, 'shipper@demo.test', 'quote-parcel', { settings: { language: 'en' }, at: '/quote' });
  await fillLane(page, { from: '60601', to: '30303' });
  await page.getByLabel('Shipment value').fill('500');
});

test('a parcel over the carriers’ limits is offered LTL, and the LTL rates come back', async ({ page }) => {
  await page.getByRole('radiogroup', { name: 'Quote as' }).getByText('Parcel', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Parcel' })).toBeChecked();
  // 160 lb is over the 150 lb parcel limit; 60 + 2 x (40 + 40) = 220 in length plus girth, over 165.
  await fillItem(page, 0, { packageType: 'Boxes', length: '60', width: '40', height: '40', weight: '160' });
  await page.getByRole('button', { name: 'Get rates' }).click();

  const offer = page.getByRole('alert').filter({ hasText: 'Cargo exceeds max dimensions! Use the LTL option' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Cargo exceeds max weight');
  await snap(page, 'quote-parcel-offer-ltl');
  await offer.getByRole('button', { name: 'Use the LTL option' }).click();

  await expectRates(page);
  await expect(page.getByTestId('rate-card').first()).toBeVisible();
  // LTL carriers answered, not parcel ones.
  await expect(page.getByRole('article', { name: /UPS|FedEx Ground|USPS/ })).toHaveCount(0);
});

test('overriding the density class warns; Cancel reverts the class, I understand keeps it', async ({ page }) => {
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  const freightClass = line.getByLabel('Freight class');
  await expect(line.getByText('Density: 9.38 lb/ft³ · Class 100')).toBeVisible();

  await freightClass.selectOption({ label: 'Class 70' });
  const warning = page.getByRole('dialog', { name: 'Override the recommendation?' });
  await expect(warning).toContainText('you chose class 70, but its density gives class 100');
  await snap(page, 'quote-class-override-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  await expect(freightClass.locator('option:checked')).toHaveText('From density (class 100)');

  await freightClass.selectOption({ label: 'Class 70' });
  await warning.getByRole('button', { name: 'I understand' }).click();
  await expect(freightClass.locator('option:checked')).toHaveText('Class 70');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
});
