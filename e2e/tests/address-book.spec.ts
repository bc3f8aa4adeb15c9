import { readFileSync } from 'node:fs';
import { checkCsvUpload } from '../support/csv';
import { expectRates, fillItem, quotablePickupDate } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

const HEADER =
  'company,first_name,last_name,email,phone,street1,street2,street3,street4,street5,city,state,postal_code,country,' +
  'interior_number,exterior_number,neighborhood,location_type,limited_access,liftgate_recommended,opens_at,closes_at';
const row = (company: string, city: string, state: string, zip: string) =>
  `${company},Ana,Ruiz,ana@example.test,(404) 555-0101,10 Main St,,,,,${city},${state},${zip},US,,,,commercial,no,yes,08:00,17:00`;

test('upload a CSV with a bad row, import the good rows, export the book, and pick an address into a quote', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const good1 = `Riverside Plastics ${stamp}`;
  const good2 = `Magnolia Textiles ${stamp}`;
  const csv = [
    HEADER,
    row(good1, 'Dallas', 'TX', '75201'),
    row(`No City ${stamp}`, '', 'GA', '30303'), // line 3: the city is missing
    row(good2, 'Atlanta', 'GA', '30303'),
  ].join('\n');

  // The demo shipper's look-alike reads and fills the demo account's address book (in English,
  // whatever the demo shipper's language was when it was made).
  await logInAsLookAlike(page, 'shipper@demo.test', 'address-book', { settings: { language: 'en' }, at: '/address-book' });
  await expect(page.getByRole('heading', { name: 'Address Book' })).toBeVisible();
  await expect(page.getByText('Lakeshore Industrial Supply')).toBeVisible();

  const dialog = await checkCsvUpload(page, 'Upload addresses (CSV)', 'addresses.csv', csv);
  await expect(dialog.getByText(/a comma inside a field/)).toBeVisible();
  await expect(dialog.getByText('3 rows in the file')).toBeVisible();
  await expect(dialog.getByText('2 rows ready to import')).toBeVisible();
  const errors = dialog.getByRole('region', { name: 'Rows with errors' });
  await expect(errors.getByRole('row').filter({ hasText: 'Field is required' })).toContainText('3');
  await snap(page, 'address-csv-report');
  // Nothing fixed: the good rows go in, the bad one stays out.
  await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(dialog.getByText('2 rows imported.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  await page.getByLabel('Search addresses').fill(stamp);
  await expect(page.getByRole('row').filter({ hasText: good1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: good2 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `No City ${stamp}` })).toHaveCount(0);

  // Export the filtered view: the two imported rows, under the importer's header.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const exported = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(exported.split(/\r?\n/)[0]).toBe(HEADER);
  expect(exported).toContain(good1);
  expect(exported).toContain(good2);

  // In a quote, the book fills the pickup place.
  await page.goto('/quote');
  const pickupBook = page.getByLabel('Pickup from address book');
  await pickupBook.fill('Riverside');
  await page.getByRole('option', { name: new RegExp(good1) }).click();
  await expect(page.getByLabel('Pickup zip / postal code')).toHaveValue('75201');
  // The place under the field (the picked address's own line also names the city).
  await expect(page.getByTestId('pickup-place')).toHaveText('Dallas, TX');
  await page.getByLabel('Delivery zip / postal code').fill('30303');
  await page.getByLabel('Pickup date').fill(quotablePickupDate());
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('1500');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  await snap(page, 'quote-from-address-book');
});
