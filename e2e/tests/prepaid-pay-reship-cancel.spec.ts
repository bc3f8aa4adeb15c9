import { LAKESHORE, PEACHTREE, quoteAndBookInSpanish } from '../support/booking';
import { chooseNewCard } from '../support/payment';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * A prepaid shipper who works in Spanish: books, sees the payment countdown, is declined, pays,
 * then reships from Shipment History (the booking step comes prefilled) and cancels a shipment.
 */
test('a prepaid shipper in Spanish books, pays by card, reships and cancels', async ({ page }) => {
  await logInAsLookAlike(page, 'prepaid@demo.test', 'prepaid-es', { settings: { language: 'es' } });
  await quoteAndBookInSpanish(page, '500');

  // Booked, awaiting payment with a countdown to automatic cancellation.
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
  const bol = (await page.getByTestId('confirmation-bol').textContent())?.match(/\d{17}/)?.[0] ?? '';
  await expect(page.getByText('Pago pendiente').first()).toBeVisible();
  await expect(page.getByText(/\d{1,2}:\d{2}/).first()).toBeVisible();
  await snap(page, 'prepaid-awaiting-payment-es');

  // A declined card first, then a good one.
  await page.getByRole('button', { name: 'Pagar ahora' }).click();
  const dialog = page.getByRole('dialog');
  // The demo account's saved Visa is offered first: these cards are typed.
  await chooseNewCard(dialog);
  await dialog.getByLabel('Nombre en la tarjeta').fill('Paula Prepaid');
  await dialog.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Mes de venc.').selectOption('12');
  await dialog.getByLabel('Año de venc.').selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel(/CVC/).first().fill('123');
  await dialog.getByRole('button', { name: /^Pagar / }).click();
  await expect(dialog.getByText('Su tarjeta fue rechazada. Use otra tarjeta.')).toBeVisible();
  await dialog.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: /^Pagar / }).click();
  await expect(page.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(page.getByText(/terminada en 4242/)).toBeVisible();
  await snap(page, 'prepaid-paid-es');

  // Shipment History: reship it; the new quote's booking step is prefilled with the same places.
  await page.goto('/my-shipments');
  await expect(page.getByRole('heading', { name: 'Historial de envíos' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: bol });
  await row.getByRole('button', { name: `Acciones para ${bol}` }).click();
  await page.getByRole('menuitem', { name: 'Volver a enviar' }).click();
  await page.getByRole('button', { name: 'Continuar a la cotización' }).click();
  await expect(page).toHaveURL(/\/quote-shipment\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('rates-count')).toHaveText(/^\d+ cotizaciones obtenidas$/);
  await page
    .getByTestId('rate-card')
    .first()
    .getByRole('button', { name: /^Reservar con / })
    .click();
  const pickup = page.getByRole('group', { name: 'Información de recolección' });
  await expect(pickup.getByLabel(/^Empresa\/nombre del lugar/)).toHaveValue(LAKESHORE.company);
  await expect(page.getByRole('group', { name: 'Información de entrega' }).getByLabel(/^Calle y número/)).toHaveValue(PEACHTREE.street);

  // Cancel the first shipment before pickup.
  await page.goto('/my-shipments');
  await page
    .getByRole('row')
    .filter({ hasText: bol })
    .getByRole('button', { name: `Acciones para ${bol}` })
    .click();
  await page.getByRole('menuitem', { name: 'Cancelar envío' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envío' }).click();
  await expect(page.getByRole('row').filter({ hasText: bol })).toContainText('Cancelado');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await snap(page, 'my-shipments-es');

  // The public page shows the cancel at once: the status and the event in the history.
  await page.goto(`/track-shipment?number=${bol}`);
  await expect(page.getByText('Cancelado').first()).toBeVisible();
  // The portal's own event text, worded in the reader's language.
  await expect(page.getByText('Cancelado por el remitente')).toBeVisible();
  await snap(page, 'public-tracking-canceled-es');
  // A number nobody has is answered in Spanish too.
  await page.getByLabel('Número de rastreo').fill('FP0000000X');
  await page.getByRole('button', { name: 'Rastrear' }).click();
  await expect(page.getByRole('alert')).toContainText('No se encontró ningún envío con FP0000000X');
  await snap(page, 'public-tracking-not-found-es');
});
