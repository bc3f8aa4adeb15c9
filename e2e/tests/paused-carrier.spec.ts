import { pausedCarrierURL } from '../playwright.config';
import { useOwnServer } from '../support/own-server';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

// The demo data has FedEx Ground paused by the circuit breaker (its rate API answered 503). Any
// parcel quote a minute after start probes it and, the demo tariff answering, resumes it, and the
// second scenario resumes it by hand: so these run on a server of their own (support/own-server.ts),
// where no other scenario quotes, and whatever ran before or beside them does not matter.
test.use({ baseURL: pausedCarrierURL });
useOwnServer(pausedCarrierURL);

test('a carrier paused from quoting shows why and since when: on the Carriers page, its own page and the dashboard', async ({ page }) => {
  const superAdmin = await seedLookAlike('super@demo.test', 'paused-super', { server: pausedCarrierURL });
  await logIn(page, superAdmin.email, { password: superAdmin.password, at: '/admin/carriers' });
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'FedEx Ground', exact: true }) });
  await expect(row).toContainText('Quoting paused');
  await expect(row).toContainText('9 of its 12 rate calls within 5 minutes failed.');
  await expect(row).toContainText(/Since [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await snap(page, 'admin-carriers-paused');
  await row.getByRole('link', { name: 'FedEx Ground', exact: true }).click();
  const pause = page.getByRole('alert').filter({ hasText: 'Quoting paused since' });
  await expect(pause).toContainText('Quotes leave it out without waiting for it.');
  await expect(pause.getByRole('button', { name: 'Resume quoting' })).toBeVisible();

  await page.goto('/admin/dashboard');
  const paused = page.getByRole('region', { name: '1 carrier paused from quoting' });
  await expect(paused).toContainText('FedEx Ground');
  await expect(paused).toContainText('9 of its 12 rate calls within 5 minutes failed.');
  await snap(page, 'admin-dashboard-paused');
});

test('in Spanish, super_admin reads why a carrier is paused and resumes its quoting by hand', async ({ page }) => {
  const superAdmin = await seedLookAlike('super@demo.test', 'paused-super-es', { server: pausedCarrierURL });
  await logIn(page, superAdmin.email, { password: superAdmin.password, settings: { language: 'es' }, at: '/admin/carriers' });
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'FedEx Ground', exact: true }) });
  await expect(row).toContainText('Cotización en pausa');
  await expect(row).toContainText('9 de sus 12 consultas de tarifa en 5 minutos fallaron.');
  await expect(row).toContainText(/Desde \d{1,2} \S+ \d{4}/);
  await row.getByRole('link', { name: 'FedEx Ground', exact: true }).click();
  const pause = page.getByRole('alert').filter({ hasText: 'Cotización en pausa desde' });
  await expect(pause).toContainText('Las cotizaciones lo omiten sin esperarlo.');
  await snap(page, 'admin-carrier-paused-es');
  await pause.getByRole('button', { name: 'Reanudar cotización' }).click();
  await expect(page.getByText('FedEx Ground vuelve a cotizar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reanudar cotización' })).toHaveCount(0);
  await page.goto('/admin/carriers');
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: 'FedEx Ground', exact: true }) })).not.toContainText(
    'Cotización en pausa',
  );
});
