import { generateSync } from 'otplib';
import { either } from '../support/every-page';
import { freshEmail, logOut } from '../support/flows';
import { startAsNewCompany } from '../support/seed';
import { authenticatorCode, loginFormAlive, reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A shipper sets up an authenticator app in Settings > Security and signs in with it, confirms a
 * sensitive change with a code (no password asked any more), signs in with a recovery code (which
 * then no longer works) and on a remembered device, in English and Spanish.
 * Codes are made as the scenario server's clock (the real one) takes them (support/session.ts):
 * the sign-in uses the next step's code at once, and only the step-up code waits for a step to turn.
 */

const WORDS = {
  es: {
    language: 'Spanish',
    languageChoice: 'Español',
    setUp: 'Configurar aplicación de autenticación',
    code: 'Código de autenticación',
    turnOn: 'Activar',
    saved: 'Ya los guardé',
    on: 'Activada',
    stepTitle: 'Autenticación de dos factores',
    verify: 'Verificar',
    useRecovery: 'Usar un código de recuperación',
    recoveryCode: 'Código de recuperación',
    rememberDevice: 'Recordar este dispositivo durante 30 días',
    badRecovery: 'El código de recuperación indicado no es válido.',
    logIn: 'Iniciar sesión',
    regenerate: 'Nuevos códigos de recuperación',
    confirmTitle: 'Confirme que es usted',
    confirm: 'Confirmar',
  },
} as const;

// In Spanish only: the flow is the same in English, whose screens the every-page walk reads with
// their dialogs (a11y-every-page.spec.ts); the passkeys' flow runs in English.
const lang = 'es';
const w = WORDS[lang];

test(`a shipper sets up an authenticator app and signs in with a code, a recovery code and a remembered device (${lang})`, async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail(`totp-${lang}`);
  const password = 'Start#2026';
  await startAsNewCompany(page, { email, password, firstName: 'Tomas', language: w.language });

  // Setting up asks for the password first (not confirmed lately), then shows the QR code and the key.
  await page.goto('/settings/security');
  const panel = page.getByTestId('authenticator-app');
  await panel.getByRole('button', { name: w.setUp }).click();
  await reenterPassword(page, password);
  await expect(panel.getByRole('img')).toBeVisible();
  const secret = ((await panel.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap(page, `two-factor-setup-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `two-factor-setup-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A wrong code is refused on the field; the app's code turns it on and shows the recovery codes once.
  const codeField = panel.getByLabel(new RegExp(`^${w.code}`));
  await codeField.fill('000000' === generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }) ? '111111' : '000000');
  await panel.getByRole('button', { name: w.turnOn }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(await authenticatorCode(email, secret));
  await panel.getByRole('button', { name: w.turnOn }).click();
  const list = panel.getByRole('list', { name: either('Recovery codes', 'Códigos de recuperación') });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  let codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await snap(page, `two-factor-recovery-codes-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `two-factor-recovery-codes-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await panel.getByRole('button', { name: w.saved }).click();
  await expect(list).toBeHidden();
  await expect(panel.getByText(w.on, { exact: true })).toBeVisible();

  // Signing in now asks for a code after the password.
  await logOut(page, lang);
  await passwordStep(page, email, password, w);
  await snap(page, `two-factor-login-step-${lang}`);
  await page.getByLabel(new RegExp(`^${w.code}`)).fill(await authenticatorCode(email, secret));
  await page.getByRole('button', { name: w.verify }).click();
  await expect(page).not.toHaveURL(/\/login/);

  // Signed in again, a sensitive change asks for the second factor, never the password.
  await page.goto('/settings/security');
  await panel.getByRole('button', { name: w.regenerate }).click();
  const confirm = page.getByRole('dialog', { name: w.confirmTitle });
  const confirmCode = confirm.getByLabel(new RegExp(`^${w.code}`));
  await expect(confirmCode).toBeVisible();
  await expect(confirm.getByLabel(/^(Password|Contraseña)/)).toHaveCount(0);
  await snap(page, `two-factor-confirm-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `two-factor-confirm-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await confirmCode.fill(await authenticatorCode(email, secret));
  await confirm.getByRole('button', { name: w.confirm }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(10);
  codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await panel.getByRole('button', { name: w.saved }).click();
  await expect(list).toBeHidden();

  // A recovery code signs in once.
  await logOut(page, lang);
  await passwordStep(page, email, password, w);
  await page.getByRole('button', { name: w.useRecovery }).click();
  await page.getByLabel(new RegExp(`^${w.recoveryCode}`)).fill(codes[0] ?? '');
  await page.getByRole('button', { name: w.verify }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await logOut(page, lang);
  await passwordStep(page, email, password, w);
  await page.getByRole('button', { name: w.useRecovery }).click();
  const recoveryField = page.getByLabel(new RegExp(`^${w.recoveryCode}`));
  await recoveryField.fill(codes[0] ?? '');
  await page.getByRole('button', { name: w.verify }).click();
  await expect(recoveryField).toHaveAccessibleDescription(w.badRecovery);
  await snap(page, `two-factor-recovery-used-${lang}`);

  // Remembered, this browser is not asked for a code next time.
  await recoveryField.fill(codes[1] ?? '');
  await page.getByLabel(w.rememberDevice).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `two-factor-login-step-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: w.verify }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await logOut(page, lang);
  await page.goto('/login');
  await (await loginFormAlive(page)).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

/** The password on a freshly loaded login page in the scenario's language, then the second step's heading. */
async function passwordStep(page: Page, email: string, password: string, w: (typeof WORDS)[keyof typeof WORDS]) {
  await page.goto('/login');
  await loginFormAlive(page);
  await page.getByText(w.languageChoice, { exact: true }).click();
  await expect(page.getByRole('button', { name: w.logIn, exact: true })).toBeVisible();
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: w.logIn, exact: true }).click();
  await expect(page.getByRole('heading', { name: w.stepTitle })).toBeVisible();
  await expect(page).toHaveTitle(`${w.stepTitle} | Freight Portal`);
}
