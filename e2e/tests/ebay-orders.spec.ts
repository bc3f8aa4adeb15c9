import { expect, test } from '@playwright/test';
import { logIn, restorePreferences, setPreferences, snap } from '../support/session';

test('a seller connects another eBay store through the consent page and syncs its orders', async ({ page }) => {
  await logIn(page, 'shipper@demo.test');
  await page.goto('/orders/ebay');
  // The demo store is connected and synced from the simulator.
  const demo = page.getByTestId('ebay-store').filter({ hasText: 'demo-seller' });
  await expect(demo).toContainText('Connected');
  await expect(page.getByTestId('ebay-order-row').first()).toBeVisible();

  await page.getByRole('button', { name: 'Connect an eBay store' }).click();
  await expect(page.getByRole('heading', { name: 'eBay simulator' })).toBeVisible();
  await page.getByLabel('eBay user').fill('second-store');
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByText('Your eBay store is connected. Its orders are being synced.')).toBeVisible();
  const second = page.getByTestId('ebay-store').filter({ hasText: 'second-store' });
  await expect(second).toContainText('Connected');
  await second.getByRole('button', { name: 'Sync now' }).click();
  await expect(second).toContainText('Last synced');
  await page.getByLabel('Order number, buyer, city, item or SKU').fill('GK-12');
  await expect(page.getByTestId('ebay-order-row').first()).toContainText('GK-12');
  await snap(page, 'ebay-orders');
});

test('in Spanish, a seller quotes and ships an eBay order, and the order shows shipped with its tracking sent to eBay', async ({
  page,
}) => {
  await logIn(page, 'shipper@demo.test');
  await setPreferences(page, { language: 'es' });
  try {
    // Office chairs alone (in the catalog, not hazardous, a parcel): the simulator's orders follow
    // the clock, so the newest order with chairs may carry a drum as well.
    await page.goto('/orders/ebay?q=CH-200');
    const row = page
      .getByTestId('ebay-order-row')
      .filter({ hasNotText: /GK-12|KP-36|DG-55|MISC-9/ })
      .first();
    await expect(row).toContainText('En espera de envío');
    const orderNumber = (await row.locator('td').nth(1).locator('p').first().textContent())?.trim() ?? '';
    await row.getByRole('link', { name: 'Cotizar y enviar' }).click();

    await expect(page.getByRole('heading', { name: 'Cotizar y enviar un pedido de eBay' })).toBeVisible();
    await expect(page.getByTestId('ebay-order-summary')).toContainText(orderNumber);
    await expect(page.getByTestId('ship-to-check')).toHaveText('Verificada por USPS');
    await snap(page, 'ebay-quote-form-es');
    await page.getByRole('button', { name: 'Obtener tarifas' }).click();
    await expect(page.getByText(/^\d+ cotizaciones obtenidas$/)).toBeVisible();
    await page
      .getByTestId('rate-card')
      .first()
      .getByRole('button', { name: /^Reservar con / })
      .click();
    // The buyer's address is filled in from the order; eBay gives no email.
    const delivery = page.getByRole('group', { name: 'Información de entrega' });
    await expect(delivery.getByLabel(/^Calle y número/)).not.toHaveValue('');
    await delivery.getByLabel(/^Correo electrónico/).fill('buyer@example.test');
    // A buyer's address is residential: the quote already has it, so the booking says so.
    await expect(page.getByRole('radio', { name: 'Sí' })).toBeChecked();
    // Chairs fit a parcel: the parcel carrier's pickup note.
    await page.getByRole('radio', { name: 'No se necesita cita' }).check();
    await page.getByRole('checkbox', { name: /He leído y acepto el/ }).check();
    await page.getByRole('button', { name: 'Reservar envío', exact: true }).click();
    await expect(page.getByText(/BOL/).first()).toBeVisible();

    await page.goto(`/orders/ebay?status=shipped&q=${encodeURIComponent(orderNumber)}`);
    const shipped = page.getByTestId('ebay-order-row').first();
    await expect(shipped).toContainText('Enviado');
    await expect(shipped).toContainText('Rastreo enviado a eBay');
    await snap(page, 'ebay-order-shipped-es');
  } finally {
    // The demo shipper goes back to English for the scenarios that follow, whatever happened.
    await restorePreferences(page, { language: 'en' });
  }
});
