import { bookFirstRate, quoteAndBookInSpanish } from '../support/booking';
import { freshEmail, mailsTo } from '../support/flows';
import { expectRates, fillItem, fillLane } from '../support/quote';
import { logInAsLookAlike, startAsNewCompany } from '../support/seed';
import { reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const PASSWORD = 'Secret#2026';

const WORDS = {
  en: {
    booked: 'Shipment booked',
    awaiting: 'Awaiting payment',
    payNow: 'Pay Now',
    cardholder: 'Name on card',
    cardNumber: 'Card number',
    month: 'Expiry month',
    year: 'Expiry year',
    pay: /^Pay /,
    paid: 'Paid',
    settings: 'Settings',
    creditTab: 'Credit terms',
    prepaid: 'Prepaid by card',
    onTerms: 'Credit terms: net 30 days',
    form: 'Apply for credit terms',
    taxId: /^Tax ID/,
    years: /^Years in business/,
    limit: /^Credit limit requested/,
    bank: 'Bank',
    bankName: /^Bank name/,
    bankContact: /^Bank contact/,
    phone: /^Phone/,
    reference: (n: number) => `Trade reference ${n}`,
    company: /^Company/,
    contact: /^Contact name/,
    email: /^Email/,
    send: 'Send application',
    underReview: 'Your application is under review',
    approved: 'Approved',
    history: 'Your applications',
    figure: /^Credit applications to decide: \d+$/,
    queue: 'Credit Applications',
    detail: (name: string) => `Credit application: ${name}`,
    decide: 'Decide',
    note: /^Note for the credit record/,
    approve: 'Approve credit terms',
    granted: 'Net 30 days, credit limit $20,000.00, 10 grace days',
    mailSubject: 'Your credit application is approved',
  },
  es: {
    booked: 'Envío reservado',
    awaiting: 'Pago pendiente',
    payNow: 'Pagar ahora',
    cardholder: 'Nombre en la tarjeta',
    cardNumber: 'Número de tarjeta',
    month: 'Mes de venc.',
    year: 'Año de venc.',
    pay: /^Pagar /,
    paid: 'Pagado',
    settings: 'Configuración',
    creditTab: 'Condiciones de crédito',
    prepaid: 'Prepago con tarjeta',
    onTerms: 'Crédito a 30 días netos',
    form: 'Solicitar condiciones de crédito',
    taxId: /^Número de identificación fiscal/,
    years: /^Años en operación/,
    limit: /^Límite de crédito solicitado/,
    bank: 'Banco',
    bankName: /^Nombre del banco/,
    bankContact: /^Contacto en el banco/,
    phone: /^Teléfono/,
    reference: (n: number) => `Referencia comercial ${n}`,
    company: /^Empresa/,
    contact: /^Nombre del contacto/,
    email: /^Correo electrónico/,
    send: 'Enviar solicitud',
    underReview: 'Su solicitud está en revisión',
    approved: 'Aprobada',
    history: 'Sus solicitudes',
    figure: /^Solicitudes de crédito por resolver: \d+$/,
    queue: 'Solicitudes de crédito',
    detail: (name: string) => `Solicitud de crédito: ${name}`,
    decide: 'Resolver',
    note: /^Nota para el historial de crédito/,
    approve: 'Aprobar condiciones de crédito',
    granted: '30 días netos, límite de crédito de USD 20,000.00, 10 días de gracia',
    mailSubject: 'Su solicitud de crédito fue aprobada',
  },
} as const;
type Language = keyof typeof WORDS;

/** Quote & Ship: pallets Chicago -> Atlanta, the first rate booked (English or Spanish UI). */
async function quoteAndBook(page: Page, language: Language) {
  if (language === 'es') return quoteAndBookInSpanish(page, '500');
  await page.goto('/quote-shipment');
  await fillLane(page, { from: '60601', to: '30303' });
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('2000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  await bookFirstRate(page);
}

/** Pays the booking on its confirmation with the test processor's good card. */
async function payByCard(page: Page, w: (typeof WORDS)[Language]) {
  await page.getByRole('button', { name: w.payNow }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(w.cardholder).fill('Gina Granite');
  await dialog.getByLabel(w.cardNumber).fill('4242 4242 4242 4242');
  await dialog.getByLabel(w.month).selectOption('12');
  await dialog.getByLabel(w.year).selectOption(String(new Date().getFullYear() + 2));
  await dialog.getByLabel(/CVC/).first().fill('123');
  await dialog.getByRole('button', { name: w.pay }).click();
  await expect(page.getByText(w.paid, { exact: true })).toBeVisible();
}

/** Settings > Credit terms: the application, every field typed as a shipper would. */
async function applyForCredit(page: Page, w: (typeof WORDS)[Language]) {
  const form = page.getByRole('form', { name: w.form });
  await form.getByLabel(w.taxId).fill('47-1234567');
  await form.getByLabel(w.years).fill('6');
  await form.getByLabel(w.limit).fill('20000');
  const bank = form.getByRole('group', { name: w.bank, exact: true });
  await bank.getByLabel(w.bankName).fill('First Federal Bank');
  await bank.getByLabel(w.bankContact).fill('Bea Banker');
  await bank.getByLabel(w.phone).fill('(312) 555-0150');
  for (const n of [1, 2]) {
    const ref = form.getByRole('group', { name: w.reference(n) });
    await ref.getByLabel(w.company).fill(`Supplier ${n} Inc`);
    await ref.getByLabel(w.contact).fill(`Ray Ref${n}`);
    await ref.getByLabel(w.email).fill(`ar${n}@supplier.test`);
    await ref.getByLabel(w.phone).fill(`(312) 555-016${n}`);
  }
  await form.getByRole('button', { name: w.send }).click();
  await expect(page.getByRole('status').filter({ hasText: w.underReview })).toBeVisible();
}

/** Accounting opens the queue from the dashboard's figure and approves the application with the password re-entered. */
async function approveAsAccounting(staff: Page, password: string, company: string, w: (typeof WORDS)[Language], shot: string) {
  await staff.goto('/admin/dashboard');
  await staff.getByRole('link', { name: w.figure }).click();
  await expect(staff.getByRole('heading', { name: w.queue })).toBeVisible();
  await snap(staff, `${shot}-queue`);
  await staff.getByRole('link', { name: company }).click();
  await expect(staff.getByRole('heading', { name: w.detail(company) })).toBeVisible();
  await expect(staff.getByText('47-1234567')).toBeVisible();
  const decision = staff.getByRole('form', { name: w.decide });
  await decision.getByLabel(w.note).fill('Bank and both references checked');
  await decision.getByRole('button', { name: w.approve }).click();
  await reenterPassword(staff, password);
  await expect(staff.getByText(w.granted)).toBeVisible();
  await snap(staff, shot);
}

async function scenario(page: Page, staff: Page, staffPassword: string, language: Language) {
  const w = WORDS[language];
  const email = freshEmail(`credit-${language}`);
  const company = `Granite Goods ${language.toUpperCase()} ${Date.now().toString(36)}`;
  await startAsNewCompany(page, { email, password: PASSWORD, company, language: language === 'es' ? 'Spanish' : 'English' });
  await page.goto('/');

  // A new account pays by card: the booking waits for its payment.
  await quoteAndBook(page, language);
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
  await expect(page.getByText(w.awaiting).first()).toBeVisible();
  await payByCard(page, w);

  // Settings > Credit terms: prepaid today; the application.
  await page.goto('/settings');
  await page.getByRole('tab', { name: w.creditTab }).click();
  await expect(page).toHaveURL(/\/settings\/credit$/);
  await expect(page.getByTestId('payment-terms')).toHaveText(w.prepaid);
  await applyForCredit(page, w);
  await snap(page, `credit-application-sent-${language}`);

  await approveAsAccounting(staff, staffPassword, company, w, `credit-application-approved-${language}`);
  await expect.poll(() => mailsTo(email).map((m) => m.subject)).toContain(w.mailSubject);

  // The shipper reads the decision where it applied, then books on terms: nothing to pay.
  await page.reload();
  await expect(page.getByTestId('payment-terms')).toHaveText(w.onTerms);
  await expect(page.getByRole('region', { name: w.history })).toContainText(w.approved);
  await snap(page, `credit-terms-granted-${language}`);
  await quoteAndBook(page, language);
  await expect(page.getByRole('heading', { name: w.booked })).toBeVisible();
  await expect(page.getByText(w.awaiting)).toHaveCount(0);
  await expect(page.getByRole('button', { name: w.payNow })).toHaveCount(0);
}

test.describe('credit is granted, not assumed', () => {
  test.setTimeout(240_000);

  test('a new shipper books by card, applies for credit; accounting approves it with the password re-entered; then it books on terms', async ({
    page,
    browser,
  }) => {
    const staff = await browser.newPage();
    const accounting = await logInAsLookAlike(staff, 'accounting@demo.test', 'credit-accounting-en');
    await scenario(page, staff, accounting.password, 'en');
  });

  test('the same in Spanish: the shipper and accounting both work in Spanish', async ({ page, browser }) => {
    const staff = await browser.newPage();
    const accounting = await logInAsLookAlike(staff, 'accounting@demo.test', 'credit-accounting-es', { settings: { language: 'es' } });
    await scenario(page, staff, accounting.password, 'es');
  });
});
