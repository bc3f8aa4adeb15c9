import { expect } from '@playwright/test';
import { quotablePickupDate } from '../../support/quote';
import { defineTutorial } from '../director';
import { answerNoAndAccept, bookShipment, pickDemoContacts } from './booking-actions';

export default defineTutorial({
  slug: 'quote-book-parcel',
  title: { en: 'Quote and book a parcel', es: 'Cotizar y reservar un paquete' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/quote-shipment');
    await expect(page.getByLabel('Pickup zip / postal code')).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Shipment details', es: 'Detalles del envío' });
    await t.step(
      {
        en: 'Type the pickup and delivery ZIP codes: the city and state appear on their own.',
        es: 'Escriba los códigos postales de recolección y de entrega: la ciudad y el estado aparecen solos.',
      },
      async () => {
        await t.type(page.getByLabel('Pickup zip / postal code'), '60601');
        await t.type(page.getByLabel('Delivery zip / postal code'), '75201');
        await expect(page.getByText('Dallas, TX').first()).toBeVisible();
      },
    );
    await t.step(
      {
        en: 'Choose the pickup date, then quote as Parcel to see the parcel carriers only.',
        es: 'Elija la fecha de recolección y luego cotice como Paquete para ver solo las paqueterías.',
      },
      async () => {
        await t.fill(page.getByLabel('Pickup date'), quotablePickupDate());
        await t.click(page.getByRole('radiogroup', { name: 'Quote as' }).getByText('Parcel', { exact: true }));
      },
    );
    const item = page.getByRole('group', { name: 'Item 1' });
    await t.step(
      {
        en: 'Describe the box: 18 × 12 × 10 inches, 22 pounds. Parcels go up to 150 pounds each.',
        es: 'Describa la caja: 18 × 12 × 10 pulgadas y 22 libras. Cada paquete puede pesar hasta 150 libras.',
      },
      async () => {
        await t.choose(item.getByLabel('Package type'), 'Boxes');
        await t.type(item.getByLabel('Length'), '18');
        await t.type(item.getByLabel('Width'), '12');
        await t.type(item.getByLabel('Height'), '10');
        await t.type(item.getByLabel('Weight'), '22');
      },
    );
    await t.step(
      {
        en: 'Two boxes the same? Set the quantity instead of adding a line.',
        es: '¿Dos cajas iguales? Cambie la cantidad en lugar de agregar otra línea.',
      },
      () => t.type(item.getByLabel('Quantity'), '2'),
    );
    await t.step(
      {
        en: 'Enter the value of the shipment, then get rates.',
        es: 'Indique el valor del envío y obtenga las tarifas.',
      },
      async () => {
        await t.type(page.getByLabel('Shipment value'), '350');
        await t.click(page.getByRole('button', { name: 'Get rates' }));
        await expect(page.getByText(/^\d+ quotes? returned$/)).toBeVisible();
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
        await t.pause(600);
      },
    );

    t.chapter({ en: 'Choose a service', es: 'Elegir un servicio' });
    await t.step(
      {
        en: 'Each parcel carrier shows its service, transit time and total. Sort them as you like.',
        es: 'Cada paquetería muestra su servicio, el tiempo de tránsito y el total. Ordénelas como prefiera.',
      },
      async () => {
        t.poster();
        await t.choose(page.getByLabel('Sort by'), 'Transit time: shortest first');
        await t.point(page.getByTestId('rate-card').first(), 1500);
      },
    );
    const rate = page.getByTestId('rate-card').first();
    await t.step(
      {
        en: 'Book with the service that suits you.',
        es: 'Reserve con el servicio que más le convenga.',
      },
      async () => {
        await t.click(rate.getByRole('button', { name: /^Book with / }));
        await expect(page.getByRole('group', { name: 'Pickup information' })).toBeVisible();
      },
    );

    t.chapter({ en: 'Book it', es: 'Reservar' });
    await t.step(
      {
        en: 'Take the sender and the recipient from your address book.',
        es: 'Tome el remitente y el destinatario de su libreta de direcciones.',
      },
      () => pickDemoContacts(t),
    );
    await t.step(
      {
        en: 'Answer the residential question and accept the booking disclaimer.',
        es: 'Responda la pregunta sobre domicilios residenciales y acepte el aviso de reserva.',
      },
      () => answerNoAndAccept(t),
    );
    await t.step(
      {
        en: 'Book the shipment. The confirmation has the labels to print, one per box.',
        es: 'Reserve el envío. La confirmación trae las etiquetas para imprimir, una por caja.',
      },
      async () => {
        await bookShipment(t);
        await t.point(page.getByRole('button', { name: 'Download Labels' }), 1500);
      },
    );
    await t.step({
      en: 'Done. Stick the labels on the boxes; the carrier takes it from there.',
      es: 'Listo. Pegue las etiquetas en las cajas y la paquetería se encarga del resto.',
    });
  },
});
