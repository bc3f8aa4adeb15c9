import type { Page } from '@playwright/test';
import { logInAsLookAlike } from '../support/seed';
import { expect, test } from '../support/test';

/**
 * The pages a shipper opens most run no schema library at first: the validation library (zod) comes
 * with the first form that checks its fields with a contracts schema (the reship dialog on My
 * Shipments; the quote form once it takes the focus). Kept true by where the pages' constants live
 * (contracts modules that build no schema) and by loading the dialogs and checks when first needed;
 * the pages' script sizes are measured in bench/signed-in-pages.ts.
 */

/** A string only the validation library's own code holds (its object schema's class name). */
const SCHEMA_LIBRARY = '$ZodObject';

/** The scripts `page` fetches from now on, and whether one of them carried the validation library. */
function watchScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return {
    count: () => bodies.length,
    schemaLibraryFetched: async () => (await Promise.all(bodies)).some((body) => body.includes(SCHEMA_LIBRARY)),
  };
}

test('My Shipments and Open Invoices load no schema library until a form opens, and the reship dialog brings it (Spanish)', async ({
  page,
}) => {
  const scripts = watchScripts(page);
  await logInAsLookAlike(page, 'shipper@demo.test', 'forms-on-demand', { settings: { language: 'es' }, at: '/my-shipments' });
  const menus = page.getByRole('button', { name: /^Acciones para / });
  await expect(menus.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.count(), 'the portal page fetched its scripts').toBeGreaterThan(0);
  expect(await scripts.schemaLibraryFetched(), 'My Shipments fetched the schema library').toBe(false);

  // Open Invoices, reached through the navigation as a shipper does.
  await page.getByRole('link', { name: 'Facturas', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Facturas abiertas', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await scripts.schemaLibraryFetched(), 'Open Invoices fetched the schema library').toBe(false);

  // Back on My Shipments, a reship: its form checks the contact with a schema, loaded now.
  await page.getByRole('link', { name: 'Historial de envíos' }).first().click();
  await menus.first().click();
  await page.getByRole('menuitem', { name: 'Volver a enviar' }).click();
  const dialog = page.getByRole('dialog', { name: /^Volver a enviar / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox').first()).toBeVisible();
  expect(await scripts.schemaLibraryFetched(), 'the reship dialog brought the schema library').toBe(true);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});

test('the quote page loads no schema library until its form takes the focus, then checks a send with it', async ({ page }) => {
  const scripts = watchScripts(page);
  await logInAsLookAlike(page, 'shipper@demo.test', 'quote-form-on-demand', { at: '/' });
  const pickup = page.getByLabel(/^Pickup zip/);
  await expect(pickup).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.count(), 'the portal page fetched its scripts').toBeGreaterThan(0);
  expect(await scripts.schemaLibraryFetched(), 'the quote page fetched the schema library before its form was used').toBe(false);

  // Into the form: the request's checks come now, and a send with nothing filled in is refused field by field.
  await pickup.focus();
  await expect.poll(() => scripts.schemaLibraryFetched(), { message: 'the focus brought the schema library' }).toBe(true);
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expect(pickup).toHaveAccessibleDescription(/Field is required/);
});
