import { logInAsLookAlike } from '../support/seed';
import { setPreferences } from '../support/session';
import { expect, type Page, test } from '../support/test';

/**
 * The accessibility statement is linked from the footer of every page: the login page (a guest
 * page of its own build, so a document link) and the portal (a router link), in both languages;
 * the skip link comes first on each. It says what the scenarios test: text resize and reflow,
 * scroll boxes, reduced motion, form errors and the phone's navigation.
 */

/** Words of each promise the statement makes, in its 'What we do' and 'How we test' lists. */
const PROMISES = {
  en: {
    met: ['200%', '320 CSS pixels', 'reduced-motion', 'overflows', 'menu button', 'no field of the form'],
    tested: ['Text-resize tests', 'Form-error tests', 'Phone tests at 390 pixels', 'every page of the portal', 'named Tab stop'],
  },
  es: {
    met: ['200%', '320 píxeles CSS', 'movimiento reducido', 'no cabe', 'botón de menú', 'ningún campo del formulario'],
    tested: [
      'Pruebas de tamaño del texto',
      'Pruebas de errores de formularios',
      'Pruebas en teléfono con 390 píxeles',
      'todas las páginas del portal',
      'parada de Tab',
    ],
  },
} as const;

async function expectPromises(page: Page, language: keyof typeof PROMISES) {
  const lists = page.getByRole('main').getByRole('list');
  const [met, tested] = [lists.nth(0), lists.nth(1)];
  for (const words of PROMISES[language].met) await expect(met.getByRole('listitem').filter({ hasText: words })).toHaveCount(1);
  for (const words of PROMISES[language].tested) await expect(tested.getByRole('listitem').filter({ hasText: words })).toHaveCount(1);
}

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
  await expectPromises(page, 'en');

  await page.goto('/login');
  await page.getByText('Español', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reportar un problema' })).toBeVisible();
  await expectPromises(page, 'es');
});

test('from the portal footer, in English and Spanish', async ({ page }) => {
  // The demo shipper's look-alike, in English whatever the demo shipper's language was when it was
  // made: its language is its own to change.
  await logInAsLookAlike(page, 'shipper@demo.test', 'a11y-statement', { settings: { language: 'en' }, at: '/video-tutorials' });
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
});
