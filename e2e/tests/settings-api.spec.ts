import { baseURL } from '../playwright.config';
import { apiCall } from '../support/api';
import { freshEmail } from '../support/flows';
import { seedCompany, seedLookAlike, seedShipment, seedWebhookLapse, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { logIn, reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The shown-once dialog's value named `label`, as the shipper's IT would copy it. */
async function shownOnce(page: Page, title: string, label: string) {
  const dialog = page.getByRole('dialog', { name: title });
  const value = (await dialog.getByLabel(label, { exact: true }).textContent())?.trim() ?? '';
  return { dialog, value };
}

test("a shipper's account admin makes a credential and a webhook; its program books over the API and the webhook's deliveries show", async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  // A company of the scenario's own, on credit terms: its program's booking, credential and
  // webhook are no other scenario's.
  const password = 'Program#2026';
  await startAsNewCompany(page, { email: freshEmail('settings-api'), password }, { onCredit: true });
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'API & webhooks' }).click();
  await expect(page).toHaveURL(/\/settings\/api$/);

  // A credential for the shipper's own warehouse system.
  await page.getByRole('button', { name: 'New credential' }).click();
  const form = page.getByRole('dialog', { name: 'New credential' });
  await form.getByLabel('Name').fill(`Warehouse system ${stamp}`);
  for (const scope of ['quotes:write', 'shipments:write', 'shipments:read']) await form.getByRole('checkbox', { name: scope }).check();
  await form.getByRole('button', { name: 'Create credential' }).click();
  // A credential is a grant of power: the password is asked again.
  await reenterPassword(page, password);
  const clientId = (await shownOnce(page, 'Credential created', 'Client ID')).value;
  const { dialog, value: secret } = await shownOnce(page, 'Credential created', 'Client secret');
  expect(secret).toMatch(/^fpcs_/);
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // A webhook to the local receiver for the booking's events.
  const url = `${baseURL}/webhook-sim/receive?e2e=${stamp}`;
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const hook = page.getByRole('dialog', { name: 'Add webhook' });
  await hook.getByLabel('URL').fill(url);
  await hook.getByRole('checkbox', { name: 'shipment.booked' }).check();
  await hook.getByRole('button', { name: 'Add webhook' }).click();
  const signing = await shownOnce(page, 'Webhook added', 'Signing secret');
  expect(signing.value).toMatch(/^whsec_/);
  await signing.dialog.getByRole('button', { name: 'I have copied it' }).click();

  // The shipper's program quotes and books through the public API.
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  const auth = { authorization: `Bearer ${(await token.json()).access_token}` };
  const pickup = new Date(Date.now() + 9 * 86_400_000);
  while ([0, 6].includes(pickup.getUTCDay())) pickup.setUTCDate(pickup.getUTCDate() + 1);
  const quote = await request.post('/api/v1/quotes', {
    headers: auth,
    data: {
      mode: 'ltl',
      pickup_date: pickup.toISOString().slice(0, 10),
      origin: { postal_code: '60606', country: 'US', site_type: 'business' },
      destination: { postal_code: '75201', country: 'US', site_type: 'business' },
      items: [{ package_type: 'pallets', quantity: 1, length: 48, width: 40, height: 48, weight: 600, stackable: true, hazardous: false }],
      accessorials: [],
      insured_value: 0,
    },
  });
  expect(quote.status()).toBe(201);
  const q = (await quote.json()).data;
  const place = (company: string, street1: string, city: string, state: string, postal_code: string) => ({
    company,
    first_name: 'Dana',
    last_name: 'Dock',
    phone: '(312) 555-0100',
    email: 'dock@example.com',
    street1,
    city,
    state,
    postal_code,
    country: 'US',
  });
  const booked = await request.post('/api/v1/shipments', {
    headers: { ...auth, 'idempotency-key': `e2e-${stamp}` },
    data: {
      quote_id: q.id,
      rate_id: q.rates[0].id,
      pickup: place('Lakeshore Supply', '200 W Madison St', 'Chicago', 'IL', '60606'),
      delivery: place('Elm Street Goods', '1500 Elm St', 'Dallas', 'TX', '75201'),
      pickup_date: q.inputs.pickup_date,
      ready_time: '09:00',
      close_time: '17:00',
      residential_or_liftgate: false,
      reference_type: 'po_number',
      reference_number: `PO-${stamp}`,
      disclaimer_accepted: true,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bol = (await booked.json()).data.bol_number as string;

  // The webhook's deliveries: shipment.booked delivered to the receiver.
  const row = page.getByRole('row').filter({ hasText: url });
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const drawer = page.getByRole('dialog', { name: `Deliveries to ${url}` });
  await expect(drawer.getByRole('row').filter({ hasText: 'shipment.booked' })).toContainText('Delivered', { timeout: 20_000 });
  await snap(page, 'settings-webhook-deliveries');
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Success');
  // The shipper's web view has the shipment its program booked.
  await page.goto(`/my-shipments?q=${bol}`);
  await expect(page.getByText(bol)).toBeVisible();
});

test('in Spanish, the account admin replays a delivery that failed for good once the receiver is back', async ({ page }) => {
  // A company of its own whose receiver was down for a booking's whole 72 hours of retries: the
  // delivery failed for good and the webhook was switched off.
  const email = freshEmail('settings-api-es');
  const company = await startAsNewCompany(page, { email, password: 'Hooks#2026', language: 'Spanish' }, { onCredit: true });
  const events = ['shipment.booked'];
  const hook = await apiCall<{ id: string }>(page, 'POST', '/api/webhooks', { url: 'http://127.0.0.1:9/receive', events });
  await seedShipment(page, company);
  await seedWebhookLapse(company, hook.id);
  // The receiver is back at a new address; its admin points the webhook there and switches it on.
  const url = `${baseURL}/webhook-sim/receive?e2e=${Date.now().toString(36)}`;
  await apiCall(page, 'PUT', `/api/webhooks/${hook.id}`, { url, events, enabled: true });

  await page.goto('/settings/api');
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: url }).getByRole('button', { name: 'Entregas' }).click();
  const drawer = page.getByRole('dialog', { name: /^Entregas a / });
  const failed = drawer.getByRole('row').filter({ hasText: 'Fallida' });
  await expect(failed).toHaveCount(1);
  await failed.getByRole('button', { name: /^Reenviar/ }).click();
  await expect(page.getByText('Se volvió a enviar como una entrega nueva')).toBeVisible();
  // The log follows a delivery on its way until it is through.
  await expect(
    drawer
      .getByRole('row')
      .filter({ hasText: /Reenvío de #/ })
      .first(),
  ).toContainText('Entregada', { timeout: 20_000 });
  await snap(page, 'settings-webhook-replay-es');
});

test("in Spanish, a company's account admin reads the partner staff let in, and lets the demo marketplace in and out", async ({
  page,
  browser,
}) => {
  // A company of this scenario's: the partners it lets in act for no other scenario's account.
  const o = { email: freshEmail('settings-partners-es'), password: 'Partners#2026', company: uniqueCompanyName('Partners') };
  const company = await seedCompany(o);
  // Staff let the demo TMS in for the company, as Integration Partners does (a super admin's page).
  const superAdmin = await seedLookAlike('super@demo.test', 'settings-partners-super');
  const staff = await (await browser.newContext()).newPage();
  await logIn(staff, superAdmin.email, { password: superAdmin.password, at: '/healthz' });
  const partnersList = await apiCall<{ id: string; name: string }[]>(staff, 'GET', '/api/admin/integration-partners');
  const tms = partnersList.find((p) => p.name === 'Routewise TMS');
  if (!tms) throw new Error('the demo partner Routewise TMS is missing');
  await apiCall(staff, 'POST', `/api/admin/integration-partners/${tms.id}/accounts`, { account_id: company.accountId });
  await staff.context().close();

  await logIn(page, o.email, { password: o.password, settings: { language: 'es' }, at: '/settings/api' });
  // The demo marketplace may now act for the company; the staff see the consent.
  const partners = page.getByRole('table').filter({ hasText: 'Routewise TMS' });
  await expect(partners).toContainText('Personal de Freight Portal');
  await page.getByRole('combobox', { name: 'Socio' }).click();
  await page.getByRole('option', { name: 'Marketbridge Commerce' }).click();
  await page.getByRole('button', { name: 'Dar acceso', exact: true }).click();
  await expect(page.getByText('Marketbridge Commerce ya puede actuar por su empresa')).toBeVisible();
  await expect(partners).toContainText('Marketbridge Commerce');
  await snap(page, 'settings-api-es');
  const row = partners.getByRole('row').filter({ hasText: 'Marketbridge Commerce' });
  await row.getByRole('button', { name: 'Retirar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirar acceso' }).click();
  await expect(partners.getByRole('row').filter({ hasText: 'Marketbridge Commerce' })).toHaveCount(0);
});
