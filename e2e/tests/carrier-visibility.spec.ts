import { logInAsLookAlike } from '../support/seed';
import { snap } from '../support/session';
import { expect, type Page, test } from '../support/test';

const HIDDEN = 'Saia';
const PREFERRED = 'Averitt Express';

async function openCarrierVisibility(page: Page) {
  await page.getByRole('button', { name: 'Carrier visibility' }).click();
  const modal = page.getByRole('dialog', { name: 'Carrier visibility' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('switch', { name: `Hide ${HIDDEN}` })).toBeAttached();
  return modal;
}

test('a shipper hides one LTL carrier, prefers another, finds the choices kept, then restores them', async ({ page }) => {
  // The demo shipper's look-alike: carrier choices are a user's own, and a look-alike starts with none.
  await logInAsLookAlike(page, 'shipper@demo.test', 'carrier-visibility', { settings: { language: 'en' }, at: '/settings' });
  await expect(page.getByRole('tab', { name: 'User settings' })).toHaveAttribute('aria-selected', 'true');

  let modal = await openCarrierVisibility(page);
  for (const mode of ['LTL', 'Parcel', 'Truckload']) await expect(modal.getByRole('heading', { name: mode, exact: true })).toBeVisible();
  const hide = () => modal.getByRole('switch', { name: `Hide ${HIDDEN}` });
  const prefer = () => modal.getByRole('switch', { name: `Preferred: ${PREFERRED}` });
  await expect(hide()).not.toBeChecked();
  await expect(prefer()).not.toBeChecked();

  await hide().check({ force: true });
  await prefer().check({ force: true });
  await expect(hide()).toBeChecked();
  await expect(prefer()).toBeChecked();
  // Hide and preferred are exclusive for one carrier.
  await expect(modal.getByRole('switch', { name: `Preferred: ${HIDDEN}` })).not.toBeChecked();
  await snap(page, 'carrier-visibility-choices');
  await modal.getByRole('button', { name: 'Save' }).click();
  const updated = page.getByRole('alert').filter({ hasText: 'Account updated' });
  await expect(updated).toBeVisible();
  await expect(modal).toBeHidden();
  await updated.getByRole('button').click();
  await expect(updated).toBeHidden();

  // Kept on the server: a fresh page load shows the same choices.
  await page.reload();
  modal = await openCarrierVisibility(page);
  await expect(hide()).toBeChecked();
  await expect(prefer()).toBeChecked();

  // Restored: every carrier shown again, none preferred.
  await hide().uncheck({ force: true });
  await prefer().uncheck({ force: true });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(updated).toBeVisible();
  await expect(modal).toBeHidden();
  await page.reload();
  modal = await openCarrierVisibility(page);
  await expect(modal.getByRole('switch', { checked: true })).toHaveCount(0);
});
