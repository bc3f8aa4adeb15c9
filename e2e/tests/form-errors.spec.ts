import { freshEmail } from '../support/flows';
import { activate, tabTo, typeInto } from '../support/keyboard';
import { seedCompany } from '../support/seed';
import { expect, type Page, test } from '../support/test';

/**
 * A failed submit, by keyboard alone, as a user who cannot see the page meets it: focus lands on
 * the first field in error, the field's accessible description holds its error, and the live
 * region says how many fields need attention. The login's refusal is the server's (a 422 on the
 * email), the address book's is the form's own check.
 */

/** The login page, in Spanish. */
const LOGIN = {
  email: /^Correo electrónico/,
  password: /^Contraseña/,
  logIn: 'Iniciar sesión',
  wrongCredentials: 'Estas credenciales no coinciden con nuestros registros.',
  oneField: '1 campo requiere atención',
} as const;

/** The address book, in English. */
const ADDRESS = {
  addAddress: 'Add address',
  dialog: 'Add address',
  company: /^Company\/Location name/,
  save: 'Save address',
  empty: /^Your address book is empty/,
  required: 'Field is required',
  fields: /^\d+ fields need attention$/,
} as const;

const liveRegion = (page: Page) => page.getByTestId('live-region');

/** `text` as a regular expression's source, matched literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Focus is on `field`, which is invalid and described by `error`. */
async function expectFocusedError(field: ReturnType<Page['getByLabel']>, error: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(literally(error)));
}

// One flow, each language once: the login page in Spanish (chosen by keyboard), the portal in the
// user's own English.
test('a wrong password and an empty address: focus on the field at fault, its error read with it, the count said', async ({ page }) => {
  // A company of the scenario's own, its admin working in English: the refused password counts
  // against their sign-ins alone.
  const user = { email: freshEmail('form-errors'), password: 'FormErrors#2026' };
  await seedCompany(user);
  await page.goto('/login');
  await tabTo(page, page.getByRole('radio', { name: 'English' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();

  // The server refuses the credentials on the email field.
  await typeInto(page, page.getByLabel(LOGIN.email), user.email);
  await typeInto(page, page.getByLabel(LOGIN.password), 'Not#Right1');
  await page.keyboard.press('Enter');
  await expectFocusedError(page.getByLabel(LOGIN.email), LOGIN.wrongCredentials);
  await expect(liveRegion(page)).toHaveText(LOGIN.oneField);

  // Right this time: the portal opens, in the user's language.
  await tabTo(page, page.getByLabel(LOGIN.password));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(user.password);
  await activate(page, page.getByRole('button', { name: LOGIN.logIn, exact: true }));
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The address form saved empty: its own check stops it at the first required field.
  await page.goto('/address-book');
  // The (empty) book read first, so no late answer redraws the page under the open dialog: a CI run
  // on a slow machine saw the Enter meant for Save close the dialog, focus back on its close button.
  await expect(page.getByText(ADDRESS.empty)).toBeVisible();
  await activate(page, page.getByRole('button', { name: ADDRESS.addAddress }));
  const dialog = page.getByRole('dialog', { name: ADDRESS.dialog });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: ADDRESS.save });
  await tabTo(page, save);
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expectFocusedError(dialog.getByLabel(ADDRESS.company), ADDRESS.required);
  await expect(liveRegion(page)).toHaveText(ADDRESS.fields);
  // Said from the page behind the dialog, the count reaches a screen reader kept inside it.
  const regionId = (await liveRegion(page).getAttribute('id')) ?? '';
  await expect(dialog).toHaveAttribute('aria-owns', new RegExp(`(^| )${literally(regionId)}( |$)`));
});
