import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo#2026';

/** Logs in through the login page, as a person would. */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
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
