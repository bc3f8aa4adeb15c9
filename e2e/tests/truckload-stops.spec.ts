import { bookFirstRate, CIRCLE_CITY, rateInSpanish } from '../support/booking';
import { rateTruckload } from '../support/quote';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a truckload with an extra drop is quoted with its stop-off, booked with the stop, and the consignee sees the stop', async ({
  page,
  browser,
}) => {
  // The demo shipper's look-alike books on the demo account's terms.
  await logInAsLookAlike(page, 'shipper@demo.test', 'truckload-stops-en', { settings: { language: 'en' } });
  // Chicago -> Indianapolis (extra drop) -> Atlanta.
  await rateTruckload(page, { to: '30303', quantity: '20', weight: '1000', value: '30000', stops: ['46204'] });
  await expect(page.getByTestId('stop-1-place')).toHaveText('Indianapolis, IN');
  const card = page.getByTestId('rate-card').first();
  await card.getByRole('button', { name: 'Show charges' }).click();
  await expect(card.getByRole('cell', { name: 'Extra stops' })).toBeVisible();
  await snap(page, 'truckload-stops-rates');

  await bookFirstRate(page, 'en', [CIRCLE_CITY]);
  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  const stops = page.getByTestId('shipment-stops');
  await expect(stops).toContainText('Stop 1 · Extra drop');
  await expect(stops).toContainText('Circle City Foods');
  await expect(stops).toContainText('1 Monument Cir');
  await expect(stops).toContainText('Indianapolis, IN 46204');
  await expect(page.getByTestId('shipment-charges')).toContainText('Extra stops (stop-off)');
  await snap(page, 'truckload-stops-booked');
  const href = (await page.getByRole('link', { name: 'Open the confirmation page' }).getAttribute('href')) ?? '';

  // The consignee, without an account, reads the route on the public page.
  const consignee = await browser.newPage();
  await consignee.goto(href);
  const route = consignee.getByTestId('confirmation-stops');
  await expect(route).toContainText('Stop 1 · Extra drop');
  await expect(route).toContainText('Circle City Foods');
  await expect(route).toContainText('Indianapolis, IN 46204');
  await expect(route).toContainText('Dana Price · (317) 555-0142');
  await snap(consignee, 'truckload-stops-confirmation-public');
  await consignee.close();
});

test('in Spanish, the stops of the truckload form and of Book Shipment read in Spanish', async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'truckload-stops-es', { settings: { language: 'es' } });
  await rateInSpanish(page, {
    path: '/truckload',
    to: '30303',
    equipment: 'Caja seca',
    quantity: '20',
    weight: '900',
    value: '30000',
    stops: ['46204'],
  });
  await bookFirstRate(page, 'es', [CIRCLE_CITY]);
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
  await expect(page.getByTestId('shipment-stops')).toContainText('Parada 1 · Entrega adicional');
  await snap(page, 'truckload-stops-booked-es');
});
