import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Exports: the demo shipper opens Analytics, keeps one carrier, drills into its late deliveries
 * and exports them to Excel; the file's rows are the list's (English, 1280 px). In Spanish at
 * 390 px they export My Shipments as CSV: a Spanish header, the list's first page first. Each
 * signs in as a look-alike of the demo shipper, who reads the demo account's history.
 */

const CARRIER = 'Old Dominion Freight Line';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
// A BOL number is 17 digits; in a row's text the PRO number's label follows it directly.
const BOL = /(?<!\d)\d{17}(?!\d)/;

/** The BOL numbers of the list's rows, in order, once `count` rows (or any) are listed. */
async function listedBols(page: Page, count?: number) {
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  if (count === undefined) await expect(rows.first()).toBeVisible();
  else await expect(rows).toHaveCount(count);
  const texts = await rows.allTextContents();
  return texts.map((t) => t.match(BOL)?.[0] ?? '');
}

/** Chooses `format` in the page's first Export menu and answers the file saved. */
async function exportAs(page: Page, button: string, item: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), path: await download.path() };
}

test('en: a shipper keeps one carrier on Analytics, drills into its late deliveries and exports them to Excel', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'shipper@demo.test', 'analytics-export-en', {
    settings: { language: 'en' },
    at: '/analytics',
  });
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  await page.getByLabel('Pickup from', { exact: true }).fill(day(-60));
  await page.getByLabel('Pickup to', { exact: true }).fill(day(0));
  const filtered = page.waitForResponse((r) => r.url().includes('/api/analytics?') && r.url().includes('carrier_id='));
  await page.getByLabel('Carrier', { exact: true }).selectOption({ label: CARRIER });
  await filtered;
  await expect(page.getByRole('table', { name: 'By carrier: service and invoice accuracy' }).getByRole('row')).toHaveCount(2);
  const late = page.getByRole('region', { name: 'Key figures' }).getByRole('link', { name: /^See the \d+ delivered late$/ });
  const count = Number((await late.textContent())?.match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await late.click();
  await expect(page).toHaveURL(/\/my-shipments\?.*figure=delivered_late/);
  await expect(page.getByTestId('analytics-drill')).toContainText('Delivered late');
  const bols = await listedBols(page, count);

  const file = await exportAs(page, 'Export', 'Excel (XLSX)');
  expect(file.name).toMatch(/^analytics-shipments-delivered-late-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file.path) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header.slice(0, 2)).toEqual(['BOL number', 'PRO number']);
  const rows = [];
  for (let i = 2; i <= sheet.rowCount; i += 1) rows.push((sheet.getRow(i).values as unknown[]).slice(1));
  expect(rows.map((r) => r[0])).toEqual(bols);
  for (const r of rows) {
    expect(r[header.indexOf('Carrier')]).toBe(CARRIER);
    expect(typeof r[header.indexOf('Total')]).toBe('number');
  }
  await snap(page, 'analytics-export-drill-en');
});

test('es: at 390 px a shipper exports My Shipments as CSV', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'shipper@demo.test', 'analytics-export-es', { settings: { language: 'es' }, at: '/my-shipments' });
  await expect(page.getByRole('heading', { name: 'Historial de envíos', level: 1 })).toBeVisible();
  const bols = await listedBols(page);
  expect(bols.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page, 'on My Shipments with the Export menu at 390 px');
  const file = await exportAs(page, 'Exportar', 'CSV (separado por comas)');
  expect(file.name).toMatch(/^shipments-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(file.path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]?.startsWith('Número de BOL,Número PRO,Número de rastreo')).toBe(true);
  expect(lines.length - 1).toBeGreaterThanOrEqual(bols.length);
  // The file's order is the list's: its first rows are the first page's.
  expect(lines.slice(1, bols.length + 1).map((l) => l.match(BOL)?.[0])).toEqual(bols);
  await snap(page, 'analytics-export-shipments-es');
});
