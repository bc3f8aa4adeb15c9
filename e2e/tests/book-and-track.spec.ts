import { readFile } from 'node:fs/promises';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { fillPlace, LAKESHORE, PEACHTREE } from '../support/booking';
import { expectRates, fillItem, fillLane } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('quote, book, confirmation, the bill of lading, then the public tracking page in a fresh browser', async ({ page, browser }) => {
  // The demo shipper's look-alike books for the demo account (in English, whatever the demo
  // shipper's language was when it was made).
  await logInAsLookAlike(page, 'shipper@demo.test', 'book-and-track', {
    settings: { language: 'en' },
    at: '/quote-shipment',
  });
  await fillLane(page, { from: '60601', to: '30303' });
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('2000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);

  const rate = page.getByTestId('rate-card').first();
  const carrier = (await rate.locator('h2').textContent())?.trim() ?? '';
  await rate.getByRole('button', { name: `Book with ${carrier}` }).click();

  // The Book Shipment step: the spec's validation speaks before anything is sent.
  await page.getByRole('button', { name: 'Book shipment', exact: true }).click();
  await expect(page.getByText('Some details need your attention. Check the highlighted fields.')).toBeVisible();

  const pickup = page.getByRole('group', { name: 'Pickup information' });
  const delivery = page.getByRole('group', { name: 'Delivery information' });
  await fillPlace(pickup, LAKESHORE);
  await fillPlace(delivery, PEACHTREE);
  await expect(pickup.getByLabel('City')).toHaveValue('Chicago');
  await expect(delivery.getByLabel('City')).toHaveValue('Atlanta');
  await page.getByLabel('Reference 1 type').selectOption({ label: 'PO Number' });
  await page.getByLabel('Reference 1 number').fill('PO-7781');
  await page.getByLabel('Notes to carriers').fill('Dock 4, call on arrival');
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await snap(page, 'booking-form');
  await page.getByRole('button', { name: 'Book shipment', exact: true }).click();

  // Confirmation: the BOL number (17 digits), the carrier, the reference and the charges.
  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  const bol = (await page.getByTestId('confirmation-bol').textContent())?.match(/\d{17}/)?.[0] ?? '';
  expect(bol).toMatch(/^\d{17}$/);
  const refs = page.getByTestId('shipment-refs');
  await expect(refs).toContainText('PO-7781');
  await expect(page.getByText(carrier).first()).toBeVisible();
  await snap(page, 'booking-confirmation');

  // The bill of lading: a real PDF with the numbers, both places and the carrier on it.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Bill of Lading' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toContain(bol);
  const [first] = await pdfPages(await readFile((await download.path()) ?? ''));
  const text = first?.text.replace(/\s+/g, ' ') ?? '';
  expect(text).toContain(bol);
  expect(text).toContain('Lakeshore Fixtures');
  expect(text).toContain('Peachtree Supply');
  expect(text).toContain('PO-7781');
  expect(text).toContain(carrier);

  // A consignee with only the number: a fresh browser context, no login.
  const consignee = await browser.newContext();
  const publicPage = await consignee.newPage();
  // A mistyped number first: told so, then the right one typed in the same box.
  await publicPage.goto('/track-shipment?number=FP0000000X');
  await expect(publicPage.getByRole('alert')).toContainText('No shipment found for FP0000000X');
  await expect(publicPage.getByRole('alert')).toContainText('Check the number and try again.');
  await snap(publicPage, 'public-tracking-not-found');
  await publicPage.getByLabel('Tracking number').fill(bol);
  await publicPage.getByRole('button', { name: 'Track' }).click();
  await expect(publicPage).toHaveURL(new RegExp(`number=${bol}`));
  await expect(publicPage.getByText('Pending').first()).toBeVisible();
  await expect(publicPage.getByText(/Chicago, IL/).first()).toBeVisible();
  await expect(publicPage.getByText(/Atlanta, GA/).first()).toBeVisible();
  await expect(publicPage.getByText(carrier).first()).toBeVisible();
  // No prices, contacts or streets for someone who only has the number.
  const shown = await publicPage.locator('body').innerText();
  for (const secret of ['$', 'Maria', 'dock@lakeshore.test', '200 E Randolph', 'PO-7781']) expect(shown).not.toContain(secret);
  await snap(publicPage, 'public-tracking');
  await consignee.close();

  // And the shipper finds it in My Shipments by its reference.
  await page.goto('/my-shipments');
  await page.getByLabel(/Search/).fill('PO-7781');
  await expect(page.getByRole('row').filter({ hasText: bol })).toBeVisible();
});
