import { expect } from '@playwright/test';
import { quotablePickupDate } from '../../support/quote';
import { defineTutorial } from '../director';
import { answerNoAndAccept, bookShipment, pickDemoContacts } from './booking-actions';

export default defineTutorial({
  slug: 'quote-book-ltl',
  title: { en: 'Quote and book an LTL shipment', es: 'Cotizar y reservar un envío LTL' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/quote-shipment');
    await expect(page.getByLabel('Pickup zip / postal code')).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Where and when', es: 'Origen, destino y fecha' });
    await t.step(
      {
        en: 'On Quote & Ship, start with the pickup. Your address book fills in the place.',
        es: 'En Cotizar y enviar, empiece por la recolección. Su libreta de direcciones completa el lugar.',
      },
      async () => {
        await t.type(page.getByLabel('Pickup from address book'), 'Lakeshore');
        await t.click(page.getByRole('option', { name: /Lakeshore Industrial Supply/ }));
        await expect(page.getByText('Chicago, IL').first()).toBeVisible();
      },
    );
    await t.step(
      {
        en: 'Then the delivery: here, a restaurant supplier in Dallas.',
        es: 'Luego la entrega: en este caso, un proveedor de restaurantes en Dallas.',
      },
      async () => {
        await t.type(page.getByLabel('Deliver to address book'), 'Trinity');
        await t.click(page.getByRole('option', { name: /Trinity Restaurant Equipment/ }));
        await expect(page.getByText('Dallas, TX').first()).toBeVisible();
      },
    );
    await t.step(
      {
        en: 'Choose the pickup date. Carriers pick up on business days only.',
        es: 'Elija la fecha de recolección. Los transportistas solo recogen en días hábiles.',
      },
      () => t.fill(page.getByLabel('Pickup date'), quotablePickupDate()),
    );

    t.chapter({ en: 'The freight', es: 'La mercancía' });
    const item = page.getByRole('group', { name: 'Item 1' });
    await t.step(
      {
        en: 'Describe the freight: one pallet, 48 × 40 × 48 inches, 500 pounds.',
        es: 'Describa la mercancía: una tarima de 48 × 40 × 48 pulgadas y 500 libras.',
      },
      async () => {
        await t.choose(item.getByLabel('Package type'), 'Pallets');
        await t.type(item.getByLabel('Length'), '48');
        await t.type(item.getByLabel('Width'), '40');
        await t.type(item.getByLabel('Height'), '48');
        await t.type(item.getByLabel('Weight'), '500');
      },
    );
    await t.step(
      {
        en: 'The density and the freight class are worked out for you as you type.',
        es: 'La densidad y la clase de flete se calculan solas mientras escribe.',
      },
      () => t.point(item.getByText(/^Density: /), 1800),
    );
    await t.step(
      {
        en: 'Enter the value of the shipment: the insurance options are based on it.',
        es: 'Indique el valor del envío: las opciones de seguro se calculan con él.',
      },
      () => t.type(page.getByLabel('Shipment value'), '2000'),
    );

    t.chapter({ en: 'Compare rates', es: 'Comparar tarifas' });
    await t.step(
      {
        en: 'Get rates: every carrier answers at once, the lowest price first.',
        es: 'Obtenga tarifas: todos los transportistas responden a la vez, la más baja primero.',
      },
      async () => {
        await t.click(page.getByRole('button', { name: 'Get rates' }));
        await expect(page.getByText(/^\d+ quotes? returned$/)).toBeVisible();
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
        await t.pause(600);
        t.poster();
      },
    );
    const rate = page.getByTestId('rate-card').first();
    await t.step(
      {
        en: 'Open a rate to see its charges: linehaul, fuel surcharge and any extra services.',
        es: 'Abra una tarifa para ver sus cargos: flete, recargo por combustible y servicios adicionales.',
      },
      async () => {
        await t.click(rate.getByRole('button', { name: 'Show charges' }));
        await t.point(rate.getByRole('table'), 1500);
      },
    );

    t.chapter({ en: 'Book the shipment', es: 'Reservar el envío' });
    await t.step(
      {
        en: 'Book with the carrier you choose.',
        es: 'Reserve con el transportista que elija.',
      },
      async () => {
        await t.click(rate.getByRole('button', { name: /^Book with / }));
        await expect(page.getByRole('group', { name: 'Pickup information' })).toBeVisible();
      },
    );
    await t.step(
      {
        en: 'Take the pickup and delivery contacts from your address book too, or type them.',
        es: 'Tome también de su libreta los contactos de recolección y de entrega, o escríbalos.',
      },
      () => pickDemoContacts(t),
    );
    await t.step(
      {
        en: 'Add a reference, such as your purchase order number.',
        es: 'Agregue una referencia, como su número de orden de compra.',
      },
      async () => {
        await t.choose(page.getByLabel('Reference 1 type'), 'PO Number');
        await t.type(page.getByLabel('Reference 1 number'), 'PO-7781');
      },
    );
    await t.step(
      {
        en: 'Answer the lift-gate question and accept the booking disclaimer.',
        es: 'Responda la pregunta sobre la plataforma elevadora y acepte el aviso de reserva.',
      },
      () => answerNoAndAccept(t),
    );
    await t.step(
      {
        en: 'Book the shipment. The confirmation gives the BOL number and the bill of lading to print.',
        es: 'Reserve el envío. La confirmación muestra el número de BOL y el conocimiento de embarque para imprimir.',
      },
      async () => {
        await bookShipment(t);
        await t.point(page.getByText(/^BOL number \d{17}$/), 1500);
      },
    );
    await t.step({
      en: 'Done. The shipment now shows in Tracking and in Shipment History.',
      es: 'Listo. El envío ya aparece en Rastreo y en el Historial de envíos.',
    });
  },
});
