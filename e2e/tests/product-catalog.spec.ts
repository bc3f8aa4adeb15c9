import { readFileSync } from 'node:fs';
import { checkCsvUpload } from '../support/csv';
import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

/** The header of a file written before products kept an HS code: it still imports. */
const HEADER = 'description,product_number,nmfc,sat,package_type,freight_class,length_in,width_in,height_in,weight_lb,hazardous';
/** What the export writes: the HS code beside the SAT key. */
const EXPORT_HEADER =
  'description,product_number,nmfc,sat,hs_code,package_type,freight_class,length_in,width_in,height_in,weight_lb,hazardous';

test('add, edit and delete a product, import a CSV with a bad row, export, and pick a product into a quote item', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const added = `Cedar Deck Boards ${stamp}`;
  const imported1 = `Copper Wire Spools ${stamp}`;
  const imported2 = `Glass Jars Case ${stamp}`;
  const csv = [
    HEADER,
    `${imported1},CW-${stamp},,,pallets,70,48,40,36,620,false`,
    `Bad Package ${stamp},BP-${stamp},,,barrels-of-fun,85,10,10,10,20,false`, // line 3: no such package type
    `${imported2},GJ-${stamp},,,boxes,,24,18,12,35,false`,
  ].join('\n');

  await logInAsLookAlike(page, 'shipper@demo.test', 'catalog-shipper', { at: '/product-catalog' });
  await expect(page.getByRole('heading', { name: 'Product Catalog' })).toBeVisible();

  // Add: a required field left empty is refused in place, then the product is saved.
  await page.getByRole('button', { name: 'Add product' }).click();
  const form = page.getByRole('dialog', { name: 'Add product' });
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(form.getByText('Field is required').first()).toBeVisible();
  await form.getByLabel('Description').fill(added);
  await form.getByLabel('Product number / ID').fill(`CD-${stamp}`);
  await form.getByLabel('Package type').selectOption({ label: 'Pallets' });
  await form.getByLabel('Freight class').selectOption({ label: 'Class 85' });
  await form.getByLabel('Length').fill('96');
  await form.getByLabel('Width').fill('48');
  await form.getByLabel('Height').fill('30');
  await form.getByLabel('Weight').fill('900');
  await snap(page, 'product-form');
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(form).toBeHidden();

  await page.getByLabel('Search products').fill(stamp);
  const addedRow = page.getByRole('row').filter({ hasText: added });
  await expect(addedRow).toBeVisible();
  await expect(addedRow).toContainText(`CD-${stamp}`);

  // Edit: the weight changes, the rest stays.
  await page.getByRole('button', { name: `Edit ${added}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit product' });
  await expect(edit.getByLabel('Description')).toHaveValue(added);
  await edit.getByLabel('Weight').fill('950');
  // The field holds the new weight before it is saved, so a row left at the old one is the list's.
  await expect(edit.getByLabel('Weight')).toHaveValue('950');
  await edit.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(addedRow).toContainText('950');

  // CSV: the bad row is shown with its line and left out; the good rows go in.
  const upload = await checkCsvUpload(page, 'Upload products (CSV)', 'products.csv', csv);
  await expect(upload.getByText('3 rows in the file')).toBeVisible();
  await expect(upload.getByText('2 rows ready to import')).toBeVisible();
  const errors = upload.getByRole('region', { name: 'Rows with errors' });
  await expect(errors.getByRole('row').filter({ hasText: 'Choose one of the listed options' })).toContainText('3');
  await snap(page, 'product-csv-report');
  await upload.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(upload.getByText('2 rows imported.')).toBeVisible();
  await upload.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(upload).toBeHidden();

  await expect(page.getByRole('row').filter({ hasText: imported1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: imported2 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Bad Package ${stamp}` })).toHaveCount(0);
  await snap(page, 'product-catalog');

  // Export the searched view: the three products under the importer's header.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const exported = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = exported.split(/\r?\n/).filter(Boolean);
  expect(lines[0]).toBe(EXPORT_HEADER);
  expect(lines).toHaveLength(4);
  expect(exported).toContain(`${added},CD-${stamp}`);
  expect(exported).toContain(imported1);
  expect(exported).toContain(imported2);

  // In a quote, picking the product fills the item line.
  await page.goto('/quote');
  const line = page.getByRole('group', { name: 'Item 1' });
  await line.getByLabel('Find a product').fill(`Copper Wire Spools ${stamp}`);
  await page.getByRole('option', { name: new RegExp(imported1) }).click();
  await expect(line.getByText(`From your catalog: ${imported1}`)).toBeVisible();
  await expect(line.getByLabel('Package type')).toHaveValue('pallets');
  await expect(line.getByLabel('Length')).toHaveValue('48');
  await expect(line.getByLabel('Width')).toHaveValue('40');
  await expect(line.getByLabel('Height')).toHaveValue('36');
  await expect(line.getByLabel('Weight')).toHaveValue('620');
  await snap(page, 'quote-item-from-catalog');

  // Delete, after a confirmation.
  await page.goto('/product-catalog');
  await page.getByLabel('Search products').fill(stamp);
  // The search reaches the list after a pause: deleting before it lands would race the list it brings.
  const searched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/products' && new URL(r.url()).searchParams.get('q') === stamp,
  );
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  await searched;
  await page.getByRole('button', { name: `Delete ${added}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete product?' });
  await expect(confirm).toContainText(added);
  await confirm.getByRole('button', { name: 'Delete product' }).click();
  await expect(page.getByText('Product deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: added })).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: imported1 })).toBeVisible();
});

test('a shipper who works in Spanish and metric adds and deletes a product in centimetres and kilograms', async ({ page }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Tarimas de azulejo ${stamp}`;
  await logInAsLookAlike(page, 'prepaid@demo.test', 'catalog-metric', {
    settings: { language: 'es', unit_system: 'metric' },
    at: '/product-catalog',
  });
  await expect(page.getByRole('heading', { name: 'Catálogo de productos' })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar producto' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar producto' });
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(form.getByText('Campo obligatorio').first()).toBeVisible();
  await form.getByLabel('Descripción').fill(name);
  await form.getByLabel('Tipo de empaque').selectOption({ label: 'Tarimas' });
  // 122 x 102 x 100 cm and 250 kg, stored as inches and pounds and shown back in the user's units.
  await form.getByLabel('Largo').fill('122');
  await form.getByLabel('Ancho').fill('102');
  await form.getByLabel('Alto').fill('100');
  await form.getByLabel('Peso').fill('250');
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();

  await page.getByLabel('Buscar productos').fill(stamp);
  // The search is in the URL once its debounce has passed: the list is then the searched one.
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('122 × 102 × 100 cm');
  await expect(row).toContainText('250 kg');
  await snap(page, 'product-catalog-es-metric');

  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar el producto?' });
  await confirm.getByRole('button', { name: 'Eliminar producto' }).click();
  await expect(page.getByText('Producto eliminado')).toBeVisible();
  await expect(row).toHaveCount(0);
});
