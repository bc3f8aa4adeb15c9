import { logInAsLookAlike, seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a seller connects another eBay store through the consent page and syncs its orders', async ({ page }) => {
  // The demo shipper's look-alike: the eBay stores and orders are the demo account's.
  await logInAsLookAlike(page, 'shipper@demo.test', 'ebay-store', { settings: { language: 'en' }, at: '/orders/ebay' });
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
  await page.getByRole('searchbox', { name: 'Search' }).fill('GK-12');
  await expect(page.getByTestId('ebay-order-row').first()).toContainText('GK-12');
  await snap(page, 'ebay-orders');
});

/**
 * The order screens in Spanish: the store's connection above runs in English, the rolls' flow in
 * Spanish, each once (the every-page walk reads every screen in both languages).
 */
const WORDS = {
  es: {
    ship: 'Cotizar y enviar',
    awaiting: 'En espera de envío',
    title: 'Cotizar y enviar un pedido de eBay',
    cheapest: 'La más económica',
    quoteLtl: 'Cotizar LTL',
    returned: /^\d+ cotizaciones obtenidas$/,
    bookWith: /^Reservar con /,
    delivery: 'Información de entrega',
    street: /^Calle y número/,
    email: /^Correo electrónico/,
    phone: /^Teléfono/,
    optional: 'Opcional: eBay no proporciona el correo electrónico del comprador.',
    yes: 'Sí',
    accept: /He leído y acepto el/,
    book: 'Reservar envío',
    shipped: 'Enviado',
    sent: 'Rastreo enviado a eBay',
  },
} as const;

{
  const language = 'es';
  test(`${language}: an eBay order of rolls offered both modes is shipped LTL without the buyer's email, and its tracking goes to eBay`, async ({
    page,
  }) => {
    const w = WORDS[language];
    const shipper = await seedLookAlike('shipper@demo.test', `ebay-${language}`);
    await logIn(page, shipper.email, { password: shipper.password, settings: { language }, at: '/orders/ebay?q=KP-36' });
    // Three kraft paper rolls alone (95 lb each): they fit a parcel carrier and LTL.
    const row = page
      .getByTestId('ebay-order-row')
      .filter({ hasText: '3 × Kraft paper roll' })
      .filter({ hasNotText: /GK-12|CH-200|DG-55|MISC-9/ })
      .first();
    await expect(row).toContainText(w.awaiting);
    const orderNumber = (await row.locator('td').nth(1).locator('p').first().textContent())?.trim() ?? '';
    await row.getByRole('link', { name: w.ship }).click();

    await expect(page.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(page.getByTestId('ebay-order-summary')).toContainText(orderNumber);
    // Both modes rated; LTL is the cheaper of the two for heavy rolls.
    const parcel = page.getByTestId('ebay-mode-parcel');
    const ltl = page.getByTestId('ebay-mode-ltl');
    await expect(parcel).toContainText(/\d+\.\d{2}/);
    await expect(ltl).toContainText(w.cheapest);
    await expect(parcel).not.toContainText(w.cheapest);
    await snap(page, `ebay-rolls-modes-${language}`);
    // At phone width the two modes stack, each with its button on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const card of [parcel, ltl]) {
      const box = await card.getByRole('button').boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await snap(page, `ebay-rolls-modes-${language}-phone`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await ltl.getByRole('button', { name: w.quoteLtl }).click();

    await expect(page.getByTestId('rates-count')).toHaveText(w.returned);
    await page.getByTestId('rate-card').first().getByRole('button', { name: w.bookWith }).click();
    // The buyer's address and phone come from the order; eBay gives no email and none is asked for.
    const delivery = page.getByRole('group', { name: w.delivery });
    await expect(delivery.getByLabel(w.street)).not.toHaveValue('');
    await expect(delivery.getByLabel(w.phone)).not.toHaveValue('');
    await expect(delivery.getByLabel(w.email)).toHaveValue('');
    await expect(delivery.getByText(w.optional)).toBeVisible();
    // A buyer's address is residential: the quote already has it, so the booking says so.
    await expect(page.getByRole('radio', { name: w.yes }).first()).toBeChecked();
    await page.getByRole('checkbox', { name: w.accept }).check();
    await page.getByRole('button', { name: w.book, exact: true }).click();
    await expect(page.getByText(/BOL/).first()).toBeVisible();

    await page.goto(`/orders/ebay?status=shipped&q=${encodeURIComponent(orderNumber)}`);
    const shipped = page.getByTestId('ebay-order-row').first();
    await expect(shipped).toContainText(w.shipped);
    await expect(shipped).toContainText(w.sent);
    await snap(page, `ebay-rolls-shipped-${language}`);
  });
}
