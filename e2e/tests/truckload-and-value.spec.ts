import { expect, test } from '@playwright/test';
import { bookFirstRate } from '../support/booking';
import { expectRates, fillItem, fillLane, quotablePickupDate } from '../support/quote';
import { logIn, setPreferences, snap } from '../support/session';

test('a truckload worth $60,000 is rated, insured in full and booked; the consignee opens its confirmation page', async ({
  page,
  browser,
}) => {
  await logIn(page, 'shipper@demo.test');
  await page.goto('/truckload');
  await fillLane(page, { from: '60601', to: '30303' });
  await page.getByLabel('Equipment type').selectOption({ label: 'Dry van' });
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '1000' });
  await line.getByLabel('Quantity').fill('20');
  await page.getByLabel('Shipment value').fill('60000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);

  // A truckload insures up to $250,000 online, with the deductible above $10,000.
  const full = page.getByRole('radio', { name: 'Full value insurance ($60,000.00)' });
  await expect(full).toBeEnabled();
  await full.check();
  await expect(page.getByText(/deductible \$500\.00/)).toBeVisible();
  await snap(page, 'truckload-rates');
  await bookFirstRate(page);

  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  await expect(page.getByText('Print the bill of lading and hand it to the driver.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Rate confirmation' })).toBeVisible();
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
  await logIn(page, 'shipper@demo.test');
  await setPreferences(page, { language: 'es' });
  try {
    await page.goto('/quote');
    await page.getByLabel('Código postal de recolección').fill('60601');
    await page.getByLabel('Código postal de entrega').fill('30303');
    await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
    const line = page.getByRole('group', { name: 'Artículo 1' });
    await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
    await line.getByLabel('Largo').fill('48');
    await line.getByLabel('Ancho').fill('40');
    await line.getByLabel('Alto').fill('48');
    await line.getByLabel('Peso').fill('600');
    await page.getByLabel('Valor del envío').fill('20000');
    await page.getByRole('button', { name: 'Obtener tarifas' }).click();
    await expect(page.getByText(/^\d+ cotizaciones obtenidas$/)).toBeVisible();
    // The value is the goods': rates come back; only full cover above $10,000 is by phone.
    await expect(page.getByRole('radio', { name: /Seguro por el valor total/ })).toBeDisabled();
    await expect(page.getByText(/solo por teléfono/)).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Sin seguro' })).toBeChecked();
    await page.getByRole('button', { name: 'Guardar cotización' }).click();
    await expect(page.getByRole('button', { name: 'Guardada' })).toBeDisabled();
    await snap(page, 'quote-value-20000-es');

    await page.getByRole('tab', { name: 'Cotizaciones guardadas' }).click();
    const row = page.getByRole('row').filter({ hasText: '60601' }).first();
    await row.getByRole('button', { name: 'Volver a cotizar' }).click();
    await expect(page).toHaveURL(/\/quote\/[0-9a-f-]{36}$/);
    await expect(page.getByText(/^\d+ cotizaciones obtenidas$/)).toBeVisible();
    await bookFirstRate(page, 'es');
    await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
    await expect(page.getByTestId('confirmation')).toContainText('USD 20,000.00');
  } finally {
    await setPreferences(page, { language: 'en' });
  }
});

test('in Spanish, a truckload is booked to its confirmation, which the consignee reads in Spanish too', async ({ page, browser }) => {
  await logIn(page, 'shipper@demo.test');
  await setPreferences(page, { language: 'es' });
  try {
    await page.goto('/truckload');
    await page.getByLabel('Código postal de recolección').fill('60601');
    await page.getByLabel('Código postal de entrega').fill('75201');
    await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
    await page.getByLabel('Tipo de equipo').selectOption({ label: 'Caja seca' });
    const line = page.getByRole('group', { name: 'Artículo 1' });
    await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
    await line.getByLabel('Cantidad').fill('24');
    await line.getByLabel('Largo').fill('48');
    await line.getByLabel('Ancho').fill('40');
    await line.getByLabel('Alto').fill('60');
    await line.getByLabel('Peso').fill('900');
    await page.getByLabel('Valor del envío').fill('45000');
    await page.getByRole('button', { name: 'Obtener tarifas' }).click();
    await expect(page.getByText(/^\d+ cotizaciones? obtenidas?$/)).toBeVisible();
    await bookFirstRate(page, 'es');
    await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
    await expect(page.getByText('Confirmación de camión completo')).toBeVisible();
    // The carrier's documents in English, the shipper's copies in Spanish.
    await expect(page.getByRole('button', { name: 'Descargar Confirmación de tarifa – Copia en español' })).toBeVisible();
    const href = (await page.getByRole('link', { name: 'Abrir la página de confirmación' }).getAttribute('href')) ?? '';
    await snap(page, 'truckload-booked-es');

    const consignee = await browser.newPage();
    await consignee.goto('/login');
    await consignee.getByText('Español', { exact: true }).click();
    await consignee.goto(href);
    await expect(consignee.getByRole('heading', { name: 'Confirmación de camión completo' })).toBeVisible();
    await expect(consignee.getByText(/· Caja seca$/)).toBeVisible();
    await consignee.close();
  } finally {
    await setPreferences(page, { language: 'en' });
  }
});
