import { expect } from '@playwright/test';
import { defineTutorial } from '../director';

export default defineTutorial({
  slug: 'pay-invoices',
  title: { en: 'Pay your invoices', es: 'Pagar sus facturas' },
  user: 'shipper@demo.test',
  async prepare(page) {
    await page.goto('/my-invoices');
    await expect(page.getByTestId('aging-summary')).toBeVisible();
    await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  },
  async run(t) {
    const { page } = t;
    t.chapter({ en: 'Open invoices', es: 'Facturas abiertas' });
    await t.step(
      {
        en: 'Invoices lists what you owe. The summary at the top shows it by age.',
        es: 'Facturas muestra lo que debe. El resumen de arriba lo agrupa por antigüedad.',
      },
      () => t.point(page.getByTestId('aging-summary'), 2000),
    );
    await t.step(
      {
        en: 'Filter the list, for example to the past-due invoices.',
        es: 'Filtre la lista, por ejemplo para ver las facturas vencidas.',
      },
      async () => {
        await t.click(page.getByText('Past Due', { exact: true }));
        await expect(page.getByTestId('invoice-row').first()).toContainText('Past due');
      },
    );

    t.chapter({ en: 'Pay by card', es: 'Pagar con tarjeta' });
    const numberOf = async (status: string) =>
      ((await page.getByTestId('invoice-row').filter({ hasText: status }).first().getByRole('link').first().textContent()) ?? '').trim();
    await t.step(
      {
        en: 'Select the invoices to pay: one or several, in a single payment.',
        es: 'Seleccione las facturas que va a pagar: una o varias, en un solo pago.',
      },
      async () => {
        const pastDue = await numberOf('Past due');
        await t.click(page.getByRole('checkbox', { name: `Select invoice ${pastDue}` }));
        await t.click(page.getByText('All', { exact: true }));
        const open = await numberOf('Open');
        await t.click(page.getByRole('checkbox', { name: `Select invoice ${open}` }));
      },
    );
    const dialog = page.getByRole('dialog');
    await t.step(
      {
        en: 'Pay the selected invoices. The total is the sum of their balances.',
        es: 'Pague las facturas seleccionadas. El total es la suma de sus saldos.',
      },
      async () => {
        await t.click(page.getByRole('button', { name: 'Pay 2 selected invoices' }));
        await expect(dialog).toBeVisible();
        await t.pause(500);
        t.poster();
      },
    );
    await t.step(
      {
        en: 'Pay by card, or by bank account (ACH), which stays pending until the bank settles it.',
        es: 'Pague con tarjeta o con cuenta bancaria (ACH), que queda pendiente hasta que el banco la liquide.',
      },
      async () => {
        await t.type(dialog.getByLabel(/^Name on card/), 'Dana Shipper', { delay: 40 });
        await t.type(dialog.getByLabel(/^Card number/), '4242 4242 4242 4242', { delay: 35 });
        await t.choose(dialog.getByLabel(/^Expiry month/), '12');
        await t.choose(dialog.getByLabel(/^Expiry year/), String(new Date().getFullYear() + 2));
        await t.type(dialog.getByLabel(/CVC/).first(), '123');
      },
    );
    await t.step(
      {
        en: 'Confirm the payment. The invoices leave the open list at once.',
        es: 'Confirme el pago. Las facturas salen de la lista de abiertas de inmediato.',
      },
      async () => {
        await t.click(dialog.getByRole('button', { name: /^Pay \$/ }));
        await expect(page.getByText(/^Payment of \$[\d,.]+ received/)).toBeVisible();
        await t.pause(800);
      },
    );

    t.chapter({ en: 'Receipts', es: 'Recibos' });
    await t.step(
      {
        en: 'Invoice History keeps the paid invoices, how they were paid and their receipts.',
        es: 'El Historial de facturas guarda las facturas pagadas, cómo se pagaron y sus recibos.',
      },
      async () => {
        await t.click(page.getByRole('tab', { name: 'Invoice History' }));
        await expect(page.getByTestId('history-row').first()).toBeVisible();
        await t.point(page.getByTestId('history-row').first(), 1800);
      },
    );
  },
});
