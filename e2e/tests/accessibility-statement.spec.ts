import { logIn, restorePreferences, setPreferences } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The accessibility statement is linked from the footer of every page: the login page (a guest
 * page of its own build, so a document link) and the portal (a router link), in both languages;
 * the skip link comes first on each.
 */

async function skipLinkMovesFocus(page: Page, name: string) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test('from the login page footer, in English and Spanish', async ({ page }) => {
  await page.goto('/login');
  await skipLinkMovesFocus(page, 'Skip to main content');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Known limitations' })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  await page.goto('/login');
  await page.getByText('Español', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reportar un problema' })).toBeVisible();
});

test('from the portal footer, in English and Spanish', async ({ page }) => {
  await logIn(page, 'shipper@demo.test');
  try {
    await page.goto('/video-tutorials');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await skipLinkMovesFocus(page, 'Skip to main content');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();

    await setPreferences(page, { language: 'es' });
    await page.goto('/video-tutorials');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await skipLinkMovesFocus(page, 'Saltar al contenido principal');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrir el chat de soporte' })).toBeVisible();
  } finally {
    await restorePreferences(page, { language: 'en' });
  }
});
