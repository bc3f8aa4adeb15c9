import { expect, type Page, type Response, request } from '@playwright/test';
import { generateSync } from 'otplib';

export const DEMO_PASSWORD = 'Demo#2026';
/** The authenticator secret every demo staff user is enrolled with (README.md). */
export const DEMO_STAFF_TOTP_SECRET = 'FREIGHTPORTALDEMOSTAFFTWOFACTORA';

const STEP_MS = 30_000;
/** Per user, the 30-second step of the last code typed here. */
const lastStep = new Map<string, number>();

/**
 * The authenticator's code for `email`, for the scenario server's clock (the real one). A code is
 * accepted once and never after a newer one, while the server also takes the next step's code (a
 * phone a little ahead): so a second sign-in within a step uses the next step's code, and a third
 * waits for the step to turn.
 */
export async function authenticatorCode(email: string, secret = DEMO_STAFF_TOTP_SECRET) {
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

/**
 * The second step of sign-in, on the login page: types the authenticator's code and verifies it.
 * When another process (an API sign-in, an earlier worker) had used that code, the next one goes.
 * English or Spanish UI.
 */
export async function enterAuthenticatorCode(page: Page, email: string, secret = DEMO_STAFF_TOTP_SECRET) {
  for (let attempt = 1; ; attempt++) {
    await page.getByLabel(/^(Authentication code|Código de autenticación)/).fill(await authenticatorCode(email, secret));
    const answer = page.waitForResponse(isPost('/two-factor-challenge'));
    await page.getByRole('button', { name: /^(Verify|Verificar)$/ }).click();
    const status = (await answer).status();
    if (status !== 422 || attempt === 3) {
      expect(status, `second step of ${email}`).toBe(204);
      return;
    }
  }
}

/** Who each page last logged in as, so a scenario's clean-up can reach the user without the page. */
const loggedInAs = new WeakMap<Page, { email: string; password: string }>();

/**
 * Logs in through the login page, as a person would; a user the server asks for a second factor
 * (the demo staff) types the authenticator's code next.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  loggedInAs.set(page, { email, password });
  await page.goto('/login');
  // A scenario that switched the user to Spanish may find the login page already in Spanish.
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  const answer = passwordStepAnswer(page);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  if (await asksSecondFactor(await answer)) await enterAuthenticatorCode(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Whether the password step's answer asks for the second factor. */
export async function asksSecondFactor(res: Response) {
  return res.status() === 200 && (await res.json()).two_factor === true;
}

export async function authState(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('AUTH_STATE'));
}

/** Saves a screenshot to look at (e2e/.artifacts/screens). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `${import.meta.dirname}/../.artifacts/screens/${name}.png`, fullPage: true });
}

/** Changes the logged-in user's preferences through the API, as the settings page does. */
export async function setPreferences(page: Page, settings: Record<string, string>) {
  const status = await page.evaluate(async (body) => {
    const token = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
    const res = await fetch('/api/settings', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token },
      body: JSON.stringify(body),
    });
    return res.status;
  }, settings);
  expect(status).toBe(200);
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
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` });
  try {
    await api.get('/sanctum/csrf-cookie');
    const xsrf = async () => decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const headers = async () => ({ 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': await xsrf() });
    const login = await api.post('/login', { data: { email: user.email, password: user.password }, headers: await headers() });
    if (login.status() === 200 && (await login.json()).two_factor === true) {
      await api.post('/two-factor-challenge', { data: { code: await authenticatorCode(user.email) }, headers: await headers() });
    }
    await api.put('/api/settings', { data: settings, headers: await headers() });
  } finally {
    await api.dispose();
  }
}

/**
 * Answers the password dialog a grant of power opens (the server's 423): the password again,
 * then Confirm; the dialog closes and the save goes on. English or Spanish UI.
 */
export async function reenterPassword(page: Page, password = DEMO_PASSWORD) {
  const dialog = page.getByRole('dialog', { name: /^(Confirm password|Confirmar contraseña)$/ });
  await dialog.getByLabel(/^(Password|Contraseña)/).fill(password);
  await dialog.getByRole('button', { name: /^(Confirm|Confirmar)$/ }).click();
  await expect(dialog).toBeHidden();
}
