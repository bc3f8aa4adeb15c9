import { apiCall } from '../support/api';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { type Browser, expect, type Page, test } from '../support/test';

/**
 * The Analytics report by mail: a user who may read Analytics chooses it on Settings > User
 * settings, and the choice is kept after a reload. The demo shipper reads it weekly (the seed); in
 * English at 1280 px they switch to monthly and back, and billing opts in weekly in Spanish at
 * 390 px. The mail's stop link opens a page that asks for a click, and a wrong link says so. Each
 * signs in as a look-alike of the demo user, whose report choice is their own (a look-alike starts
 * with none): the shipper's first chooses weekly, as the seed chose it for the demo shipper.
 */

const WORDS = {
  en: {
    section: 'Analytics report by mail',
    label: 'Report by mail',
    weekly: 'Weekly',
    monthly: 'Monthly',
    off: 'Off',
    save: 'Save report choice',
    saved: 'Report choice saved',
  },
  es: {
    section: 'Informe de Analítica por correo',
    label: 'Informe por correo',
    weekly: 'Semanal',
    monthly: 'Mensual',
    off: 'Desactivado',
    save: 'Guardar la elección del informe',
    saved: 'Elección del informe guardada',
  },
} as const;

/**
 * A page `width` wide, signed in as a look-alike of the demo user `of` in `language`: their report
 * choice and their language are their own to change.
 */
async function signedIn(browser: Browser, of: string, width: number, language: 'en' | 'es') {
  const user = await seedLookAlike(of, `analytics-report-${language}`);
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await logIn(page, user.email, { password: user.password, settings: { language } });
  return page;
}

/** Chooses `value` in the report's select, saves it, and finds it kept after a reload. */
async function choose(page: Page, language: 'en' | 'es', value: 'weekly' | 'monthly' | 'off') {
  const w = WORDS[language];
  const select = page.getByRole('combobox', { name: w.label });
  await select.click();
  await page.getByRole('option', { name: w[value] }).click();
  await expect(select).toHaveValue(w[value]);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/analytics/report-mail') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: w.save }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('alert').filter({ hasText: w.saved })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: w.label })).toHaveValue(w[value]);
}

test('en: the demo shipper reads the report weekly, switches to monthly, and the choice is kept', async ({ browser }) => {
  const page = await signedIn(browser, 'shipper@demo.test', 1280, 'en');
  // The seed's weekly choice is the demo shipper's own: their look-alike makes it first, as the settings do.
  await apiCall(page, 'PUT', '/api/analytics/report-mail', { frequency: 'weekly' });
  await page.goto('/settings');
  const w = WORDS.en;
  await expect(page.getByRole('heading', { name: w.section, level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: w.label })).toHaveValue(w.weekly);
  // Nothing changed yet: nothing to save.
  await expect(page.getByRole('button', { name: w.save })).toBeDisabled();
  await choose(page, 'en', 'monthly');
  await snap(page, 'analytics-report-setting-en');
  await choose(page, 'en', 'weekly');
});

test('es: at 390 px billing opts in to the weekly report, and the choice is kept', async ({ browser }) => {
  const page = await signedIn(browser, 'billing@demo.test', 390, 'es');
  await page.goto('/settings');
  const w = WORDS.es;
  await expect(page.getByRole('heading', { name: w.section, level: 2 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: w.label })).toHaveValue(w.off);
  await choose(page, 'es', 'weekly');
  await page.getByRole('heading', { name: w.section, level: 2 }).scrollIntoViewIfNeeded();
  await snap(page, 'analytics-report-setting-es');
  await expectNoSidewaysScroll(page, 'on the settings with the report at 390 px');
  await choose(page, 'es', 'off');
});

test('the mail’s stop link asks for a click, without signing in; a wrong link says so', async ({ page }) => {
  await page.goto('/analytics-report/unsubscribe/not-a-token');
  await expect(page.getByRole('heading', { name: 'Stop the Analytics report' })).toBeVisible();
  await expect(page).toHaveTitle('Stop the Analytics report | Freight Portal');
  await page.getByRole('button', { name: 'Stop the report' }).click();
  await expect(page.getByText('This link is not valid. Sign in and change the report on your settings.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your settings' })).toBeVisible();
  await snap(page, 'analytics-report-unsubscribe-wrong-link');
});
