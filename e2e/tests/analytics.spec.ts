import { expectNoSidewaysScroll } from '../support/reflow';
import { lookAlikePage, seedLookAlike } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The shipper's Analytics: the demo shipper opens the page from the sidebar, reads the last two
 * months, keeps one carrier and follows its late deliveries into My Shipments, which lists them
 * and says so. In English at 1280 px and in Spanish at 390 px (the sidebar behind its burger).
 * Each signs in as a look-alike of the demo shipper, who reads the demo account's history.
 */

const WORDS = {
  en: {
    nav: 'Main navigation',
    toggle: 'Toggle navigation',
    analytics: 'Analytics',
    period: 'Period',
    from: 'Pickup from',
    to: 'Pickup to',
    carrier: 'Carrier',
    figures: 'Key figures',
    byCarrier: 'By carrier: service and invoice accuracy',
    late: /^See the \d+ delivered late$/,
    shipments: 'Shipment History',
    drilled: 'Delivered late',
    back: 'Back to Analytics',
  },
  es: {
    nav: 'Navegación principal',
    toggle: 'Mostrar u ocultar la navegación',
    analytics: 'Analítica',
    period: 'Periodo',
    from: 'Recolección desde',
    to: 'Recolección hasta',
    carrier: 'Transportista',
    figures: 'Cifras clave',
    byCarrier: 'Por transportista: servicio y exactitud de las facturas',
    late: /^Ver los \d+ entregados con retraso$/,
    shipments: 'Historial de envíos',
    drilled: 'Entregados con retraso',
    back: 'Volver a Analítica',
  },
} as const;

/** The demo's late deliveries are Old Dominion's and Saia's; this one keeps Old Dominion. */
const CARRIER = 'Old Dominion Freight Line';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function openFiltersAndDrill(page: Page, language: 'en' | 'es', phone: boolean) {
  const w = WORDS[language];
  await page.goto('/my-shipments');
  if (phone) await page.getByRole('button', { name: w.toggle }).click();
  await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.analytics }).click();
  await expect(page.getByRole('heading', { name: w.analytics, level: 1 })).toBeVisible();
  // This month may have nothing picked up yet (its first day at the business): the figures come with the range below.
  await expect(page.getByLabel(w.period, { exact: true })).toBeVisible();

  // The last two months, whatever today is.
  await page.getByLabel(w.period, { exact: true }).selectOption('custom');
  await page.getByLabel(w.from, { exact: true }).fill(day(-60));
  await page.getByLabel(w.to, { exact: true }).fill(day(0));
  await expect(page).toHaveURL(new RegExp(`from=${day(-60)}&to=${day(0)}|to=${day(0)}.*from=${day(-60)}`));
  // The figures on screen stay until the carrier's have come.
  const filtered = page.waitForResponse((r) => r.url().includes('/api/analytics?') && r.url().includes('carrier_id='));
  await page.getByLabel(w.carrier, { exact: true }).selectOption({ label: CARRIER });
  expect((await filtered).url()).toContain(`from=${day(-60)}`);
  await expect(page).toHaveURL(/carrier_id=/);
  // The carrier's figures alone: its table has the one row.
  await expect(page.getByRole('table', { name: w.byCarrier }).getByRole('row')).toHaveCount(2);
  const carrierId = new URL(page.url()).searchParams.get('carrier_id');
  const figures = page.getByRole('region', { name: w.figures });
  const late = figures.getByRole('link', { name: w.late });
  await expect(late).toBeVisible();
  const count = Number((await late.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await snap(page, `analytics-${language}`);
  if (phone) await expectNoSidewaysScroll(page, 'on Analytics at 390 px');

  await late.click();
  await expect(page).toHaveURL(/\/my-shipments\?.*figure=delivered_late/);
  expect(new URL(page.url()).searchParams.get('carrier_id')).toBe(carrierId);
  await expect(page.getByRole('heading', { name: w.shipments, level: 1 })).toBeVisible();
  await expect(page.getByTestId('analytics-drill')).toContainText(w.drilled);
  // Every shipment listed is the carrier's, and there are as many as the figure said.
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(count);
  for (const row of await rows.all()) await expect(row).toContainText(CARRIER);
  await snap(page, `analytics-drill-${language}`);
  await page.getByTestId('analytics-drill').getByRole('link', { name: w.back }).click();
  await expect(page.getByRole('heading', { name: w.analytics, level: 1 })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('carrier_id')).toBe(carrierId);
}

test('en: a shipper opens Analytics, keeps one carrier and drills into its late deliveries', async ({ browser }) => {
  const shipper = await seedLookAlike('shipper@demo.test', 'analytics-en');
  const page = await signedInPage(browser, shipper.email, { password: shipper.password, language: 'en', width: 1280 });
  await openFiltersAndDrill(page, 'en', false);
});

test('es: at 390 px a shipper opens Analytics from the menu, keeps one carrier and drills into its late deliveries', async ({
  browser,
}) => {
  const page = await lookAlikePage(browser, 'shipper@demo.test', 'analytics-es', { language: 'es', width: 390 });
  await openFiltersAndDrill(page, 'es', true);
});
