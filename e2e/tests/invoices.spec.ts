import { readFileSync } from 'node:fs';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { apiCall } from '../support/api';
import { quoteAndBookInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { chooseNewCard } from '../support/payment';
import {
  invoiceOf,
  logInAsLookAlike,
  seedCompany,
  seedDelivery,
  seedReweigh,
  seedShipment,
  startAsNewCompany,
  uniqueCompanyName,
} from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The number of the first Open Invoices row showing `status`. */
async function numberOfRow(page: Page, status: string) {
  const row = page.getByTestId('invoice-row').filter({ hasText: status }).first();
  return ((await row.getByRole('link').first().textContent()) ?? '').trim();
}

async function payByCard(page: Page, button: RegExp) {
  const dialog = page.getByRole('dialog');
  await chooseNewCard(dialog);
  await dialog.getByLabel(/^(Name on card|Nombre en la tarjeta)/).fill('Dana Shipper');
  await dialog.getByLabel(/^(Card number|Número de tarjeta)/).fill('4242 4242 4242 4242');
  await dialog.getByLabel(/^(Expiry month|Mes de venc\.)/).selectOption('12');
  await dialog.getByLabel(/^(Expiry year|Año de venc\.)/).selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel(/CVC/).first().fill('123');
  await dialog.getByRole('button', { name: button }).click();
}

test('a shipper on terms filters Past Due, pays two invoices by card, finds them in history, downloads and disputes a reweigh', async ({
  page,
}) => {
  // A company of its own on terms: an invoice 5 days past due (within its 10 grace days, so it
  // still ships), one open, and a carrier's reweigh billed as an adjustment.
  const company = await startAsNewCompany(page, { email: freshEmail('invoices-shipper'), password: 'Terms#2026' }, { onCredit: true });
  await seedDelivery(company, (await seedShipment(page, company)).id, { daysAgo: 35 });
  await seedDelivery(company, (await seedShipment(page, company)).id, { daysAgo: 3 });
  const weighed = await seedShipment(page, company, { delivered: true });
  const reweighed = await seedReweigh(company, weighed.id, 1.15);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/my-invoices$/);
  await expect(page.getByTestId('aging-summary')).toContainText('31-60 days');
  await snap(page, 'open-invoices');

  await page.getByText('Past Due', { exact: true }).click();
  await expect(page).toHaveURL(/filter=past_due/);
  await expect(page.getByTestId('invoice-row').first()).toContainText('Past due');
  await page.getByRole('button', { name: 'Pay selected' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must select at least one invoice in order to pay');
  const pastDue = await numberOfRow(page, 'Past due');

  await page.getByText('All', { exact: true }).click();
  const open = await numberOfRow(page, 'Open');
  await page.getByRole('checkbox', { name: `Select invoice ${pastDue}` }).check();
  await page.getByRole('checkbox', { name: `Select invoice ${open}` }).check();
  await page.getByRole('button', { name: 'Pay 2 selected invoices' }).click();
  await expect(page.getByRole('dialog')).toContainText(pastDue);
  await snap(page, 'pay-two-invoices');
  await payByCard(page, /^Pay \$/);
  await expect(page.getByText(/^Payment of \$[\d,.]+ received/)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: pastDue })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Invoice History' }).click();
  await expect(page).toHaveURL(/\/my-invoices\/history$/);
  for (const number of [pastDue, open]) {
    await expect(page.getByTestId('history-row').filter({ hasText: number })).toContainText('Card •••• 4242');
  }
  await snap(page, 'invoice-history');

  await page.goto(`/invoice-detail/${reweighed.id}`);
  await expect(page.getByTestId('correction')).toContainText('The carrier reweighed this shipment');
  await expect(page.getByTestId('charges')).toContainText('+$');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await (await download).path();
  const text = (await pdfPages(readFileSync(file))).map((p) => p.text).join('\n');
  expect(text).toContain(reweighed.number);
  expect(text).toContain('The carrier reweighed this shipment');
  expect(text).toContain('Balance due');

  await page.getByRole('button', { name: 'Dispute' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('What do you dispute?')).not.toHaveValue('');
  // The form shows the most the line can be disputed for, and refuses more before sending.
  await expect(dialog.getByText(/^Up to \$[\d,]+\.\d\d$/)).toBeVisible();
  const proposed = await dialog.getByLabel('Amount disputed').inputValue();
  await dialog.getByLabel('Amount disputed').fill('999999');
  await dialog.getByLabel('Reason').fill('Our scale ticket shows the weight we booked.');
  await dialog.getByRole('button', { name: 'Send the dispute' }).click();
  await expect(dialog.getByText(/^The disputed amount cannot be more than \$[\d,]+\.\d\d$/)).toBeVisible();
  await snap(page, 'invoice-dispute-over-maximum');
  await dialog.getByLabel('Amount disputed').fill(proposed);
  await dialog.getByRole('button', { name: 'Send the dispute' }).click();
  await expect(page.getByTestId('dispute')).toContainText('Our scale ticket shows the weight we booked.');
  await expect(page.getByTestId('dispute')).toContainText('Open');
  await expect(page.getByText('Disputed', { exact: true }).first()).toBeVisible();
  await snap(page, 'invoice-detail-disputed');
});

test('a held shipper in Spanish is told before quoting, pays its way out and books', async ({ page }) => {
  test.setTimeout(150_000); // two bookings
  // A company of its own on terms with the least credit limit ($100.00): its first booking holds it.
  const shipper = {
    email: freshEmail('invoices-held'),
    password: 'Held#2026',
    company: uniqueCompanyName('Held'),
    language: 'Spanish' as const,
  };
  const company = await seedCompany(shipper, { credit: { credit_limit_cents: 100_00 } });
  await logIn(page, shipper.email, { password: shipper.password, settings: { language: 'es' } });
  const book = () => quoteAndBookInSpanish(page, '900');
  await book();
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
  // Its carrier delivers it: the invoice the shipper pays its way out with.
  const [booked] = await apiCall<{ id: string }[]>(page, 'GET', '/api/shipments?per_page=1');
  await seedDelivery(company, booked?.id ?? '');

  await page.goto('/quote-shipment');
  const banner = page.getByTestId('credit-hold-banner');
  await expect(banner).toContainText('Su cuenta tiene bloqueo de crédito');
  await snap(page, 'credit-hold-quote-es');
  await banner.getByRole('link', { name: 'Ver facturas abiertas' }).click();
  await expect(page).toHaveURL(/\/my-invoices$/);
  await expect(page.getByTestId('credit-hold-alert')).toContainText('superan su límite de crédito');
  const first = await numberOfRow(page, 'Abierta');
  await page.getByRole('checkbox', { name: `Seleccionar la factura ${first}` }).check();
  await page.getByRole('button', { name: 'Pagar 1 factura seleccionada' }).click();
  await payByCard(page, /^Pagar (USD|\$)/);
  await expect(page.getByText(/^Recibimos su pago de/)).toBeVisible();
  await expect(page.getByTestId('credit-hold-alert')).toHaveCount(0);
  await snap(page, 'credit-hold-paid-es');

  await book();
  await expect(page.getByRole('heading', { name: 'Envío reservado' })).toBeVisible();
});

test('accounting answers a dispute with a credit, then places and lifts a hold with a reason, all on the record', async ({
  page,
  browser,
}) => {
  // A company of its own on terms, whose shipper disputes the whole invoice of a delivered shipment.
  const name = uniqueCompanyName('Disputes');
  const shipper = await browser.newPage();
  const company = await startAsNewCompany(
    shipper,
    { email: freshEmail('invoices-disputes'), password: 'Dispute#2026', company: name },
    { onCredit: true },
  );
  const invoice = await invoiceOf(shipper, (await seedShipment(shipper, company, { delivered: true })).id);
  const reason = `The carrier missed the delivery appointment at ${name}.`;
  await apiCall(shipper, 'POST', `/api/invoices/${invoice.id}/disputes`, { reason, amount_cents: invoice.balance_cents });
  await shipper.context().close();

  await logInAsLookAlike(page, 'accounting@demo.test', 'invoices-accounting', { at: '/admin/dashboard' });
  // The queue on the dashboard leads to the account of each open dispute (its row also links the invoice).
  const queue = page.getByTestId('open-disputes');
  await expect(queue).toContainText(reason);
  const row = queue.getByRole('row').filter({ hasText: reason });
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const panel = page.getByTestId('credit-panel');
  await expect(panel).toContainText('Credit and invoices');
  const dispute = panel.getByTestId('staff-dispute').filter({ hasText: reason });
  await dispute.getByLabel('Reply to the shipper').fill('The carrier confirms the appointment was missed.');
  await dispute.getByRole('button', { name: 'Send' }).click();
  await expect(dispute).toContainText('The carrier confirms the appointment was missed.');
  // The whole amount is credited: the invoice is settled, and the account stays able to ship.
  await dispute.getByLabel(/^Note to the shipper/).fill('Appointment missed: the invoice is credited in full.');
  await dispute.getByRole('button', { name: 'Resolve' }).click();
  await expect(dispute).toHaveCount(0);
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
  await snap(page, 'admin-credit-panel');

  await panel.getByRole('button', { name: 'Place hold' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Reason/)
    .fill('Returned check on file');
  await page.getByRole('dialog').getByRole('button', { name: 'Place hold' }).click();
  await expect(panel.getByText('Placed by staff')).toBeVisible();
  await expect(panel.getByTestId('credit-record')).toContainText('Returned check on file');
  await panel.getByRole('button', { name: 'Lift hold' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Reason/)
    .fill('Paid by wire');
  await page.getByRole('dialog').getByRole('button', { name: 'Lift hold' }).click();
  await expect(panel.getByTestId('credit-record')).toContainText('Paid by wire');
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
});

test('in Spanish, the dispute form names the maximum and refuses more', async ({ page }) => {
  // A company of its own on terms, in Spanish, with the open invoice of a delivery.
  const email = freshEmail('invoices-dispute-es');
  const company = await startAsNewCompany(page, { email, password: 'Terms#2026', language: 'Spanish' }, { onCredit: true });
  const { number } = await invoiceOf(page, (await seedShipment(page, company, { delivered: true })).id);
  await page.goto('/my-invoices');
  await page.getByRole('link', { name: number }).first().click();
  await page.getByRole('button', { name: 'Disputar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('¿Qué disputa?').selectOption({ index: 0 });
  await expect(dialog.getByText(/^Hasta USD\s[\d,]+\.\d\d$/)).toBeVisible();
  await dialog.getByLabel('Importe disputado').fill('999999');
  await dialog.getByLabel('Motivo').fill('No coincide con lo cotizado.');
  await dialog.getByRole('button', { name: 'Enviar la disputa' }).click();
  await expect(dialog.getByText(/^El importe disputado no puede ser mayor que USD\s[\d,]+\.\d\d$/)).toBeVisible();
  await snap(page, 'invoice-dispute-over-maximum-es');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
});
