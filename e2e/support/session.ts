import { isStaff } from '@freight/domain';
import { type Browser, type Cookie, expect, type Page, type Response } from '@playwright/test';
import { generateSync } from 'otplib';
import { pageRequest, withApiClient } from './api';
import { refuseSharedDemoUser } from './shared-demo-users';

export const DEMO_PASSWORD = 'Demo#2026';
/** The authenticator secret every demo staff user is enrolled with (README.md). */
export const DEMO_STAFF_TOTP_SECRET = 'FREIGHTPORTALDEMOSTAFFTWOFACTORA';

const STEP_MS = 30_000;
/** The authenticator secrets of the staff a scenario seeded (support/seed.ts); the demo staff share DEMO_STAFF_TOTP_SECRET. */
const ownSecrets = new Map<string, string>();
/**
 * Notes the secret `email`'s authenticator was enrolled with just now, for every code made for
 * them from here on; the enrolment took the step before this one.
 */
export function rememberAuthenticatorSecret(email: string, secret: string) {
  ownSecrets.set(email.toLowerCase(), secret);
  lastStep.set(email, Math.floor(Date.now() / STEP_MS) - 1);
}
/** Per user, the 30-second step of the last code typed here. */
const lastStep = new Map<string, number>();

/**
 * The authenticator's code for `email`, for the scenario server's clock (the real one). A code is
 * accepted once and never after a newer one, while the server also takes the next step's code (a
 * phone a little ahead): so a second sign-in within a step uses the next step's code, and a third
 * waits for the step to turn.
 */
export async function authenticatorCode(email: string, secret = ownSecrets.get(email.toLowerCase()) ?? DEMO_STAFF_TOTP_SECRET) {
  const now = Date.now();
  const step = Math.max(Math.floor(now / STEP_MS), (lastStep.get(email) ?? 0) + 1);
  const wait = (step - 1) * STEP_MS - now;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  lastStep.set(email, step);
  return generateSync({ secret, epoch: (step * STEP_MS) / 1000 });
}

