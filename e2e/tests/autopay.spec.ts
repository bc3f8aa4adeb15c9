import { freshEmail } from '../support/flows';
import { expectPageFitsWindow } from '../support/reflow';
import { seedColleague, seedCompany, uniqueCompanyName } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Settings > Payment methods: the billing user of a company of the scenario's own (on credit
 * terms, its first card the Visa 4242, saved as the account's default) saves another card
 * (Stripe's Mastercard test card, typed into the portal's fields and sent from the browser
 * straight to the Stripe simulator with the publishable key) and turns autopay on; then puts
 * things back (autopay off, the new card removed after the confirmation). The company is the
 * scenario's own: its payment methods and autopay are account-wide, and no other scenario's
 * payment sees them. In English at desktop width, and in Spanish on a 390 px phone.
 */

interface Words {
  tab: string;
  cardholder: string;
  number: string;
  month: string;
  year: string;
  cvc: RegExp;
  save: string;
  saved: string;
  label: string;
  /** The company's first card, the account's default from the start. */
  firstCard: string;
  badge: string;
  autopay: string;
  on: string;
  off: string;
  remove: string;
  removeTitle: string;
  removed: string;
}

const EN: Words = {
  tab: 'Payment methods',
  cardholder: 'Name on card',
  number: 'Card number',
  month: 'Expiry month',
  year: 'Expiry year',
  cvc: /^Security code/,
  save: 'Save card',
  saved: 'Mastercard ending in 4444 saved',
  label: 'Mastercard ending in 4444',
  firstCard: 'Visa ending in 4242',
  badge: 'Default',
  autopay: 'Pay invoices automatically',
  on: 'Autopay is on',
  off: 'Autopay is off',
  remove: 'Remove Mastercard ending in 4444',
  removeTitle: 'Remove this payment method?',
  removed: 'Payment method removed',
};

const ES: Words = {
  tab: 'Métodos de pago',
  cardholder: 'Nombre en la tarjeta',
  number: 'Número de tarjeta',
  month: 'Mes de vencimiento',
  year: 'Año de vencimiento',
  cvc: /^Código de seguridad/,
  save: 'Guardar tarjeta',
  saved: 'Mastercard con terminación 4444 guardada',
  label: 'Mastercard con terminación 4444',
  firstCard: 'Visa con terminación 4242',
  badge: 'Predeterminado',
  autopay: 'Pagar las facturas automáticamente',
  on: 'El pago automático está activado',
  off: 'El pago automático está desactivado',
  remove: 'Eliminar Mastercard con terminación 4444',
  removeTitle: '¿Eliminar este método de pago?',
  removed: 'Método de pago eliminado',
};

/** The billing user of a new company on credit terms, signed in on `page` (in `language`), its first card saved. */
async function startAsBilling(page: Page, tag: string, w: Words, language: 'en' | 'es', at?: string) {
  const company = await seedCompany(
    { email: freshEmail(`${tag}-admin`), password: 'Autopay#2026', company: uniqueCompanyName('Autopay Freight') },
    { onCredit: true },
  );
  const billing = await seedColleague(company, tag, 'billing', { firstName: 'Bea', lastName: 'Billing' });
  await logIn(page, billing.email, { password: billing.password, settings: { language }, at: '/settings/payment-methods' });
  await typeCard(page, w, '4242 4242 4242 4242');
  await page.getByRole('button', { name: w.save }).click();
  // The first method saved is the account's default.
  await expect(page.getByTestId('saved-payment-methods').getByRole('listitem').filter({ hasText: w.firstCard })).toContainText(w.badge);
  if (at) await page.goto(at);
}

/** Types a card into the portal's fields. */
async function typeCard(page: Page, w: Words, number: string) {
  await page.getByLabel(w.cardholder).fill('Bea Billing');
  await page.getByLabel(w.number).fill(number);
  await page.getByLabel(w.month).fill('12');
  await page.getByLabel(w.year).fill(String(new Date().getFullYear() + 2));
  await page.getByLabel(w.cvc).fill('123');
}

