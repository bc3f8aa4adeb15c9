import { apiCall } from '../support/api';
import { fillItem } from '../support/quote';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * A word no other part has, for the parts a scenario makes: the catalog is every account's, a part
 * with the English description and NMFC of a stored one is refused as a likely duplicate, and a
 * search or a suggestion for that word finds this scenario's part alone.
 */
const uniqueWord = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test('ops adds a part; the shipper types its description in a quote item, picks it, and NMFC and class fill', async ({ page, browser }) => {
  const ops = await seedLookAlike('ops@demo.test', 'parts-ops');
  const shipperUser = await seedLookAlike('shipper@demo.test', 'parts-shipper');
  const word = uniqueWord();
  const description = `Conveyor rollers ${word}, steel, boxed`;
  await logIn(page, ops.email, { password: ops.password });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Part Catalog' }).click();
  await expect(page.getByRole('heading', { name: 'Part Catalog' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Part catalog' })).toContainText('Hydraulic pumps');

  await page.getByRole('button', { name: 'Add part' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add part' });
  await dialog.getByLabel('Description (English)').fill(description);
  await dialog.getByLabel('Description (Spanish)').fill(`Rodillos de transportador ${word}, acero, en caja`);
  await dialog.getByLabel('NMFC item').fill('51520');
  await dialog.getByLabel('Sub').fill('03');
  await dialog.getByLabel('Class').selectOption({ label: 'Class 70' });
  await snap(page, 'admin-part-form');
  await dialog.getByRole('button', { name: 'Save part' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Search').fill(`conveyor ${word}`);
  const row = page.getByRole('row', { name: description });
  await expect(row).toContainText('51520-03');
  await expect(row).toContainText('Class 70');
  await page.getByLabel('Search').fill('');
  await expect(page.getByRole('table', { name: 'Part catalog' })).toContainText('Hydraulic pumps');
  await snap(page, 'admin-part-catalog');

  const shipper = await browser.newPage();
  await logIn(shipper, shipperUser.email, { password: shipperUser.password, at: '/quote' });
  const line = await fillItem(shipper, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '500' });
  await line.getByLabel('Description').pressSequentially('conveyor rol');
  const option = shipper.getByRole('option', { name: description });
  await expect(option).toContainText('NMFC 51520-03 · Class 70');
  await snap(shipper, 'quote-part-suggestions');
  await option.click();
  await expect(line.getByLabel('Description')).toHaveValue(description);
  await expect(line.getByLabel(/^NMFC/)).toHaveValue('51520-03');
  await expect(line.getByLabel('Freight class')).toHaveValue('70');

  // Another class than the part's asks for the acknowledgement; Cancel goes back to the part's.
  await line.getByLabel('Freight class').selectOption({ label: 'Class 100' });
  const warning = shipper.getByRole('dialog', { name: 'Override the recommendation?' });
  await expect(warning).toContainText(`the part catalog gives “${description}” class 70`);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(line.getByLabel('Freight class')).toHaveValue('70');
  await shipper.close();
});

test('in Spanish, staff edit a part and the shipper sees the Spanish suggestion', async ({ page, browser }) => {
  const sales = await seedLookAlike('sales@demo.test', 'parts-sales');
  const shipperUser = await seedLookAlike('shipper@demo.test', 'parts-shipper-es');
  await logIn(page, sales.email, { password: sales.password, settings: { language: 'es' } });
  // A part of this scenario's, made as the staff page saves one: the demo's parts stay as every
  // scenario knows them.
  const word = uniqueWord();
  await apiCall(page, 'POST', '/api/admin/part-catalog', {
    description_en: `Hydraulic pumps ${word}`,
    description_es: `Bombas hidráulicas ${word}`,
    nmfc_item: '116030',
    freight_class: 85,
  });
  const edited = `Bombas hidráulicas industriales ${word}`;
  const shipper = await browser.newPage();
  try {
    await page.goto('/admin/part-catalog');
    await expect(page.getByRole('heading', { name: 'Catálogo de piezas' })).toBeVisible();
    await page.getByLabel('Buscar').fill(`bombas ${word}`);
    // The search reaches the list after a pause: the click waits for the list it filters (one part
    // and the header), not the whole catalog that a moment later re-renders under the pointer.
    await expect(page).toHaveURL(new RegExp(`q=bombas(\\+|%20)${word}`));
    await expect(page.getByRole('table', { name: 'Catálogo de piezas' }).getByRole('row')).toHaveCount(2);
    const row = page.getByRole('row', { name: /Bombas hidráulicas/ });
    await row.getByRole('button', { name: /^Editar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar pieza' });
    await dialog.getByLabel('Descripción (español)').fill(edited);
    await dialog.getByRole('button', { name: 'Guardar pieza' }).click();
    await expect(page.getByText('Pieza actualizada')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: edited })).toContainText('116030');
    await snap(page, 'admin-part-catalog-es');

    await logIn(shipper, shipperUser.email, { password: shipperUser.password, settings: { language: 'es' }, at: '/quote' });
    const line = shipper.getByRole('group', { name: 'Artículo 1' });
    await line.getByLabel('Descripción').pressSequentially('bombas hid');
    const option = shipper.getByRole('option', { name: edited });
    await expect(option).toContainText('NMFC 116030 · Clase 85');
    await option.click();
    await expect(line.getByLabel(/^NMFC/)).toHaveValue('116030');
    await expect(line.getByLabel('Clase de flete')).toHaveValue('85');
    await snap(shipper, 'quote-part-picked-es');
  } finally {
    await shipper.close();
  }
});
