import { tariffsURL } from '../playwright.config';
import { useOwnServer } from '../support/own-server';
import { expectRates, fillItem, fillLane } from '../support/quote';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

// A carrier's tariff and the diesel price price every account's quotes: these run on a server of
// their own (support/own-server.ts), so no other scenario's quote meets the changed prices.
test.use({ baseURL: tariffsURL });
useOwnServer(tariffsURL);

/** The shipper's LTL quote on one lane; answers the cheapest carrier's name and total as shown. */
async function quoteLane(page: Page) {
  await page.goto('/quote');
  await fillLane(page, { from: '60601', to: '30303' });
  await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight: '700' });
  await page.getByLabel('Shipment value').fill('1500');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
}
async function totalOf(page: Page, carrier: string) {
  const card = page.getByTestId('rate-card').filter({ has: page.getByRole('heading', { name: carrier, exact: true }) });
  return (await card.getByTestId('rate-total').textContent())?.trim() ?? '';
}

test('super_admin lowers a carrier discount, previews the difference and publishes it: the next quote changes, the saved one does not', async ({
  page,
  browser,
}) => {
  // Demo Shipper Co's quotes (a look-alike of its shipper) and a super admin, on this file's server.
  const shipperUser = await seedLookAlike('shipper@demo.test', 'tariff-shipper', { server: tariffsURL });
  const superAdmin = await seedLookAlike('super@demo.test', 'tariff-super', { server: tariffsURL });
  const shipperContext = await browser.newContext();
  const shipper = await shipperContext.newPage();
  await logIn(shipper, shipperUser.email, { password: shipperUser.password });
  await quoteLane(shipper);
  const carrier = (await shipper.locator('article h2').first().textContent()) ?? '';
  const before = await totalOf(shipper, carrier);
  await shipper.getByRole('button', { name: 'Save quote' }).click();
  await expect(shipper.getByRole('button', { name: 'Saved' })).toBeDisabled();

  await logIn(page, superAdmin.email, { password: superAdmin.password, at: '/admin/carriers' });
  await expect(page.getByRole('table', { name: "Every carrier the portal rates, with last week's quotes" })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: carrier, exact: true }) });
  await expect(row).toContainText('Signed events');
  await snap(page, 'admin-carriers-list');
  await row.getByRole('link', { name: carrier, exact: true }).click();
  await expect(page.getByRole('heading', { name: carrier })).toBeVisible();
  await expect(page.getByRole('table', { name: /Every tariff this carrier has had/ })).toContainText('In force');

  await page.getByRole('button', { name: 'Change the tariff' }).click();
  const draft = page.getByRole('region', { name: 'Draft' });
  const discount = draft.getByLabel('Discount off the base rates');
  const was = Number((await discount.inputValue()).replace('%', ''));
  await discount.fill(String(was - 10));
  await draft.getByLabel('Note').fill('Fuel-heavy lanes: 10 points less discount');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  // Only a previewed draft is published.
  await expect(draft.getByText(/Preview the difference before publishing/)).toBeVisible();
  await expect(draft.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await draft.getByRole('button', { name: 'Preview the difference' }).click();
  const preview = page.getByRole('region', { name: 'Preview: the draft against the tariff in force' });
  await expect(preview).toContainText(/recent quotes? re-rated: .* today, .* with the draft \(\+/);
  // The shipper's saved quote is among those re-rated, at the carrier's cost (what the tariff sets),
  // not at the price the shipper saw.
  await expect(preview.getByRole('table')).toContainText('60601 US → 30303 US');
  await snap(page, 'admin-carriers-preview');
  await draft.getByRole('button', { name: 'Publish' }).click();
  // The confirmation repeats what the preview found.
  const confirm = page.getByRole('dialog', { name: /^Publish version \d+ from/ });
  const impact = confirm.getByTestId('publish-impact');
  await expect(impact).toContainText(/recent quotes? re-rated/);
  await expect(impact).toContainText(/Average change per quote: \+\$/);
  await expect(impact).toContainText(/Largest change: \+\$/);
  await snap(page, 'admin-carriers-publish-confirm');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Version \d+ published/)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /Every tariff this carrier has had/ })
      .getByRole('row')
      .nth(1),
  ).toContainText('In force');

  // Every server process reads the new tariff within seconds; the shipper's next quote has it.
  await expect(async () => {
    await quoteLane(shipper);
    const after = await totalOf(shipper, carrier);
    expect(Number(after.replace(/[^0-9.]/g, ''))).toBeGreaterThan(Number(before.replace(/[^0-9.]/g, '')));
  }).toPass({ timeout: 30_000, intervals: [2_000] });
  // The quote saved before keeps the price it was rated with.
  await shipper.goto('/saved-quotes');
  await expect(shipper.getByRole('row').filter({ hasText: '60601' }).first()).toContainText(before);
  await shipperContext.close();
});

