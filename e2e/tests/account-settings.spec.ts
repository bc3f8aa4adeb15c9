import { freshEmail } from '../support/flows';
import { expectNoSidewaysScroll } from '../support/reflow';
import { startAsNewCompany, uniqueCompanyName } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Locator, type Page, test } from '../support/test';

/** The card of one address on the page (not the modal of the same title): its heading's block, with the summary and the edit button. */
const card = (page: Page, title: 'Account address' | 'Billing address') =>
  page.getByRole('main').getByRole('heading', { name: title, exact: true }).locator('..');

test('a customer fixes the account address, and saves the billing address once the password is confirmed', async ({ page }) => {
  // A company of the scenario's own (signed up at 200 W Adams St, billing at the same address):
  // the addresses it saves are no other scenario's.
  const company = uniqueCompanyName('Settings');
  const password = 'Settings#2026';
  await startAsNewCompany(page, { email: freshEmail('account-settings'), password, company, firstName: 'Dana' });
  await page.goto('/settings/account');
  await expect(page).toHaveTitle('Account settings | Freight Portal');
  await expect(page.getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Account settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'Account address')).toContainText('200 W Adams St');

  // Account address: the contact fields emptied -> each says what it needs, nothing is saved.
  await card(page, 'Account address').getByRole('button', { name: 'Edit account address' }).click();
  const modal = page.getByRole('dialog', { name: 'Account address' });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel(/^First name/)).toHaveValue('Dana');
  for (const field of [/^First name/, /^Last name/, /^Email/, /^Phone/]) await modal.getByLabel(field).clear();
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByLabel(/^First name/)).toHaveAccessibleDescription('First name required');
  await expect(modal.getByLabel(/^Last name/)).toHaveAccessibleDescription('Last name required');
  await expect(modal.getByLabel(/^Email/)).toHaveAccessibleDescription('Email required');
  await expect(modal.getByLabel(/^Phone/)).toHaveAccessibleDescription('Phone number required');
  for (const text of ['First name required', 'Last name required', 'Email required', 'Phone number required']) {
    await expect(modal.getByText(text, { exact: true })).toBeVisible();
  }
  await snap(page, 'account-address-required');

  await modal.getByLabel(/^First name/).fill('Dora');
  await modal.getByLabel(/^Last name/).fill('Dispatch');
  await modal.getByLabel(/^Email/).fill('dispatch@demoshipper.test');
  await modal.getByLabel(/^Phone/).fill('(312) 555-0177');
  await modal.getByLabel(/^Street address/).fill('311 S Wacker Dr');
  await modal.getByRole('button', { name: 'Save' }).click();
  const updated = page.getByRole('alert').filter({ hasText: 'Account updated' });
  await expect(updated).toBeVisible();
  await expect(modal).toBeHidden();
  const accountCard = card(page, 'Account address');
  await expect(accountCard).toContainText(`Dora Dispatch · ${company}`);
  await expect(accountCard).toContainText('dispatch@demoshipper.test · (312) 555-0177');
  await expect(accountCard).toContainText('311 S Wacker Dr');
  // The billing address is a separate record and did not change.
  await expect(card(page, 'Billing address')).toContainText('200 W Adams St');
  await snap(page, 'account-address-saved');
  await updated.getByRole('button').click(); // dismissed, so the next 'Account updated' is a new one
  await expect(updated).toBeHidden();

  // Billing address: the server wants a recent password confirmation (423), asked for in place.
  await card(page, 'Billing address').getByRole('button', { name: 'Edit billing address' }).click();
  const billing = page.getByRole('dialog', { name: 'Billing address' });
  await billing.getByLabel(/^Street address/).fill('1 N Dearborn St');
  await billing.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm password' });
  await expect(confirm).toContainText('Please confirm your password to continue.');
  await expect(confirm).toContainText('Your changes are kept: they are saved as soon as you confirm.');
  await expect(page).toHaveURL(/\/settings\/account$/);

  // Cancelled: nothing saved, the edit is still in the billing form.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(billing.getByLabel(/^Street address/)).toHaveValue('1 N Dearborn St');
  await expect(card(page, 'Billing address')).toContainText('200 W Adams St');

  // A wrong password is refused under the field; the right one saves the edit at once.
  await billing.getByRole('button', { name: 'Save' }).click();
  await confirm.getByLabel(/^Password/).fill('Not#Right1');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByLabel(/^Password/)).toHaveAccessibleDescription('The provided password is incorrect.');
  await expect(billing).toBeVisible();
  await snap(page, 'billing-confirm-password');
  await confirm.getByLabel(/^Password/).fill(password);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(billing).toBeHidden();
  await expect(updated).toBeVisible();
  await expect(card(page, 'Billing address')).toContainText('1 N Dearborn St');
  await updated.getByRole('button').click();
  await expect(updated).toBeHidden();

  // Saved again right after: the confirmation is recent, so no password is asked for.
  await card(page, 'Billing address').getByRole('button', { name: 'Edit billing address' }).click();
  await billing.getByLabel(/^Address line 2/).fill('Suite 400');
  await billing.getByRole('button', { name: 'Save' }).click();
  await expect(updated).toBeVisible();
  await expect(billing).toBeHidden();
  await expect(confirm).toHaveCount(0);
  await expect(card(page, 'Billing address')).toContainText('1 N Dearborn St, Suite 400');
  await snap(page, 'billing-address-saved');

  // Both are kept on the server.
  await page.reload();
  await expect(card(page, 'Account address')).toContainText('311 S Wacker Dr');
  await expect(card(page, 'Billing address')).toContainText('1 N Dearborn St, Suite 400');
});

