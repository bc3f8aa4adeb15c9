import { bookFirstRate } from '../support/booking';
import { freshEmail, signUpVerified } from '../support/flows';
import { expectRates, fillItem, fillLane, quotablePickupDate } from '../support/quote';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

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
  // A new account starts prepaid (credit is granted on an application): the booking waits for its card payment.
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();

  // The quote is used once: the next visit to Quote & Ship starts blank.
  await page.goto('/');
  await expect(page.getByText('Your quote from before you signed up')).toHaveCount(0);
});

test('a visitor quotes in Spanish, is offered the sign-up to book, and keeps the quote for it', async ({ page }) => {
  await page.goto('/public-quote');
  await page.getByText('Español', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cotizar' })).toBeVisible();
  await page.getByLabel('Código postal de recolección').fill('60601');
  await page.getByLabel('Código postal de entrega').fill('30303');
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  await line.getByLabel('Largo').fill('48');
  await line.getByLabel('Ancho').fill('40');
  await line.getByLabel('Alto').fill('48');
  await line.getByLabel('Peso').fill('700');
  await page.getByLabel('Valor del envío').fill('15000');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
  // A $15,000 shipment is rated; insuring all of it is by phone.
  await expect(page.getByText(/solo por teléfono/)).toBeVisible();
  await page
    .getByTestId('rate-card')
    .first()
    .getByRole('button', { name: /^Reservar con / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cree una cuenta para reservar' });
  await expect(dialog).toContainText('Guardamos esta cotización');
  await snap(page, 'public-quote-signup-es');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('CARRIED_QUOTE') ?? '{}').request?.insured_value)).toBe(15000);
  await dialog.getByRole('link', { name: 'Registrarse' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});
