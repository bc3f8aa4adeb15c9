import { readFileSync } from 'node:fs';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * API Incidents as a file: super_admin filters the list by kind and exports it as CSV; the file's
 * rows are the list's, in its order, headed and worded in the reader's language (English at
 * 1280 px, Spanish at 390 px).
 */

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
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  return { name: download.suggestedFilename(), header: cells(lines[0] ?? ''), rows: lines.slice(1).map(cells) };
}

/** Filters the incidents by a kind (its label) and answers the errors the table then lists, in order. */
async function filterByKind(page: Page, field: string, kind: string, table: string) {
  const answered = page.waitForResponse((r) => /\/api\/admin\/incidents\?/.test(r.url()) && r.url().includes('kind=unknown_scac'));
  await page.getByLabel(field, { exact: true }).selectOption({ label: kind });
  await expect(page).toHaveURL(/kind=unknown_scac/);
  await answered;
  const rows = page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toContainText(kind);
  return rows.count();
}

test('en: super_admin exports the API incidents of one kind as CSV, the rows the list shows', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'super@demo.test', 'incidents-export-super', {
    settings: { language: 'en' },
    at: '/admin/incidents',
  });
  const listed = await filterByKind(page, 'Kind', 'Unknown SCAC', 'API incidents');
  expect(listed).toBeGreaterThan(0);

  const file = await exportCsv(page, 'Export', 'CSV (comma-separated)');
  expect(file.name).toMatch(/^admin-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.header.slice(0, 5)).toEqual(['Kind', 'Operation', 'Carrier', 'SCAC', 'Error']);
  expect(file.rows.length).toBeGreaterThanOrEqual(listed);
  expect(new Set(file.rows.map((r) => r[0]))).toEqual(new Set(['Unknown SCAC']));
  // Times are the business's wall clock, as a spreadsheet reads a date.
  expect(file.rows[0]?.[file.header.indexOf('Last seen')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await snap(page, 'admin-incidents-export');
});

test('es: at 390 px super_admin exports the same incidents with Spanish headers and words', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await logInAsLookAlike(page, 'super@demo.test', 'incidents-export-super-es', { settings: { language: 'es' }, at: '/admin/incidents' });
  const listed = await filterByKind(page, 'Tipo', 'SCAC desconocido', 'Incidentes de API');
  const file = await exportCsv(page, 'Exportar', 'CSV (separado por comas)');
  expect(file.header.slice(0, 5)).toEqual(['Tipo', 'Operación', 'Transportista', 'SCAC', 'Error']);
  expect(file.rows.length).toBeGreaterThanOrEqual(listed);
  expect(new Set(file.rows.map((r) => r[0]))).toEqual(new Set(['SCAC desconocido']));
  expect(file.rows[0]?.[file.header.indexOf('Última vez')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expectNoSidewaysScroll(page, 'on API Incidents with the Export menu at 390 px');
  await snap(page, 'admin-incidents-export-es');
});