async function saveCardAndTurnOnAutopay(page: Page, w: Words, shot: string) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: w.tab }).click();
  await expect(page).toHaveURL(/\/settings\/payment-methods$/);
  const autopay = page.getByRole('switch', { name: w.autopay });
  const list = page.getByTestId('saved-payment-methods').getByRole('listitem');
  // The company's Visa is the default already, so autopay may be turned on.
  await expect(list.filter({ hasText: w.firstCard }).getByText(w.badge, { exact: true })).toBeVisible();
  await expect(autopay).toBeEnabled();

  // The card's numbers go to the processor only: the portal's API is sent the pm_ id it answered.
  const toProcessor = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/stripe-sim/v1/payment_methods'));
  const toPortal = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payment-methods');
  await typeCard(page, w, '5555 5555 5555 4444');
  await page.getByRole('button', { name: w.save }).click();
  expect(new URLSearchParams((await toProcessor).postData() ?? '').get('key')).toMatch(/^pk_/);
  const portalBody = (await toPortal).postData() ?? '';
  expect(JSON.parse(portalBody)).toEqual({ payment_method: expect.stringMatching(/^pm_/) });
  // No card number (its last four alone could turn up in the random pm_ id).
  expect(portalBody).not.toMatch(/5555\s?5555/);

  await expect(page.getByText(w.saved)).toBeVisible();
  // Saved beside the default, which stays the default.
  await expect(list.filter({ hasText: w.label })).toBeVisible();
  await expect(list.filter({ hasText: w.label }).getByText(w.badge, { exact: true })).toHaveCount(0);

  // A click asks the server; the switch shows its answer (check() would want the state at once).
  await autopay.click();
  await expect(page.getByText(w.on)).toBeVisible();
  await expect(autopay).toBeChecked();
  await snap(page, shot);
}

/** Leaves the account as it was: autopay off, the new card removed (after the confirmation), the first Visa kept. */
async function putBack(page: Page, w: Words) {
  const autopay = page.getByRole('switch', { name: w.autopay });
  await autopay.click();
  await expect(page.getByText(w.off)).toBeVisible();
  await expect(autopay).not.toBeChecked();
  await page.getByRole('button', { name: w.remove }).click();
  const dialog = page.getByRole('dialog', { name: w.removeTitle });
  await dialog.getByRole('button', { name: w.remove.split(' ')[0] }).click();
  await expect(page.getByText(w.removed)).toBeVisible();
  await expect(page.getByTestId('saved-payment-methods').getByRole('listitem')).toHaveText([new RegExp(w.firstCard)]);
}

test('a billing user saves a card and turns autopay on (English)', async ({ page }) => {
  await startAsBilling(page, 'autopay-en', EN, 'en');
  await saveCardAndTurnOnAutopay(page, EN, 'autopay-en');
  await putBack(page, EN);
});

test('a billing user saves a card and turns autopay on (Spanish, on a phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startAsBilling(page, 'autopay-es', ES, 'es');
  await saveCardAndTurnOnAutopay(page, ES, 'autopay-es-phone');
  // Nothing wider than the phone: the form and the list reflow.
  await expectPageFitsWindow(page);
  await putBack(page, ES);
});

test('a billing user saves the company bank account from the browser, then removes it', async ({ page }) => {
  await startAsBilling(page, 'autopay-bank', EN, 'en', '/settings/payment-methods');
  const form = page.getByTestId('add-bank-account');
  await expect(form).toContainText('you authorize us to debit this account');
  // Like a card, the account's numbers go to the processor only; the portal gets the pm_ id.
  const toProcessor = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/stripe-sim/v1/payment_methods'));
  const toPortal = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payment-methods');
  await form.getByLabel('Account holder').fill('Autopay Freight');
  await form.getByLabel('Routing number').fill('110000000');
  await form.getByLabel('Account number').fill('000123456789');
  await form.getByLabel('Account type').selectOption('checking');
  await form.getByRole('button', { name: 'Save bank account' }).click();
  expect(new URLSearchParams((await toProcessor).postData() ?? '').get('type')).toBe('us_bank_account');
  const portalBody = (await toPortal).postData() ?? '';
  expect(JSON.parse(portalBody)).toEqual({ payment_method: expect.stringMatching(/^pm_/) });
  expect(portalBody).not.toContain('000123456789');

  const saved = page
    .getByTestId('saved-payment-methods')
    .getByRole('listitem')
    .filter({ hasText: /account ending in 6789/ });
  await expect(saved).toBeVisible();
  // The company's Visa stays the default.
  await expect(saved.getByText('Default', { exact: true })).toHaveCount(0);
  await snap(page, 'payment-methods-bank-en');
  await saved.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog', { name: 'Remove this payment method?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Payment method removed')).toBeVisible();
  await expect(page.getByTestId('saved-payment-methods').getByRole('listitem')).toHaveText([/Visa ending in 4242/]);
});
