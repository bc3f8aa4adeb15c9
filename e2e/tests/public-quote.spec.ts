import { expect, test } from '@playwright/test';
import { bookFirstRate } from '../support/booking';
import { freshEmail, signUpVerified } from '../support/flows';
import { expectRates, fillItem, fillLane } from '../support/quote';
import { snap } from '../support/session';

test("a visitor's public quote is carried into the account it signs up for, and booked there", async ({ page }) => {
  await page.goto('/public-quote');
  await expect(page.getByRole('heading', { name: 'Get a Quote' })).toBeVisible();
  await fillLane(page, { from: '60601', to: '30303' });
  await expect(page.getByText('Chicago, IL')).toBeVisible();
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '700' });
  await page.getByLabel('Shipment value').fill('3000');
  // A visitor has no address book or catalog to pick from.
  await expect(page.getByLabel('Pickup from address book')).toHaveCount(0);
  await expect(page.getByLabel('Find a product')).toHaveCount(0);
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  await expect(page.getByRole('button', { name: 'Save quote' })).toHaveCount(0);
  await snap(page, 'public-quote-rates');

  await page
    .getByTestId('rate-card')
    .first()
    .getByRole('button', { name: /^Book with / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Create an account to book' });
  await expect(dialog).toContainText('We keep this quote');
  await dialog.getByRole('link', { name: 'Sign up' }).click();

  const email = freshEmail('public-quote');
  await signUpVerified(page, { email, password: 'Secret#2026', company: 'Visitor Freight LLC' });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Your quote from before you signed up' })).toBeVisible();
  await expectRates(page);
  // Rated again in the new account: its details are the visitor's.
  await page.getByRole('button', { name: 'Edit shipment details' }).click();
  await expect(page.getByLabel('Pickup zip / postal code')).toHaveValue('60601');
  await expect(page.getByRole('group', { name: 'Item 1' }).getByLabel('Weight')).toHaveValue('700');
  await page.getByRole('button', { name: /Rate Results/ }).click();
  await bookFirstRate(page);
  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();

  // The quote is used once: the next visit to Quote & Ship starts blank.
  await page.goto('/');
  await expect(page.getByText('Your quote from before you signed up')).toHaveCount(0);
});
