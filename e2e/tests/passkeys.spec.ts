import { passkeyURL } from '../playwright.config';
import { virtualAuthenticator } from '../support/authenticator';
import { freshEmail, logOut } from '../support/flows';
import { startAsNewCompany } from '../support/seed';
import { reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A shipper adds a passkey in Settings > Security, names it, saves the recovery codes that come
 * with it (their first second factor), signs out, signs in with it without the password and as the
 * second step after it, and with a recovery code instead, renames it and removes it (the codes go
 * with it), in English and Spanish. Chromium's virtual authenticator stands in for the phone or laptop (a resident key
 * with user verification), and the scenario reaches the server as localhost: browsers refuse
 * passkeys on an IP address.
 */
test.use({ baseURL: passkeyURL });

const WORDS = {
  en: {
    language: 'English',
    languageChoice: 'English',
    none: 'You have no passkeys yet.',
    add: 'Add a passkey',
    name: 'Passkey name',
    create: 'Create passkey',
    required: 'Field is required',
    added: 'Passkey added',
    // The passkey's line ends with it ('sin usar' also ends the count of recovery codes left).
    neverUsed: /· Never used$/,
    recoveryCodes: 'Recovery codes',
    saved: 'I have saved them',
    codesLeft: (n: number) => `${n} unused recovery codes left.`,
    useRecovery: 'Use a recovery code instead',
    recoveryCode: 'Recovery code',
    verify: 'Verify',
    lastUsed: /Last used/,
    signIn: 'Sign in with a passkey',
    use: 'Use a passkey',
    logIn: 'Log in',
    stepTitle: 'Two-factor authentication',
    rename: (name: string) => `Rename ${name}`,
    renameTitle: 'Rename passkey',
    save: 'Save name',
    renamed: 'Passkey renamed',
    remove: (name: string) => `Remove ${name}`,
    removeTitle: 'Remove this passkey?',
    removeButton: 'Remove',
    removed: 'Passkey removed',
    confirmTitle: "Confirm it's you",
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

// In English only: the flow is the same in Spanish, whose screens the every-page walk reads with
// their dialogs (a11y-every-page.spec.ts); the authenticator app's flow runs in Spanish.
const lang = 'en';
const w = WORDS[lang];

test(`a shipper adds a passkey, signs in with it without the password and after it, renames and removes it (${lang})`, async ({ page }) => {
  test.setTimeout(120_000);
  const device = await virtualAuthenticator(page);
  const email = freshEmail(`passkey-${lang}`);
  const password = 'Start#2026';
  await startAsNewCompany(page, { email, password, firstName: 'Paula', language: w.language });

  await page.goto('/settings/security');
  const panel = page.getByTestId('passkeys');
  await expect(panel.getByText(w.none)).toBeVisible();

  // The name comes first; the password (not confirmed lately) next; then the browser makes the passkey.
  await panel.getByRole('button', { name: w.add }).click();
  const dialog = page.getByRole('dialog', { name: w.add });
  await dialog.getByRole('button', { name: w.create }).click();
  const name = dialog.getByLabel(new RegExp(`^${w.name}`));
  await expect(name).toHaveAccessibleDescription(w.required);
  await name.fill('Work laptop');
  await snap(page, `passkeys-add-${lang}`);
  await dialog.getByRole('button', { name: w.create }).click();
  await reenterPassword(page, password);
  await expect(page.getByRole('alert').filter({ hasText: w.added })).toBeVisible();
  await expect(dialog).toBeHidden();
  // The first second factor comes with ten recovery codes, shown this once.
  const list = panel.getByRole('list', { name: w.recoveryCodes });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await snap(page, `passkeys-recovery-codes-${lang}`);
  await panel.getByRole('button', { name: w.saved }).click();
  await expect(list).toBeHidden();
  await expect(panel.getByText('Work laptop', { exact: true })).toBeVisible();
  await expect(panel.getByRole('heading', { name: w.recoveryCodes })).toBeVisible();
  await expect(panel.getByText(w.codesLeft(10))).toBeVisible();
  await expect(panel.getByText(w.neverUsed)).toBeVisible();
  const [credential] = await device.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');
  await snap(page, `passkeys-list-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `passkeys-list-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Without the password: the passkey alone signs in.
  await logOut(page, lang);
  await loginPage(page, w);
  await snap(page, `passkeys-login-${lang}`);
  await page.getByRole('button', { name: w.signIn }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings/security');
  await expect(panel.getByText(w.lastUsed)).toBeVisible();

  // After the password, the passkey is the second step.
  await logOut(page, lang);
  await loginPage(page, w);
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: w.logIn, exact: true }).click();
  await expect(page.getByRole('heading', { name: w.stepTitle })).toBeVisible();
  await snap(page, `passkeys-second-step-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `passkeys-second-step-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: w.use }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // A recovery code instead of the passkey, after the password: it signs in once.
  await logOut(page, lang);
  await loginPage(page, w);
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: w.logIn, exact: true }).click();
  await page.getByRole('button', { name: w.useRecovery }).click();
  await page.getByLabel(new RegExp(`^${w.recoveryCode}`)).fill(codes[0] ?? '');
  await snap(page, `passkeys-recovery-step-${lang}`);
  await page.getByRole('button', { name: w.verify }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/settings/security');
  await expect(panel.getByText(w.codesLeft(9))).toBeVisible();

  // Renamed...
  await page.goto('/settings/security');
  await panel.getByRole('button', { name: w.rename('Work laptop') }).click();
  const renaming = page.getByRole('dialog', { name: w.renameTitle });
  await renaming.getByLabel(new RegExp(`^${w.name}`)).fill('Office desktop');
  await renaming.getByRole('button', { name: w.save }).click();
  await expect(page.getByRole('alert').filter({ hasText: w.renamed })).toBeVisible();
  await expect(panel.getByText('Office desktop', { exact: true })).toBeVisible();

  // ...and removed, asked first; then who it is is confirmed (this session began with the passkey)
  // with the passkey itself: a user with a second factor is never asked for the password alone.
  await panel.getByRole('button', { name: w.remove('Office desktop') }).click();
  const removing = page.getByRole('dialog', { name: w.removeTitle });
  await snap(page, `passkeys-remove-${lang}`);
  await removing.getByRole('button', { name: w.removeButton, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: w.confirmTitle });
  await expect(confirm.getByRole('button', { name: w.use })).toBeVisible();
  await expect(confirm.getByLabel(/^(Password|Contraseña)/)).toHaveCount(0);
  await snap(page, `passkeys-confirm-${lang}`);
  await confirm.getByRole('button', { name: w.use }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: w.removed })).toBeVisible();
  await expect(panel.getByText(w.none)).toBeVisible();
  await expect(panel.getByRole('heading', { name: w.recoveryCodes })).toBeHidden();

  // Gone from the account, the passkey on the device signs nobody in.
  await logOut(page, lang);
  await loginPage(page, w);
  await page.getByRole('button', { name: w.signIn }).click();
  await expect(page.getByRole('alert').filter({ hasText: /passkey|llave de acceso/ })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

/** The login page, in the scenario's language. */
async function loginPage(page: Page, w: Words) {
  await page.goto('/login');
  // The switch's radios are hidden behind their labels: the label is what a person clicks.
  await page.getByText(w.languageChoice, { exact: true }).click();
  await expect(page.getByRole('radio', { name: w.languageChoice })).toBeChecked();
  await expect(page.getByRole('button', { name: w.logIn, exact: true })).toBeVisible();
}
