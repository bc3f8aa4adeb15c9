import { freshEmail } from '../support/flows';
import { openInPortal } from '../support/navigate';
import { expectRates, fillItem, fillLane, quotablePickupDate } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedCompany, startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a Chicago shipper quotes LTL to Monterrey on the International tab: through Laredo, with the transfer and the customs charges', async ({
  page,
}) => {
  await startAsNewCompany(page, { email: freshEmail('border-quote'), password: 'Border#2026' });
  await openInPortal(page, '/quote-shipment/international');
  await expect(page.getByText('Quotes between the United States, Canada and Mexico')).toBeVisible();
  await page.getByLabel('Delivery country').selectOption('MX');
  await fillLane(page, { from: '60606', to: '64000' });
  // The form says what a rate across the border holds before it is asked.
  await expect(page.getByRole('status').filter({ hasText: 'Cross-border shipment' })).toContainText('Duties and taxes are not included.');
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('5000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);

  // The Mexican carrier alone serves the lane: handed over at Laredo, charged for the transfer,
  // the Mexican entry and a customs broker on each side.
  const card = page.getByRole('article', { name: 'Demo Frontera Carga' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByTestId('rate-crossing')).toHaveText(
    'Crosses at Laredo, TX – Nuevo Laredo, TAM, handed over to a carrier on the other side. Duties and taxes are not included.',
  );
  await card.getByRole('button', { name: 'Show charges' }).click();
  const charges = card.getByRole('table', { name: 'Charges of Demo Frontera Carga' });
  for (const line of ['Transfer at the border', 'Mexican entry: pedimento filing', 'Our customs brokers (both sides)']) {
    await expect(charges).toContainText(line);
  }
  await snap(page, 'cross-border-quote');
});

test('in Spanish, a Canadian shipper in metric and Canadian dollars quotes Toronto to Dallas at phone width', async ({ page }) => {
  // Its settings saved before the portal opens, as a user who set them once finds them.
  const o = { email: freshEmail('border-quote-es'), password: 'Border#2026', language: 'Spanish' as const };
  await seedCompany(o);
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, o.email, {
    password: o.password,
    settings: { language: 'es', unit_system: 'metric', currency: 'CAD' },
    at: '/quote-shipment/international',
  });
  await expect(page.getByText('Cotizaciones entre Estados Unidos, Canadá y México')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'kg / cm' })).toBeChecked();
  await page.getByLabel('País de recolección').selectOption('CA');
  await page.getByLabel('Código postal de recolección').fill('M5V 3L9');
  await page.getByLabel('Código postal de entrega').fill('75201');
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  await line.getByLabel('Largo').fill('120');
  await line.getByLabel('Ancho').fill('100');
  await line.getByLabel('Alto').fill('120');
  await line.getByLabel('Peso').fill('230');
  await page.getByLabel('Valor del envío').fill('7000');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText('1 cotización obtenida');

  // One truck from Toronto through an Ontario crossing, priced in Canadian dollars.
  const card = page.getByRole('article', { name: 'Demo Transborder Freight' });
  await expect(card.getByTestId('rate-crossing')).toHaveText(
    /^Cruza por (Detroit, MI – Windsor|Buffalo, NY – Fort Erie), ON en el mismo camión\. No incluye aranceles ni impuestos\.$/,
  );
  await expect(card.getByTestId('rate-total')).toContainText('CAD');
  await expectNoSidewaysScroll(page, 'on the rates across the border at 390 px');
  await snap(page, 'cross-border-quote-es-phone');
});
