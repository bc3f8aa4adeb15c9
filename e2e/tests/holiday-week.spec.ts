import { holidayURL, THANKSGIVING_EVE } from '../playwright.config';
import { bookFirstRate } from '../support/booking';
import { submitLogin } from '../support/flows';
import { useOwnServer } from '../support/own-server';
import { expectRates, fillItem } from '../support/quote';
import { seedLookAlike } from '../support/seed';
import { expect, type Page, test } from '../support/test';

useOwnServer(holidayURL, { TEST_CLOCK_START: THANKSGIVING_EVE });

/**
 * The day before Thanksgiving, on the second server whose clock starts then (10:00 in Chicago),
 * with the browser's clock set to the same instant: a new shipper's first quote is proposed the
 * Monday after, told why the nearer days are skipped, and returns rates.
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: new Date(THANKSGIVING_EVE) });
});

async function openQuote(page: Page) {
  await page.goto(`${holidayURL}/public-quote`);
  await expect(page.getByRole('heading', { name: 'Get a Quote' })).toBeVisible();
}

test("on the day before Thanksgiving a new shipper's first quote returns rates for the Monday after", async ({ page }) => {
  await openQuote(page);
  await page.getByLabel('Pickup zip / postal code').fill('60601');
  await page.getByLabel('Delivery zip / postal code').fill('30303');
  // Proposed by the server for Chicago, never Thanksgiving Day.
  await expect(page.getByLabel('Pickup date')).toHaveValue('2026-11-30');
  await expect(page.getByText('Thursday 26 is Thanksgiving Day. Friday 27 is Day after Thanksgiving.')).toBeVisible();
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '700' });
  await page.getByLabel('Shipment value').fill('3000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  await expect(page.getByText(/0 quotes returned/)).toHaveCount(0);
});

test('en español: la primera cotización del día antes de Acción de Gracias sale para el lunes siguiente', async ({ page }) => {
  await openQuote(page);
  await page.getByText('Español', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cotizar' })).toBeVisible();
  await page.getByLabel('Código postal de recolección').fill('60601');
  await page.getByLabel('Código postal de entrega').fill('30303');
  await expect(page.getByLabel('Fecha de recolección')).toHaveValue('2026-11-30');
  await expect(page.getByText('Jueves 26 es Acción de Gracias.')).toBeVisible();
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  await line.getByLabel('Largo').fill('48');
  await line.getByLabel('Ancho').fill('40');
  await line.getByLabel('Alto').fill('48');
  await line.getByLabel('Peso').fill('700');
  await page.getByLabel('Valor del envío').fill('3000');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
});

/**
 * Rates that expire while the shipper books: the refusal is stood in for (the server's clock runs
 * on from 10:00 and would reach the cut-off only at 14:00; the API test books past it for real),
 * everything after it is the server's: the Book step rates the shipment again for the first
 * pickup date and shows the new rates, and one of them books.
 */
test('booking a quote whose rates expired shows the new rates, which book', async ({ page }) => {
  // A look-alike of the demo shipper on this server, booking on the demo account's terms.
  const shipper = await seedLookAlike('shipper@demo.test', 'holiday', { server: holidayURL });
  await page.goto(`${holidayURL}/login`);
  await submitLogin(page, shipper.email, shipper.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${holidayURL}/quote-shipment`);
  await page.getByLabel(/^Pickup zip/).fill('60601');
  await page.getByLabel(/^Delivery zip/).fill('30303');
  await expect(page.getByLabel(/^Pickup date/)).toHaveValue('2026-11-30');
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '700' });
  await page.getByLabel(/^Shipment value/).fill('3000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);

  let refused = 0;
  await page.route('**/api/shipments', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.fallback();
    refused += 1;
    await route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'quote_expired',
        message: "The rates of this quote have expired. We are getting today's rates for it.",
      }),
    });
  });
  const requoted = page.waitForResponse((r) => r.url().endsWith('/api/quotes') && r.request().method() === 'POST');
  await bookFirstRate(page);
  expect((await requoted).status()).toBe(201);
  await expect(page.getByTestId('rerated-expired')).toHaveText(
    'The rates you were booking expired, so the shipment was rated again for pickup on Nov 30, 2026. Choose a rate to go on booking.',
  );
  await expectRates(page);
  await page
    .getByTestId('rate-card')
    .first()
    .getByRole('button', { name: /^Book with / })
    .click();
  await expect(page.getByTestId('quote-expired')).toHaveCount(0);
  await page.getByRole('button', { name: 'Book shipment', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  expect(refused).toBe(1);
});
