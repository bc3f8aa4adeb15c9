import { rateInSpanish } from '../support/booking';
import { freshEmail } from '../support/flows';
import { publishContractLane } from '../support/pricing';
import { ratePallets, shownTotals } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logInAsLookAlike, seedCompany, uniqueCompanyName } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Pricing is live (docs/brokerage.md): a contract lane a sales admin publishes for an account
 * prices that account's next quote on the lane, whatever each carrier's cost; the shipper sees
 * the contract price on every rate. Each scenario prices a company of its own (seeded), so the
 * lane reaches no other scenario's quotes.
 */

/** A company of this scenario's with its admin's sign-in, in `language`. */
async function ownCompany(tag: string, language: 'English' | 'Spanish') {
  const shipper = { email: freshEmail(tag), password: 'Lanes#2026', company: uniqueCompanyName('Lane'), language } as const;
  await seedCompany(shipper);
  return shipper;
}

test("a sales admin gives a company a contract lane Chicago -> Salt Lake City; the shipper's next quote on it shows $512 from every carrier", async ({
  page,
  browser,
}) => {
  const own = await ownCompany('lane-en', 'English');
  await logInAsLookAlike(page, 'salesadmin@demo.test', 'lane-salesadmin');
  await publishContractLane(page, own.company, {
    name: 'Chicago - Salt Lake City, LTL up to 2,000 lb',
    origin: '606',
    destination: '841',
    price: '512',
    maxWeight: '2000',
  });
  await snap(page, 'pricing-live-lane-published');

  const context = await browser.newContext();
  const shipper = await context.newPage();
  await logIn(shipper, own.email, { password: own.password });
  await ratePallets(shipper, { to: '84101', quantity: '1', weight: '500', value: '1000' });
  const totals = await shownTotals(shipper);
  expect(totals.length).toBeGreaterThan(1);
  expect(totals.every((total) => total === 512)).toBe(true);
  await snap(shipper, 'pricing-live-quote');
  await shipper.setViewportSize({ width: 390, height: 844 });
  await expect(shipper.getByTestId('rate-total').first()).toHaveText('$512.00');
  await expectNoSidewaysScroll(shipper, 'on the priced rates at 390 px');
  await snap(shipper, 'pricing-live-quote-phone');
  await context.close();
});

test("in Spanish, a sales admin gives a company a contract lane Chicago -> Denver; the shipper's next quote on it, at phone width, shows $433 from every carrier", async ({
  page,
  browser,
}) => {
  const own = await ownCompany('lane-es', 'Spanish');
  await logInAsLookAlike(page, 'salesadmin@demo.test', 'lane-salesadmin-es', { settings: { language: 'es' } });
  await publishContractLane(
    page,
    own.company,
    { name: 'Chicago - Denver, LTL', origin: '606', destination: '802', price: '433', maxWeight: '2000' },
    'es',
  );
  await snap(page, 'pricing-live-lane-published-es');

  const context = await browser.newContext();
  const shipper = await context.newPage();
  // Signed up in Spanish: the portal speaks it from the first page.
  await logIn(shipper, own.email, { password: own.password });
  await shipper.setViewportSize({ width: 390, height: 844 });
  await rateInSpanish(shipper, { path: '/quote-shipment', to: '80202', quantity: '1', weight: '500', value: '1000' });
  const totals = await shownTotals(shipper);
  expect(totals.length).toBeGreaterThan(1);
  expect(totals.every((total) => total === 433)).toBe(true);
  await expectNoSidewaysScroll(shipper, 'on the priced rates in Spanish at 390 px');
  await snap(shipper, 'pricing-live-quote-es-phone');
  await context.close();
});
