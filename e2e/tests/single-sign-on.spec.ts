import { freshEmail } from '../support/flows';
import { startAsNewCompany } from '../support/seed';
import { loginFormAlive, reenterPassword, snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * Single sign-on, in English and Spanish: a new company's admin connects the local OpenID provider
 * simulator in Settings > Security (a grant of power: the password is asked again first), adds an
 * email domain, publishes its TXT record (at the simulator's DNS) and verifies it; then a colleague
 * of that domain signs in through the provider from the login page and lands in the portal as a new
 * user of the company.
 */
const WORDS = {
  en: {
    language: 'English',
    issuer: 'Issuer URL',
    clientId: 'Client ID',
    secret: 'Client secret',
    connect: 'Connect provider',
    domain: 'Domain',
    addDomain: 'Add domain',
    verify: 'Verify',
    verified: 'Verified',
    continue: 'Continue with single sign-on',
    confirmTitle: 'Confirm password',
    reauthenticate: 'For this change, please enter your password again.',
    save: 'Save provider',
  },
} as const;

/** Signs out through the API (the profile menu's words differ by language) and forgets the stored user. */
async function signOut(page: Page) {
  await page.evaluate(async () => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
    await fetch('/logout', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token } });
    window.localStorage.clear();
  });
}

// In English only: the flow is the same in Spanish, whose screens the every-page walk reads with
// their dialogs at desktop and phone width (a11y-every-page.spec.ts).
const lang = 'en';
const w = WORDS[lang];

test(`an account admin connects the provider and a colleague signs in through it (${lang})`, async ({ page }) => {
  test.setTimeout(120_000);
  await startAsNewCompany(page, {
    email: freshEmail(`sso-${lang}`),
    password: 'Start#2026',
    company: `SSO ${lang} Freight`,
    language: w.language,
  });
  const origin = new URL(page.url()).origin;
  const domain = `sso-${lang}-${Date.now()}.test`;

  await page.goto('/settings/security');
  const panel = page.getByTestId('single-sign-on');
  await panel.getByLabel(new RegExp(`^${w.issuer}`)).fill(`${origin}/oidc-sim`);
  await panel.getByLabel(new RegExp(`^${w.clientId}`)).fill('freight-portal');
  await panel.getByLabel(new RegExp(`^${w.secret}`)).fill('simulator-secret');
  await panel.getByRole('button', { name: w.connect }).click();
  // Who signs in to the company, and how, is a grant of power: the password again, then the save goes on.
  await expect(page.getByRole('dialog', { name: w.confirmTitle })).toContainText(w.reauthenticate);
  await snap(page, `sso-confirm-${lang}`);
  await reenterPassword(page, 'Start#2026');
  await expect(panel.getByRole('button', { name: w.save })).toBeVisible();
  await expect(panel.getByText(`${origin}/sso/callback`)).toBeVisible();

  await panel.getByLabel(new RegExp(`^${w.domain}`)).fill(domain);
  await panel.getByRole('button', { name: w.addDomain }).click();
  await expect(panel.getByText(`_freight-portal.${domain}`)).toBeVisible();
  // The company's DNS admin publishes the record (here: at the simulator's DNS).
  const settings = await (await page.request.get('/api/account/sso', { headers: { accept: 'application/json' } })).json();
  const record = settings.data.domains[0];
  expect((await page.request.put(`/oidc-sim/dns/${record.txt_name}`, { data: { txt: [record.txt_value] } })).status()).toBe(204);
  await snap(page, `sso-settings-${lang}`);
  await panel.getByRole('button', { name: w.verify }).click();
  await expect(panel.getByText(w.verified, { exact: true })).toBeVisible();
  await snap(page, `sso-settings-verified-${lang}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `sso-settings-verified-${lang}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A colleague: the login page offers single sign-on for the domain, the provider says who they are.
  await signOut(page);
  await page.goto('/login');
  await loginFormAlive(page);
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(`casey@${domain}`);
  const go = page.getByRole('link', { name: w.continue });
  await expect(go).toBeVisible();
  await snap(page, `sso-login-${lang}`);
  await go.click();
  await expect(page).toHaveTitle(/OpenID provider \(simulator\)/);
  await page.getByLabel('Name').fill('Casey Jordan');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/(login|oidc-sim)/);
  const me = await (await page.request.get('/api/user', { headers: { accept: 'application/json' } })).json();
  expect(me.data).toMatchObject({ email: `casey@${domain}`, first_name: 'Casey', last_name: 'Jordan' });
});
