import { freshEmail, mailWithLink, signUp, submitLogin } from '../support/flows';
import { seedLookAlike } from '../support/seed';
import { loginFormAlive, snap } from '../support/session';
import { expect, test } from '../support/test';

test('a guest switches the login page to Spanish and is answered in Spanish', async ({ page }) => {
  // A user who exists, with a password of their own: the wrong one is answered as for anyone.
  const shipper = await seedLookAlike('shipper@demo.test', 'spanish-wrong');
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

  const switcher = page.getByRole('radiogroup', { name: 'Language' });
  await switcher.getByText('Español', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page).toHaveTitle('Iniciar sesión | Freight Portal');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByLabel(/^Correo electrónico/)).toBeVisible();
  await expect(page.getByLabel(/^Contraseña/)).toBeVisible();
  await expect(page.getByRole('link', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear una cuenta de empresa' })).toBeVisible();
  // The switcher now names the languages in Spanish, with Spanish chosen.
  await expect(page.getByRole('radiogroup', { name: 'Idioma' }).getByRole('radio', { name: 'Español' })).toBeChecked();

  // Wrong credentials: the server answers in the language the page is in.
  await (await loginFormAlive(page)).fill(shipper.email);
  await page.getByLabel(/^Contraseña/).fill('Not#Right1');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Estas credenciales no coinciden con nuestros registros.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'login-es-error');

  // The guest's choice is kept across a reload, and can be switched back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Idioma' }).getByText('English', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await submitLogin(page, shipper.email, 'Not#Right1');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
});

test('a new user who chooses Spanish at signup gets the verify-email page and the mail in Spanish', async ({ page }) => {
  const email = freshEmail('espanol');
  // The signup form is in English; only the account preference says Spanish.
  await signUp(page, { email, password: 'Hola#2026', firstName: 'Lucía', language: 'Spanish' });

  await expect(page.getByRole('heading', { name: 'Verifique su correo electrónico' })).toBeVisible();
  await expect(page).toHaveTitle('Verifique su correo electrónico | Freight Portal');
  await expect(page.getByText(`Enviamos un enlace de verificación a ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reenviar correo de verificación' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await snap(page, 'verify-email-es');

  const mail = await mailWithLink(email, '/email/verify/');
  expect(mail.subject).toBe('Verifique su correo electrónico');

  // Still Spanish after a reload: it comes from the stored settings, not from the guest choice.
  expect(await page.evaluate(() => window.localStorage.getItem('LANGUAGE'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Verifique su correo electrónico' })).toBeVisible();
});

test("the public tracking page words the portal's own events in Spanish", async ({ page }) => {
  // The demo's first shipment: picked up and delivered (its events are the portal's own words).
  const bol = '06141410090000008';
  await page.goto(`/track-shipment?number=${bol}`);
  await expect(page.getByRole('region', { name: `Shipment ${bol}` }).getByText('Picked up', { exact: true })).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Language' }).getByText('Español', { exact: true }).click();
  const enEspanol = page.getByRole('region', { name: `Envío ${bol}` });
  await expect(enEspanol.getByText('Recolectado', { exact: true })).toBeVisible();
  await expect(enEspanol).not.toContainText(/Picked up|Delivered|In-Transit/);
  await snap(page, 'public-tracking-es');

  // A reload keeps the guest's Spanish, and the events with it; English again on the way back.
  await page.reload();
  await expect(page.getByRole('region', { name: `Envío ${bol}` }).getByText('Recolectado', { exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Idioma' }).getByText('English', { exact: true }).click();
  await expect(page.getByRole('region', { name: `Shipment ${bol}` }).getByText('Picked up', { exact: true })).toBeVisible();
});