test('a customer sets up its USMCA certification of origin with a blanket period of up to 12 months', async ({ page }) => {
  const year = new Date().getUTCFullYear();
  await startAsNewCompany(page, { email: freshEmail('usmca-settings'), password: 'Usmca#2026', company: uniqueCompanyName('Usmca') });
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'USMCA certification of origin' });
  await expect(section).toContainText('No certification is set up yet.');
  await section.getByRole('button', { name: 'Set up certification' }).click();
  const modal = page.getByRole('dialog', { name: 'USMCA certification of origin' });
  await fillCertification(modal, {
    company: /^Company/,
    name: /^Certifier's name/,
    title: /^Certifier's title/,
    address: /^Address/,
    phone: /^Phone/,
    email: /^Email/,
  });
  // A blanket period runs up to 12 months.
  await modal.getByLabel('Blanket period from').fill(`${year}-01-01`);
  await modal.getByLabel('Blanket period to').fill(`${year + 1}-01-01`);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByLabel('Blanket period to')).toHaveAccessibleDescription(
    /Enter a blanket period of up to 12 months that ends on or after its first day/,
  );
  await modal.getByLabel('Blanket period to').fill(`${year}-12-31`);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toHaveCount(0);
  await expect(section).toContainText('Dana Whitfield');
  await expect(section).toContainText(`From Jan 1, ${year} to Dec 31, ${year}`);
  await snap(page, 'usmca-certification-saved');
});

test('en español y a 390 px, la certificación de origen T-MEC se configura para cada envío', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startAsNewCompany(page, {
    email: freshEmail('usmca-es'),
    password: 'Usmca#2026',
    company: uniqueCompanyName('Tmec'),
    language: 'Spanish',
  });
  await page.goto('/settings/account');
  const seccion = page.getByRole('region', { name: 'Certificación de origen T-MEC' });
  await seccion.getByRole('button', { name: 'Configurar certificación' }).click();
  const modal = page.getByRole('dialog', { name: 'Certificación de origen T-MEC' });
  await fillCertification(modal, {
    company: /^Empresa/,
    name: /^Nombre del certificador/,
    title: /^Cargo del certificador/,
    address: /^Domicilio/,
    phone: /^Teléfono/,
    email: /^Correo electrónico/,
  });
  await expectNoSidewaysScroll(page, 'the USMCA certification form at 390 px');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(seccion).toContainText('Dana Whitfield');
  await expect(seccion).toContainText('Sin periodo general: cada envío se certifica por separado');
  await expectNoSidewaysScroll(page, 'the USMCA certification at 390 px');
  await snap(page, 'usmca-certification-es-phone');
});

/** The certifier's details, typed into the certification's form under the labels of its language. */
async function fillCertification(modal: Locator, labels: Record<'company' | 'name' | 'title' | 'address' | 'phone' | 'email', RegExp>) {
  await modal.getByLabel(labels.company).fill('Lakeshore Manufacturing');
  await modal.getByLabel(labels.name).fill('Dana Whitfield');
  await modal.getByLabel(labels.title).fill('Trade compliance lead');
  await modal.getByLabel(labels.address).fill('200 W Adams St, Chicago, IL 60606, US');
  await modal.getByLabel(labels.phone).fill('(312) 555-0142');
  await modal.getByLabel(labels.email).fill('compliance@lakeshore.test');
}
