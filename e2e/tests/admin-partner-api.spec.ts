import { logInAsLookAlike } from '../support/seed';
import { reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The secret dialog's client id and secret, read as the partner's developer would copy them. */
async function copySecret(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  const clientId = (await dialog.getByLabel(/^(Client ID|ID de cliente)$/).textContent())?.trim() ?? '';
  const secret = (await dialog.getByLabel(/^(Client secret|Secreto de cliente)$/).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^fpcs_/);
  return { dialog, clientId, secret };
}

test('super_admin creates a partner, lets it act for an account and issues a credential whose secret is shown once; the partner calls the API', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Acme TMS ${stamp}`;
  const superAdmin = await logInAsLookAlike(page, 'super@demo.test', 'partner-super');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Integration Partners' }).click();
  await expect(page.getByRole('heading', { name: 'Integration Partners' })).toBeVisible();

  await page.getByRole('button', { name: 'Add partner' }).click();
  const form = page.getByRole('dialog', { name: 'New integration partner' });
  await form.getByLabel('Company name').fill(name);
  await form.getByLabel('Website').fill('https://acme-tms.example');
  await form.getByRole('button', { name: 'Add partner' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The partner may act for the demo shipper's account.
  await page.getByPlaceholder('Search accounts by name').fill('Demo Shipper');
  await page.getByRole('option', { name: /Demo Shipper Co/ }).click();
  await page.getByRole('button', { name: 'Add account' }).click();
  const accounts = page.getByRole('table', { name: `Accounts ${name} may act for, and who let it in.` });
  const accountLink = accounts.getByRole('link', { name: 'Demo Shipper Co' });
  await expect(accountLink).toBeVisible();
  const accountId = (await accountLink.getAttribute('href'))?.split('/').pop() ?? '';

  // A credential: the secret is shown once.
  await page.getByRole('button', { name: 'New credential' }).click();
  const credential = page.getByRole('dialog', { name: 'New API credential' });
  await credential.getByLabel('Name').fill('Acme production');
  await credential.getByRole('checkbox', { name: /quotes:read/ }).check();
  await credential.getByRole('checkbox', { name: /shipments:read/ }).check();
  await credential.getByRole('button', { name: 'Create credential' }).click();
  // A credential is a grant of power: the password is asked again.
  await reenterPassword(page, superAdmin.password);
  const { dialog, clientId, secret } = await copySecret(page, 'Copy your secret now');
  await expect(dialog).toContainText('will not be shown again');
  await snap(page, 'admin-credential-secret');
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  await expect(page.getByRole('table', { name: `Credentials of ${name}.` })).toContainText(clientId);

  // The partner's program gets a token and reads the account's shipments.
  const token = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: secret },
  });
  expect(token.status()).toBe(200);
  const { access_token } = await token.json();
  const shipments = await request.get('/api/v1/shipments', {
    headers: { authorization: `Bearer ${access_token}`, 'account-id': accountId },
  });
  expect(shipments.status()).toBe(200);
  expect((await shipments.json()).data.length).toBeGreaterThan(0);

  // Its call shows in the partner's usage.
  await page.reload();
  await expect(page.getByRole('table', { name: /call/ })).toContainText('/api/v1/shipments');
  await snap(page, 'admin-partner-detail');

  // The OAuth Credentials page lists it with its owner.
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'OAuth Credentials' }).click();
  // The partner's page lists the same credential and its calls: wait until that page is gone.
  await expect(page.getByRole('table', { name: /call/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'OAuth Credentials' })).toBeVisible();
  const credentialRow = page.getByRole('row').filter({ hasText: clientId });
  await expect(credentialRow).toContainText(name);
  await snap(page, 'admin-oauth');
  // Its logged calls: the route and the answer, never the body.
  await credentialRow.getByRole('button', { name: 'Calls of Acme production' }).click();
  await expect(page.getByRole('dialog', { name: 'API calls of Acme production' })).toContainText('/api/v1/shipments');
});

test('in Spanish, super_admin rotates a credential (the old secret keeps working for the overlap) and switches a connection off and on in Integrations', async ({
  page,
  request,
}) => {
  // The sign-in and the step-up each take a fresh authenticator code: each may wait for the next 30-second step.
  test.setTimeout(120_000);
  const superAdmin = await logInAsLookAlike(page, 'super@demo.test', 'partner-super-es', {
    settings: { language: 'es' },
    at: '/admin/oauth',
  });
  await expect(page.getByRole('heading', { name: 'Credenciales OAuth' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva credencial' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva credencial de API' });
  await form.getByLabel('Nombre').fill('ERP del cliente');
  // The owner is a segmented control: its radios are drawn as labels.
  await form
    .locator('label')
    .filter({ hasText: /^Cuenta$/ })
    .click();
  await form.getByPlaceholder('Busque cuentas por nombre').fill('Other Freight');
  await page.getByRole('option', { name: /Other Freight LLC/ }).click();
  await form.getByRole('checkbox', { name: /tracking:read/ }).check();
  await form.getByRole('button', { name: 'Crear credencial' }).click();
  await reenterPassword(page, superAdmin.password);
  const first = await copySecret(page, 'Copie su secreto ahora');
  await first.dialog.getByRole('button', { name: 'Ya lo copié' }).click();

  const row = page.getByRole('row').filter({ hasText: first.clientId });
  await row.getByRole('button', { name: /^Rotar/ }).click();
  const rotate = page.getByRole('dialog', { name: /^Rotar/ });
  await rotate.getByLabel(/Periodo de transición/).fill('2');
  await rotate.getByRole('button', { name: /^Rotar/ }).click();
  const second = await copySecret(page, 'Copie su secreto ahora');
  expect(second.secret).not.toBe(first.secret);
  await snap(page, 'admin-credential-rotated-es');
  await second.dialog.getByRole('button', { name: 'Ya lo copié' }).click();
  for (const secret of [first.secret, second.secret]) {
    const res = await request.post('/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: first.clientId, client_secret: secret },
    });
    expect(res.status()).toBe(200);
  }

  // Integrations: the account's credential, switched off and on again.
  await page.goto('/admin/integrations');
  await expect(page.getByRole('heading', { name: 'Integraciones' })).toBeVisible();
  const connection = page.getByRole('row').filter({ hasText: 'ERP del cliente' });
  await connection.getByRole('switch').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desactivar' }).click();
  await expect(connection.getByRole('switch')).not.toBeChecked();
  const refused = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: first.clientId, client_secret: second.secret },
  });
  expect(refused.status()).toBe(401);
  await snap(page, 'admin-integrations-es');
  await connection.getByRole('switch').click();
  await expect(connection.getByRole('switch')).toBeChecked();
});
