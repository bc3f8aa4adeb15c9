import { noticesURL } from '../playwright.config';
import { useOwnServer } from '../support/own-server';
import { seedLookAlike } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

// A published notice shows on every page of every user (and the shipper here dismisses the demo's
// info notice): this runs on a server of its own (support/own-server.ts), so no other scenario reads them.
test.use({ baseURL: noticesURL });
useOwnServer(noticesURL);

test('a super admin publishes an outage notice; customers see it in their language, and so do visitors of the public tracking page', async ({
  page,
  browser,
}) => {
  const superAdmin = await seedLookAlike('super@demo.test', 'notices-super', { server: noticesURL });
  const shipperUser = await seedLookAlike('shipper@demo.test', 'notices-shipper', { server: noticesURL });
  await logIn(page, superAdmin.email, { password: superAdmin.password });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Notifications' }).click();
  await page.getByRole('link', { name: 'New notice' }).click();
  const form = page.getByRole('form', { name: 'New notice' });
  await form.getByLabel('Severity').selectOption('outage');
  const english = form.getByRole('group', { name: 'English' });
  const spanish = form.getByRole('group', { name: 'Spanish' });
  await english.getByRole('textbox', { name: 'Title' }).fill('Tracking delays');
  await english.getByRole('textbox', { name: 'Text' }).fill('One carrier sends its events late today.');
  await spanish.getByRole('textbox', { name: 'Title' }).fill('Retrasos en el rastreo');
  await spanish.getByRole('textbox', { name: 'Text' }).fill('Un transportista envía sus eventos con retraso hoy.');
  await expect(form.getByText('Service outage: Retrasos en el rastreo')).toBeVisible();
  await snap(page, 'admin-notice-editor');
  await form.getByRole('button', { name: 'Publish notice' }).click();
  await expect(page.getByRole('table', { name: 'Site notifications' })).toContainText('Tracking delays');
  await snap(page, 'admin-notices-list');

  const shipper = await browser.newPage();
  await logIn(shipper, shipperUser.email, { password: shipperUser.password });
  await expect(shipper.getByRole('alert').filter({ hasText: 'Service outage: Tracking delays' })).toBeVisible();
  // The demo's info notice can be closed; the outage cannot.
  const info = shipper.getByText('Notice: Holiday pickups');
  await expect(info).toBeVisible();
  await snap(shipper, 'customer-notices');
  await shipper.getByRole('button', { name: 'Close this notice' }).click();
  await expect(info).toBeHidden();
  await shipper.reload();
  await expect(shipper.getByRole('alert').filter({ hasText: 'Tracking delays' })).toBeVisible();
  await expect(shipper.getByText('Notice: Holiday pickups')).toBeHidden();

  await setPreferences(shipper, { language: 'es' });
  await shipper.reload();
  await expect(shipper.getByRole('alert').filter({ hasText: 'Interrupción del servicio: Retrasos en el rastreo' })).toBeVisible();
  await shipper.close();

  const visitor = await browser.newPage();
  await visitor.goto('/track-shipment');
  await expect(visitor.getByRole('alert').filter({ hasText: 'Tracking delays' })).toBeVisible();
  await snap(visitor, 'public-outage');
  await visitor.close();

  // Retired, it is gone for everyone.
  await page
    .getByRole('row', { name: /Tracking delays/ })
    .getByRole('button', { name: 'Retire' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByRole('row', { name: /Tracking delays/ })).toContainText('Retired');
  const later = await browser.newPage();
  await later.goto('/track-shipment');
  await expect(later.getByRole('heading', { name: 'Track a Shipment' })).toBeVisible();
  await expect(later.getByText('Tracking delays')).toBeHidden();
  await later.close();
});
