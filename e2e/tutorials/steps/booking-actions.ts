import { expect } from '@playwright/test';
import type { Director } from '../director';

/**
 * What the quote-and-book tutorials do alike on the Book Shipment step; each says it in its own
 * captions.
 */

/** Fills both ends of the booking from the demo address book (Lakeshore to Trinity). */
export async function pickDemoContacts(t: Director) {
  const pickup = t.page.getByRole('group', { name: 'Pickup information' });
  const delivery = t.page.getByRole('group', { name: 'Delivery information' });
  await t.type(pickup.getByLabel('Pick the pickup from your address book'), 'Lakeshore');
  await t.click(t.page.getByRole('option', { name: /Lakeshore Industrial Supply/ }));
  await t.type(delivery.getByLabel('Pick the delivery from your address book'), 'Trinity');
  await t.click(t.page.getByRole('option', { name: /Trinity Restaurant Equipment/ }));
  await expect(delivery.getByLabel(/^Company\/location name/)).toHaveValue('Trinity Restaurant Equipment');
}

/** Answers 'No' to the residential / lift-gate question and accepts the disclaimer. */
export async function answerNoAndAccept(t: Director) {
  await t.click(t.page.getByRole('radio', { name: 'No' }));
  await t.click(t.page.getByRole('checkbox', { name: /I have read and accept the/ }));
}

/** Books and waits for the confirmation. */
export async function bookShipment(t: Director) {
  await t.click(t.page.getByRole('button', { name: 'Book shipment', exact: true }));
  await expect(t.page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();
  await t.pause(400);
}
