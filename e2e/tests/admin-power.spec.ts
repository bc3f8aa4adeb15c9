import { freshEmail } from '../support/flows';
import { seedCompany, seedStaff } from '../support/seed';
import { logIn, reenterPassword, restorePreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/** The words each language shows on the way. */
const WORDS = {
  en: {
    nav: 'Admin navigation',
    roles: 'Role Management',
    find: 'Find a user',
    edit: (name: string) => `Edit roles of ${name}`,
    dialog: (name: string) => `Roles of ${name}`,
    admin: 'Admin',
    save: 'Save roles',
    belongs: (name: string, account: string) => `${name} belongs to the customer account ${account}.`,
    makeStaff: (name: string) => `Make ${name} staff`,
    audit: 'Audit Log',
    search: 'Search the log',
    log: 'Staff actions, newest first',
    changed: 'Roles changed',
    user: 'User',
  },
  es: {
    nav: 'Navegación de administración',
    roles: 'Administración de roles',
    find: 'Buscar un usuario',
    edit: (name: string) => `Editar roles de ${name}`,
    dialog: (name: string) => `Roles de ${name}`,
    admin: 'Administrador',
    save: 'Guardar roles',
    belongs: (name: string, account: string) => `${name} pertenece a la cuenta de cliente ${account}.`,
    makeStaff: (name: string) => `Hacer personal a ${name}`,
    audit: 'Registro de auditoría',
    search: 'Buscar en el registro',
    log: 'Acciones del personal, las más recientes primero',
    changed: 'Roles cambiados',
    user: 'Usuario',
  },
} as const;

/**
 * A customer's user made fpg_admin by the super admin: the dialog names the customer account
 * and asks for a confirmation, the password is entered again, and the audit log names the user.
 */
async function grantAdminToCustomer(page: Page, language: 'en' | 'es') {
  const w = WORDS[language];
  const email = freshEmail(`power-${language}`);
  const company = `Power Freight ${language.toUpperCase()} LLC`;
  const name = 'Pat Tester';
  await seedCompany({ email, password: 'Secret#2026', firstName: 'Pat', company });

  // A super admin of this scenario's own: its step-up code never waits for one another scenario used.
  const admin = await seedStaff(`super-${language}`, ['super_admin']);
  await logIn(page, admin.email, { password: admin.password, settings: { language } });
  try {
    await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.roles }).click();
    await page.getByLabel(w.find).fill(email);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
    await row.getByRole('button', { name: w.edit(name) }).click();
    const dialog = page.getByRole('dialog', { name: w.dialog(name) });
    await dialog.getByRole('checkbox', { name: w.admin, exact: true }).check();
    await dialog.getByRole('button', { name: w.save }).click();
    // The account is named first; nothing is saved until staff confirm it.
    await expect(dialog.getByRole('alert')).toContainText(w.belongs(name, company));
    await snap(page, `admin-power-customer-${language}`);
    await dialog.getByRole('button', { name: w.makeStaff(name) }).click();
    await reenterPassword(page, admin.password);
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(w.admin);

    await page.getByRole('navigation', { name: w.nav }).getByRole('link', { name: w.audit }).click();
    await page.getByLabel(w.search).fill(email);
    const log = page.getByRole('table', { name: w.log });
    const entry = log.getByRole('row').nth(1);
    await expect(entry).toContainText(w.changed);
    await expect(entry).toContainText(w.user);
    await expect(entry.getByRole('link', { name: `${name} <${email}>` })).toBeVisible();
    await snap(page, `admin-power-audit-${language}`);
  } finally {
    if (language === 'es') await restorePreferences(page, { language: 'en' });
  }
}

test('a super admin makes a customer user an admin: the account is confirmed, the password asked again, the log names the user', async ({
  page,
}) => {
  await grantAdminToCustomer(page, 'en');
});

test('lo mismo en español: la cuenta del cliente se confirma, la contraseña se pide de nuevo, el registro nombra al usuario', async ({
  page,
}) => {
  await grantAdminToCustomer(page, 'es');
});
