import { expectRates, fillItem, fillLane } from '../support/quote';
import { seedLookAlike } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The Truckload page's equipment select's option labels. */
const equipmentNames = (page: Page, label: string) => page.getByLabel(label).locator('option').allTextContents();

test('super_admin adds a Conestoga type; the shipper quotes with it in English, sees it named in Spanish, and it leaves the form once retired', async ({
  page,
  browser,
}) => {
  // super_admin adds the type, +60 cents a mile over the carriers' dry van linehaul.
  const superAdmin = await seedLookAlike('super@demo.test', 'equipment-super');
  const shipperUser = await seedLookAlike('shipper@demo.test', 'equipment-shipper');
  await logIn(page, superAdmin.email, { password: superAdmin.password, at: '/admin/truckloads/equipment-types' });
  await expect(page.getByRole('heading', { name: 'Truckload Equipment' })).toBeVisible();
  await page.getByRole('button', { name: 'Add equipment type' }).click();
  const form = page.getByRole('form', { name: 'New equipment type' });
  await form.getByLabel(/^Code/).fill('conestoga');
  await form.getByLabel(/^Name in English/).fill('Conestoga');
  await form.getByLabel(/^Name in Spanish/).fill('Lona corrediza (Conestoga)');
  await form.getByLabel(/^Maximum weight/).fill('44000');
  await form.getByLabel(/^Pallet positions/).fill('26');
  await form.getByLabel(/^Length/).fill('53');
  await form.getByLabel(/^Per-mile adjustment/).fill('60');
  await snap(page, 'admin-equipment-new');
  await form.getByRole('button', { name: 'Add type' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: /Conestoga/ });
  await expect(row).toContainText('44,000 lb');
  await expect(row).toContainText('+$0.60 / mile');
  await expect(row).toContainText('Active');
  await snap(page, 'admin-equipment-list');

  // Demo Shipper Co's shipper (a look-alike) quotes a truckload with it.
  const shipperContext = await browser.newContext();
  const shipper = await shipperContext.newPage();
  try {
    await logIn(shipper, shipperUser.email, { password: shipperUser.password, at: '/truckload' });
    await fillLane(shipper, { from: '60601', to: '30303' });
    const equipment = shipper.getByLabel('Equipment type');
    await equipment.selectOption({ label: 'Conestoga' });
    await expect(shipper.getByText('Up to 44,000 lb · 26 pallet positions · 53 ft long')).toBeVisible();
    const line = await fillItem(shipper, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '1000' });
    await line.getByLabel('Quantity').fill('20');
    await shipper.getByLabel('Shipment value').fill('20000');
    await shipper.getByRole('button', { name: 'Get rates' }).click();
    await expectRates(shipper);
    await expect(shipper.getByText('Service: Conestoga').first()).toBeVisible();
    await snap(shipper, 'equipment-conestoga-rates');

    // In Spanish the form names the types in Spanish, the new one included.
    await setPreferences(shipper, { language: 'es' });
    await shipper.goto('/truckload');
    await expect(shipper.getByLabel('Tipo de equipo')).toBeVisible();
    await expect.poll(() => equipmentNames(shipper, 'Tipo de equipo')).toContain('Lona corrediza (Conestoga)');
    expect(await equipmentNames(shipper, 'Tipo de equipo')).toEqual(expect.arrayContaining(['Caja seca', 'Caja refrigerada']));
    await shipper.getByLabel('Tipo de equipo').selectOption({ label: 'Caja refrigerada' });
    await expect(
      shipper.getByText(/Hasta 43[.,]500 lb · 26 posiciones de tarima · 53 ft de largo · Con control de temperatura/),
    ).toBeVisible();
    await snap(shipper, 'equipment-form-es');
    // Back to English for the form's English names below.
    await setPreferences(shipper, { language: 'en' });

    // super_admin retires it: kept on the list, marked; gone from the form.
    await row.getByRole('button', { name: 'Retire Conestoga' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retire Conestoga?' });
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await expect(row).toContainText('Retired');
    await expect(row.getByRole('button', { name: 'Restore Conestoga' })).toBeVisible();
    await snap(page, 'admin-equipment-retired');

    await shipper.goto('/truckload');
    await expect.poll(() => equipmentNames(shipper, 'Equipment type')).toContain('Dry van');
    expect(await equipmentNames(shipper, 'Equipment type')).not.toContain('Conestoga');
  } finally {
    await shipperContext.close();
  }
});