const isPost = (path: string) => (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === path;

/** The answer to the password step the page is about to send (start waiting before the click). */
export const passwordStepAnswer = (page: Page) => page.waitForResponse(isPost('/login'));

/** How a scenario puts a code into the second step's field and sends it: the mouse by default. */
export type SendCode = (page: Page, code: string) => Promise<void>;
const fillAndClick: SendCode = async (page, code) => {
  await page.getByLabel(/^(Authentication code|Código de autenticación)/).fill(code);
  await page.getByRole('button', { name: /^(Verify|Verificar)$/ }).click();
};

/**
 * The second step of sign-in, on the login page: types the authenticator's code and verifies it.
 * When another process (an API sign-in, an earlier worker, a retry's fresh worker) had used that
 * code, the next one goes. English or Spanish UI.
 */
export async function enterAuthenticatorCode(page: Page, email: string, secret?: string, send = fillAndClick) {
  for (let attempt = 1; ; attempt++) {
    const code = await authenticatorCode(email, secret);
    const answer = page.waitForResponse(isPost('/two-factor-challenge'));
    await send(page, code);
    const status = (await answer).status();
    if (status !== 422 || attempt === 3) {
      expect(status, `second step of ${email}`).toBe(204);
      return;
    }
  }
}

/** Who each page last logged in as, and on which server, so a scenario's clean-up can reach the user without the page. */
const loggedInAs = new WeakMap<Page, { email: string; password: string; origin: string }>();

/**
 * Starts the scenario signed in as `email`, on the user's home page (a guard's page when the user
 * owes one, as after the login page). The sign-in goes over the API from a document of the
 * server's origin that has no script (/healthz), the same requests the login page sends (the
 * password, then the authenticator's code for a user with a second factor), and the answered user
 * is stored as the login page stores it: the login page's own load, its form coming alive and the
 * typing were a good part of every scenario's cost, and only the scenarios about signing in need
 * them (they use the page: `logInHere`). `at`: the page to open instead of the home page, for a
 * scenario that starts elsewhere (a page load less: each costs the browser about a second of CPU).
 * `settings`: the user's preferences (as setPreferences) saved before any portal page opens, so the
 * first page is already in them and the user stored with them. Only a user other scenarios share
 * (a demo user) needs them put back afterwards (restorePreferences); a scenario's own user or a
 * look-alike keeps them.
 */
export async function logIn(page: Page, email: string, { password = DEMO_PASSWORD, at, settings }: LogInOptions = {}) {
  refuseSharedDemoUser(email);
  await page.goto('/healthz');
  loggedInAs.set(page, { email, password, origin: new URL(page.url()).origin });
  const open = { at, settings };
  if (await resumeSession(page, email, open)) return;
  // A fresh token, as the login page fetches one: a token kept from a session that ended since is refused.
  await pageRequest(page, 'GET', '/sanctum/csrf-cookie');
  const first = await pageRequest(page, 'POST', '/login', { email, password, remember: false });
  expect(first.status, `sign-in of ${email}: ${first.text}`).toBeLessThan(300);
  const secondFactor = first.status === 200 && (JSON.parse(first.text) as { two_factor?: boolean }).two_factor === true;
  if (secondFactor) {
    for (let attempt = 1; ; attempt++) {
      const { status } = await pageRequest(page, 'POST', '/two-factor-challenge', { code: await authenticatorCode(email) });
      // A code another process used meanwhile (an earlier worker, a retry's fresh worker): the next one goes.
      if (status !== 422 || attempt === 3) {
        expect(status, `second step of ${email}`).toBe(204);
        break;
      }
    }
    const origin = new URL(page.url()).origin;
    // Signing in is no confirmation on the server (a step-up right after still asks).
    secondFactorSessions.set(sessionKey(page, email), { cookies: await page.context().cookies(origin), confirmedAt: 0 });
  }
  await openSignedIn(page, open);
}

/**
 * A page in a context of its own, `width` wide, signed in as `email` in `language` (saved for the
 * user, as logIn's `settings`) and open on `at` or the user's home page: for the scenarios that
 * read the same pages in each language, at desktop and at phone width.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  { language, width, height = 900, at, password }: { language: string; width: number; height?: number; at?: string; password?: string },
) {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await logIn(page, email, { settings: { language }, at, password });
  return page;
}

interface LogInOptions {
  password?: string;
  at?: string;
  settings?: Record<string, string>;
}
/** What the page opens on once signed in, and the settings saved before it opens. */
type OpenOptions = Pick<LogInOptions, 'at' | 'settings'>;

/**
 * Saves `settings`, stores the session's user where the login page leaves it (AUTH_STATE, GET
 * /api/user's `data`) and opens `at`, or where the login page would have sent them (the web's homeFor).
 */
async function openSignedIn(page: Page, { at, settings }: OpenOptions) {
  if (settings) await setPreferences(page, settings);
  const user = await pageRequest(page, 'GET', '/api/user');
  expect(user.status, 'GET /api/user after signing in').toBe(200);
  const stored = (JSON.parse(user.text) as { data: { roles: string[] } }).data;
  await page.evaluate((u) => window.localStorage.setItem('AUTH_STATE', u), JSON.stringify(stored));
  await page.goto(at ?? (isStaff(stored.roles) ? '/admin/dashboard' : '/'));
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Per server and user, the session cookies of a user who signed in with the second factor, and
 * when that session last confirmed who it is. The authenticator gives one fresh code a step and
 * the server takes each once: signing a staff user in anew for every scenario waited up to 30 s
 * a time, minutes in a run. A scenario that is not about signing in resumes the session instead.
 */
const secondFactorSessions = new Map<string, { cookies: Cookie[]; confirmedAt: number }>();
/** A confirmation lasts 10 minutes on the server: a session confirmed since then is not resumed, so a scenario that expects to be asked is asked. */
const CONFIRMATION_MS = 11 * 60_000;
const sessionKey = (page: Page, email: string) => `${new URL(page.url()).origin} ${email}`;

/** Carries on the user's earlier session on this (fresh) page, when it is still alive: true if it did. */
async function resumeSession(page: Page, email: string, open: OpenOptions) {
  const key = sessionKey(page, email);
  const saved = secondFactorSessions.get(key);
  if (!saved || Date.now() - saved.confirmedAt < CONFIRMATION_MS) return false;
  await page.context().addCookies(saved.cookies);
  if ((await pageRequest(page, 'GET', '/api/user')).status !== 200) {
    // Ended meanwhile (a logout, a reset): sign in anew, without the dead cookies.
    secondFactorSessions.delete(key);
    await page.context().clearCookies();
    return false;
  }
  await openSignedIn(page, open);
  return true;
}

/** Notes that the page's session has just confirmed who it is (it is not resumed while that lasts). */
function confirmedNow(page: Page) {
  const user = loggedInAs.get(page);
  const saved = user && page.url().startsWith('http') ? secondFactorSessions.get(sessionKey(page, user.email)) : undefined;
  if (saved) saved.confirmedAt = Date.now();
}

/**
 * Logs in on the login page the browser shows, such as the one a guard sent a guest to from a
 * mailed link, so the page carries on where it was asked to (its `redirect`).
 */
export async function logInHere(page: Page, email: string, password = DEMO_PASSWORD) {
  refuseSharedDemoUser(email);
  loggedInAs.set(page, { email, password, origin: new URL(page.url()).origin });
  // A scenario that switched the user to Spanish may find the login page already in Spanish.
  const emailField = await loginFormAlive(page);
  await emailField.fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  const answer = passwordStepAnswer(page);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  const secondFactor = await asksSecondFactor(await answer);
  if (secondFactor) await enterAuthenticatorCode(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  if (secondFactor) {
    const origin = new URL(page.url()).origin;
    // Signing in is no confirmation on the server (a step-up right after still asks).
    secondFactorSessions.set(sessionKey(page, email), { cookies: await page.context().cookies(origin), confirmedAt: 0 });
  }
}

/**
 * The login page's email field once React holds it. The page comes prerendered, and what is typed
 * before its script takes the form over is lost (the form is sent empty, and stays on /login).
 */
export async function loginFormAlive(page: Page) {
  const emailField = page.getByLabel(/^(Email|Correo electrónico)/);
  await expect
    .poll(() => emailField.evaluate((field) => Object.keys(field).some((key) => key.startsWith('__reactProps$'))), {
      message: 'the login form to come alive',
    })
    .toBe(true);
  return emailField;
}

/** Whether the password step's answer asks for the second factor. */
export async function asksSecondFactor(res: Response) {
  return res.status() === 200 && (await res.json()).two_factor === true;
}

export async function authState(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('AUTH_STATE'));
}

/**
 * Saves a screenshot to look at (e2e/.artifacts/screens, or the folder E2E_SCREENS names): the whole
 * page from its top (scrolled, the page would be drawn with its sticky header where the window
 * was), or with `{ fullPage: false }` what the window shows as it is. CI takes none unless
 * E2E_SCREENS names a folder: nobody looks at them there, and its hundreds of full-page PNGs cost
 * the browser and the runner minutes of the two cores the tests share.
 */
export async function snap(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.CI && !process.env.E2E_SCREENS) return;
  const folder = process.env.E2E_SCREENS ?? `${import.meta.dirname}/../.artifacts/screens`;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage });
}

