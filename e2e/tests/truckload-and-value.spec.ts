import { bookFirstRate, rateInSpanish } from '../support/booking';
import { rateTruckload } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a truckload worth $60,000 is rated, insured in full and booked; the consignee opens its confirmation page', async ({
  page,
  browser,
}) => {
  // The demo shipper's look-alike books on the demo account's terms.
  await logInAsLookAlike(page, 'shipper@demo.test', 'truckload-en', { settings: { language: 'en' } });
  await rateTruckload(page, { to: '30303', quantity: '20', weight: '1000', value: '60000' });

  // A truckload insures up to $250,000 online, with the deductible above $10,000.
  const full = page.getByRole('radio', { name: 'Full value insurance ($60,000.00)' });
  await expect(full).toBeEnabled();
  await full.check();
  await expect(page.getByText(/deductible \$500\.00/)).toBeVisible();
  await snap(page, 'truckload-rates');
  await bookFirstRate(page);

  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  await expect(page.getByText('Print the bill of lading and hand it to the driver.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Pallet labels' })).toBeVisible();
  // The carrier's rate confirmation states what the broker pays the carrier: staff's, not the shipper's.
  await expect(page.getByRole('button', { name: 'Download Rate confirmation' })).toHaveCount(0);
  const bol = ((await page.getByTestId('confirmation-bol').textContent()) ?? '').replace('BOL number ', '');
  const link = page.getByRole('link', { name: 'Open the confirmation page' });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/truckload-confirmation\/[0-9a-f-]{36}\.[0-9a-f]{32}$/);
  await snap(page, 'truckload-booked');

  // The consignee has no account: the link alone opens the page, without prices.
  const consignee = await browser.newPage();
  await consignee.goto(href);
  await expect(consignee.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();
  await expect(consignee.getByText('Lakeshore Fixtures')).toBeVisible();
  await expect(consignee.getByText('Peachtree Supply')).toBeVisible();
  await expect(consignee.getByText(/· Dry van$/)).toBeVisible();
  expect(await consignee.getByTestId('truckload-confirmation').textContent()).not.toContain('$');
  await snap(consignee, 'truckload-confirmation-public');
  await consignee.getByRole('link', { name: 'Track this shipment' }).click();
  await expect(consignee.getByRole('heading', { name: `Shipment ${bol}` })).toBeVisible();
  await consignee.close();
});

test('in Spanish, an uninsured $20,000 LTL shipment is rated and saved, then re-run from Saved Quotes and booked', async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'saved-quote-es', { settings: { language: 'es' } });
  await rateInSpanish(page, { path: '/quote', to: '30303', weight: '600', value: '20000' });
  // The value is the goods': rates come back; only full cover above $10,000 is by phone.
  await expect(page.getByRole('radio', { name: /Seguro por el valor total/ })).toBeDisabled();
  await expect(page.getByText(/solo por teléfono/)).toBeVisible();
  // The demo account's rule insures shipments worth $2,000 or more: the cover bought online starts
  // chosen, and the shipper's own choice wins.
  await expect(page.getByRole('radio', { name: /^Seguro hasta/ })).toBeChecked();
  await expect(page.getByTestId('set-by-rule').filter({ hasText: 'Fijado por sus reglas automáticas' })).toBeVisible();
  await page.getByRole('radio', { name: 'Sin seguro' }).check();
  await expect(page.getByRole('radio', { name: 'Sin seguro' })).toBeChecked();
  await page.getByRole('button', { name: 'Guardar cotización' }).click();
  await expect(page.getByRole('button', { name: 'Guardada' })).toBeDisabled();
  await snap(page, 'quote-value-20000-es');

  await page.getByRole('tab', { name: 'Cotizaciones guardadas' }).click();
  const row = page.getByRole('row').filter({ hasText: '60601' }).first();
  await row.getByRole('button', { name: 'Volver a cotizar' }).click();
  await expect(page).toHaveURL(/\/quote\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
  await page.getByRole('radio', { name: 'Sin seguro' }).check();
  await bookFirstRate(page, 'es');
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
  await expect(page.getByTestId('confirmation')).toContainText('USD 20,000.00');
});

test('in Spanish, a truckload is booked to its confirmation, which the consignee reads in Spanish too', async ({ page, browser }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'truckload-es', { settings: { language: 'es' } });
  await rateInSpanish(page, {
    path: '/truckload',
    to: '75201',
    equipment: 'Caja seca',
    quantity: '24',
    height: '60',
    weight: '900',
    value: '45000',
  });
  await bookFirstRate(page, 'es');
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
  await expect(page.getByText('Confirmación de camión completo')).toBeVisible();
  // The carrier's documents in English, the shipper's copies in Spanish.
  await expect(page.getByRole('button', { name: 'Descargar Etiquetas de tarima – Copia en español' })).toBeVisible();
  // The rate confirmation states the carrier's cost: staff's alone.
  await expect(page.getByRole('button', { name: /^Descargar Confirmación de tarifa/ })).toHaveCount(0);
  const href = (await page.getByRole('link', { name: 'Abrir la página de confirmación' }).getAttribute('href')) ?? '';
  await snap(page, 'truckload-booked-es');

  const consignee = await browser.newPage();
  await consignee.goto('/login');
  await consignee.getByText('Español', { exact: true }).click();
  await consignee.goto(href);
  await expect(consignee.getByRole('heading', { name: 'Confirmación de camión completo' })).toBeVisible();
  await expect(consignee.getByText(/· Caja seca$/)).toBeVisible();
  await consignee.close();
});
