import { demoShipperProgram } from '../../apps/server/src/db/demo-programs';
import { freshEmail } from '../support/flows';
import { publishProgram } from '../support/pricing';
import { expectNoSidewaysScroll } from '../support/reflow';
import { type Seeded, seedCompany, seedLookAlike, seedStaff, uniqueCompanyName } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

interface Words {
  table: string;
  rep: string;
  none: string;
  save: string;
  saved: (rep: string) => string;
  cleared: string;
  mine: string;
  programLink: string;
  programTitle: (account: string) => string;
  readOnly: string;
  lanes: string;
  change: RegExp;
}

const EN: Words = {
  table: 'Customer accounts',
  rep: 'Sales rep',
  none: 'No sales rep',
  save: 'Save sales rep',
  saved: (rep) => `${rep} is now the sales rep of this account.`,
  cleared: 'This account has no sales rep now.',
  mine: 'My accounts',
  programLink: 'Pricing program of this account',
  programTitle: (account) => `Pricing program of ${account}`,
  readOnly: 'You read this program: the admins and sales admins change it.',
  lanes: "The program's contract lanes",
  change: /^(Change the program|Edit the draft)$/,
};

const ES: Words = {
  table: 'Cuentas de clientes',
  rep: 'Representante de ventas',
  none: 'Sin representante de ventas',
  save: 'Guardar representante de ventas',
  saved: (rep) => `${rep} es ahora el representante de ventas de esta cuenta.`,
  cleared: 'Esta cuenta ya no tiene representante de ventas.',
  mine: 'Mis cuentas',
  programLink: 'Programa de precios de esta cuenta',
  programTitle: (account) => `Programa de precios de ${account}`,
  readOnly: 'Usted consulta este programa: lo modifican los administradores y los administradores de ventas.',
  lanes: 'Las rutas por contrato del programa',
  change: /^(Cambiar el programa|Editar el borrador)$/,
};

/** A company of the scenario's own, with a pricing program of its own: a contract lane Chicago - Dallas. */
interface Company extends Seeded {
  name: string;
}

/** The sales admin opens the company's account page and chooses `rep` (its label in the list) for it. */
async function setRep(page: Page, w: Words, company: Company, rep: string, done: string) {
  await page.goto(`/admin/accounts/${company.accountId}`);
  const section = page.getByRole('region', { name: w.rep });
  await section.getByLabel(w.rep).selectOption({ label: rep });
  await section.getByRole('button', { name: w.save }).click();
  await expect(page.getByText(done)).toBeVisible();
}

/** The rep finds its account under "my accounts" and reads its pricing program, without a way to change it. */
async function repReadsItsAccount(page: Page, w: Words, company: Company, rep: { name: string; label: string }, phone: boolean) {
  await page.goto('/admin/accounts');
  await page.getByLabel(w.rep).selectOption({ label: w.mine });
  const table = page.getByRole('table', { name: w.table });
  await expect(table.getByRole('row', { name: new RegExp(company.name) })).toContainText(rep.name);
  // Its one account: none of the demo's.
  await expect(table.getByRole('row', { name: /Demo Shipper Co|Other Freight LLC|Prepaid Parts Inc/ })).toHaveCount(0);
  if (phone) await expectNoSidewaysScroll(page, "on the rep's accounts at 390 px");
  await snap(page, `sales-rep-my-accounts${phone ? '-es-phone' : ''}`);

  await table.getByRole('link', { name: company.name }).click();
  const section = page.getByRole('region', { name: w.rep });
  await expect(section).toContainText(rep.label);
  await expect(section.getByRole('combobox')).toHaveCount(0);
  await section.getByRole('link', { name: w.programLink }).click();
  await expect(page.getByRole('heading', { name: w.programTitle(company.name) })).toBeVisible();
  await expect(page.getByText(w.readOnly)).toBeVisible();
  await expect(page.getByRole('table', { name: w.lanes }).getByRole('row', { name: /Chicago - Dallas/ })).toBeVisible();
  await expect(page.getByRole('button', { name: w.change })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Restore|Restaurar)/ })).toHaveCount(0);
  if (phone) await expectNoSidewaysScroll(page, 'on the read-only program at 390 px');
  await snap(page, `sales-rep-program${phone ? '-es-phone' : ''}`);
}

for (const [language, w, width] of [
  ['en', EN, 1280],
  ['es', ES, 390],
] as const) {
  test(`${language}: a sales admin makes a rep of the company's; the rep finds it under "my accounts" and reads its pricing program read-only`, async ({
    browser,
  }) => {
    const phone = width < 600;
    const name = uniqueCompanyName('Reps');
    const company = {
      name,
      ...(await seedCompany({ email: freshEmail(`reps-shipper-${language}`), password: 'Reps#2026', company: name })),
    };
    const rep = await seedStaff(`reps-rep-${language}`, ['fpg_sales'], { firstName: 'Rhea', lastName: 'Rep' });
    const repLabel = `${rep.name} (${rep.email})`;
    const salesAdmin = await seedLookAlike('salesadmin@demo.test', `reps-salesadmin-${language}`);
    const admin = await signedInPage(browser, salesAdmin.email, { password: salesAdmin.password, language, width, height: 844 });
    // The demo's contract lane of Demo Shipper Co, from today.
    await publishProgram(admin, company.accountId, demoShipperProgram);

    await setRep(admin, w, company, repLabel, w.saved(rep.name));
    if (phone) await expectNoSidewaysScroll(admin, 'on the account page at 390 px');
    await snap(admin, `sales-rep-assigned${phone ? '-es-phone' : ''}`);

    const repPage = await signedInPage(browser, rep.email, { password: rep.password, language, width, height: 844 });
    await repReadsItsAccount(repPage, w, company, { name: rep.name, label: repLabel }, phone);

    // The account is left without a rep again.
    await setRep(admin, w, company, w.none, w.cleared);
  });
}
