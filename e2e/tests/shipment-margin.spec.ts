import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Words {
  today: string;
  margin: string;
  month: RegExp;
  list: string;
  marginColumn: string;
  section: string;
  price: string;
  cost: string;
  marginLine: RegExp;
  bol: RegExp;
}

const EN: Words = {
  today: 'Today',
  margin: 'Margin',
  month: /^Margin this month: /,
  list: 'Shipments of every account',
  marginColumn: 'Margin',
  section: 'Cost and margin',
  price: 'Price (what the shipper pays)',
  cost: 'Cost (what the carrier is paid)',
  marginLine: /^Margin: .+ \(.+%\)$/,
  bol: /^BOL \d+$/,
};

const ES: Words = {
  today: 'Hoy',
  margin: 'Margen',
  month: /^Margen de este mes: /,
  list: 'Envíos de todas las cuentas',
  marginColumn: 'Margen',
  section: 'Costo y margen',
  price: 'Precio (lo que paga el remitente)',
  cost: 'Costo (lo que se paga al transportista)',
  marginLine: /^Margen: .+ \(.+%\)$/,
  bol: /^BOL \d+$/,
};

/**
 * The sales admin, signed in on the dashboard, reads the month's margin there, then a Demo Shipper
 * Co shipment's cost and margin; answers its address.
 */
async function salesAdminReadsMargin(page: Page, w: Words, phone: boolean) {
  const figures = page.getByRole('region', { name: w.margin, exact: true });
  // One figure per currency booked this month (a scenario's Canadian booking adds one in CAD).
  await expect(figures.getByRole('link', { name: w.month }).first()).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page, 'on the dashboard at 390 px');
  await snap(page, `shipment-margin-dashboard${phone ? '-es-phone' : ''}`);

  await page.goto('/admin/shipments?account=Demo%20Shipper%20Co&mode=ltl');
  const table = page.getByRole('table', { name: w.list });
  // A phone shows each row as a card, each cell named by its column.
  const marginColumn = phone
    ? table.getByRole('cell', { name: new RegExp(`^${w.marginColumn} `) }).first()
    : table.getByRole('columnheader', { name: w.marginColumn, exact: true });
  await expect(marginColumn).toBeVisible();
  await table.getByRole('row').nth(1).getByRole('link').first().click();
  const section = page.getByRole('region', { name: w.section });
  await expect(section.getByRole('table', { name: w.price })).toBeVisible();
  await expect(section.getByRole('table', { name: w.cost })).toBeVisible();
  await expect(section.getByTestId('shipment-margin')).toHaveText(w.marginLine);
  if (phone) await expectNoSidewaysScroll(page, "on the shipment's cost and margin at 390 px");
  await snap(page, `shipment-margin-detail${phone ? '-es-phone' : ''}`);
  return new URL(page.url()).pathname;
}

/** Ops, signed in on the same shipment, then on the dashboard: no cost, no margin. */
async function opsSeesNoCost(page: Page, w: Words) {
  await expect(page.getByRole('heading', { name: w.bol })).toBeVisible();
  await expect(page.getByRole('region', { name: w.section })).toHaveCount(0);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('region', { name: w.today })).toBeVisible();
  await expect(page.getByRole('region', { name: w.margin, exact: true })).toHaveCount(0);
}

for (const [language, w, width] of [
  ['en', EN, 1280],
  ['es', ES, 390],
] as const) {
  test(`${language}: a sales admin sees the month's margin and a shipment's cost and margin; ops sees the shipment without cost`, async ({
    browser,
  }) => {
    const phone = width < 600;
    const salesAdmin = await seedLookAlike('salesadmin@demo.test', `margin-salesadmin-${language}`);
    const opsUser = await seedLookAlike('ops@demo.test', `margin-ops-${language}`);
    const admin = await signedInPage(browser, salesAdmin.email, { password: salesAdmin.password, language, width, height: 844 });
    const path = await salesAdminReadsMargin(admin, w, phone);
    const ops = await signedInPage(browser, opsUser.email, { password: opsUser.password, language, width, height: 844, at: path });
    await opsSeesNoCost(ops, w);
  });
}
