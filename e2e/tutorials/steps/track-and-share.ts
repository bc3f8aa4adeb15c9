import { expect } from '@playwright/test';
import { defineTutorial } from '../director';

export default defineTutorial({
  slug: 'track-and-share',
  title: { en: 'Track a shipment and share its tracking link', es: 'Rastrear un envío y compartir su enlace de rastreo' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/track');
    await expect(page.getByRole('heading', { name: 'Tracking' })).toBeVisible();
    await expect(page.getByText(/^BOL \d{17}$/).first()).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Find the shipment', es: 'Encontrar el envío' });
    await t.step(
      {
        en: 'Tracking shows your shipments with their latest status and estimated delivery.',
        es: 'Rastreo muestra sus envíos con su estado más reciente y la fecha estimada de entrega.',
      },
      () => t.point(page.locator('a[href^="/track/detail/"]').first(), 1800),
    );
    await t.step(
      {
        en: 'Filter by status, for example the shipments in transit.',
        es: 'Filtre por estado, por ejemplo los envíos en tránsito.',
      },
      () => t.click(page.getByRole('tab', { name: 'In-Transit' })),
    );
    await t.step(
      {
        en: 'Or search by BOL, PRO, reference or city.',
        es: 'O busque por BOL, PRO, referencia o ciudad.',
      },
      async () => {
        await t.click(page.getByRole('tab', { name: 'All' }));
        await t.type(page.getByLabel('Search'), 'Atlanta');
        await t.pause(800);
      },
    );

    t.chapter({ en: 'Follow it', es: 'Seguir el envío' });
    await t.step(
      {
        en: 'Open a shipment to see its route, dates, carrier and every tracking event.',
        es: 'Abra un envío para ver su ruta, fechas, transportista y cada evento de rastreo.',
      },
      async () => {
        await t.click(page.locator('a[href^="/track/detail/"]').first());
        await expect(page.getByRole('heading', { name: 'Tracking Detail' })).toBeVisible();
        t.poster();
      },
    );
    await t.step(
      {
        en: 'The timeline lists the carrier’s updates, the newest first.',
        es: 'La línea de tiempo muestra las actualizaciones del transportista, la más reciente primero.',
      },
      async () => {
        await page.evaluate(() => window.scrollBy({ top: 420, behavior: 'smooth' }));
        await t.pause(1200);
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
        await t.pause(800);
      },
    );

    t.chapter({ en: 'Share the public link', es: 'Compartir el enlace público' });
    await t.step(
      {
        en: 'Share the public tracking link: anyone with it can follow the status, without prices or contacts.',
        es: 'Comparta el enlace público de rastreo: quien lo tenga puede seguir el estado, sin precios ni contactos.',
      },
      async () => {
        await t.click(page.getByRole('button', { name: 'Share public tracking link' }));
        await t.point(page.getByLabel('Public tracking link', { exact: true }), 1500);
      },
    );
    const link = await page.getByLabel('Public tracking link', { exact: true }).inputValue();
    await t.step(
      {
        en: 'Your customer opens the link and sees the shipment, no sign-in needed.',
        es: 'Su cliente abre el enlace y ve el envío, sin necesidad de iniciar sesión.',
      },
      async () => {
        await page.goto(link);
        await expect(page.getByRole('heading', { name: 'Track a Shipment' })).toBeVisible();
        await t.pause(1500);
        await page.evaluate(() => window.scrollBy({ top: 300, behavior: 'smooth' }));
        await t.pause(1000);
      },
    );
    await t.step({
      en: 'That is all: the status there updates as the carrier reports.',
      es: 'Eso es todo: el estado se actualiza ahí a medida que el transportista informa.',
    });
  },
});
