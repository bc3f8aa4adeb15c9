import type { Page } from '@playwright/test';
import { freshEmail, mailedLink, mailsTo } from '../support/flows';
import { logInAsLookAlike } from '../support/seed';
import { authenticatorCode, confirmIdentity, logIn, reenterPassword, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * A staff user who lost their phone: a super admin resets their second factor from Role
 * Management with a reason, the user is mailed and signed out, and at the next sign-in (the
 * password alone) is led to set up a factor again. In English and Spanish. The account admin's
 * switch for the team is looked at, not turned on: the demo shipper would then have to enrol.
 */

const WORDS = {
  en: {
    findUser: 'Find a user',
    reset: (name: string) => `Reset second factor of ${name}`,
    dialog: (name: string) => `Reset the second factor of ${name}`,
    reason: /^Reason/,
    submit: 'Reset second factor',
    required: 'Reason is required',
    done: (name: string) => `The second factor of ${name} was reset.`,
    mailSubject: 'Your second factor was reset',
    enrol: 'Set up a second factor to continue',
    team: 'Second factor for your team',
    teamSwitch: 'Require a second factor for every user of the account',
  },
} as const;

/** A call of the signed-in page's user, as the web makes it (CSRF header from the cookie). */
async function call(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body },
  );
}

/** Desktop, then a phone's width. */
async function snapBoth(page: Page, name: string) {
  await snap(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// In English only: the flow is the same in Spanish, whose screens the every-page walk reads with
// their dialogs at desktop and phone width (a11y-every-page.spec.ts).
const lang = 'en';
const w = WORDS[lang];

test(`a super admin resets a staff user's lost second factor with a reason; the user is led to set one up again (${lang})`, async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail(`reset-${lang}`);
  const name = `Rita Reset${lang}`;
  const password = 'Welcome#2026';

  // A new staff user, invited (set up over the API: the invitation has its own scenario), with an authenticator app.
  const superAdmin = await logInAsLookAlike(page, 'super@demo.test', 'reset-super');
  // Staff confirm who they are with their second factor, not the password.
  await confirmIdentity(page, superAdmin.password);
  const invited = await call(page, 'POST', '/api/admin/roles/invitations', {
    first_name: 'Rita',
    last_name: name.split(' ')[1],
    email,
    roles: ['fpg_ops'],
  });
  expect(invited).toBe(201);
  const staff = await browser.newPage();
  await staff.goto(await mailedLink(email, '/reset-password/'));
  await staff.getByLabel(/^New password/).fill(password);
  await staff.getByLabel(/^Confirm password/).fill(password);
  await staff.getByRole('button', { name: 'Reset password' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible();
  await logIn(staff, email, { password: password });
  await expect(staff).toHaveURL(/\/admin\/security$/);
  await setPreferences(staff, { language: lang });
  const app = staff.getByTestId('authenticator-app');
  await staff.reload();
  await app.getByRole('button', { name: /^(Set up authenticator app|Configurar aplicación de autenticación)$/ }).click();
  await reenterPassword(staff, password);
  const secret = ((await app.getByTestId('authenticator-secret').textContent()) ?? '').replace(/\s+/g, '');
  await app.getByLabel(/^(Authentication code|Código de autenticación)/).fill(await authenticatorCode(email, secret));
  await app.getByRole('button', { name: /^(Turn on|Activar)$/ }).click();
  await app.getByRole('button', { name: /^(I have saved them|Ya los guardé)$/ }).click();
  await staff.getByRole('button', { name: /^(Continue|Continuar)$/ }).click();
  await expect(staff).toHaveURL(/\/admin\/dashboard/);

  // The super admin, in the scenario's language, resets it from Role Management: the reason is required.
  await setPreferences(page, { language: lang });
  await page.goto(`/admin/roles?q=${encodeURIComponent(email)}`);
  await expect(page.getByLabel(w.findUser)).toHaveValue(email);
  await page.getByRole('button', { name: w.reset(name) }).click();
  const dialog = page.getByRole('dialog', { name: w.dialog(name) });
  await dialog.getByRole('button', { name: w.submit }).click();
  const reason = dialog.getByRole('textbox', { name: w.reason });
  await expect(reason).toHaveAccessibleDescription(w.required);
  await snapBoth(page, `staff-two-factor-reset-${lang}`);
  await reason.fill('Lost phone; identity checked by a video call with her manager');
  await dialog.getByRole('button', { name: w.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(w.done(name))).toBeVisible();

  // The user is told by mail, in their language, and was signed out everywhere.
  await expect.poll(() => mailsTo(email).map((m) => m.subject)).toContain(w.mailSubject);
  await staff.goto('/admin/dashboard');
  await expect(staff).toHaveURL(/\/login/);

  // The password alone signs them in now, and every page leads to setting up a factor again.
  await logIn(staff, email, { password: password });
  await expect(staff).toHaveURL(/\/admin\/security$/);
  await expect(staff.getByText(w.enrol)).toBeVisible();
  await snapBoth(staff, `staff-two-factor-after-reset-${lang}`);
  await staff.close();
});

test(`the account admin reads the switch that requires a second factor of the team (${lang})`, async ({ page }) => {
  await logInAsLookAlike(page, 'shipper@demo.test', 'team-two-factor-shipper', { settings: { language: lang }, at: '/settings/security' });
  const panel = page.getByTestId('team-two-factor');
  await expect(panel.getByRole('heading', { name: w.team })).toBeVisible();
  await expect(panel.getByRole('switch', { name: w.teamSwitch })).not.toBeChecked();
  await panel.scrollIntoViewIfNeeded();
  await snapBoth(page, `team-two-factor-${lang}`);
});
