import { apiCall } from '../support/api';
import { expectRates, fillItem, fillLane, quotablePickupDate } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

interface Listed {
  id: string;
  bol_number: string;
  status: string;
}

/**
 * A demo shipment of the signed-in shipper (a look-alike of the demo shipper, who reads the demo
 * account's shipments) on its way on a lane with a learned window (the demo history's lanes).
 */
async function shipmentWithWindow(page: Parameters<typeof apiCall>[0]) {
  const list = await apiCall<Listed[]>(page, 'GET', '/api/shipments?per_page=100');
  for (const s of list.filter((x) => !['delivered', 'canceled'].includes(x.status))) {
    const view = await apiCall<{ delivery_window?: { source: string } }>(page, 'GET', `/api/shipments/${s.id}`);
    if (view.delivery_window?.source === 'history') return s;
  }
  throw new Error('no demo shipment on its way on a learned lane');
}

test('the learned delivery window on the rate results and the tracking pages, in English', async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'delivery-windows-en', { settings: { language: 'en' }, at: '/quote' });
  // Chicago -> Dallas: the demo history's busiest lane.
  await fillLane(page, { from: '60606', to: '75201' });
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('2000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  // Most carriers have a learned window; the demo's thin carrier keeps its promise.
  const transits = page.getByTestId('rate-transit');
  await expect(transits.filter({ hasText: /usually \d+ business days?(, up to \d+)?/ }).first()).toBeVisible();
  await expect(transits.filter({ hasText: /^Transit time: \d+ business days?$/ }).first()).toBeVisible();
  await expect(page.getByText(/Learned from \d+ deliveries by this carrier on this lane/).first()).toBeVisible();
  await snap(page, 'delivery-window-rates');

  const shipment = await shipmentWithWindow(page);
  await page.goto(`/track/detail/${shipment.id}`);
  await expect(page.getByText('Expected delivery')).toBeVisible();
  await expect(page.getByTestId('delivery-window')).toHaveText(/^usually by .+, .+ at the latest$/);
  await snap(page, 'delivery-window-tracking');

  await page.goto(`/track-shipment?number=${encodeURIComponent(shipment.bol_number)}`);
  await expect(page.getByTestId('delivery-window')).toHaveText(/^usually by .+, .+ at the latest$/);
  await snap(page, 'delivery-window-public');
});

test('the learned delivery window on the rate results and the public tracking page, in Spanish', async ({ page }) => {
  const shipper = await logInAsLookAlike(page, 'shipper@demo.test', 'delivery-windows-es');
  const shipment = await shipmentWithWindow(page);
  await setPreferences(page, { language: 'es' });
  await page.goto('/login');
  await logIn(page, shipper.email, { password: shipper.password, at: '/quote' });
  await page.getByLabel('Código postal de recolección').fill('60606');
  await page.getByLabel('Código postal de entrega').fill('75201');
  await page.getByLabel('Fecha de recolección').fill(quotablePickupDate());
  const line = page.getByRole('group', { name: 'Artículo 1' });
  await line.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  await line.getByLabel('Largo').fill('48');
  await line.getByLabel('Ancho').fill('40');
  await line.getByLabel('Alto').fill('48');
  await line.getByLabel('Peso').fill('500');
  await page.getByLabel('Valor del envío').fill('2000');
  await page.getByRole('button', { name: 'Obtener tarifas' }).click();
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
  await expect(
    page
      .getByTestId('rate-transit')
      .filter({ hasText: /normalmente \d+ días? hábil(es)?(, hasta \d+)?/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText(/Según \d+ entregas de este transportista en esta ruta/).first()).toBeVisible();
  await snap(page, 'delivery-window-rates-es');

  await page.goto(`/track/detail/${shipment.id}`);
  await expect(page.getByText('Entrega prevista')).toBeVisible();
  await expect(page.getByTestId('delivery-window')).toHaveText(/^normalmente el .+, a más tardar el .+$/);
  await snap(page, 'delivery-window-tracking-es');
});
