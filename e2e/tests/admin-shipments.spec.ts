import { freshEmail } from '../support/flows';
import { openInPortal } from '../support/navigate';
import { logInAsLookAlike, seedShipment, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** 'YYYY-MM-DDTHH:MM' in Chicago, `minutes` ago: a time the datetime-local field takes. */
function centralTimeMinutesAgo(minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000);
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(at)
    .replace(' ', 'T');
}

/**
 * A company of the scenario's own, on credit terms, its admin signed in on `page`, and an LTL
 * shipment it booked: staff change that shipment, never one of the demo's that other scenarios
 * read (the demo's one in-transit LTL shipment is what Admin Shipments' filters find).
 */
async function ownShipment(page: Page, tag: string) {
  const company = uniqueCompanyName(`Ops ${tag}`);
  const seeded = await startAsNewCompany(page, { email: freshEmail(tag), password: 'Shipper#2026', company }, { onCredit: true });
  const shipment = await seedShipment(page, seeded);
  const pro = shipment.pro_number ?? '';
  expect(pro).toMatch(/^\d+$/);
  return { company, ...shipment, pro_number: pro };
}

test("ops finds a shipment by PRO, adds a 'Delayed' event by hand, and the shipper sees it on the public page", async ({
  page,
  browser,
}) => {
  const { pro_number: pro, bol_number: bol, company } = await ownShipment(await browser.newPage(), 'ops-delay');
  await logInAsLookAlike(page, 'ops@demo.test', 'shipments-ops', { at: '/admin/shipments' });
  await page.getByLabel('BOL, PRO, pickup, tracking or reference number').fill(pro);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(company);
  await snap(page, 'admin-shipments-search');
  await page.getByRole('link', { name: bol }).click();
  await expect(page.getByRole('heading', { name: `BOL ${bol}` })).toBeVisible();

  await page.getByRole('button', { name: 'Add tracking event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a tracking event' });
  await dialog.getByLabel('Event (X12 214 status)').selectOption('SD');
  await dialog.getByLabel('Reason', { exact: true }).selectOption('AO');
  // Now at the place (Central time), so it is the latest event: the demo carrier reports at all
  // hours (a terminal arrival in the small hours), and an earlier minute may precede its last one.
  await dialog.getByLabel('When').fill(centralTimeMinutesAgo(0));
  await dialog.getByLabel('City').fill('Effingham');
  await dialog.getByLabel('State').fill('IL');
  await dialog.getByLabel('What the shipper reads').fill('Held at terminal: ice storm');
  // The reason is required: the form says so before anything is sent.
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog.getByText('Field is required')).toBeVisible();
  await dialog.getByLabel('Why you record it by hand (for the audit log)').fill('Carrier called: EDI feed down');
  await snap(page, 'admin-shipment-event');
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `BOL ${bol}` }).locator('..')).toContainText('Delayed');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('Tracking event added');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('Carrier called: EDI feed down');
  await snap(page, 'admin-shipment-detail');

  const guest = await browser.newPage();
  await guest.goto(`/track-shipment?number=${bol}`);
  await expect(guest.getByText('Held at terminal: ice storm')).toBeVisible();
  await expect(guest.getByText('Delayed').first()).toBeVisible();
  await guest.close();
});

test('in Spanish, staff ask the shipper to act and the shipper reads the message on the tracking page', async ({ page, browser }) => {
  const shipperPage = await browser.newPage();
  const { bol_number: bol } = await ownShipment(shipperPage, 'ops-act');
  await logInAsLookAlike(page, 'ops@demo.test', 'shipments-ops-es', { settings: { language: 'es' }, at: '/admin/shipments' });
  await page.getByLabel('Número de BOL, PRO, recolección, rastreo o referencia').fill(bol);
  // The search reaches the URL after a pause: a click on the whole list before then would be
  // followed by the search's own navigation back to the list.
  await expect(page).toHaveURL(new RegExp(`q=${bol}`));
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: bol }).click();
  await page.getByRole('button', { name: 'Marcar Acción requerida' }).click();
  const dialog = page.getByRole('dialog', { name: 'Marcar Acción requerida' });
  await dialog.getByRole('button', { name: 'Marcar Acción requerida' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toBeVisible();
  await dialog.getByLabel('Lo que el remitente debe hacer').fill('Confirm the dock hours with us by phone');
  await dialog.getByRole('button', { name: 'Marcar Acción requerida' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Se le pide al remitente: Confirm the dock hours with us by phone')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Registro de auditoría' })).toContainText('Acción requerida marcada');
  await page.getByRole('region', { name: 'Notas internas' }).getByLabel('Nota nueva').fill('Dock closes at 3 pm on Fridays');
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(page.getByRole('region', { name: 'Notas internas' })).toContainText('Dock closes at 3 pm on Fridays');
  await snap(page, 'admin-shipment-detail-es');

  await openInPortal(shipperPage, '/track');
  await shipperPage.getByText(bol).first().click();
  await expect(shipperPage.getByText('Our customer service team asks: Confirm the dock hours with us by phone')).toBeVisible();
  await expect(shipperPage.getByText('Dock closes at 3 pm')).toHaveCount(0);
  await shipperPage.close();
});
