import { expect } from '@playwright/test';
import { defineTutorial } from '../director';
import { bookShipment } from './booking-actions';

export default defineTutorial({
  slug: 'ship-ebay-order',
  title: { en: 'Ship an eBay order', es: 'Enviar un pedido de eBay' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/orders/ebay');
    await expect(page.getByRole('heading', { name: 'eBay Orders' })).toBeVisible();
    await expect(page.getByTestId('ebay-order-row').first()).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Your eBay orders', es: 'Sus pedidos de eBay' });
    await t.step(
      {
        en: 'Your connected eBay stores sync on their own; Sync now brings the newest orders at once.',
        es: 'Sus tiendas de eBay conectadas se sincronizan solas; Sincronizar ahora trae al momento los pedidos más nuevos.',
      },
      () => t.click(page.getByTestId('ebay-store').first().getByRole('button', { name: 'Sync now' })),
    );
    await t.step(
      {
        en: 'Each order waiting for shipment shows its buyer, where it goes and its items. Search by buyer, city or SKU.',
        es: 'Cada pedido en espera de envío muestra su comprador, su destino y sus artículos. Busque por comprador, ciudad o SKU.',
      },
      async () => {
        await t.type(page.getByLabel('Order number, buyer, city, item or SKU'), 'CH-200');
        await expect(page.getByTestId('ebay-order-row').first()).toContainText('CH-200');
        t.poster();
      },
    );

    t.chapter({ en: 'Quote it', es: 'Cotizarlo' });
    await t.step(
      {
        en: 'Quote & ship opens the quote form filled from the order: your address, the buyer’s, and the items from your catalog by SKU.',
        es: 'Cotizar y enviar abre el formulario lleno con el pedido: su dirección, la del comprador y los artículos de su catálogo por SKU.',
      },
      async () => {
        await t.click(page.getByTestId('ebay-order-row').first().getByRole('link', { name: 'Quote & ship' }));
        await expect(page.getByTestId('ebay-order-summary')).toBeVisible();
        await t.point(page.getByTestId('ebay-order-summary'), 1500);
      },
    );
    await t.step(
      {
        en: 'Small items go as parcels, larger ones LTL. Get the rates and book the one that suits you.',
        es: 'Los artículos pequeños van como paquete y los grandes como LTL. Obtenga las tarifas y reserve la que le convenga.',
      },
      async () => {
        await t.click(page.getByRole('button', { name: 'Get rates' }));
        await expect(page.getByTestId('rate-card').first()).toBeVisible();
        await t.click(
          page
            .getByTestId('rate-card')
            .first()
            .getByRole('button', { name: /^Book with / }),
        );
        await expect(page.getByRole('group', { name: 'Delivery information' })).toBeVisible();
      },
    );

    t.chapter({ en: 'Book and tell the buyer', es: 'Reservar y avisar al comprador' });
    const delivery = page.getByRole('group', { name: 'Delivery information' });
    await t.step(
      {
        en: 'The buyer’s address is already in the booking. eBay gives no email: add one for the delivery.',
        es: 'La dirección del comprador ya está en la reserva. eBay no da un correo: agregue uno para la entrega.',
      },
      async () => {
        await t.point(delivery.getByLabel(/^Street address/), 1200);
        await t.type(delivery.getByLabel(/^Email/), 'buyer@example.test');
        const note = page.getByRole('radio', { name: 'No appointment needed' });
        if (await note.count()) await t.click(note);
        await t.click(page.getByRole('checkbox', { name: /I have read and accept the/ }));
      },
    );
    await t.step(
      {
        en: 'Book it: the tracking number goes back to eBay by itself, so the buyer sees it there.',
        es: 'Resérvelo: el número de rastreo vuelve solo a eBay, así el comprador lo ve ahí.',
      },
      async () => {
        await bookShipment(t);
        await t.pause(1100);
      },
    );
    await t.step(
      {
        en: 'On the orders page the order shows shipped, with its tracking sent to eBay.',
        es: 'En la página de pedidos, el pedido aparece enviado, con su rastreo enviado a eBay.',
      },
      async () => {
        await page.goto('/orders/ebay?status=shipped');
        await expect(page.getByText('Tracking sent to eBay').first()).toBeVisible({ timeout: 15_000 });
        await t.point(page.getByText('Tracking sent to eBay').first(), 1800);
      },
    );
  },
});
