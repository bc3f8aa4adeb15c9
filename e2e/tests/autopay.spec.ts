import { logIn, restorePreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Settings > Payment methods: Demo Shipper Co's billing user finds the demo's saved Visa 4242 as
 * the default, saves another card (Stripe's Mastercard test card, typed into the portal's fields
 * and sent from the browser straight to the Stripe simulator with the publishable key) and turns
 * autopay on; then puts things back (autopay off, the new card removed after the confirmation), so
 * the demo's invoices stay for the scenarios that pay them by hand. In English at desktop width,
 * and in Spanish on a 390 px phone.
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
  /** The demo's own card, the account's default from the start. */
  demoCard: string;
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
  demoCard: 'Visa ending in 4242',
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
  demoCard: 'Visa con terminación 4242',
  badge: 'Predeterminado',
  autopay: 'Pagar las facturas automáticamente',
  on: 'El pago automático está activado',
  off: 'El pago automático está desactivado',
  remove: 'Eliminar Mastercard con terminación 4444',
  removeTitle: '¿Eliminar este método de pago?',
  removed: 'Método de pago eliminado',
};

async function saveCardAndTurnOnAutopay(page: Page, w: Words, shot: string) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: w.tab }).click();
  await expect(page).toHaveURL(/\/settings\/payment-methods$/);
  const autopay = page.getByRole('switch', { name: w.autopay });
  const list = page.getByTestId('saved-payment-methods').getByRole('listitem');
  // The demo's Visa is the default already, so autopay may be turned on.
  await expect(list.filter({ hasText: w.demoCard }).getByText(w.badge, { exact: true })).toBeVisible();
  await expect(autopay).toBeEnabled();

  // The card's numbers go to the processor only: the portal's API is sent the pm_ id it answered.
  const toProcessor = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/stripe-sim/v1/payment_methods'));
  const toPortal = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payment-methods');
  await page.getByLabel(w.cardholder).fill('Bea Billing');
  await page.getByLabel(w.number).fill('5555 5555 5555 4444');
  await page.getByLabel(w.month).fill('12');
  await page.getByLabel(w.year).fill(String(new Date().getFullYear() + 2));
  await page.getByLabel(w.cvc).fill('123');
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

/** Leaves the demo account as it was: autopay off, the new card removed (after the confirmation), the demo's Visa kept. */
async function putBack(page: Page, w: Words) {
  const autopay = page.getByRole('switch', { name: w.autopay });
  await autopay.click();
  await expect(page.getByText(w.off)).toBeVisible();
  await expect(autopay).not.toBeChecked();
  await page.getByRole('button', { name: w.remove }).click();
  const dialog = page.getByRole('dialog', { name: w.removeTitle });
  await dialog.getByRole('button', { name: w.remove.split(' ')[0] }).click();
  await expect(page.getByText(w.removed)).toBeVisible();
  await expect(page.getByTestId('saved-payment-methods').getByRole('listitem')).toHaveText([new RegExp(w.demoCard)]);
}

test('a billing user saves a card and turns autopay on (English)', async ({ page }) => {
  await logIn(page, 'billing@demo.test');
  await saveCardAndTurnOnAutopay(page, EN, 'autopay-en');
  await putBack(page, EN);
});

test('a billing user saves a card and turns autopay on (Spanish, on a phone)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'billing@demo.test', { settings: { language: 'es' } });
  try {
    await saveCardAndTurnOnAutopay(page, ES, 'autopay-es-phone');
    // Nothing wider than the phone: the form and the list reflow.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await putBack(page, ES);
  } finally {
    await restorePreferences(page, { language: 'en' });
  }
});

test('a billing user saves the company bank account from the browser, then removes it', async ({ page }) => {
  await logIn(page, 'billing@demo.test', { at: '/settings/payment-methods' });
  const form = page.getByTestId('add-bank-account');
  await expect(form).toContainText('you authorize us to debit this account');
  // Like a card, the account's numbers go to the processor only; the portal gets the pm_ id.
  const toProcessor = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/stripe-sim/v1/payment_methods'));
  const toPortal = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payment-methods');
  await form.getByLabel('Account holder').fill('Demo Shipper Co');
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
  // The demo's Visa stays the default.
  await expect(saved.getByText('Default', { exact: true })).toHaveCount(0);
  await snap(page, 'payment-methods-bank-en');
  await saved.getByRole('button', { name: /^Remove / }).click();
  await page.getByRole('dialog', { name: 'Remove this payment method?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Payment method removed')).toBeVisible();
  await expect(page.getByTestId('saved-payment-methods').getByRole('listitem')).toHaveText([/Visa ending in 4242/]);
});
