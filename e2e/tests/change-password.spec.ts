import { freshEmail, logOut, submitLogin } from '../support/flows';
import { startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a logged-in user changes the password in Settings and logs in with the new one', async ({ page }) => {
  const email = freshEmail('change');
  const oldPassword = 'Start#2026';
  const newPassword = 'Newer#2026';
  await startAsNewCompany(page, { email, password: oldPassword, firstName: 'Carl' });

  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings | Freight Portal');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel(/^Current password/);
  const next = dialog.getByLabel(/^New password/);
  const confirm = dialog.getByLabel(/^Confirm new password/);
  const submit = dialog.getByRole('button', { name: 'Update password' });

  // A wrong current password: the server's words, on the current-password field.
  await current.fill('Wrong#2026');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  const wrongCurrent = 'The provided password does not match your current password.';
  await expect(dialog.getByText(wrongCurrent)).toBeVisible();
  await expect(current).toHaveAccessibleDescription(wrongCurrent);
  await snap(page, 'change-password-wrong-current');

  // A confirmation that does not match: refused before anything is sent.
  await current.fill(oldPassword);
  await confirm.fill('Newer#2027');
  await submit.click();
  await expect(dialog.getByText('New passwords must match.')).toBeVisible();
  await expect(confirm).toHaveAccessibleDescription(/New passwords must match\./);

  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password updated' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await snap(page, 'change-password-done');

  // Reopened, the modal starts empty again.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByLabel(/^Current password/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Log out; the old password no longer works, the new one does.
  await logOut(page);
  await submitLogin(page, email, oldPassword);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await logIn(page, email, { password: newPassword });
  await expect(page.getByRole('link', { name: 'Quote & Ship' }).first()).toBeVisible();
});
