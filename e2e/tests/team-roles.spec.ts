import { apiCall } from '../support/api';
import { freshEmail } from '../support/flows';
import { chooseNewCard } from '../support/payment';
import { logInAsLookAlike, seedColleague, seedShipment, startAsNewCompany } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Customer roles in the browser: a billing user pays an invoice but is offered nothing to quote or
 * book, and Demo Shipper Co's viewer reads shipments and invoices with no action on them; a page a
 * role does not open, reached by its URL, says so. In English and Spanish. The billing user's
 * company is the scenario's own (on credit terms, one shipment delivered and invoiced), so the
 * invoice it pays is no other scenario's.
 */

const sidebar = (page: Page) => page.getByRole('navigation', { name: /^(Main navigation|Navegación principal)$/ });

async function payByCard(page: Page, button: RegExp) {
  const dialog = page.getByRole('dialog');
  await chooseNewCard(dialog);
  await dialog.getByLabel(/^(Name on card|Nombre en la tarjeta)/).fill('Bea Billing');
  await dialog.getByLabel(/^(Card number|Número de tarjeta)/).fill('4242 4242 4242 4242');
  await dialog.getByLabel(/^(Expiry month|Mes de venc\.)/).selectOption('12');
  await dialog.getByLabel(/^(Expiry year|Año de venc\.)/).selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel(/CVC/).first().fill('123');
  await dialog.getByRole('button', { name: button }).click();
}

/** The first row of My Shipments: its actions menu holds only View. */
async function expectOnlyView(page: Page, view: RegExp) {
  const actions = page.getByRole('button', { name: /^(Actions for|Acciones para) / }).first();
  await actions.click();
  await expect(page.getByRole('menuitem')).toHaveText([view]);
  // Escape to the menu itself: pressed to the page, it once reached no listener and the menu stayed open.
  await page.getByRole('menu').press('Escape');
  // Closed before the next click on it: a click while the menu still closes opens nothing.
  await expect(page.getByRole('menu')).toBeHidden();
}

test('a billing user pays an invoice, is offered no quote or booking, and is told a quote page is not theirs (English, then Spanish)', async ({
  page,
  browser,
}) => {
  const admin = await browser.newPage();
  const company = await startAsNewCompany(admin, { email: freshEmail('roles-admin'), password: 'Roles#2026' }, { onCredit: true });
  await seedShipment(admin, company, { delivered: true });
  await admin.close();
  const billing = await seedColleague(company, 'roles-billing', 'billing');
  await logIn(page, billing.email, { password: billing.password });
  // A role that cannot quote starts on its shipments.
  await expect(page).toHaveURL(/\/my-shipments$/);
  // The delivery's invoice is issued by a job: it is there within seconds.
  await expect.poll(async () => (await apiCall<unknown[]>(page, 'GET', '/api/invoices')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const nav = sidebar(page);
  await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Shipment History' })).toBeVisible();
  for (const hidden of ['Quote & Ship', 'Addresses', 'Product Catalog', 'eBay Orders']) {
    await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expectOnlyView(page, /^View$/);
  await snap(page, 'team-billing-shipments');

  // Quotes: read, never re-run, and no tab to quote from.
  await nav.getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('tab', { name: 'Quote History' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Quote & Ship' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re-run' })).toHaveCount(0);

  // Pays by card the company's open invoice.
  await nav.getByRole('link', { name: 'Invoices' }).click();
  const row = page.getByTestId('invoice-row').filter({ hasText: 'Open' }).last();
  const number = ((await row.getByRole('link').first().textContent()) ?? '').trim();
  await page.getByRole('checkbox', { name: `Select invoice ${number}` }).check();
  await page.getByRole('button', { name: 'Pay 1 selected invoice' }).click();
  await payByCard(page, /^Pay \$/);
  await expect(page.getByText(/^Payment of \$[\d,.]+ received/)).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toHaveCount(0);
  await snap(page, 'team-billing-paid');

  // The quote page by its URL: a notice, not the form.
  await page.goto('/quote-shipment');
  const notice = page.getByTestId('team-door');
  await expect(notice).toContainText("Your role in your company's team does not include this page.");
  await expect(notice).toContainText('Your role is Billing.');
  await expect(page.getByRole('heading', { name: 'No access to this page' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Get (rates|quotes)/ })).toHaveCount(0);
  await snap(page, 'team-billing-no-access');

  // The scenario's own user: switched to Spanish for good.
  await setPreferences(page, { language: 'es' });
  await page.goto('/truckload');
  await expect(page.getByTestId('team-door')).toContainText('Su rol en el equipo de su empresa no incluye esta página.');
  await expect(page.getByTestId('team-door')).toContainText('Su rol es Facturación.');
  await expect(page.getByRole('heading', { name: 'Sin acceso a esta página' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Cotizar y enviar' })).toHaveCount(0);
  await snap(page, 'team-billing-no-access-es');
  await page.getByRole('link', { name: 'Ir a su página de inicio' }).click();
  await expect(page).toHaveURL(/\/my-shipments$/);
});

test('a viewer reads shipments and invoices with no action on them (Spanish, then English)', async ({ page }) => {
  // A look-alike of Demo Shipper Co's viewer: the account's shipments and invoices, read as a viewer.
  await logInAsLookAlike(page, 'viewer@demo.test', 'roles-viewer', { settings: { language: 'es' }, at: '/my-shipments' });
  await expect(sidebar(page).getByRole('link', { name: 'Historial de envíos' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Cotizar y enviar' })).toHaveCount(0);
  await expectOnlyView(page, /^Ver$/);
  // A shipment's page: to read and share, nothing to reship or cancel.
  await page
    .getByRole('button', { name: /^Acciones para / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Ver' }).click();
  await expect(page).toHaveURL(/\/track\/detail\//);
  await expect(page.getByRole('heading', { name: /BOL/ })).toBeVisible();
  for (const action of ['Volver a enviar', 'Envío de devolución', 'Cancelar envío']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await snap(page, 'team-viewer-shipment-es');

  await sidebar(page).getByRole('link', { name: 'Facturas' }).click();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByTestId('invoice-row').first().getByRole('link').first().click();
  await expect(page.getByRole('button', { name: 'Descargar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Disputar' })).toHaveCount(0);
  await snap(page, 'team-viewer-invoice-es');

  // Then in English.
  await setPreferences(page, { language: 'en' });

  await page.goto('/address-book');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  for (const name of ['Add address', 'Upload CSV']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await page.goto('/settings');
  await expect(page.getByRole('tab')).toHaveText(['User settings', 'Account settings', 'Security']);
  await page.goto('/settings/api');
  await expect(page.getByTestId('team-door')).toContainText('Your role is Viewer.');
  await snap(page, 'team-viewer-no-access');
});
