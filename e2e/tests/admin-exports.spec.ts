import { readFileSync } from 'node:fs';
import { apiCall } from '../support/api';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Staff lists: ops filters Admin Shipments, exports them as CSV (the file's rows are the list's),
 * saves the filters as a view, reloads the bare list and applies the view (English, 1280 px). In
 * Spanish at 390 px the Views menu and the saved view work the same.
 */

const BOL = /(?<!\d)\d{17}(?!\d)/;
const VIEW = `In transit LTL ${Date.now().toString(36)}`;

/** The BOL numbers of the list's rows, in order. */
async function listedBols(page: Page) {
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  return (await rows.allTextContents()).map((t) => t.match(BOL)?.[0] ?? '');
}

/** The list's answer to the filters in transit and LTL (the table keeps the rows before it until then). */
const listAnswered = (page: Page) =>
  page.waitForResponse(
    (r) => /\/api\/admin\/shipments\?/.test(r.url()) && r.url().includes('status=in_transit') && r.url().includes('mode=ltl'),
  );

/** A CSV line's cells (quoted cells may hold commas and doubled quotes). */
function cells(line: string) {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''),
  );
}

async function exportCsv(page: Page, button: string, item: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const download = await downloading;
  const path = await download.path();
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  return { name: download.suggestedFilename(), header: lines[0] ?? '', rows: lines.slice(1) };
}

test('en: ops filters Admin Shipments, exports them as CSV, saves the view and applies it after a reload', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'ops@demo.test', 'exports-ops', { settings: { language: 'en' }, at: '/admin/shipments' });
  await page.getByLabel('Status', { exact: true }).selectOption('in_transit');
  await expect(page).toHaveURL(/status=in_transit/);
  const filtered = listAnswered(page);
  await page.getByLabel('Mode', { exact: true }).selectOption('ltl');
  // Both filters: the mode chosen right after the status must not have dropped it.
  await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_transit');
  await expect(page).toHaveURL(/mode=ltl/);
  await filtered;
  const bols = await listedBols(page);
  expect(bols.length).toBeGreaterThan(0);

  const file = await exportCsv(page, 'Export', 'CSV (comma-separated)');
  expect(file.name).toMatch(/^admin-shipments-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.header.startsWith('Account,BOL number,PRO number')).toBe(true);
  // Every row is in transit and LTL, and the first are the page's, in its order.
  const header = cells(file.header);
  const [status, mode] = [header.indexOf('Status'), header.indexOf('Mode')];
  expect(new Set(file.rows.map((l) => `${cells(l)[status]} ${cells(l)[mode]}`))).toEqual(new Set(['In-Transit LTL']));
  expect(file.rows.length).toBeGreaterThanOrEqual(bols.length);
  expect(file.rows.slice(0, bols.length).map((l) => l.match(BOL)?.[0])).toEqual(bols);

  await page.getByRole('button', { name: 'Saved views of this list' }).click();
  await page.getByRole('menuitem', { name: 'Save current filters…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save current filters as a view' });
  await dialog.getByLabel('View name').fill(VIEW);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await snap(page, 'admin-exports-saved');

  await page.goto('/admin/shipments');
  await page.reload();
  await expect(page).not.toHaveURL(/status=/);
  // The keyboard opens the menu and picks the view.
  await page.getByRole('button', { name: 'Saved views of this list' }).focus();
  await page.keyboard.press('Enter');
  const applied = listAnswered(page);
  await page.getByRole('menuitem', { name: `Apply view ${VIEW}` }).click();
  await applied;
  await expect(page).toHaveURL(/status=in_transit/);
  await expect(page).toHaveURL(/mode=ltl/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_transit');
  expect(await listedBols(page)).toEqual(bols);

  // Deleted again: the view leaves the menu.
  await page.getByRole('button', { name: 'Saved views of this list' }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  const manage = page.getByRole('dialog', { name: 'Your saved views' });
  await manage.getByRole('button', { name: `Delete ${VIEW}` }).click();
  await expect(manage.getByText(VIEW, { exact: true })).toBeHidden();
});

test('es: at 390 px ops applies a saved view from the Views menu', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'ops@demo.test', 'exports-ops-es', { settings: { language: 'es' }, at: '/admin/shipments' });
  // The view Otto Ops keeps in the demo (views are their user's own, not a look-alike's), kept by this user too.
  await apiCall(page, 'POST', '/api/admin/saved-views', { list: 'shipments', name: 'Action Required', filters: { action_required: '1' } });
  await page.reload();
  await page.getByRole('button', { name: 'Vistas guardadas de esta lista' }).click();
  await page.getByRole('menuitem', { name: 'Aplicar la vista Action Required' }).click();
  await expect(page).toHaveURL(/action_required=1/);
  await expectNoSidewaysScroll(page, 'on Admin Shipments with the Views and Export menus at 390 px');
  await page.getByRole('button', { name: 'Vistas guardadas de esta lista' }).click();
  await page.getByRole('menuitem', { name: 'Administrar vistas…' }).click();
  await expect(page.getByRole('dialog', { name: 'Sus vistas guardadas' })).toBeVisible();
  await snap(page, 'admin-exports-views-es');
});