/** Changes the logged-in user's preferences through the API, as the settings page does. */
export async function setPreferences(page: Page, settings: Record<string, string>) {
  expect((await pageRequest(page, 'PUT', '/api/settings', settings)).status).toBe(200);
}

/**
 * A scenario's clean-up: puts the user's preferences back. When the page is gone (the scenario
 * timed out) it signs the same user in over the API, so a failing Spanish scenario neither leaves
 * the demo user in Spanish for the ones after it nor hides its own error behind this one's.
 */
export async function restorePreferences(page: Page, settings: Record<string, string>) {
  if (!page.isClosed() && page.url().startsWith('http')) {
    const done = await setPreferences(page, settings).then(
      () => true,
      () => false,
    );
    if (done) return;
  }
  const user = loggedInAs.get(page);
  if (!user) return;
  await withApiClient(user.origin, async (send) => {
    const login = await send('POST', '/login', { email: user.email, password: user.password });
    if (login.status === 200 && JSON.parse(login.text).two_factor === true) {
      await send('POST', '/two-factor-challenge', { code: await authenticatorCode(user.email) });
    }
    await send('PUT', '/api/settings', settings);
  });
}

/** The confirmation dialog's names: the password's (no second factor), or the second factor's. */
export const CONFIRM_DIALOG = /^(Confirm password|Confirmar contraseña|Confirm it's you|Confirme que es usted)$/;

/**
 * Answers the confirmation dialog a sensitive change or a grant of power opens (the server's 423)
 * with what it asks of the user: the password (a user without a second factor); the
 * authenticator's code (of `factor.secret`, the demo staff's unless told, for `factor.email` or the
 * user `logIn` signed in), a code taken elsewhere meanwhile making way for the next; or the passkey
 * of the page's virtual authenticator. The dialog closes and the save goes on. English or Spanish UI.
 */
export async function reenterPassword(page: Page, password = DEMO_PASSWORD, factor: { email?: string; secret?: string } = {}) {
  const dialog = page.getByRole('dialog', { name: CONFIRM_DIALOG });
  const passwordField = dialog.getByLabel(/^(Password|Contraseña)/);
  const codeField = dialog.getByLabel(/^(Authentication code|Código de autenticación)/);
  const passkey = dialog.getByRole('button', { name: /^(Use a passkey|Usar una llave de acceso)$/ });
  const confirm = dialog.getByRole('button', { name: /^(Confirm|Confirmar)$/ });
  await expect(passwordField.or(codeField).or(passkey).first()).toBeVisible();
  if (await passwordField.isVisible()) {
    await passwordField.fill(password);
    await confirm.click();
  } else if (await codeField.isVisible()) {
    const email = factor.email ?? loggedInAs.get(page)?.email;
    if (!email) throw new Error('reenterPassword: whose authenticator? Sign in with logIn, or name the email');
    for (let attempt = 1; ; attempt++) {
      await codeField.fill(await authenticatorCode(email, factor.secret));
      const answer = page.waitForResponse(isPost('/user/confirm-password'));
      await confirm.click();
      const status = (await answer).status();
      if (status !== 422 || attempt === 3) {
        expect(status, `confirmation of ${email}`).toBe(201);
        break;
      }
    }
  } else {
    await passkey.click();
  }
  await expect(dialog).toBeHidden();
  confirmedNow(page);
}

/**
 * Confirms who the page's user is over the API, as the dialog would (for a scenario that sets
 * things up through the API): the password, or for a user with an authenticator app its code (the
 * demo staff's secret unless told). Answers the confirmation's status (201).
 */
export async function confirmIdentity(page: Page, password = DEMO_PASSWORD, factor: { email?: string; secret?: string } = {}) {
  const send = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const answer = await pageRequest(page, method, path, body);
    return { status: answer.status, body: answer.status === 200 ? JSON.parse(answer.text) : null };
  };
  const proofs = ((await send('GET', '/user/confirmed-password-status')).body?.proofs ?? []) as string[];
  let status = 0;
  if (!proofs.includes('totp')) status = (await send('POST', '/user/confirm-password', { password })).status;
  else {
    const email = factor.email ?? loggedInAs.get(page)?.email;
    if (!email) throw new Error('confirmIdentity: whose authenticator? Sign in with logIn, or name the email');
    for (let attempt = 1; attempt <= 3 && status !== 201; attempt++) {
      status = (await send('POST', '/user/confirm-password', { code: await authenticatorCode(email, factor.secret) })).status;
    }
  }
  if (status === 201) confirmedNow(page);
  return status;
}
