import { expect, type Page, request } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo#2026';

/** Who each page last logged in as, so a scenario's clean-up can reach the user without the page. */
const loggedInAs = new WeakMap<Page, { email: string; password: string }>();

/** Logs in through the login page, as a person would. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  loggedInAs.set(page, { email, password });
  await page.goto('/login');
  // A scenario that switched the user to Spanish may find the login page already in Spanish.
  await page.getByLabel(/^(Email|Correo electrónico)/).fill(email);
  await page.getByLabel(/^(Password|Contraseña)/).fill(password);
  await page.getByRole('button', { name: /^(Log in|Iniciar sesión)$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
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
    await api.post('/login', { data: { email: user.email, password: user.password }, headers: await headers() });
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
