import { bookFirstRate, quoteAndBookInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { ratePallets } from '../support/quote';
import { expectPageFitsWindow } from '../support/reflow';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const PASSWORD = 'SavedCard#2026pass';
/** The expiry typed for the saved card; the choice at Pay Now names it. */
const EXP_YEAR = String(new Date().getFullYear() + 2);

const WORDS = {
  en: {
    language: 'English',
    cardholder: 'Name on card',
    number: 'Card number',
    month: 'Expiry month',
    year: 'Expiry year',
    cvc: /^Security code/,
    save: 'Save card',
    saved: 'Visa ending in 4242 saved',
    booked: 'Shipment booked',
    payNow: 'Pay Now',
    choice: `Visa ending in 4242, expires 12/${EXP_YEAR} (default)`,
    newCard: 'A new card',
    pay: /^Pay /,
    paid: 'Paid',
    paidWith: /paid with the card ending in 4242/,
  },
  es: {
    language: 'Spanish',
    cardholder: 'Nombre en la tarjeta',
    number: 'Número de tarjeta',
    month: 'Mes de vencimiento',
    year: 'Año de vencimiento',
    cvc: /^Código de seguridad/,
    save: 'Guardar tarjeta',
    saved: 'Visa con terminación 4242 guardada',
    booked: 'Envío reservado',
    payNow: 'Pagar ahora',
    choice: `Visa con terminación 4242, vence 12/${EXP_YEAR} (predeterminada)`,
    newCard: 'Una tarjeta nueva',
    pay: /^Pagar /,
    paid: 'Pagado',
    paidWith: /terminada en 4242/,
  },
} as const;
type Language = keyof typeof WORDS;

/**
 * A new (prepaid) shipper saves the company card under Settings > Payment methods (its numbers sent
 * from the browser to the processor only), books, and at Pay Now finds that card chosen already
 * (the account's default): paying sends the portal the saved card's pm_ id and no number.
 */
async function scenario(page: Page, language: Language) {
  const w = WORDS[language];
  await startAsNewCompany(page, {
    email: freshEmail(`saved-card-${language}`),
    password: PASSWORD,
    company: `Saved Card Parts ${language.toUpperCase()}`,
    language: w.language,
  });

  await page.goto('/settings/payment-methods');
  await page.getByLabel(w.cardholder).fill('Paula Prepaid');
  await page.getByLabel(w.number).fill('4242 4242 4242 4242');
  await page.getByLabel(w.month).fill('12');
  await page.getByLabel(w.year).fill(EXP_YEAR);
  await page.getByLabel(w.cvc).fill('123');
  await page.getByRole('button', { name: w.save }).click();
  await expect(page.getByText(w.saved)).toBeVisible();

  await page.goto('/');
  if (language === 'es') await quoteAndBookInSpanish(page, '500');
  else {
    await ratePallets(page, { to: '30303', quantity: '1', weight: '500', value: '2000' });
    await bookFirstRate(page);
  }
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();

  await page.getByRole('button', { name: w.payNow }).click();
  const dialog = page.getByRole('dialog');
  const saved = dialog.getByRole('radio', { name: w.choice });
  await expect(saved).toBeChecked();
  await expect(dialog.getByRole('radio', { name: w.newCard })).not.toBeChecked();
  // Nothing to type for the saved card.
  await expect(dialog.getByLabel(w.number)).toHaveCount(0);
  await snap(page, `prepaid-saved-card-pay-now-${language}`);
  if (language === 'es') await expectPageFitsWindow(page);

  const toPortal = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/shipments\/[0-9a-f-]{36}\/payment$/.test(r.url()));
  await dialog.getByRole('button', { name: w.pay }).click();
  const body = (await toPortal).postData() ?? '';
  expect(JSON.parse(body)).toEqual({
    payment_method: expect.stringMatching(/^pm_/),
    return_path: expect.stringMatching(/^\/track\/detail\//),
  });
  // No card number (the last four alone could turn up in the shipment's random id in the return path).
  expect(body).not.toMatch(/4242\s?4242/);
  await expect(page.getByText(w.paid, { exact: true })).toBeVisible();
  await expect(page.getByText(w.paidWith)).toBeVisible();
  await snap(page, `prepaid-saved-card-paid-${language}`);
}

test('a prepaid shipper saves a card, books and pays with it (the saved card preselected)', async ({ page }) => {
  await scenario(page, 'en');
});

test('a prepaid shipper saves a card, books and pays with it (the saved card preselected), in Spanish on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await scenario(page, 'es');
});
