import { quotablePickupDate } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a shipper who works in Spanish, metric and pesos gets the quote page, density and prices that way', async ({ page }) => {
  // A look-alike of the demo's other shipper: the language, units and currency are its own.
  await logInAsLookAlike(page, 'other@demo.test', 'quote-es-metric', {
    settings: { language: 'es', unit_system: 'metric', currency: 'MXN' },
    at: '/quote',
  });
  await expect(page.getByRole('heading', { name: 'LTL y paquetería' })).toBeVisible();

  await page.getByLabel('Código postal de recolección').fill('60601');
  await page.getByLabel('Código postal de entrega').fill('30303');
  await expect(page.getByText('Chicago, IL')).toBeVisible();
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  // 122 x 102 x 122 cm, 227 kg: about 48 x 40 x 48 in and 500 lb -> class 100
  await line.getByLabel('Largo').fill('122');
  await line.getByLabel('Ancho').fill('102');
  await line.getByLabel('Alto').fill('122');
  await line.getByLabel('Peso').fill('227');
  await expect(line.getByText(/^Densidad: 1[45]\d(\.\d+)? kg\/m³ · Clase 100$/)).toBeVisible();
  await page.getByLabel('Valor del envío').fill('40000');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();

  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
  const total = await page.getByTestId('rate-total').first().textContent();
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/); // es-MX pesos
  expect(total).not.toContain('US$');
  await page.getByTestId('rate-card').first().getByRole('button', { name: 'Ver cargos' }).click();
  await expect(page.getByTestId('rate-card').first().getByText('Recargo por combustible')).toBeVisible();
  await snap(page, 'quote-es-metric-mxn');
});
