import { apiCall } from '../support/api';
import { activate } from '../support/keyboard';
import { quotablePickupDate } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

interface Words {
  accounts: string;
  recentQuotes: string;
  marginColumn: string;
  title: RegExp;
  rates: RegExp;
  lowestMargin: RegExp;
  contract: RegExp;
  show: RegExp;
  cost: RegExp;
  price: RegExp;
}

const EN: Words = {
  accounts: 'Customer accounts',
  recentQuotes: 'Latest quotes',
  marginColumn: 'Margin',
  title: /^Quote Q\d{8}$/,
  rates: /^Rates of quote Q\d{8}, lowest first$/,
  lowestMargin: /^Margin on the lowest rate \(\$345\.00\): -?\$[\d,.]+ \(-?[\d.]+%\)$/,
  contract: /Contract lane "Chicago - Dallas, LTL up to 1,000 lb"/,
  show: /^Show the charges of /,
  cost: /^Cost of .+ \(what the carrier is paid\)$/,
  price: /^Price of .+ \(what the shipper was quoted\)$/,
};

const ES: Words = {
  accounts: 'Cuentas de clientes',
  recentQuotes: 'Últimas cotizaciones',
  marginColumn: 'Margen',
  title: /^Cotización Q\d{8}$/,
  rates: /^Tarifas de la cotización Q\d{8}, la más baja primero$/,
  lowestMargin: /^Margen de la tarifa más baja \(.*345.*\): .+ \(.+%\)$/,
  contract: /Ruta contratada «Chicago - Dallas, LTL up to 1,000 lb»/,
  show: /^Ver los cargos de /,
  cost: /^Costo de .+ \(lo que se paga al transportista\)$/,
  price: /^Precio de .+ \(lo que se cotizó al remitente\)$/,
};

/**
 * Demo Shipper Co (its shipper's look-alike) quotes one 500 lb pallet Chicago -> Dallas: its $345
 * contract lane, whatever each carrier costs.
 */
async function shipperQuotes(browser: Browser, tag: string) {
  const shipper = await seedLookAlike('shipper@demo.test', tag);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await logIn(page, shipper.email, { password: shipper.password });
    const pallet = {
      package_type: 'pallets',
      quantity: 1,
      length: 48,
      width: 40,
      height: 48,
      weight: 500,
      stackable: true,
      hazardous: false,
    };
    const quote = await apiCall<{ id: string; rates: unknown[] }>(page, 'POST', '/api/quotes', {
      mode: 'ltl',
      pickup_date: quotablePickupDate(),
      origin: { postal_code: '60606', country: 'US', site_type: 'business' },
      destination: { postal_code: '75201', country: 'US', site_type: 'business' },
      items: [pallet],
      accessorials: [],
      insured_value: 0,
      currency: 'USD',
      unit_system: 'imperial',
    });
    expect(quote.rates.length).toBeGreaterThan(0);
    return quote.id;
  } finally {
    await context.close();
  }
}

/** The sales admin opens Demo Shipper Co's page, the quote from its latest quotes, and reads each rate's cost and margin. */
async function salesAdminReadsQuote(page: Page, w: Words, quoteId: string, phone: boolean) {
  await page.goto('/admin/accounts?q=Demo%20Shipper%20Co');
  await page.getByRole('table', { name: w.accounts }).getByRole('link', { name: 'Demo Shipper Co', exact: true }).click();
  const recent = page.getByRole('region', { name: w.recentQuotes });
  await expect(recent.getByRole('columnheader', { name: w.marginColumn, exact: true })).toBeVisible();
  const link = page.locator(`a[href="/admin/quotes/${quoteId}"]`);
  // Its row: the lowest rate's price, then its cost and margin (money, with the percent beneath).
  await expect(recent.getByRole('row').filter({ has: link })).toContainText(/345\.00.*\d\.\d\d.*%/);
  if (phone) await expectNoSidewaysScroll(page, "on the account's page at 390 px");
  await link.click();

  await expect(page.getByRole('heading', { name: w.title })).toBeVisible();
  await expect(page.getByTestId('quote-lowest-margin')).toHaveText(w.lowestMargin);
  const rates = page.getByRole('table', { name: w.rates });
  const first = rates.getByRole('row').nth(1);
  await expect(first).toContainText(w.contract);
  await expect(first.getByRole('cell').nth(3)).toHaveText(/\d\.\d\d/);
  await expect(first.getByRole('cell').nth(4)).toHaveText(/\d\.\d\d.*%/);
  if (phone) await expectNoSidewaysScroll(page, "on the quote's rates at 390 px");
  await snap(page, `quote-margin-rates${phone ? '-es-phone' : ''}`);

  // The charges open from the keyboard: the price the shipper saw beside what the carrier is paid.
  await activate(page, first.getByRole('button', { name: w.show }));
  await expect(page.getByRole('table', { name: w.price })).toBeVisible();
  await expect(page.getByRole('table', { name: w.cost })).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page, "on a rate's charges at 390 px");
  await snap(page, `quote-margin-lines${phone ? '-es-phone' : ''}`);
}

for (const [language, w, width] of [
  ['en', EN, 1280],
  ['es', ES, 390],
] as const) {
  test(`${language}: a sales admin opens Demo Shipper Co's latest quote from its page and reads each rate's cost and margin`, async ({
    browser,
  }) => {
    const quoteId = await shipperQuotes(browser, `quote-margin-shipper-${language}`);
    const salesAdmin = await seedLookAlike('salesadmin@demo.test', `quote-margin-salesadmin-${language}`);
    const page = await (await browser.newContext({ viewport: { width, height: 844 } })).newPage();
    await logIn(page, salesAdmin.email, { password: salesAdmin.password, settings: { language } });
    await salesAdminReadsQuote(page, w, quoteId, width < 600);
  });
}
