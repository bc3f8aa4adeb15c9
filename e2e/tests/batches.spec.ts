import { readFile } from 'node:fs/promises';
import { csvLine, goodRowCells, header } from '../../apps/server/src/modules/batches/batches-csv.test-support';
import { pdfPages } from '../../apps/server/src/modules/documents/pdf-text';
import { chooseFile } from '../support/csv';
import { freshEmail } from '../support/flows';
import { quotablePickupDate } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Row `n` of a batch: one pallet from Chicago to Dallas, both places typed in full; `over` changes cells. */
const row = (n: number, over: Record<string, string> = {}) =>
  csvLine(
    goodRowCells(quotablePickupDate(), { client_ref: `PO-${n}`, weight: String(400 + n * 10), references: `po_number:PO-${n}`, ...over }),
  );

const fileOf = (rows: string[]) => [header, ...rows].join('\n');

async function upload(page: Page, csv: string, w: { file: string; upload: string }) {
  await chooseFile(page.getByRole('button', { name: w.file }), { name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: w.upload, exact: true }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
}

test('a shipper uploads ten orders, fixes a row in place, rates and books nine, and downloads their papers in one PDF', async ({
  page,
}) => {
  await startAsNewCompany(page, { email: freshEmail('batch-en'), password: 'Batches#2026' }, { onCredit: true, at: '/batches' });
  // Line 4 lacks its weight (fixed below); line 9's weight is a word (left out of rating).
  // Line 6 asks for insurance on its $1,000 of goods.
  const rows = Array.from({ length: 10 }, (_, i) => i + 1).map((n) =>
    row(n, n === 3 ? { weight: '' } : n === 8 ? { weight: 'heavy' } : n === 5 ? { insurance: 'yes' } : {}),
  );
  // PO-10 ships boxes too: the next line repeats its reference with only the item's cells (its weight forgotten).
  rows.push(csvLine({ client_ref: 'PO-10', package_type: 'boxes', quantity: '4', length: '20', width: '16', height: '12' }));
  await upload(page, fileOf(rows), { file: 'CSV file', upload: 'Upload' });
  await expect(page.locator('tr[data-line="11"]').getByTestId('batch-item-line')).toHaveText(['1 × Pallets, 500 lb', '4 × Boxes']);
  await expect(page.getByText('3 rows have problems. Fix them in the table below.')).toBeVisible();
  await expect(page.getByText('10 rows · 7 valid · 0 booked')).toBeVisible();
  await snap(page, 'batch-uploaded');

  // The row without a weight is fixed in its dialog and checked again.
  await page.getByRole('button', { name: 'Fix line 4 (PO-3)' }).click();
  const fix = page.getByRole('dialog', { name: 'Fix line 4 (PO-3)' });
  await fix.getByLabel('Weight per unit (lb)').fill('430');
  await fix.getByRole('button', { name: 'Save and check' }).click();
  await expect(fix).toBeHidden();
  await expect(page.getByText('10 rows · 8 valid · 0 booked')).toBeVisible();
  // So is PO-10's second item line, in its own group of the dialog; focus starts on its weight.
  await page.getByRole('button', { name: 'Fix line 11 (PO-10)' }).click();
  const boxes = page.getByRole('dialog', { name: 'Fix line 11 (PO-10)' }).getByRole('group', { name: 'Item line 2' });
  await expect(boxes.getByLabel('Weight per unit (lb)')).toBeFocused();
  await expect(boxes.getByLabel('Weight per unit (lb)')).toBeInViewport();
  await snap(page, 'batch-fix-item-line');
  await page.keyboard.type('30');
  await page.keyboard.press('Enter');
  await expect(boxes).toBeHidden();
  await expect(page.locator('tr[data-line="11"]').getByTestId('batch-item-line')).toHaveText(['1 × Pallets, 500 lb', '4 × Boxes, 120 lb']);
  await expect(page.getByText('10 rows · 9 valid · 0 booked')).toBeVisible();

  await page.getByRole('button', { name: 'Rate 9 rows' }).click();
  await expect(page.getByRole('button', { name: 'Book 9 shipments' })).toBeVisible({ timeout: 60_000 });
  // Each rated row shows its choice by the batch's rule (the cheapest), and may be changed.
  const choice = page.getByLabel('Rate for line 2 (PO-1)');
  await expect(choice).toBeVisible();
  expect(await choice.locator('option').count()).toBeGreaterThan(1);
  // The insured row shows the cover it is booked with; its premium is in the total below.
  await expect(page.locator('tr[data-line="6"]').getByText('Insurance up to $1,000.00 · premium $35.00')).toBeVisible();

  await page.getByRole('button', { name: 'Book 9 shipments' }).click();
  const confirm = page.getByRole('dialog', { name: 'Book the batch' });
  await expect(confirm.getByText(/^Book 9 shipments for \$[\d,]+\.\d\d in all\?$/)).toBeVisible();
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Book 9 shipments' }).click();
  await expect(page.getByText(/^9 shipments booked, \$[\d,]+\.\d\d in all\.$/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('10 rows · 9 valid · 9 booked')).toBeVisible();
  await snap(page, 'batch-booked');

  // Every booked row's bill of lading and labels in one PDF, each shipment's BOL number in it.
  const numbers = (await page.getByRole('link', { name: /^Shipment \d+$/ }).allTextContents()).map((t) =>
    t.replace('Shipment ', '').trim(),
  );
  expect(numbers).toHaveLength(9);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download bills of lading and labels (PDF)' }).click();
  const text = (await pdfPages(await readFile((await (await downloading).path()) ?? ''))).map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
  for (const number of numbers) expect(text).toContain(number);
  // Each handling unit's label follows its bill of lading: PO-10's pallet and four boxes are five.
  expect(text).toContain('Pallet 1 of 1');
  expect(text).toContain('Pallet 5 of 5');
});

test('the same in Spanish on a phone (390 px): a bad row is said in Spanish, the others rated and booked', async ({ page }) => {
  await startAsNewCompany(
    page,
    { email: freshEmail('batch-es'), password: 'Batches#2026', language: 'Spanish' },
    { onCredit: true, at: '/batches' },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  // The form says how a shipment of several kinds of goods is written, in Spanish.
  await expect(page.getByText(/^Un envío de varios tipos de mercancía: /)).toBeVisible();
  await snap(page, 'batch-upload-es-phone');
  await upload(page, fileOf([row(1), row(2, { weight: '' }), row(3, { insurance: 'sí' })]), { file: 'Archivo CSV', upload: 'Subir' });
  await expect(page.getByText('1 fila tiene problemas. Corríjala en la tabla de abajo.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the uploaded batch at 390 px');
  await snap(page, 'batch-uploaded-es-phone');
  await page.getByRole('button', { name: 'Cotizar 2 filas' }).click();
  // Line 4 said 'sí' to insurance: its cover is shown in Spanish.
  await expect(page.locator('tr[data-line="4"]').getByText(/^Seguro hasta .+ · prima .+$/)).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Reservar 2 envíos' }).click({ timeout: 60_000 });
  const confirm = page.getByRole('dialog', { name: 'Reservar el lote' });
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Reservar 2 envíos' }).click();
  await expect(page.getByText(/^2 envíos reservados, .+ en total\.$/)).toBeVisible({ timeout: 60_000 });
  await expectNoSidewaysScroll(page, 'the booked batch at 390 px');
  await snap(page, 'batch-booked-es-phone');
});
