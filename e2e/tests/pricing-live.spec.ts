import { rateInSpanish } from '../support/booking';
import { publishContractLane } from '../support/pricing';
import { ratePallets, shownTotals } from '../support/quote';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logIn, restorePreferences, setPreferences, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Pricing is live (docs/brokerage.md): a contract lane a sales admin publishes for an account
 * prices that account's next quote on the lane, whatever each carrier's cost; the shipper sees
 * the contract price on every rate. The lanes lead where no other scenario quotes (Salt Lake City,
 * Denver): the scenarios share one server, and a contract lane prices the account's later quotes.
 */
test("a sales admin gives Other Freight LLC a contract lane Chicago -> Salt Lake City; the shipper's next quote on it shows $512 from every carrier", async ({
  page,
  browser,
}) => {
  await logIn(page, 'salesadmin@demo.test');
  await publishContractLane(page, 'Other Freight LLC', {
    name: 'Chicago - Salt Lake City, LTL up to 2,000 lb',
    origin: '606',
    destination: '841',
    price: '512',
    maxWeight: '2000',
  });
  await snap(page, 'pricing-live-lane-published');

  const context = await browser.newContext();
  const shipper = await context.newPage();
  await logIn(shipper, 'other@demo.test');
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

test("in Spanish, a sales admin gives Prepaid Parts Inc a contract lane Chicago -> Denver; the shipper's next quote on it, at phone width, shows $433 from every carrier", async ({
  page,
  browser,
}) => {
  await logIn(page, 'salesadmin@demo.test');
  await setPreferences(page, { language: 'es' });
  try {
    await publishContractLane(
      page,
      'Prepaid Parts Inc',
      { name: 'Chicago - Denver, LTL', origin: '606', destination: '802', price: '433', maxWeight: '2000' },
      'es',
    );
    await snap(page, 'pricing-live-lane-published-es');
  } finally {
    await restorePreferences(page, { language: 'en' });
  }

  const context = await browser.newContext();
  const shipper = await context.newPage();
  await logIn(shipper, 'prepaid@demo.test');
  await setPreferences(shipper, { language: 'es' });
  try {
    await shipper.setViewportSize({ width: 390, height: 844 });
    await rateInSpanish(shipper, { path: '/quote-shipment', to: '80202', quantity: '1', weight: '500', value: '1000' });
    const totals = await shownTotals(shipper);
    expect(totals.length).toBeGreaterThan(1);
    expect(totals.every((total) => total === 433)).toBe(true);
    await expectNoSidewaysScroll(shipper, 'on the priced rates in Spanish at 390 px');
    await snap(shipper, 'pricing-live-quote-es-phone');
  } finally {
    await restorePreferences(shipper, { language: 'en' });
  }
  await context.close();
});
