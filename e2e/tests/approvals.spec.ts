import type { Page } from '@playwright/test';
import { bookFirstRate } from '../support/booking';
import { freshEmail, logOut, mailWithLink } from '../support/flows';
import { expectRates, fillItem, fillLane, shownTotals } from '../support/quote';
import { seedColleague, seedCompany, uniqueCompanyName } from '../support/seed';
import { logIn, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Approvals, in a company of the scenario's own (on credit terms: its bookings go without a card):
 * its shipper with a $500.00 booking limit (Cody Clerk, as the demo team's) books a light LTL
 * shipment under it, then a heavy one over it, which waits, and another they withdraw at once; the
 * account admin finds the one booking waiting on the Approvals item and the home page, opens the
 * mailed Approve link, signs in, approves it in the portal (none waits then), and the shipment
 * shows it was booked by the shipper and approved by the admin. In Spanish, the booker withdraws a
 * booking from its page, and the admin declines another from the Approvals page with a reason.
 * Nothing decides by the link alone. No other scenario books in the company: the counts are exact.
 */

/**
 * A company of the scenario's own on credit terms, its account admin and a shipper with a $500.00
 * booking limit; nobody signed in.
 */
async function ownTeam(tag: string) {
  const admin = { email: freshEmail(`${tag}-admin`), password: 'Approvals#2026' };
  const company = await seedCompany({ ...admin, company: uniqueCompanyName('Approvals Freight') }, { onCredit: true });
  const clerk = await seedColleague(company, tag, 'shipper', { bookingLimitCents: 50_000, firstName: 'Cody', lastName: 'Clerk' });
  return { admin, clerk };
}

/** The Approvals item of the navigation (`label`), whose name then carries the count of bookings waiting in words (`count`). */
const approvalsItem = (page: Page, label: string, count = '') =>
  page
    .getByRole('navigation', { name: /^(Main navigation|Navegación principal)$/ })
    .getByRole('link', { name: new RegExp(`^${label}\\s*${count}$`) });

/**
 * The Approvals item's badge shows `count` bookings waiting, none for 0. Asserted, not read: the
 * count comes by a request of its own after the navigation shows, and again after a decision, and
 * the badge leaves when none waits; a read of a badge on its way out waits for it forever.
 */
async function expectWaiting(page: Page, count: number) {
  const badge = page.getByTestId('approvals-badge');
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}

/** The booker withdraws a held booking: asked first, then said. */
async function withdraw(page: Page, words: { button: string; title: string }) {
  await page.getByRole('button', { name: words.button }).click();
  const dialog = page.getByRole('dialog', { name: words.title });
  await dialog.getByRole('button', { name: words.button }).click();
  await expect(dialog).toBeHidden();
}

/** Quotes Chicago -> Atlanta, `quantity` pallets of `weight` lb each, and books the cheapest rate; answers its total. */
async function quoteAndBook(page: Page, quantity: string, weight: string, language: 'en' | 'es' = 'en') {
  await page.goto('/quote-shipment');
  await fillLane(page, { from: '60601', to: '30303' });
  const line = await fillItem(page, 0, { packageType: 'Pallets', length: '48', width: '40', height: '48', weight });
  await line.getByLabel('Quantity').fill(quantity);
  await page.getByLabel('Shipment value').fill('1000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expectRates(page);
  const [cheapest] = await shownTotals(page);
  await bookFirstRate(page, language);
  return cheapest ?? 0;
}

test('a booking over the shipper limit waits; the admin approves it from the mailed link', async ({ page }) => {
  test.setTimeout(120_000);
  const { admin, clerk } = await ownTeam('approve');
  await logIn(page, clerk.email, { password: clerk.password });
  const light = await quoteAndBook(page, '1', '300');
  expect(light).toBeLessThanOrEqual(500);
  await expect(page.getByRole('heading', { name: 'Shipment booked' })).toBeVisible();

  const heavy = await quoteAndBook(page, '6', '1000');
  expect(heavy).toBeGreaterThan(500);
  await expect(page.getByRole('heading', { name: 'Your booking waits for approval' })).toBeVisible();
  await expect(page.getByText(/over the booking limit/)).toBeVisible();
  await snap(page, 'approval-held');
  await page.getByRole('link', { name: 'See my approvals' }).click();
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The admin's mailed link for this one, before another booking is held.
  const mail = await mailWithLink(admin.email, '/approvals/link/');
  expect(mail.subject).toMatch(/^A booking waits for your approval/);
  const approveLink = new URL(mail.link).pathname;

  // Another booking over the limit, withdrawn by its booker on the spot.
  await quoteAndBook(page, '6', '1050');
  await expect(page.getByRole('heading', { name: 'Your booking waits for approval' })).toBeVisible();
  await withdraw(page, { button: 'Withdraw request', title: 'Withdraw this booking request?' });
  await expect(page.getByRole('heading', { name: 'You withdrew this booking request' })).toBeVisible();
  await expect(page.getByText('You withdrew this booking request. Nothing was booked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  await logOut(page);

  // The admin sees the one booking waiting (the withdrawn one does not), on the Approvals item and on the home page.
  await logIn(page, admin.email, { password: admin.password, at: '/' });
  await expectWaiting(page, 1);
  await expect(approvalsItem(page, 'Approvals', '1 booking waits for your approval')).toBeVisible();
  await expect(page.getByTestId('pending-approvals-notice')).toContainText('1 booking waits for your approval');
  await snap(page, 'approvals-waiting');

  // The mailed link leads to the booking with the decision asked.
  await page.goto(approveLink);
  const dialog = page.getByRole('dialog', { name: 'Approve this booking' });
  await expect(dialog).toContainText('in the name of Cody Clerk');
  await snap(page, 'approval-dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Booked\. BOL \d{17}\.$/)).toBeVisible();
  // None waits now: the count follows the decision.
  await expectWaiting(page, 0);
  await expect(approvalsItem(page, 'Approvals')).toBeVisible();
  await page.getByRole('link', { name: 'View the shipment' }).first().click();
  await expect(page.getByTestId('ref-booked-by')).toContainText('Cody Clerk');
  await expect(page.getByTestId('ref-approved-by')).not.toBeEmpty();

  // The link worked once: opened again, it says so and decides nothing.
  await page.goto(approveLink);
  await expect(page.getByRole('alert')).toContainText('This approval link was already used.');
});

test('in Spanish, the booker withdraws a booking from its page, and the admin declines another with a reason', async ({ page }) => {
  test.setTimeout(120_000);
  const { admin, clerk } = await ownTeam('decline');
  await logIn(page, clerk.email, { password: clerk.password });
  await quoteAndBook(page, '6', '1100');
  await expect(page.getByRole('heading', { name: 'Your booking waits for approval' })).toBeVisible();
  await quoteAndBook(page, '6', '1150');
  await expect(page.getByRole('heading', { name: 'Your booking waits for approval' })).toBeVisible();
  // The second one, withdrawn from its page in Approvals.
  await page.getByRole('link', { name: 'See my approvals' }).click();
  // The reload below must reload the approval's page: until the link's page has landed (its
  // chunk loads first), the address is still the quote page's.
  await expect(page).toHaveURL(/\/approvals\/[0-9a-f-]{36}$/);
  await setPreferences(page, { language: 'es' });
  await page.reload();
  await withdraw(page, { button: 'Retirar la solicitud', title: '¿Retirar esta solicitud de reserva?' });
  await expect(page.getByText('Retiró esta solicitud de reserva. No se reservó nada')).toBeVisible();
  await expect(page.getByText(/^Retirada por Cody Clerk el /)).toBeVisible();
  await snap(page, 'approval-withdrawn-es');
  // Back in English, which the page takes on its next load: the logout below reads the English
  // menu, and the booker's mail about the decline comes in their language.
  await setPreferences(page, { language: 'en' });
  await page.reload();
  await logOut(page);

  await logIn(page, admin.email, { password: admin.password, settings: { language: 'es' }, at: '/approvals' });
  await expect(page.getByRole('heading', { name: 'Aprobaciones', level: 1 })).toBeVisible();
  // The first one waits; the withdrawn one does not.
  await expectWaiting(page, 1);
  await expect(approvalsItem(page, 'Aprobaciones', '1 reserva espera su aprobación')).toBeVisible();
  // The withdrawn one is listed as such.
  await page.getByLabel('Estado').selectOption('withdrawn');
  await expect(page.getByRole('row', { name: /Chicago, IL → Atlanta, GA/ }).first()).toContainText('Retirada');
  await page.goto('/approvals');
  await page
    .getByRole('link', { name: /Chicago, IL → Atlanta, GA/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechazar esta reserva' });
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(dialog.getByText('El motivo es obligatorio')).toBeVisible();
  await dialog.getByLabel(/^Motivo/).fill('Use el servicio de 5 días');
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('La reserva fue rechazada y se avisó a Cody Clerk.')).toBeVisible();
  await expect(page.getByText('Motivo: Use el servicio de 5 días')).toBeVisible();
  // None waits now.
  await expectWaiting(page, 0);
  await expect(approvalsItem(page, 'Aprobaciones')).toBeVisible();
  await snap(page, 'approval-declined-es');
  const told = await mailWithLink(clerk.email, '/approvals/');
  expect(told.subject).toBe('Your booking was declined');
});
