import { logOut, mailedLink } from '../support/flows';
import { authState, logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a new shipper signs up, verifies the email, logs in, switches to Spanish and logs out', async ({ page }) => {
  const email = `new.shipper.${Date.now()}@example.test`;
  await page.goto('/signup');
  await expect(page).toHaveTitle('Create your company account | Freight Portal');

  await page.getByLabel('Company name').fill('Acme Pallets Inc');
  const contact = page.getByRole('group', { name: 'Primary contact' });
  await contact.getByLabel('First name').fill('Alice');
  await contact.getByLabel('Last name').fill('Anders');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Phone').fill('(312) 555-0100');
  const address = page.getByRole('group', { name: 'Company address' });
  await address.getByLabel('Street address').fill('100 N Main St');
  await address.getByLabel('City').fill('Springfield');
  await address.getByLabel('State/Province').fill('IL');
  await address.getByLabel('ZIP/Postal code').fill('62701');
  const password = page.getByRole('group', { name: 'Password' });
  await password.getByLabel(/^Password/).fill('Secret#2026');
  await password.getByLabel('Confirm password').fill('Secret#2027');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Mismatched confirmation: the spec's words, nothing sent.
  const problems = page.getByRole('dialog', { name: 'CHECK FORM INPUT' });
  await expect(problems).toContainText('Password did not match.');
  await snap(page, 'signup-mismatch');
  await problems.getByRole('button', { name: 'OK' }).click();

  await password.getByLabel('Confirm password').fill('Secret#2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByText(email)).toBeVisible();
  await snap(page, 'verify-email');

  // Until verified, the portal sends the user back to the verify page.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/verify-email/);

  const link = await mailedLink(email, '/email/verify/');
  await page.goto(link);
  await expect(page).toHaveURL(/\/email-verified\?status=verified/);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await snap(page, 'email-verified');

  // Log out and back in with the new account.
  await page.goto('/');
  await logOut(page);
  await logIn(page, email, { password: 'Secret#2026' });
  await expect(page.getByRole('link', { name: 'Quote & Ship' }).first()).toBeVisible();
  await snap(page, 'home-en');

  // Spanish, at once, and kept on the server.
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();
  await snap(page, 'settings-es');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Configuración' })).toBeVisible();

  // Logout clears all local storage and lands on /login.
  expect(await authState(page)).not.toBeNull();
  await logOut(page, 'es');
  expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
});
