import { freshEmail, logOut, mailedLink, submitLogin } from '../support/flows';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a user who forgot the password resets it by the mailed link, which works only once', async ({ page }) => {
  const email = freshEmail('reset');
  const oldPassword = 'Start#2026';
  const newPassword = 'Fresh#2026';
  await startAsNewCompany(page, { email, password: oldPassword, firstName: 'Rita' });
  await page.goto('/');
  await logOut(page);

  // Login page -> forgot password -> the same neutral answer whether or not the account exists.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password | Freight Portal');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If an account exists for that address, we have emailed a password reset link.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a reset link' })).toBeHidden();
  await snap(page, 'forgot-password-sent');

  // The mailed link opens the reset form with the address filled in.
  const link = await mailedLink(email, '/reset-password/');
  await page.goto(link);
  await expect(page).toHaveTitle('Reset password | Freight Portal');
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);

  const newField = page.getByLabel(/^New password/);
  const confirmField = page.getByLabel(/^Confirm password/);
  await newField.fill(newPassword);
  await confirmField.fill('Fresh#2027');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('New passwords must match.')).toBeVisible();
  await expect(confirmField).toHaveAccessibleDescription(/New passwords must match\./);
  await snap(page, 'reset-password-mismatch');

  await confirmField.fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset. You can log in now.' })).toBeVisible();
  await snap(page, 'reset-password-done');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is refused, the new one lets the user in.
  await submitLogin(page, email, oldPassword);
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, email, newPassword);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('link', { name: 'Quote & Ship' }).first()).toBeVisible();
  await logOut(page);

  // The link was used: a second reset with it is refused at the email field.
  await page.goto(link);
  await newField.fill('Again#2026');
  await confirmField.fill('Again#2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const refused = 'This password reset link is invalid or has expired. Request a new one.';
  await expect(page.getByText(refused)).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveAccessibleDescription(refused);
  // The live region is a status too, but says nothing here.
  await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toBeVisible();

  // And the password it would have set does not work.
  await page.goto('/login');
  await submitLogin(page, email, 'Again#2026');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});
