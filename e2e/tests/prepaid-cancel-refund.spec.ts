import { bookFirstRate, payByCard, quoteAndBookInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { ratePallets } from '../support/quote';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const PASSWORD = 'Refund#2026pass';

const WORDS = {
  en: {
    booked: 'Shipment booked',
    paid: 'Paid',
    history: 'Shipment History',
    cancel: 'Cancel shipment',
    released: 'Payment released',
    releasedBody: /the authorization of .+ on your card was released and nothing is charged/,
    memoLine: 'The invoice of this booking is credited by credit memo',
    creditMemo: 'Credit memo',
    credits: (n: string) => `Credits invoice ${n}`,
    credited: 'Credited',
    creditedBy: 'Credited by credit memo',
    paymentReleased: 'Released, nothing charged',
    invoiceHistory: 'Invoice History',
  },
  es: {
    booked: 'Envío reservado',
    paid: 'Pagado',
    history: 'Historial de envíos',
    cancel: 'Cancelar envío',
    released: 'Pago liberado',
    releasedBody: /se liberó la autorización de .+ en su tarjeta y no se cobra nada/,
    memoLine: 'La factura de esta reserva se abona con la nota de crédito',
    creditMemo: 'Nota de crédito',
    credits: (n: string) => `Abona a la factura ${n}`,
    credited: 'Abonada',
    creditedBy: 'Abonada con la nota de crédito',
    paymentReleased: 'Liberado, sin cobro',
    invoiceHistory: 'Historial de facturas',
  },
} as const;
type Language = keyof typeof WORDS;

/**
 * A new (prepaid) shipper books, pays by card, cancels from the shipment's page, and sees the
 * card's hold released and the credit memo of the booking's receipt: on the shipment, on the memo
 * and the receipt it credits, and in the invoice history.
 */
async function scenario(page: Page, language: Language) {
  const w = WORDS[language];
  const email = freshEmail(`refund-${language}`);
  await startAsNewCompany(page, {
    email,
    password: PASSWORD,
    company: `Refund Goods ${language.toUpperCase()}`,
    language: language === 'es' ? 'Spanish' : 'English',
  });
  await page.goto('/');
  if (language === 'es') await quoteAndBookInSpanish(page, '500');
  else {
    await ratePallets(page, { to: '30303', quantity: '1', weight: '500', value: '2000' });
    await bookFirstRate(page);
  }
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
  const bol = (await page.getByTestId('confirmation-bol').textContent())?.match(/\d{17}/)?.[0] ?? '';
  expect(bol).not.toBe('');
  await payByCard(page, language);
  await expect(page.getByText(w.paid, { exact: true })).toBeVisible();

  // The shipment's page, from Shipment History: cancel it there.
  await page.goto('/my-shipments');
  await expect(page.getByRole('heading', { name: w.history })).toBeVisible();
  await page.getByRole('link', { name: bol }).first().click();
  await expect(page).toHaveURL(/\/track\/detail\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: w.cancel }).click();
  await page.getByRole('dialog').getByRole('button', { name: w.cancel }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The card's money goes back by a background job: the page says so once it has run. The panel
  // appears only with the shipment's data, which on a busy machine takes longer than the short
  // look at its state: each try waits for the panel first, then reads whether the job has run.
  const panel = page.getByTestId('payment-panel');
  await expect(async () => {
    await page.reload();
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(w.released, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(panel).toContainText(w.releasedBody);
  const memoLine = page.getByTestId('payment-credit-memo');
  await expect(memoLine).toContainText(w.memoLine);
  const memoNumber = (await memoLine.getByRole('link').textContent()) ?? '';
  expect(memoNumber).toMatch(/\S/);
  await snap(page, `prepaid-cancel-released-${language}`);

  // The memo: a credit memo of the receipt, which lists it in return.
  await memoLine.getByRole('link', { name: memoNumber }).click();
  await expect(page).toHaveURL(/\/invoice-detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText(w.creditMemo, { exact: true })).toBeVisible();
  const parent = page.getByRole('link', { name: /^(Credits invoice|Abona a la factura) / });
  const receiptNumber = ((await parent.textContent()) ?? '').replace(/^(Credits invoice|Abona a la factura) /, '');
  await expect(parent).toHaveText(w.credits(receiptNumber));
  await snap(page, `prepaid-cancel-memo-${language}`);
  await parent.click();
  const credited = page.getByTestId('invoice-credited');
  await expect(credited).toContainText(w.credited);
  await expect(credited).toContainText(`${w.creditedBy} ${memoNumber}`);
  // Its card payment: an authorization let go, never a charge.
  await expect(page.getByText(w.paymentReleased, { exact: false })).toBeVisible();
  await snap(page, `prepaid-cancel-receipt-${language}`);

  // The invoice history: the receipt and its memo, both paid today.
  await page.goto('/my-invoices/history');
  await expect(page.getByRole('heading', { name: w.invoiceHistory })).toBeVisible();
  await expect(page.getByRole('link', { name: memoNumber })).toBeVisible();
  await expect(page.getByRole('link', { name: receiptNumber })).toBeVisible();
  await snap(page, `prepaid-cancel-invoice-history-${language}`);
}

test.describe('a canceled prepaid booking gives the money back', () => {
  test.setTimeout(180_000);

  test('in English: the hold released and the receipt credited, on the shipment and in the invoices', async ({ page }) => {
    await scenario(page, 'en');
  });

  test('in Spanish, at phone width: the same', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await scenario(page, 'es');
  });
});
