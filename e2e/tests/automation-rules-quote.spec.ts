import { apiCall } from '../support/api';
import { freshEmail } from '../support/flows';
import { ratePallets, shownCarriers } from '../support/quote';
import { startAsNewCompany } from '../support/seed';
import { snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * A live quote's rates follow the account's automation rules: a new company rates pallets, then
 * writes a rule that leaves out the first carrier shown and wants the fastest rate; rated again,
 * that carrier's rate is left out (and shown on request), and the fastest of the rest is marked
 * as the rule's choice. The company is the scenario's own, so its rule touches no one else's quotes.
 */
test("a live quote's rates follow the automation rules: a carrier left out, the rule's pick marked", async ({ page }) => {
  await startAsNewCompany(page, { email: freshEmail('rules-quote'), password: 'RulesQuote#2026' }, { onCredit: true });
  const shipment = { to: '30303', quantity: '2', weight: '450', value: '5000' };
  await ratePallets(page, shipment);
  const carriers = await shownCarriers(page);
  expect(carriers.length).toBeGreaterThan(1);
  const first = page.getByRole('article', { name: carriers[0] });
  const scac = ((await first.locator('h2 + p').textContent()) ?? '').trim();
  expect(scac).toMatch(/^[A-Z]{2,4}$/);

  const name = `Fast, never ${scac}`;
  await apiCall(page, 'POST', '/api/automation-rules', {
    name,
    conditions: [],
    actions: { exclude_carriers: [scac], service_level: 'fastest' },
  });
  await ratePallets(page, shipment);
  await expect(page.getByTestId('rule-excluded')).toHaveText(`1 rate left out by rule ${name}.`);
  await expect(page.getByRole('article', { name: carriers[0] })).toHaveCount(0);
  const chosen = page.getByRole('article').filter({ has: page.getByTestId('rule-choice') });
  await expect(chosen).toHaveCount(1);
  await expect(chosen.getByTestId('rule-choice')).toHaveText(`Chosen by rule: ${name}`);
  await snap(page, 'rules-live-quote');
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByRole('article', { name: carriers[0] })).toBeVisible();
});
