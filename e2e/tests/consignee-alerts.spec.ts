import { apiCall } from '../support/api';
import { freshEmail, mailWithLink } from '../support/flows';
import { expectPageFitsWindow } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { logIn } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * A consignee asks for a shipment's alerts by email on the public tracking page (no login), then
 * confirms them by the mailed link (docs/consignee-alerts.md). The form and its words are a lazy
 * chunk of their own: first-visit.spec.ts holds the page's first download to its budget.
 */

/**
 * The demo shipment delayed by weather (seed-shipments.ts): on its way, and it keeps its story.
 * Found by a look-alike of the demo shipper, who reads the demo account's shipments.
 */
async function delayedBol(browser: Browser) {
  const shipper = await seedLookAlike('shipper@demo.test', 'consignee-alerts');
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, shipper.email, { password: shipper.password });
  const [shipment] = await apiCall<{ bol_number: string }[]>(page, 'GET', '/api/shipments?status=delayed');
  await context.close();
  if (!shipment) throw new Error('no delayed demo shipment');
  return shipment.bol_number;
}

let bol = '';
test.beforeAll(async ({ browser }) => {
  bol = await delayedBol(browser);
});

/** Opens the mailed confirmation link and confirms with the one click it asks for. */
async function confirmByMail(page: Page, email: string, words: { subject: string; title: string; action: string; done: string }) {
  const mail = await mailWithLink(email, 'alerts_confirm=');
  expect(mail.subject).toBe(words.subject);
  await page.goto(mail.link);
  const card = page.getByRole('region', { name: words.title });
  await card.getByRole('button', { name: words.action }).click();
  await expect(page.getByRole('status').filter({ hasText: words.done })).toBeVisible();
}

test('a consignee asks for a shipment’s alerts by email and confirms them by the mailed link', async ({ page }) => {
  const email = freshEmail('dock');
  await page.goto(`/track-shipment?number=${bol}`);
  const form = page.getByRole('region', { name: 'Get alerts for this shipment by email' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Get alerts' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Check your inbox. If this address can get alerts for this shipment, we have sent it a link to confirm them. The link works for 48 hours.',
  );

  await confirmByMail(page, email, {
    subject: `Confirm email alerts for shipment ${bol}`,
    title: `Confirm email alerts for shipment ${bol}`,
    action: 'Confirm the alerts',
    done: `Email alerts are on for shipment ${bol}. Each alert email has a link to stop them.`,
  });
  // The page goes on showing the shipment, with the form for another address.
  await expect(page.getByRole('heading', { name: `Shipment ${bol}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Get alerts for this shipment by email' })).toBeVisible();
});

test('in Spanish at phone width, the form follows the language switch and the mail and its link are in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = freshEmail('almacen');
  await page.goto(`/track-shipment?number=${bol}`);
  await expect(page.getByRole('region', { name: 'Get alerts for this shipment by email' })).toBeVisible();
  // Switched once the form is shown: its own words come in Spanish too.
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('Español', { exact: true }).click();
  const form = page.getByRole('region', { name: 'Reciba por correo las alertas de este envío' });
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByRole('button', { name: 'Recibir alertas' }).click();
  await expect(form.getByRole('status')).toHaveText(/^Revise su bandeja de entrada\./);
  // Nothing wider than the phone.
  await expectPageFitsWindow(page);

  await confirmByMail(page, email, {
    subject: `Confirme las alertas por correo del envío ${bol}`,
    title: `Confirme las alertas por correo del envío ${bol}`,
    action: 'Confirmar las alertas',
    done: `Las alertas por correo del envío ${bol} están activas. Cada correo de alerta trae un enlace para detenerlas.`,
  });
});