test('in Spanish, super_admin restores the earlier tariff as a draft, previews and publishes it, and records a weekly diesel price', async ({
  page,
}) => {
  const superAdmin = await seedLookAlike('super@demo.test', 'tariff-super-es', { server: tariffsURL });
  await logIn(page, superAdmin.email, { password: superAdmin.password, settings: { language: 'es' }, at: '/admin/carriers' });
  await expect(page.getByRole('tab', { name: 'Transportistas' })).toBeVisible();
  // The carrier changed by the scenario above has more than one version.
  const changed = page
    .getByRole('row')
    .filter({ hasText: /Versión [2-9]/ })
    .first();
  await changed.getByRole('link').first().click();
  const versions = page.getByRole('table', { name: /Todas las tarifas que ha tenido/ });
  await expect(versions).toContainText('Vigente');
  await versions.getByRole('button', { name: 'Restaurar 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restaurar' }).click();
  // A restore is a new draft: previewed, then published like any draft.
  await expect(versions.getByRole('row').nth(1)).toContainText('Restaurada de la versión 1');
  await expect(versions.getByRole('row').nth(1)).toContainText('Borrador');
  const draft = page.getByRole('region', { name: 'Borrador' });
  await expect(draft.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
  await draft.getByRole('button', { name: 'Ver la diferencia' }).click();
  await expect(page.getByRole('region', { name: 'Vista previa: el borrador frente a la tarifa vigente' })).toBeVisible();
  await draft.getByRole('button', { name: 'Publicar' }).click();
  const confirm = page.getByRole('dialog', { name: /^¿Publicar la versión \d+ desde/ });
  await expect(confirm.getByTestId('publish-impact')).toContainText('Cambio medio por cotización');
  await confirm.getByRole('button', { name: 'Publicar' }).click();
  await expect(versions.getByRole('row').nth(1)).toContainText('Vigente');
  await versions.getByRole('button', { name: 'Ver 1' }).click();
  await expect(page.getByRole('dialog')).toContainText('Descuento sobre las tarifas base');
  await snap(page, 'admin-carriers-version-es');
  await page.keyboard.press('Escape');

  await page.goto('/admin/carriers?tab=diesel');
  // A week far ahead, so no other scenario's quotes see it.
  const nextYear = new Date().getUTCFullYear() + 1;
  const monday = new Date(Date.UTC(nextYear, 5, 1));
  while (monday.getUTCDay() !== 1) monday.setUTCDate(monday.getUTCDate() + 1);
  const week = monday.toISOString().slice(0, 10);
  await page.getByLabel('Semana del (lunes)').fill(week);
  await page.getByLabel('Dólares por galón').fill('3.999');
  await page.getByRole('button', { name: 'Guardar semana' }).click();
  const table = page.getByRole('table', { name: /Precios semanales del diésel/ });
  await expect(table.getByRole('row').nth(1)).toContainText('3.999');
  await snap(page, 'admin-diesel-es');
  await table.getByRole('row').nth(1).getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(table).not.toContainText('3.999');
});
