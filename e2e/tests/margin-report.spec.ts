import { readFileSync } from 'node:fs';
import { freshEmail } from '../support/flows';
import { expectNoSidewaysScroll } from '../support/reflow';
import { lookAlikePage, seedShipment, seedStaff, startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, test } from '../support/test';

/** The date `offset` days from today (UTC), as the range's fields take it. */
const daysFromToday = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('en: a super admin groups the margin by lane, opens a lane’s shipments and downloads the CSV', async ({ browser }) => {
  const page = await lookAlikePage(browser, 'super@demo.test', 'margin-super', { language: 'en', width: 1280 });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Margin', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Margin', level: 1 })).toBeVisible();
  // The last sixty days, by customer: both demo shippers booked in them (the current month to
  // date, the page's own range, may have nothing yet on its first day).
  await page.goto(`/admin/margin?pickup_from=${daysFromToday(-60)}&pickup_to=${daysFromToday(0)}`);
  const customers = page.getByRole('table', { name: 'Margin by customer: each row opens its shipments' });
  await expect(customers.getByRole('link', { name: 'Demo Shipper Co' })).toBeVisible();
  await expect(customers.getByRole('link', { name: 'Other Freight LLC' })).toBeVisible();

  await page.getByLabel('Group by').selectOption('lane');
  await expect(page).toHaveURL(/group_by=lane/);
  const lanes = page.getByRole('table', { name: 'Margin by lane: each row opens its shipments' });
  // A lane within the United States (the staff's list filters by U.S. state), the largest first.
  const first = lanes.getByRole('link', { name: /^[A-Z]{2} → [A-Z]{2}$/ }).first();
  await expect(first).toBeVisible();
  await snap(page, 'margin-report-lanes');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  expect(file.split('\r\n')[0]).toBe('\uFEFFLane,Currency,Shipments,Price,Cost,Margin,Margin %');

  const [origin, destination] = (await first.textContent())?.split(' → ') ?? [];
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/admin/shipments\\?.*origin_state=${origin}&destination_state=${destination}`));
  expect(new URL(page.url()).searchParams.get('exclude_canceled')).toBe('1');
  // The report stays on screen until the list has rendered: its state filters are named alike.
  await expect(page.getByRole('heading', { name: 'Shipments', level: 1 })).toBeVisible();
  await expect(page.getByLabel('From state')).toHaveValue(origin as string);
  await expect(page.getByLabel('To state')).toHaveValue(destination as string);
  const list = page.getByRole('table', { name: 'Shipments of every account' });
  const rows = list.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  for (const row of await rows.all()) {
    if ((await row.getByRole('cell').count()) === 0) continue;
    await expect(row).toContainText(`, ${origin}`);
    await expect(row).toContainText(`, ${destination}`);
  }
  await snap(page, 'margin-report-drill');
});

test('es: at 390 px a sales rep reads the margin of its own accounts alone', async ({ browser }) => {
  // A company of the scenario's own, its shipment booked, and a rep of that company alone.
  const company = uniqueCompanyName('Margin');
  const shipper = await browser.newPage();
  const seeded = await startAsNewCompany(
    shipper,
    { email: freshEmail('margin-shipper'), password: 'Margin#2026', company },
    { onCredit: true },
  );
  const { pickup_date: day } = await seedShipment(shipper, seeded);
  await shipper.context().close();
  const rep = await seedStaff('margin-rep', ['fpg_sales'], { repOf: [seeded] });
  const at = `/admin/margin?pickup_from=${day}&pickup_to=${day}`;
  const page = await signedInPage(browser, rep.email, { password: rep.password, language: 'es', width: 390, at });
  await expect(page.getByRole('heading', { name: 'Margen', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Margen por cliente: cada fila abre sus envíos' });
  await expect(table.getByRole('link', { name: company })).toBeVisible();
  await expect(table.getByRole('link')).toHaveCount(1);
  // The customer filter's closed list names every account: the report's page itself names no other.
  await expect(page.getByRole('main')).not.toContainText('Demo Shipper Co');
  await expectNoSidewaysScroll(page, 'on the margin report at 390 px');
  await snap(page, 'margin-report-es-phone');
});
