import type { AxeSession } from '../support/axe-session';
import { fillItem, fillLane, quotablePickupDate } from '../support/quote';
import {
  expectNoClippedText,
  expectNoMotion,
  expectNoOverlappingControls,
  expectNoSidewaysScroll,
  lastingAnimations,
  REFLOW_VIEWPORT,
  TEXT_AT_200,
  TEXT_SPACING,
  withStyle,
} from '../support/reflow';
import { logInAsLookAlike } from '../support/seed';
import { expect, type Page, test } from '../support/test';

/**
 * The main pages of a shipper, a guest and a staff member, in English and Spanish: text at 200%
 * and the WCAG text spacing cut nothing off and push no control over another (1.4.4, 1.4.12), at
 * 320 px the page scrolls only up and down (1.4.10), and with reduced motion asked for (the
 * config's default) nothing moves (2.3.3).
 */

const WORDS = {
  en: {
    pickupCode: 'Pickup zip / postal code',
    deliveryCode: 'Delivery zip / postal code',
    pickupDate: 'Pickup date',
    item: 'Item 1',
    packageType: 'Package type',
    pallets: 'Pallets',
    length: 'Length',
    width: 'Width',
    height: 'Height',
    weight: 'Weight',
    value: 'Shipment value',
    getRates: 'Get rates',
    rated: /^\d+ quotes? returned$/,
    breakdown: 'Show charges',
  },
  es: {
    pickupCode: 'Código postal de recolección',
    deliveryCode: 'Código postal de entrega',
    pickupDate: 'Fecha de recolección',
    item: 'Artículo 1',
    packageType: 'Tipo de empaque',
    pallets: 'Tarimas',
    length: 'Largo',
    width: 'Ancho',
    height: 'Alto',
    weight: 'Peso',
    value: 'Valor del envío',
    getRates: 'Obtener tarifas',
    rated: /^\d+ cotizaciones? obtenidas?$/,
    breakdown: 'Ver cargos',
  },
} as const;

type Language = keyof typeof WORDS;

/** The first demo shipment's BOL (seed-shipments.ts), for the public tracking page's result. */
const FIRST_BOL = '06141410090000008';

/**
 * A page has drawn its content in the language asked for: its heading is up and nothing is still
 * loading. (Signed in, the first page after a change of language may start in the stored user's.)
 */
