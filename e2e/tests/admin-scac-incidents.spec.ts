import { createHmac } from 'node:crypto';
import { freshEmail } from '../support/flows';
import { centralTime, logInAsLookAlike, seedShipment, seedStaff, startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** A call to the API as the signed-in page makes it (session cookie and XSRF header). */
async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, url, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': token,
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, url, body },
  );
  expect(answer.status, JSON.stringify(answer.json)).toBeLessThan(300);
  return answer.json.data as T;
}

/** `n` capital letters drawn at random. */
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

test('ops maps a SCAC alias; a carrier event sent under it moves the right shipment', async ({ page, browser, request }) => {
  // The scenario's own shipment (a company on credit terms books it) and staff: the delivery it
  // posts, the alias and the carrier's new key reach no other scenario's records or sign-ins.
  const shipperPage = await browser.newPage();
  const company = await startAsNewCompany(shipperPage, { email: freshEmail('alias-shipper'), password: 'Alias#2026' }, { onCredit: true });
  const shipment = await seedShipment(shipperPage, company);
  await shipperPage.close();
  const ops = await seedStaff('alias-ops', ['fpg_ops']);
  const superAdmin = await seedStaff('alias-super', ['super_admin']);
  await logIn(page, ops.email, { password: ops.password });
  // An alias no carrier holds (no demo SCAC starts with Z) and no other run of this scenario made
  // (a server keeps its aliases): Z, the SCAC's first letter and two drawn ones.
  const alias = `Z${shipment.scac.slice(0, 1)}${letters(2)}`;

  await page.goto('/admin/scac-aliases');
  await expect(page.getByRole('heading', { name: 'Carrier SCAC Aliases' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Carrier SCAC aliases' })).toContainText('RNLO');
  await page.getByRole('button', { name: 'Add alias' }).click();
  const form = page.getByRole('form', { name: 'Add alias' });
  await form.getByLabel('Other SCAC').fill(alias.toLowerCase());
  await form.getByPlaceholder('Choose the carrier').fill(shipment.carrier_name);
  // The dropdown's option (the page's own carrier filter behind the dialog lists the carrier too).
  await page.getByRole('option', { name: `${shipment.carrier_name} (${shipment.scac}, LTL)`, exact: true }).click();
  await form.getByLabel('Note').fill('Seen on their new 214 feed');
  await snap(page, 'admin-scac-alias-add');
  await form.getByRole('button', { name: 'Add alias' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(alias) });
  await expect(row).toContainText(shipment.carrier_name);
  await snap(page, 'admin-scac-aliases');

  // The carrier's key: super_admin rotates it and hands it over (shown once).
  const superPage = await browser.newPage();
  await logIn(superPage, superAdmin.email, { password: superAdmin.password });
  const carriers = await apiCall<{ id: string; scac: string; mode: string }[]>(superPage, 'GET', '/api/admin/scac-aliases/carriers');
  const carrierId = carriers.find((c) => c.scac === shipment.scac && c.mode === 'ltl')!.id;
  const { key } = await apiCall<{ key: string }>(superPage, 'POST', `/api/admin/carriers/${carrierId}/tracking-key`, {});
  await superPage.close();

  // The carrier posts a delivery under the alias, signed with its key.
  const raw = JSON.stringify({
    events: [
      {
        bol_number: shipment.bol_number,
        status_code: 'D1',
        occurred_at: centralTime(),
        city: 'Dallas',
        state: 'TX',
        description: 'Delivered, sent under the new SCAC',
      },
    ],
  });
  const posted = await request.post(`/api/carriers/${alias}/tracking-events`, {
    headers: { 'content-type': 'application/json', 'x-signature': `sha256=${createHmac('sha256', key).update(raw).digest('hex')}` },
    data: raw,
  });
  expect(posted.status()).toBe(202);
  expect((await posted.json()).data).toMatchObject({ accepted: 1, unknown: 0 });

  await page.goto(`/admin/shipments/${shipment.id}`);
  await expect(page.getByRole('heading', { name: `BOL ${shipment.bol_number}` }).locator('..')).toContainText('Delivered');
  await expect(page.getByRole('region', { name: 'Events as received' })).toContainText('Delivered, sent under the new SCAC');
  await snap(page, 'admin-shipment-delivered-under-alias');
});

test('super_admin, in Spanish, opens the incidents, a grouped one, resolves it and reopens it, each with the note they require', async ({
  page,
  request,
}) => {
  // The scenario's own incident: a carrier nobody knows posts its events twice, unsigned (one group
  // of two occurrences). Its SCAC, ZZ and two drawn letters, is no carrier's and no alias the first
  // scenario maps (Z, then a demo SCAC's first letter, never Z); its name, drawn too, keeps the group
  // apart from another run's.
  const scac = `ZZ${letters(2)}`;
  const carrierName = `Zephyr Lines ${letters(6)}`;
  const raw = JSON.stringify({
    carrier_name: carrierName,
    events: [{ bol_number: 'VICS-UNKNOWN-7', status_code: 'X3', occurred_at: centralTime(), city: 'Dallas', state: 'TX' }],
  });
  for (const _ of [0, 1]) {
    const posted = await request.post(`/api/carriers/${scac}/tracking-events`, {
      headers: { 'content-type': 'application/json', 'x-signature': `sha256=${'0'.repeat(64)}` },
      data: raw,
    });
    expect(posted.status()).toBe(401);
  }
  const error = `Ningún transportista ni alias con el SCAC ${scac} (nombre de transportista "${carrierName}")`;

  const superAdmin = await logInAsLookAlike(page, 'super@demo.test', 'incidents-super', {
    settings: { language: 'es' },
    at: '/admin/incidents',
  });
  await expect(page.getByRole('heading', { name: 'Incidentes de API' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Incidentes de API' });
  // The demo's incidents are read only: the grouped time-out and the unknown SCAC.
  await expect(table.getByRole('row').filter({ hasText: 'Tiempo agotado' })).toContainText('1,284');
  await expect(table.getByRole('row').filter({ hasText: 'SCAC desconocido' }).filter({ hasText: 'XPOL' })).toHaveCount(1);
  await snap(page, 'admin-incidents-es');

  await page.getByLabel('Tipo').selectOption({ label: 'SCAC desconocido' });
  await page.getByLabel('Buscar').fill(carrierName);
  await expect(table.getByRole('row')).toHaveCount(2);
  const grouped = table.getByRole('row').filter({ hasText: scac });
  // Occurrences: both posts, in one group.
  await expect(grouped.getByRole('cell').nth(4)).toHaveText('2');
  await grouped.getByRole('link').click();
  await expect(page.getByRole('heading', { name: error })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Solicitud' })).toContainText(`"scac": "${scac}"`);
  const form = page.getByRole('form', { name: 'Resolver' });
  await form.getByRole('button', { name: 'Resolver' }).click();
  await expect(form.getByText('Campo obligatorio')).toBeVisible();
  await form.getByLabel('Nota').fill('Transportista nuevo; se le pidió su SCAC registrado.');
  await form.getByRole('button', { name: 'Resolver' }).click();
  await expect(page.getByText(`Resuelto por ${superAdmin.email}`)).toBeVisible();
  await expect(page.getByTestId('resolution-note')).toHaveText('Transportista nuevo; se le pidió su SCAC registrado.');
  await expect(page.getByRole('button', { name: 'Reabrir' })).toBeVisible();
  await snap(page, 'admin-incident-resolved-es');

  await page.getByRole('link', { name: '← Todos los incidentes' }).click();
  await page.getByLabel('Estado').selectOption({ label: 'Resuelto' });
  const resolvedRows = page.getByRole('table', { name: 'Incidentes de API' });
  await expect(resolvedRows).toContainText(error);

  // Reopening needs a note too; it is shown as why the incident was reopened.
  await resolvedRows.getByRole('row').filter({ hasText: scac }).getByRole('link').click();
  const reopen = page.getByRole('form', { name: 'Reabrir' });
  await reopen.getByRole('button', { name: 'Reabrir' }).click();
  await expect(reopen.getByText('Campo obligatorio')).toBeVisible();
  await reopen.getByLabel('Nota').fill('Vuelve a enviar con el mismo SCAC desde las 9:00.');
  await reopen.getByRole('button', { name: 'Reabrir' }).click();
  await expect(page.getByText('Por qué se reabrió')).toBeVisible();
  await expect(page.getByTestId('resolution-note')).toHaveText('Vuelve a enviar con el mismo SCAC desde las 9:00.');
  await expect(page.getByRole('button', { name: 'Resolver' })).toBeVisible();
});
