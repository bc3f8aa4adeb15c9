import { passkeyURL } from '../playwright.config';
import { virtualAuthenticator } from '../support/authenticator';
import { freshEmail, logOut, mailedLink } from '../support/flows';
import { expectPageFitsWindow } from '../support/reflow';
import { logInAsLookAlike } from '../support/seed';
import { authenticatorCode, reenterPassword, setPreferences, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * A new staff user has no second factor: signed in with the password alone, every admin page (and
 * every admin call) leads them to the Security page, where they add a passkey; the admin area then
 * opens, and the passkey signs them in from then on, without the password and as the second step
 * after it. In English and Spanish, on a desktop and at a phone's width. Chromium's virtual
 * authenticator holds the passkey, and the scenario reaches the server as localhost: browsers
 * refuse passkeys on an IP address.
 */
test.use({ baseURL: passkeyURL });

const WORDS = {
  es: {
    languageChoice: 'Español',
    logIn: 'Iniciar sesión',
    security: 'Seguridad',
    enrol: 'Configure un segundo factor para continuar',
    staffNote: /^El personal no puede trabajar sin un segundo factor\./,
    refused: 'Configure la autenticación de dos factores para continuar.',
    add: 'Agregar una llave de acceso',
    name: 'Nombre de la llave de acceso',
    create: 'Crear llave de acceso',
    added: 'Llave de acceso agregada',
    recoveryCodes: 'Códigos de recuperación',
    saved: 'Ya los guardé',
    continue: 'Continuar',
    dashboard: 'Panel',
    signIn: 'Iniciar sesión con una llave de acceso',
    stepTitle: 'Autenticación de dos factores',
    use: 'Usar una llave de acceso',
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A call of the page's signed-in user, as the web makes it (CSRF header from the cookie): its status and body. */
async function call(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/**
 * A new staff user with no second factor: a super admin invites them (over the API: the invitation
 * has its own scenario, and the super admin signs in on a page of their own), and the user sets
 * their password from the mailed link.
 */
async function invitedStaff(superAdmin: Page, o: { first: string; last: string; email: string; password: string }, page: Page) {
  // A super admin of the scenario's own (a look-alike of the demo's), with an authenticator of their own.
  const admin = await logInAsLookAlike(superAdmin, 'super@demo.test', 'passkey-super');
  // Inviting asks for a recent confirmation. The super admin has a second factor, whose code is the
  // proof a server that holds such users to their factor takes; one that asks for the password reads that.
  const proof = { password: admin.password, code: await authenticatorCode(admin.email) };
  expect((await call(superAdmin, 'POST', '/user/confirm-password', proof)).status).toBe(201);
  const invited = await call(superAdmin, 'POST', '/api/admin/roles/invitations', {
    first_name: o.first,
    last_name: o.last,
    email: o.email,
    roles: ['fpg_ops'],
  });
  expect(invited.status).toBe(201);
  // The link names the server by its IP address; the same page on localhost keeps the scenario on one origin.
  const link = new URL(await mailedLink(o.email, '/reset-password/'));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^New password/).fill(o.password);
  await page.getByLabel(/^Confirm password/).fill(o.password);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible();
}

/** The login page, in the scenario's language (logout forgets the language, so the page starts in English). */
async function loginPage(page: Page, w: Words) {
  await page.goto('/login');
  // The switch's radios are hidden behind their labels: the label is what a person clicks.
  await page.getByText(w.languageChoice, { exact: true }).click();
  await expect(page.getByRole('radio', { name: w.languageChoice })).toBeChecked();
  await expect(page.getByRole('button', { name: w.logIn, exact: true })).toBeVisible();
}

async function passwordStep(page: Page, w: Words, email: string, password: string) {
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: w.logIn, exact: true }).click();
}

// In Spanish only: the flow is the same in English, whose screens the every-page walk reads with
// their dialogs at desktop and phone width (a11y-every-page.spec.ts).
const lang = 'es';
const w = WORDS[lang];

test(`a staff user without a second factor is held at Security until they add a passkey, then signs in with it (${lang})`, async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const device = await virtualAuthenticator(page);
  const email = freshEmail(`staff-passkey-${lang}`);
  const password = 'Welcome#2026';
  const superAdmin = await browser.newPage();
  await invitedStaff(superAdmin, { first: 'Pia', last: `Passkey${lang}`, email, password }, page);
  await superAdmin.close();

  // The password alone signs them in, straight to the Security page.
  await loginPage(page, w);
  await passwordStep(page, w, email, password);
  await expect(page).toHaveURL(/\/admin\/security$/);
  await setPreferences(page, { language: lang });
  await page.reload();
  const notice = page.getByRole('alert').filter({ hasText: w.enrol });
  await expect(notice.getByText(w.staffNote)).toBeVisible();
  await expect(page.getByRole('heading', { name: w.security, exact: true })).toBeVisible();

  // No admin page opens: the web leads back here, and the server refuses the page's calls.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(notice).toBeVisible();
  const refused = await call(page, 'GET', '/api/admin/dashboard');
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ code: 'two_factor_enrolment_required', message: w.refused }) });

  // At a phone's width the page scrolls only up and down: the moment the window narrows, and opened on the phone.
  await page.setViewportSize(PHONE);
  await expectPageFitsWindow(page);
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('passkeys').getByRole('button', { name: w.add })).toBeVisible();
  await expectPageFitsWindow(page);
  await snap(page, `staff-passkey-enrol-${lang}-390`);
  await page.setViewportSize(DESKTOP);
  await snap(page, `staff-passkey-enrol-${lang}`);

  // A passkey: named, the password again (enrolment asks for it), then the device makes it.
  await page.getByTestId('passkeys').getByRole('button', { name: w.add }).click();
  const dialog = page.getByRole('dialog', { name: w.add });
  await dialog.getByLabel(new RegExp(`^${w.name}`)).fill('Office laptop');
  await dialog.getByRole('button', { name: w.create }).click();
  await reenterPassword(page, password);
  await expect(page.getByRole('alert').filter({ hasText: w.added })).toBeVisible();
  // Their first second factor: its recovery codes, shown once, fit a phone too.
  const codes = page.getByTestId('passkeys').getByRole('list', { name: w.recoveryCodes });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await page.setViewportSize(PHONE);
  await expectPageFitsWindow(page);
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('passkeys').getByRole('button', { name: w.saved }).click();
  await expect(codes).toBeHidden();
  await expect(page.getByTestId('passkeys').getByText('Office laptop', { exact: true })).toBeVisible();
  const [credential] = await device.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');

  // With the passkey listed, the page still fits a phone; the way on opens the admin area.
  await page.setViewportSize(PHONE);
  await expectPageFitsWindow(page);
  await snap(page, `staff-passkey-enrolled-${lang}-390`);
  await page.setViewportSize(DESKTOP);
  await notice.getByRole('button', { name: w.continue }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: w.dashboard, exact: true })).toBeVisible();
  expect((await call(page, 'GET', '/api/admin/dashboard')).status).toBe(200);

  // Without the password: the passkey alone signs them in, to the admin area.
  await logOut(page, lang);
  await loginPage(page, w);
  await page.getByRole('button', { name: w.signIn }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: w.dashboard, exact: true })).toBeVisible();

  // After the password, the passkey is the second step.
  await logOut(page, lang);
  await loginPage(page, w);
  await passwordStep(page, w, email, password);
  await expect(page.getByRole('heading', { name: w.stepTitle })).toBeVisible();
  await snap(page, `staff-passkey-second-step-${lang}`);
  await page.getByRole('button', { name: w.use }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/security');
  await expect(page.getByRole('heading', { name: w.security, exact: true })).toBeVisible();
  await expect(notice).toBeHidden();
});
