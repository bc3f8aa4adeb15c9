import { bookFirstRate, payByCard, quoteAndBookInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { ratePallets } from '../support/quote';
import { expectPageFitsWindow } from '../support/reflow';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const PASSWORD = 'Secure3ds#2026pass';
/** The simulator's documented test card whose issuer asks for 3-D Secure on every payment. */
const ASKS_EVERY_TIME = '4000 0027 6000 3184';

const WORDS = {
  en: {
    language: 'English',
    booked: 'Shipment booked',
    paid: 'Paid',
    paidWith: /paid with the card ending in 3184/,
  },
  es: {
    language: 'Spanish',
    booked: 'Envío reservado',
    paid: 'Pagado',
    failed: 'La autenticación de su tarjeta falló, por lo que no se le cobró. Inténtelo de nuevo o use otra tarjeta.',
    paidWith: /pagado con la tarjeta terminada en 4242/,
  },
} as const;
type Language = keyof typeof WORDS;

/** A new prepaid shipper books a shipment that waits for its payment. */
async function bookPrepaid(page: Page, language: Language) {
  const w = WORDS[language];
  await startAsNewCompany(page, {
    email: freshEmail(`three-d-secure-${language}`),
    password: PASSWORD,
    company: `Secure Parts ${language.toUpperCase()}`,
    language: w.language,
  });
  if (language === 'es') await quoteAndBookInSpanish(page, '500');
  else {
    await ratePallets(page, { to: '30303', quantity: '1', weight: '500', value: '2000' });
    await bookFirstRate(page);
  }
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
}

/** Pay Now with the card that asks; the portal sends the whole page to the issuer's challenge. */
async function reachChallenge(page: Page, language: Language) {
  await payByCard(page, language, ASKS_EVERY_TIME);
  await expect(page).toHaveURL(/\/sim\/3ds\/pi_/);
  await expect(page.getByRole('heading', { name: '3D Secure test payment' })).toBeVisible();
}

/** Moves the focus with Tab alone to the named button, then presses it with Enter. */
async function pressWithKeyboard(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  for (let i = 0; i < 6 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

test('a prepaid shipper pays with a card that asks for 3-D Secure and completes the challenge with the keyboard', async ({ page }) => {
  const w = WORDS.en;
  await bookPrepaid(page, 'en');
  await reachChallenge(page, 'en');
  await snap(page, 'three-d-secure-challenge');
  await pressWithKeyboard(page, 'Complete authentication');

  // Back on the shipment's page, which asks the portal how the payment ended.
  await expect(page).toHaveURL(/\/track\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText(w.paid, { exact: true })).toBeVisible();
  await expect(page.getByText(w.paidWith)).toBeVisible();
  await snap(page, 'three-d-secure-paid-en');
});

test('in Spanish on a phone, a failed challenge charges nothing and says so; another card then pays', async ({ page }) => {
  const w = WORDS.es;
  await page.setViewportSize({ width: 390, height: 844 });
  await bookPrepaid(page, 'es');
  await reachChallenge(page, 'es');
  await pressWithKeyboard(page, 'Fail authentication');

  await expect(page).toHaveURL(/\/track\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText(w.failed)).toBeVisible();
  await snap(page, 'three-d-secure-failed-es');
  await expectPageFitsWindow(page);

  await payByCard(page, 'es');
  await expect(page.getByText(w.paid, { exact: true })).toBeVisible();
  await expect(page.getByText(w.paidWith)).toBeVisible();
  await snap(page, 'three-d-secure-paid-es');
});
