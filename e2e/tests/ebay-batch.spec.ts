import { expectPageFitsWindow } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A seller books several eBay orders of different buyers as one batch: the orders become the
 * batch's rows (filled from the orders and the catalog), rated and booked together on the batch's
 * page, and each booked order is shipped with its tracking sent to eBay. Then the same start in
 * Spanish on a phone.
 */

/** The orders to ship of gaskets alone (they go by parcel, with no hazardous goods). */
const gasketRows = (page: Page) =>
  page
    .getByTestId('ebay-order-row')
    .filter({ hasText: 'GK-12' })
    .filter({ hasNotText: /CH-200|KP-36|DG-55|MISC-9/ });

/**
 * Picks two orders of gaskets alone, from the `from`-th on; answers their order numbers. The
 * orders are the demo account's, shared by the scenarios: each test here picks orders of its own.
 */
async function pickTwo(page: Page, pick: (n: string) => string, from: number) {
  const rows = gasketRows(page);
  await expect(rows.nth(from + 1)).toBeVisible();
  const numbers: string[] = [];
  for (const i of [from, from + 1]) {
    const n = ((await rows.nth(i).locator('td').nth(1).locator('p').first().textContent()) ?? '').trim();
    await rows
      .nth(i)
      .getByRole('checkbox', { name: pick(n) })
      .check();
    numbers.push(n);
  }
  return numbers;
}

test('a seller books two eBay orders as a batch; each is shipped and its tracking goes to eBay', async ({ page }) => {
  const shipper = await seedLookAlike('shipper@demo.test', 'ebay-batch-en');
  await logIn(page, shipper.email, { password: shipper.password, settings: { language: 'en' }, at: '/orders/ebay?q=GK-12' });
  const numbers = await pickTwo(page, (n) => `Pick order ${n}`, 0);
  await page.getByRole('button', { name: 'Book 2 orders as a batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book 2 orders as a batch' });
  await dialog.getByRole('combobox', { name: /How each row/ }).selectOption({ label: 'Cheapest' });
  await snap(page, 'ebay-batch-dialog');
  await dialog.getByRole('button', { name: 'Make the batch' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Made from eBay orders')).toBeVisible();
  // Nobody uploaded a file: the page says who made the batch.
  await expect(page.getByText(/^Made by /)).toBeVisible();
  await expect(page.getByText('2 rows · 2 valid · 0 booked')).toBeVisible();
  for (const n of numbers) await expect(page.getByRole('cell', { name: n, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Rate 2 rows' }).click();
  await page.getByRole('button', { name: 'Book 2 shipments' }).click();
  const confirm = page.getByRole('dialog', { name: 'Book the batch' });
  await confirm.getByRole('checkbox').check();
  await confirm.getByRole('button', { name: 'Book 2 shipments' }).click();
  await expect(page.getByText(/^2 shipments booked, \$[\d,]+\.\d\d in all\.$/)).toBeVisible({ timeout: 60_000 });
  await snap(page, 'ebay-batch-booked');

  // The orders are shipped, and their tracking reaches eBay.
  for (const n of numbers) {
    await page.goto(`/orders/ebay?status=shipped&q=${encodeURIComponent(n)}`);
    const row = page.getByTestId('ebay-order-row').filter({ hasText: n });
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText('Tracking sent to eBay', { timeout: 30_000 });
  }
});

test('es: on a phone, two orders and one of two kinds picked become a batch, said in Spanish', async ({ page }) => {
  const shipper = await seedLookAlike('shipper@demo.test', 'ebay-batch-es');
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, shipper.email, { password: shipper.password, settings: { language: 'es' }, at: '/orders/ebay?q=GK-12' });
  await pickTwo(page, (n) => `Elegir el pedido ${n}`, 2);
  // An order of gaskets and chairs or kraft paper: one shipment of two item lines.
  const twoKinds = page
    .getByTestId('ebay-order-row')
    .filter({ hasText: 'GK-12' })
    .filter({ hasText: /CH-200|KP-36/ })
    .filter({ hasNotText: /DG-55|MISC-9/ })
    .first();
  const twoKindsNumber = ((await twoKinds.locator('td').nth(1).locator('p').first().textContent()) ?? '').trim();
  await twoKinds.getByRole('checkbox', { name: `Elegir el pedido ${twoKindsNumber}` }).check();
  await page.getByRole('button', { name: 'Reservar 3 pedidos como lote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reservar 3 pedidos como lote' });
  await expect(dialog).toContainText('Cada pedido se vuelve una fila de un lote nuevo');
  await expectPageFitsWindow(page);
  await snap(page, 'ebay-batch-dialog-es-phone');
  await dialog.getByRole('button', { name: 'Crear el lote' }).click();
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Creado con pedidos de eBay')).toBeVisible();
  // Its row lists both kinds, a line each, the gaskets' envelopes in Spanish.
  const kinds = page.locator('tbody tr').filter({ hasText: twoKindsNumber }).getByTestId('batch-item-line');
  await expect(kinds).toHaveCount(2);
  await expect(kinds.filter({ hasText: /^\d+ × Sobres, / })).toBeVisible();
  // The fix dialog holds the further line in a group of its own under the handling units.
  await page.getByRole('button', { name: new RegExp(`^Corregir línea \\d+ \\(${twoKindsNumber}\\)$`) }).click();
  const fix = page.getByRole('dialog', { name: new RegExp(`^Corregir línea \\d+ \\(${twoKindsNumber}\\)$`) });
  const units = fix.getByRole('group', { name: 'Unidades de manejo' });
  await expect(units.getByText('Otras líneas de artículos de este envío')).toBeVisible();
  const second = units.getByRole('group', { name: 'Línea de artículos 2' });
  await expect(second.getByLabel(/^Tipo de empaque/)).not.toHaveValue('');
  await second.scrollIntoViewIfNeeded();
  await snap(page, 'ebay-batch-two-kinds-es-phone');
  await page.keyboard.press('Escape');
  await expect(fix).toBeHidden();
  await expectPageFitsWindow(page);
  await snap(page, 'ebay-batch-es-phone');
});
