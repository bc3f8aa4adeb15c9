import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { restorePreferences, signedInPage, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** Two staff sign-ins a scenario, each may wait for the authenticator's next step. */
test.setTimeout(180_000);

const SAL = 'Sal Sales (sales@demo.test)';

interface Words {
  table: string;
  rep: string;
  none: string;
  save: string;
  saved: string;
  cleared: string;
  mine: string;
  programLink: string;
  programTitle: string;
  readOnly: string;
  lanes: string;
  change: RegExp;
}

const EN: Words = {
  table: 'Customer accounts',
  rep: 'Sales rep',
  none: 'No sales rep',
  save: 'Save sales rep',
  saved: 'Sal Sales is now the sales rep of this account.',
  cleared: 'This account has no sales rep now.',
  mine: 'My accounts',
  programLink: 'Pricing program of this account',
  programTitle: 'Pricing program of Demo Shipper Co',
  readOnly: 'You read this program: the admins and sales admins change it.',
  lanes: "The program's contract lanes",
  change: /^(Change the program|Edit the draft)$/,
};

const ES: Words = {
  table: 'Cuentas de clientes',
  rep: 'Representante de ventas',
  none: 'Sin representante de ventas',
  save: 'Guardar representante de ventas',
  saved: 'Sal Sales es ahora el representante de ventas de esta cuenta.',
  cleared: 'Esta cuenta ya no tiene representante de ventas.',
  mine: 'Mis cuentas',
  programLink: 'Programa de precios de esta cuenta',
  programTitle: 'Programa de precios de Demo Shipper Co',
  readOnly: 'Usted consulta este programa: lo modifican los administradores y los administradores de ventas.',
  lanes: 'Las rutas por contrato del programa',
  change: /^(Cambiar el programa|Editar el borrador)$/,
};

/** The sales admin opens Prepaid Parts Inc (no rep in the demo) and chooses `rep` for it. */
async function setRepOfPrepaid(page: Page, w: Words, rep: string, done: string) {
  await page.goto('/admin/accounts');
  await page.getByRole('table', { name: w.table }).getByRole('link', { name: 'Prepaid Parts Inc' }).click();
  const section = page.getByRole('region', { name: w.rep });
  await section.getByLabel(w.rep).selectOption({ label: rep });
  await section.getByRole('button', { name: w.save }).click();
  await expect(page.getByText(done)).toBeVisible();
}

/** The rep finds its accounts under "my accounts" and reads Demo Shipper Co's pricing program, without a way to change it. */
async function repReadsItsAccounts(page: Page, w: Words, phone: boolean) {
  await page.goto('/admin/accounts');
  await page.getByLabel(w.rep).selectOption({ label: w.mine });
  const table = page.getByRole('table', { name: w.table });
  await expect(table.getByRole('row', { name: /Prepaid Parts Inc/ })).toContainText('Sal Sales');
  await expect(table.getByRole('row', { name: /Demo Shipper Co/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Other Freight LLC/ })).toHaveCount(0);
  if (phone) await expectNoSidewaysScroll(page, "on the rep's accounts at 390 px");
  await snap(page, `sales-rep-my-accounts${phone ? '-es-phone' : ''}`);

  await table.getByRole('link', { name: 'Demo Shipper Co' }).click();
  const section = page.getByRole('region', { name: w.rep });
  await expect(section).toContainText(SAL);
  await expect(section.getByRole('combobox')).toHaveCount(0);
  await section.getByRole('link', { name: w.programLink }).click();
  await expect(page.getByRole('heading', { name: w.programTitle })).toBeVisible();
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
  test(`${language}: a sales admin makes Sal Sales the rep of Prepaid Parts Inc; Sal finds it under "my accounts" and reads Demo Shipper Co's pricing program read-only`, async ({
    browser,
  }) => {
    const phone = width < 600;
    const salesAdmin = await seedLookAlike('salesadmin@demo.test', `reps-salesadmin-${language}`);
    const admin = await signedInPage(browser, salesAdmin.email, { password: salesAdmin.password, language, width, height: 844 });
    let rep: Page | undefined;
    try {
      await setRepOfPrepaid(admin, w, SAL, w.saved);
      if (phone) await expectNoSidewaysScroll(admin, 'on the account page at 390 px');
      await snap(admin, `sales-rep-assigned${phone ? '-es-phone' : ''}`);

      rep = await signedInPage(browser, 'sales@demo.test', { language, width, height: 844 });
      await repReadsItsAccounts(rep, w, phone);

      // Prepaid Parts Inc has no rep again, as the demo has it.
      await setRepOfPrepaid(admin, w, w.none, w.cleared);
    } finally {
      // Sal Sales is the demo's own rep (the rep of Demo Shipper Co), whose language other scenarios read.
      if (rep) await restorePreferences(rep, { language: 'en' });
    }
  });
}
