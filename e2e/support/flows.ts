import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { loginFormAlive } from './session';
import { refuseSharedDemoUser } from './shared-demo-users';

/** The first server's log (support/serve.mjs names it by its port, which playwright.config.ts takes from E2E_PORT). */
const serverLog = join(import.meta.dirname, `../.artifacts/server-${process.env.E2E_PORT ?? 3100}.log`);

export interface Mail {
  subject: string;
  links: string[];
}

/**
 * Every mail sent to `to` so far, oldest first, as the server's outbox log lists them. The log
 * grows to megabytes over a run: only the lines that name the address are parsed.
 */
export function mailsTo(to: string): Mail[] {
  const address = to.toLowerCase();
  const mails: Mail[] = [];
  for (const line of readFileSync(serverLog, 'utf8').split('\n')) {
    if (!line.startsWith('{') || !line.includes('"mail"') || !line.includes(address)) continue;
    try {
      const entry = JSON.parse(line) as { mail?: { to: string; subject: string; links: string[] } };
      if (entry.mail?.to === address) mails.push({ subject: entry.mail.subject, links: entry.mail.links });
    } catch {
      // not a JSON log line
    }
  }
  return mails;
}

/**
 * The latest mail to `to` with a link containing `part`, waiting for the server's outbox log line
 * (support/mail.ts reads the latest mail of any kind, which may still be an earlier one while a
 * new mail is on its way to the log).
 */
export async function mailWithLink(to: string, part: string): Promise<Mail & { link: string }> {
  const found: { mail?: Mail & { link: string } } = {};
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(to).reverse()) {
          const link = mail.links.find((l) => l.includes(part));
          if (link) {
            found.mail = { ...mail, link };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${to} with a ${part} link`, timeout: 10_000 },
    )
    .toBe(true);
  return found.mail!;
}

/** The first link containing `part` in the latest such mail to `to`. */
export async function mailedLink(to: string, part: string): Promise<string> {
  return (await mailWithLink(to, part)).link;
}

/** A unique address for a user that only one scenario touches. */
export function freshEmail(tag: string) {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;
}

export interface SignUpOptions {
  email: string;
  password: string;
  firstName?: string;
  company?: string;
  /** The 'Language' option to pick under 'Account preferences', as the English form labels it. */
  language?: 'English' | 'Spanish';
}

/**
 * Signs a new company up through /signup (English form) and waits for /verify-email. The new user
 * is logged in but not verified yet.
 */
export async function signUp(page: Page, o: SignUpOptions) {
  await page.goto('/signup');
  await expect(page).toHaveTitle('Create your company account | Freight Portal');
  await page.getByLabel('Company name').fill(o.company ?? 'E2E Freight LLC');
  const contact = page.getByRole('group', { name: 'Primary contact' });
  await contact.getByLabel('First name').fill(o.firstName ?? 'Erin');
  await contact.getByLabel('Last name').fill('Tester');
  await contact.getByLabel('Email').fill(o.email);
  await contact.getByLabel('Phone').fill('(312) 555-0142');
  const address = page.getByRole('group', { name: 'Company address' });
  await address.getByLabel('Street address').fill('200 W Adams St');
  await address.getByLabel('City').fill('Chicago');
  await address.getByLabel('State/Province').fill('IL');
  await address.getByLabel('ZIP/Postal code').fill('60606');
  if (o.language) {
    const prefs = page.getByRole('group', { name: 'Account preferences' });
    await prefs.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: o.language }).click();
    await expect(prefs.getByRole('combobox', { name: 'Language' })).toHaveValue(o.language);
  }
  const password = page.getByRole('group', { name: 'Password' });
  await password.getByLabel(/^Password/).fill(o.password);
  await password.getByLabel(/^Confirm password/).fill(o.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The password's hash is made to be slow (argon2): on a busy machine the account takes seconds.
  await expect(page).toHaveURL(/\/verify-email/, { timeout: 20_000 });
}

/** Opens the latest verification link mailed to `email` and expects the 'verified' landing page. */
export async function verifyEmail(page: Page, email: string) {
  await page.goto(await mailedLink(email, '/email/verify/'));
  await expect(page).toHaveURL(/\/email-verified\?status=verified/);
}

/** Signs up and verifies a fresh user; the page is left logged in as that user. */
export async function signUpVerified(page: Page, o: SignUpOptions) {
  await signUp(page, o);
  await verifyEmail(page, o.email);
}

/** Logs out through the profile menu (English UI) and waits for /login. */
const LOGOUT_WORDS = {
  en: { menu: 'profile menu', logout: 'Logout' },
  es: { menu: 'menú del perfil', logout: 'Cerrar sesión' },
} as const;

/**
 * Logs out from the header's profile menu, choosing Logout with the keyboard once the menu is open.
 * A mouse click lands where Playwright last measured the item; twice on a busy machine the menu's
 * dropdown was still being placed, the click reached nothing and the menu closed with no logout.
 * Enter on the item reaches it wherever it is, as a keyboard user's would.
 */
export async function logOut(page: Page, language: keyof typeof LOGOUT_WORDS = 'en') {
  const words = LOGOUT_WORDS[language];
  await page.getByRole('button', { name: words.menu }).click();
  await page.getByRole('menuitem', { name: words.logout }).press('Enter');
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Fills the login form and submits it, without expecting success. It waits for the form to come
 * alive: after a logout the login page loads anew, and what is typed before its script takes over
 * is lost (the form goes empty and no answer ever shows).
 */
export async function submitLogin(page: Page, email: string, password: string) {
  refuseSharedDemoUser(email);
  await (await loginFormAlive(page)).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
