import { activate, tabTo, typeInto } from '../support/keyboard';
import { DEMO_PASSWORD, restorePreferences, setPreferences } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A failed submit, by keyboard alone, as a user who cannot see the page meets it: focus lands on
 * the first field in error, the field's accessible description holds its error, and the live
 * region says how many fields need attention. The login's refusal is the server's (a 422 on the
 * email), the address book's is the form's own check.
 */

const WORDS = {
  en: {
    email: /^Email/,
    password: /^Password/,
    logIn: 'Log in',
    wrongCredentials: 'These credentials do not match our records.',
    oneField: '1 field needs attention',
    fields: /^\d+ fields need attention$/,
    addAddress: 'Add address',
    dialog: 'Add address',
    company: /^Company\/Location name/,
    save: 'Save address',
    required: 'Field is required',
  },
  es: {
    email: /^Correo electrónico/,
    password: /^Contraseña/,
    logIn: 'Iniciar sesión',
    wrongCredentials: 'Estas credenciales no coinciden con nuestros registros.',
    oneField: '1 campo requiere atención',
    fields: /^\d+ campos requieren atención$/,
    addAddress: 'Agregar dirección',
    dialog: 'Agregar dirección',
    company: /^Empresa\/Nombre del lugar/,
    save: 'Guardar dirección',
    required: 'Campo obligatorio',
  },
} as const;
type Language = keyof typeof WORDS;

const liveRegion = (page: Page) => page.getByTestId('live-region');

/** `text` as a regular expression's source, matched literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Focus is on `field`, which is invalid and described by `error`. */
async function expectFocusedError(field: ReturnType<Page['getByLabel']>, error: string) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(literally(error)));
}

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  const w = WORDS[language];

  test.describe(`form errors (${language})`, () => {
    test.afterEach(async ({ page }) => {
      if (language === 'es') await restorePreferences(page, { language: 'en' });
    });

    test('a wrong password and an empty address: focus on the field at fault, its error read with it, the count said', async ({ page }) => {
      await page.goto('/login');
      if (language === 'es') {
        await tabTo(page, page.getByRole('radio', { name: 'English' }));
        await page.keyboard.press('ArrowRight');
        await expect(page.getByRole('radio', { name: 'Español' })).toBeChecked();
      }

      // The server refuses the credentials on the email field.
      await typeInto(page, page.getByLabel(w.email), 'shipper@demo.test');
      await typeInto(page, page.getByLabel(w.password), 'Not#Right1');
      await page.keyboard.press('Enter');
      await expectFocusedError(page.getByLabel(w.email), w.wrongCredentials);
      await expect(liveRegion(page)).toHaveText(w.oneField);

      // Right this time: the portal opens.
      await tabTo(page, page.getByLabel(w.password));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(DEMO_PASSWORD);
      await activate(page, page.getByRole('button', { name: w.logIn, exact: true }));
      await expect(page).not.toHaveURL(/\/login/);
      if (language === 'es') await setPreferences(page, { language: 'es' });

      // The address form saved empty: its own check stops it at the first required field.
      await page.goto('/address-book');
      await activate(page, page.getByRole('button', { name: w.addAddress }));
      const dialog = page.getByRole('dialog', { name: w.dialog });
      await expect(dialog).toBeVisible();
      await tabTo(page, dialog.getByRole('button', { name: w.save }));
      await page.keyboard.press('Enter');
      await expectFocusedError(dialog.getByLabel(w.company), w.required);
      await expect(liveRegion(page)).toHaveText(w.fields);
      // Said from the page behind the dialog, the count reaches a screen reader kept inside it.
      const regionId = (await liveRegion(page).getAttribute('id')) ?? '';
      await expect(dialog).toHaveAttribute('aria-owns', new RegExp(`(^| )${literally(regionId)}( |$)`));
    });
  });
}
