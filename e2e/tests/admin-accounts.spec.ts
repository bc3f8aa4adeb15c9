import { freshEmail, mailedLink, submitLogin } from '../support/flows';
import { logInAsLookAlike, seedCompany, seedLookAlike } from '../support/seed';
import { authenticatorCode, logIn, reenterPassword, snap } from '../support/session';
import { expect, test } from '../support/test';

test("accounting finds an account by a user's email and reads its users, activity and notes", async ({ page }) => {
  await logInAsLookAlike(page, 'accounting@demo.test', 'accounts-accounting');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Account Management' }).click();
  await page.getByLabel('Search accounts').fill('shipper@demo.test');
  const table = page.getByRole('table', { name: 'Customer accounts' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Dana Shipper');
  await snap(page, 'admin-accounts-search');
  await table.getByRole('link', { name: 'Demo Shipper Co' }).click();
  await expect(page.getByRole('heading', { name: 'Demo Shipper Co' })).toBeVisible();
  const users = page.getByRole('region', { name: 'Users', exact: true });
  await expect(users).toContainText('shipper@demo.test');
  await expect(page.getByRole('region', { name: 'Latest shipments' }).getByRole('link').first()).toBeVisible();
  await page.getByRole('region', { name: 'Internal notes' }).getByLabel('New note').fill('Asked about net 45 terms');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Internal notes' })).toContainText('Asked about net 45 terms');
  await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('Note added');
  await snap(page, 'admin-account-detail');
});

test('in Spanish, sales propose suspending a new account; accounting suspends it from the proposal; its user cannot log in and is told why', async ({
  page,
  browser,
}) => {
  const email = freshEmail('suspended');
  await seedCompany({ email, password: 'Suspend#2026', company: 'Suspended Freight Co' });
  const sales = await seedLookAlike('sales@demo.test', 'suspend-sales');
  const accountingUser = await seedLookAlike('accounting@demo.test', 'suspend-accounting');

  // Sales may not suspend: they propose it, with a note.
  await logIn(page, sales.email, { password: sales.password, settings: { language: 'es' }, at: '/admin/accounts' });
  await page.getByText('Registros nuevos').click();
  await expect(page).toHaveURL(/signed_up_days=7/);
  await page.getByRole('link', { name: 'Suspended Freight Co' }).click();
  await expect(page.getByRole('button', { name: 'Suspender cuenta' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Proponer suspensión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Proponer suspensión' });
  await dialog.getByRole('button', { name: 'Enviar la propuesta' }).click();
  await expect(dialog.getByText('Campo obligatorio')).toBeVisible();
  await dialog.getByLabel('Por qué debería suspenderse la cuenta').fill('Datos de la empresa sin confirmar');
  await dialog.getByRole('button', { name: 'Enviar la propuesta' }).click();
  await expect(dialog).toBeHidden();
  const proposals = page.getByRole('region', { name: 'Propuestas de suspensión' });
  await expect(proposals).toContainText(`Propuesta de ${sales.email}`);
  await expect(proposals).toContainText('Datos de la empresa sin confirmar');
  await expect(page.getByRole('region', { name: 'Registro de auditoría' })).toContainText('Suspensión propuesta');
  await snap(page, 'admin-account-suspension-proposed-es');
  const accountUrl = page.url();

  // Accounting sees the proposal and suspends from it; the reason starts from the note.
  const accounting = await browser.newPage();
  await logIn(accounting, accountingUser.email, { password: accountingUser.password, at: accountUrl });
  const proposal = accounting.getByRole('region', { name: 'Suspension proposals' }).getByTestId('suspension-proposal');
  await expect(proposal).toContainText(`Proposed by ${sales.email}`);
  await proposal.getByRole('button', { name: 'Suspend account' }).click();
  const suspend = accounting.getByRole('dialog', { name: 'Suspend account' });
  await expect(suspend.getByLabel('Why (for the audit log)')).toHaveValue('Datos de la empresa sin confirmar');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(suspend).toBeHidden();
  await expect(accounting.getByText('Reason: Datos de la empresa sin confirmar', { exact: true })).toBeVisible();
  await expect(accounting.getByRole('region', { name: 'Suspension proposals' })).toHaveCount(0);
  await expect(accounting.getByRole('region', { name: 'Audit log' })).toContainText('Suspension proposal answered: suspended');
  await snap(accounting, 'admin-account-suspended');

  const guest = await browser.newPage();
  await guest.goto('/login');
  await submitLogin(guest, email, 'Suspend#2026');
  await expect(guest.getByText(/account is suspended, so you cannot log in/)).toBeVisible();
  await expect(guest).toHaveURL(/\/login/);

  await accounting.getByRole('button', { name: 'Reactivate account' }).click();
  await expect(accounting.getByRole('button', { name: 'Suspend account' })).toBeVisible();
  await submitLogin(guest, email, 'Suspend#2026');
  await expect(guest).not.toHaveURL(/\/login/);
  await guest.close();
  await accounting.close();
});

test('a super admin invites a staff user, who sets a password by the link; then grants them a role', async ({ page, browser }) => {
  const email = freshEmail('staff');
  const superAdmin = await logInAsLookAlike(page, 'super@demo.test', 'invite-super');
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Role Management' }).click();
  await page.getByRole('button', { name: 'Invite staff user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite staff user' });
  await invite.getByLabel('First name').fill('Ivy');
  await invite.getByLabel('Last name').fill('Invited');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Choose at least one role')).toBeVisible();
  await invite.getByRole('checkbox', { name: 'Operations' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  // An invitation grants staff roles: the password is asked again.
  await reenterPassword(page, superAdmin.password);
  await expect(invite).toBeHidden();
  await expect(page.getByRole('row', { name: /Ivy Invited/ })).toContainText('Invited');

  const staff = await browser.newPage();
  await staff.goto(await mailedLink(email, '/reset-password/'));
  await staff.getByLabel(/^New password/).fill('Welcome#2026');
  await staff.getByLabel(/^Confirm password/).fill('Welcome#2026');
  await staff.getByRole('button', { name: 'Reset password' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Your password has been reset. You can log in now.' })).toBeVisible();
  await logIn(staff, email, { password: 'Welcome#2026' });
  // Staff cannot work without a second factor: every admin page leads to their Security page.
  await expect(staff).toHaveURL(/\/admin\/security$/);
  await expect(staff.getByText('Set up a second factor to continue')).toBeVisible();
  await staff.goto('/admin/dashboard');
  await expect(staff).toHaveURL(/\/admin\/security$/);
  await snap(staff, 'staff-enrolment-required');
  // They set up the authenticator app there (its code made from the key on screen), then carry on.
  const app = staff.getByTestId('authenticator-app');
  await app.getByRole('button', { name: 'Set up authenticator app' }).click();
  await reenterPassword(staff, 'Welcome#2026');
  const secret = ((await app.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s+/g, '');
  await app.getByLabel(/^Authentication code/).fill(await authenticatorCode(email, secret));
  await app.getByRole('button', { name: 'Turn on' }).click();
  await app.getByRole('button', { name: 'I have saved them' }).click();
  await staff.getByRole('button', { name: 'Continue' }).click();
  await expect(staff).toHaveURL(/\/admin\/dashboard/);
  // Operations: no Role Management, and no way back to a customer portal it does not have.
  await expect(staff.getByRole('link', { name: 'Back to the customer portal' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit roles of Ivy Invited' }).click();
  const edit = page.getByRole('dialog', { name: 'Roles of Ivy Invited' });
  await edit.getByRole('checkbox', { name: 'Accounting' }).check();
  await snap(page, 'admin-roles-edit');
  await edit.getByRole('button', { name: 'Save roles' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Ivy Invited/ })).toContainText('Accounting');
  // Both writes are in the audit log, which only a super admin reads. Searched by the invited user's
  // email: every staff member seeded meanwhile (a scenario beside this one) logs a user.* entry too.
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Audit Log' }).click();
  await page.getByLabel('Search the log').fill(email);
  const log = page.getByRole('table', { name: 'Staff actions, newest first' });
  await expect(log.getByRole('row').nth(1)).toContainText('Roles changed');
  await expect(log).toContainText('Staff user invited');
  await snap(page, 'admin-audit-log');
  await staff.reload();
  await staff.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Account Management' }).click();
  await expect(
    staff.getByRole('region', { name: 'Credit and invoices' }).or(staff.getByRole('table', { name: 'Customer accounts' })),
  ).toBeVisible();
  await staff.close();
});
