import { expect, type Locator, type Page } from '@playwright/test';
import { tabTo } from './keyboard';

/** The payment dialogs' choice of typing a card (Pay Now, paying invoices), in either language. */
const NEW_CARD = /^(A new card|Una tarjeta nueva)$/;
const CARDHOLDER = /^(Name on card|Nombre en la tarjeta)/;

/**
 * In a payment dialog, gets to the typed card's fields: an account with saved cards (the demo's
 * shipper, billing and prepaid users have a Visa 4242) is offered its default first, so "A new
 * card" is chosen; an account without any shows the fields at once.
 */
export async function chooseNewCard(dialog: Locator) {
  const newCard = dialog.getByRole('radio', { name: NEW_CARD });
  await expect(newCard.or(dialog.getByLabel(CARDHOLDER)).first()).toBeVisible();
  if (await newCard.isVisible()) await newCard.check();
  await expect(dialog.getByLabel(CARDHOLDER)).toBeVisible();
}

/** The same with the keyboard alone: from the chosen saved card, the arrow keys move the choice to "A new card". */
export async function chooseNewCardByKeyboard(page: Page, dialog: Locator) {
  const newCard = dialog.getByRole('radio', { name: NEW_CARD });
  await expect(newCard.or(dialog.getByLabel(CARDHOLDER)).first()).toBeVisible();
  if (!(await newCard.isVisible())) return;
  // The saved card chosen (the dialog has other radios: card or bank account).
  const group = dialog.getByRole('radiogroup').filter({ has: page.getByRole('radio', { name: NEW_CARD }) });
  await tabTo(page, group.getByRole('radio', { checked: true }));
  // "A new card" comes after the saved cards.
  for (let i = 0; i < 5 && !(await newCard.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(newCard).toBeChecked();
}
