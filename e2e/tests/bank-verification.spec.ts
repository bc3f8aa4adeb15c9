import { apiCall } from '../support/api';
import { freshEmail } from '../support/flows';
import { activate, retype, tabTo, typeInto } from '../support/keyboard';
import { expectPageFitsWindow } from '../support/reflow';
import { seedColleague, seedShipment, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { logIn, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/** Stripe's test micro-deposit code (the simulator's too); any other code of the same shape is wrong. */
const CODE = 'SM11AA';

/** An account number of the test bank that settles (any but the documented failing ones), new each run: a retry finds no earlier one. */
const ACCOUNT = `0001${String(Date.now()).slice(-8)}`;
const LAST4 = ACCOUNT.slice(-4);

const WORDS = {
  en: {
    holder: 'Account holder',
    routing: /^Routing number/,
    account: 'Account number',
    save: 'Save bank account',
    awaiting: 'Awaiting verification',
    expected: /A small deposit is expected on this account by /,
    verify: `Verify STRIPE TEST BANK account ending in ${LAST4}`,
    code: /^Code of the deposit/,
    submit: 'Verify',
    wrong: 'This code does not match the deposit. Attempts left: 9.',
    verified: `STRIPE TEST BANK account ending in ${LAST4} verified: it can now pay invoices`,
    select: /^Select invoice /,
    paySelected: 'Pay 1 selected invoice',
    ach: 'Bank account (ACH)',
    saved: `STRIPE TEST BANK account ending in ${LAST4}`,
    remove: `Remove STRIPE TEST BANK account ending in ${LAST4}`,
    removeTitle: 'Remove this payment method?',
    removeButton: 'Remove',
    removed: 'Payment method removed',
  },
  es: {
    holder: 'Titular de la cuenta',
    routing: /^Número de ruta/,
    account: 'Número de cuenta',
    save: 'Guardar cuenta bancaria',
    awaiting: 'Pendiente de verificación',
    expected: /Se espera un pequeño depósito en esta cuenta a más tardar el /,
    verify: `Verificar Cuenta de STRIPE TEST BANK con terminación ${LAST4}`,
    code: /^Código del depósito/,
    submit: 'Verificar',
    wrong: 'Este código no coincide con el del depósito. Intentos restantes: 9.',
    verified: `Cuenta de STRIPE TEST BANK con terminación ${LAST4} verificada: ya puede pagar facturas`,
    select: /^Seleccionar la factura /,
    paySelected: 'Pagar 1 factura seleccionada',
    ach: 'Cuenta bancaria (ACH)',
    saved: `Cuenta de STRIPE TEST BANK con terminación ${LAST4}`,
    remove: `Eliminar Cuenta de STRIPE TEST BANK con terminación ${LAST4}`,
    removeTitle: '¿Eliminar este método de pago?',
    removeButton: 'Eliminar',
    removed: 'Método de pago eliminado',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/**
 * A billing user types in the company's bank account; the processor sends it a micro-deposit, so
 * the list shows it awaiting verification with the expected date, and the invoice payment does
 * not offer it. The code from the statement (SM11AA with the test processor, shown beside the
 * field) verifies it, typed with the keyboard alone after a wrong one; then it is offered, and
 * chosen, to pay an open invoice by ACH. The account is removed at the end.
 */
async function scenario(page: Page, w: Words, shot: string) {
  await page.goto('/settings/payment-methods');
  const form = page.getByTestId('add-bank-account');
  await expect(form.getByTestId('test-bank')).toContainText(CODE);
  await form.getByLabel(w.holder).fill('Bank Freight');
  await form.getByLabel(w.routing).fill('110000000');
  await form.getByLabel(w.account).fill(ACCOUNT);
  await form.getByRole('button', { name: w.save }).click();

  const saved = page.getByTestId('saved-payment-methods').getByRole('listitem').filter({ hasText: w.saved });
  await expect(saved.getByText(w.awaiting, { exact: true })).toBeVisible();
  await expect(saved.getByText(w.expected)).toBeVisible();
  await snap(page, `${shot}-awaiting`);

  // Not offered to pay while it awaits its code.
  await page.goto('/my-invoices');
  await page.getByRole('checkbox', { name: w.select, disabled: false }).first().check();
  await page.getByRole('button', { name: w.paySelected }).click();
  const payDialog = page.getByRole('dialog');
  await payDialog.getByText(w.ach, { exact: true }).click();
  await expect(payDialog.getByRole('radio', { name: w.saved })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(payDialog).toHaveCount(0);

  // The code, with the keyboard alone: a wrong one first, said at the field, then the right one.
  await page.goto('/settings/payment-methods');
  await activate(page, saved.getByRole('button', { name: w.verify }));
  const dialog = page.getByRole('dialog', { name: w.verify });
  const field = dialog.getByRole('textbox', { name: w.code });
  await expect(field).toBeFocused();
  await typeInto(page, field, 'SM00XX');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(w.wrong)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await snap(page, `${shot}-wrong-code`);
  await retype(page, field, CODE);
  await tabTo(page, dialog.getByRole('button', { name: w.submit, exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(w.verified)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(saved.getByText(w.awaiting, { exact: true })).toHaveCount(0);
  await snap(page, `${shot}-verified`);

  // Now it is offered, and chosen, at Bank account (ACH).
  await page.goto('/my-invoices');
  await page.getByRole('checkbox', { name: w.select, disabled: false }).last().check();
  await page.getByRole('button', { name: w.paySelected }).click();
  await payDialog.getByText(w.ach, { exact: true }).click();
  await expect(payDialog.getByRole('radio', { name: w.saved })).toBeChecked();
  // Not paid: paying by a verified account is tested through the API, bank-verification.test.ts.
  await page.keyboard.press('Escape');
  await expect(payDialog).toHaveCount(0);

  // Removed again.
  await page.goto('/settings/payment-methods');
  await saved.getByRole('button', { name: w.remove }).click();
  await page.getByRole('dialog', { name: w.removeTitle }).getByRole('button', { name: w.removeButton }).click();
  await expect(page.getByText(w.removed)).toBeVisible();
}

/**
 * The billing user of a company of the scenario's own (on credit terms, one shipment delivered and
 * invoiced), signed in on `page` in `language`: its payment methods and invoices are no other
 * scenario's. Answers once the delivery's invoice is there.
 */
async function startAsBilling(browser: Browser, page: Page, tag: string, language: 'en' | 'es', at?: string) {
  const admin = await browser.newPage();
  const company = await startAsNewCompany(
    admin,
    { email: freshEmail(`${tag}-admin`), password: 'Bank#2026', company: uniqueCompanyName('Bank Freight') },
    { onCredit: true },
  );
  await seedShipment(admin, company, { delivered: true });
  await admin.close();
  const billing = await seedColleague(company, tag, 'billing', { firstName: 'Bea', lastName: 'Billing' });
  await logIn(page, billing.email, { password: billing.password, settings: { language }, at });
  // The delivery's invoice is issued by a job: it is there within seconds.
  await expect.poll(async () => (await apiCall<unknown[]>(page, 'GET', '/api/invoices')).length, { timeout: 30_000 }).toBeGreaterThan(0);
}

test('a billing user adds the company bank account, verifies it with the deposit’s code and is offered it to pay an invoice', async ({
  page,
  browser,
}) => {
  await startAsBilling(browser, page, 'bank-en', 'en');
  await scenario(page, WORDS.en, 'bank-verification-en');
});

test('the same in Spanish on a phone (390 px)', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startAsBilling(browser, page, 'bank-es', 'es', '/settings/payment-methods');
  await scenario(page, WORDS.es, 'bank-verification-es-phone');
  await expectPageFitsWindow(page);
});