async function settled(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Where the checks run: the page, and the test's accessibility check (support/test.ts). */
interface Visitor {
  page: Page;
  axe: AxeSession;
}

/** Every check, on the page as it stands; `name` says which page in a failure. */
async function checkPage({ page, axe }: Visitor, name: string) {
  // axe reads the page as users get it first: its check of the page, still waiting for the DOM to
  // settle, would otherwise run under whichever style below happens to be on.
  await axe.finish();
  await expectNoMotion(page, `on ${name}`);
  await withStyle(page, TEXT_AT_200, async () => {
    await expectNoClippedText(page, `on ${name} with text at 200%`);
    await expectNoOverlappingControls(page, `on ${name} with text at 200%`);
  });
  await withStyle(page, TEXT_SPACING, async () => {
    await expectNoClippedText(page, `on ${name} with the WCAG text spacing`);
  });
  const desktop = page.viewportSize();
  await page.setViewportSize(REFLOW_VIEWPORT);
  try {
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expectNoSidewaysScroll(page, `on ${name} at 320 px`);
    await expectNoClippedText(page, `on ${name} at 320 px`);
    await expectNoOverlappingControls(page, `on ${name} at 320 px`);
  } finally {
    if (desktop) await page.setViewportSize(desktop);
  }
}

async function visit(visitor: Visitor, path: string, language: Language) {
  await visitor.page.goto(path);
  await settled(visitor.page, language);
  await checkPage(visitor, path);
}

/** Quote & Ship with an LTL shipment rated, and the first rate's charges open. */
async function visitRates(visitor: Visitor, language: Language) {
  const { page } = visitor;
  const w = WORDS[language];
  await page.goto('/quote-shipment');
  await page.getByLabel(w.pickupCode).fill('60601');
  await page.getByLabel(w.deliveryCode).fill('30303');
  await page.getByLabel(w.pickupDate).fill(quotablePickupDate());
  const line = page.getByRole('group', { name: w.item });
  await line.getByLabel(w.packageType).selectOption({ label: w.pallets });
  await line.getByLabel(w.length).fill('48');
  await line.getByLabel(w.width).fill('40');
  await line.getByLabel(w.height).fill('48');
  await line.getByLabel(w.weight).fill('500');
  await page.getByLabel(w.value).fill('2000');
  await page.getByRole('button', { name: w.getRates }).click();
  await expect(page.getByTestId('rates-count')).toHaveText(w.rated);
  await page.getByTestId('rate-card').first().getByRole('button', { name: w.breakdown }).click();
  await checkPage(visitor, '/quote-shipment with rates');
}

/** Holds the requests to URLs `matches` until the returned function is called; from then on they pass. */
async function hold(page: Page, matches: (url: URL) => boolean) {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('with reduced motion asked for, nothing moves while a page, a screen or the rates load', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsLookAlike(page, 'shipper@demo.test', 'motion-shipper');

  // The tracking cards' skeletons pulse while the list is on its way, unless the user asks for less motion.
  const releaseList = await hold(page, (url) => url.pathname === '/api/shipments');
  await page.goto('/track');
  const skeletons = page.getByRole('progressbar', { name: 'Loading your shipments' });
  await expect(skeletons).toBeVisible();
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(() => lastingAnimations(page), { message: 'the check sees the pulse when motion is welcome' }).not.toEqual([]);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectNoMotion(page, 'while the tracking cards load');
  releaseList();
  await expect(skeletons).toBeHidden();

  // The bar along the top while the next screen's code is on its way.
  const releaseScripts = await hold(page, (url) => url.pathname.endsWith('.js'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeAttached();
  await expectNoMotion(page, 'while the next screen loads');
  releaseScripts();
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();

  // The Get rates button's spinner while the carriers are asked.
  await page.goto('/quote-shipment');
  await fillLane(page, { from: '60601', to: '30303' });
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await page.getByLabel('Shipment value').fill('2000');
  const releaseRates = await hold(page, (url) => url.pathname === '/api/quotes');
  const getRates = page.getByRole('button', { name: 'Get rates' });
  await getRates.click();
  await expect(getRates).toHaveAttribute('data-loading', 'true');
  await expectNoMotion(page, 'while the rates load');
  releaseRates();
  await expect(page.getByTestId('rates-count')).toHaveText(WORDS.en.rated);
});

/**
 * Each group of pages in one language: Spanish where text runs longest (a shipper's and a guest's
 * pages, where reflow has failed before), English for staff's. The every-page walk reads every
 * page in both at desktop and phone width.
 */
const PAGES_LANGUAGE = { shipper: 'es', guest: 'es', staff: 'en' } as const;

for (const language of ['en', 'es'] as const) {
  const runs = (pages: keyof typeof PAGES_LANGUAGE) => PAGES_LANGUAGE[pages] === language;

  test.describe(`text resize, reflow and motion (${language})`, () => {
    if (runs('shipper'))
      test('a shipper’s pages', async ({ page, axe }) => {
        test.setTimeout(240_000);
        await logInAsLookAlike(page, 'shipper@demo.test', 'resize-shipper', { settings: { language } });
        for (const path of ['/', '/my-shipments', '/track', '/my-invoices', '/address-book', '/settings', '/support']) {
          await visit({ page, axe }, path, language);
        }
        await visitRates({ page, axe }, language);
      });

    if (runs('guest'))
      test('a guest’s pages', async ({ page, axe }) => {
        test.setTimeout(120_000);
        await page.goto('/login');
        // The language switch is a segmented control: its radios are hidden behind their labels.
        await page.getByText('Español', { exact: true }).click();
        await settled(page, language);
        await checkPage({ page, axe }, '/login');
        for (const path of ['/public-quote', `/track-shipment?number=${FIRST_BOL}`, '/accessibility']) {
          await visit({ page, axe }, path, language);
        }
      });

    if (runs('staff'))
      test('a staff member’s pages', async ({ page, axe }) => {
        test.setTimeout(120_000);
        await logInAsLookAlike(page, 'super@demo.test', 'resize-super', { settings: { language } });
        for (const path of ['/admin/dashboard', '/admin/shipments', '/admin/accounts']) {
          await visit({ page, axe }, path, language);
        }
      });
  });
}
