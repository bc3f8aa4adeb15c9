import { freshEmail, mailWithLink, signUp } from '../support/flows';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

test('a new user who mistyped their email corrects it on the verify page and verifies the new address', async ({ page }) => {
  const typo = freshEmail('typo');
  const fixed = freshEmail('fixed');
  await signUp(page, { email: typo, password: 'Typo#2026', firstName: 'Tom' });
  const oldLink = (await mailWithLink(typo, '/email/verify/')).link;

  await page.getByRole('button', { name: 'Wrong address? Change it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your email address' });
  await dialog.getByLabel(/^Email/).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save and send a new link' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();

  await dialog.getByLabel(/^Email/).fill(fixed);
  await dialog.getByRole('button', { name: 'Save and send a new link' }).click();
  // A new address is a sensitive change: the password is asked first, and the edit is kept.
  const confirm = page.getByRole('dialog', { name: 'Confirm password' });
  await confirm.getByLabel(/^Password/).fill('Typo#2026');
  await snap(page, 'verify-change-email-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `We sent a new verification link to ${fixed}.` })).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${fixed}.`)).toBeVisible();

  // The link sent to the mistyped address no longer works; the new one does.
  await page.goto(oldLink);
  await expect(page).toHaveURL(/status=invalid/);
  await page.goto((await mailWithLink(fixed, '/email/verify/')).link);
  await expect(page).toHaveURL(/status=verified/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
});
