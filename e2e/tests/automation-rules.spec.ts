import { apiCall } from '../support/api';
import { seedLookAlike } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The rules' screens in English: the flow runs once (eBay orders' own scenario ships in Spanish,
 * and the every-page walk reads every screen in both languages).
 */
const WORDS = {
  en: {
    add: 'Add rule',
    name: 'Rule name',
    addCondition: 'Add condition',
    field: (n: number) => `Condition ${n}`,
    value: (n: number) => `Value ${n}`,
    values: (n: number) => `Values ${n}`,
    weight: 'Total weight',
    sku: 'SKU or catalog product',
    mode: 'Mode',
    parcel: 'Parcel',
    source: 'Run against',
    ebay: 'Open eBay orders',
    dryRun: 'Dry run',
    summary: /would change/,
    setsParcel: 'Mode: Parcel',
    save: 'Save rule',
    saved: (name: string) => `Rule ${name} saved`,
    pick: /^Pick order /,
    apply: 'Apply rules',
    setBy: 'set by rule Residential under 150 lb to parcel (chairs',
    ship: 'Quote & ship',
    applied: 'Set by your automation rules',
  },
} as const;

{
  const language = 'en';
  test(`${language}: a rule that sends residential deliveries under 150 lb to parcel is dry-run, saved and applied to selected eBay orders`, async ({
    page,
  }) => {
    const w = WORDS[language];
    // Office chairs only, so the quote and eBay scenarios that share this server keep their own choices.
    const name = `Residential under 150 lb to parcel (chairs, ${language})`;
    // The demo shipper's look-alike: the rules and the eBay orders are the demo account's.
    const shipper = await seedLookAlike('shipper@demo.test', `rules-${language}`);
    await logIn(page, shipper.email, { password: shipper.password, settings: { language }, at: '/settings/rules' });
    try {
      await page.getByRole('button', { name: w.add }).click();
      const editor = page.getByRole('dialog');
      await editor.getByLabel(w.name).fill(name);
      // Residential delivery (the new condition's default) is yes; total weight under 150 lb; the chairs' SKU.
      await editor.getByRole('button', { name: w.addCondition }).click();
      await editor.getByRole('button', { name: w.addCondition }).click();
      await editor.getByLabel(w.field(2), { exact: true }).selectOption({ label: w.weight });
      await editor.getByLabel(w.value(2), { exact: true }).fill('150');
      await editor.getByRole('button', { name: w.addCondition }).click();
      await editor.getByLabel(w.field(3), { exact: true }).selectOption({ label: w.sku });
      await editor.getByLabel(w.values(3), { exact: true }).fill('CH-200');
      await editor.getByLabel(w.mode, { exact: true }).selectOption({ label: w.parcel });

      // The dry run before saving: open eBay orders, row by row, with what the rule sets and costs.
      await editor.getByLabel(w.source).selectOption({ label: w.ebay });
      await editor.getByRole('button', { name: w.dryRun }).click();
      const run = editor.getByTestId('dry-run');
      await expect(run.getByRole('status')).toHaveText(w.summary);
      const matched = run.getByRole('row').filter({ hasText: w.setsParcel });
      await expect(matched.first()).toBeVisible();
      // The orders the rule sets to parcel: which they are follows the demo's day (an order of six
      // cartons weighs more than 150 lb, and is left alone).
      const references = (await matched.locator('td:first-child').allTextContents()).map((text) => text.trim());
      await snap(page, `rules-dry-run-${language}`);

      await editor.getByRole('button', { name: w.save }).click();
      await expect(page.getByText(w.saved(name))).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, `rules-list-${language}-phone`);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Applied to a selected order of chairs alone: the row says what the rule set, and its quote page starts from it.
      await page.goto('/orders/ebay?q=CH-200');
      const row = page
        .getByTestId('ebay-order-row')
        .filter({ hasText: new RegExp(references.map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) })
        .filter({ hasNotText: /GK-12|KP-36|DG-55|MISC-9/ })
        .first();
      await row.getByRole('checkbox', { name: w.pick }).check();
      await page.getByRole('button', { name: w.apply }).click();
      await expect(row.getByTestId('set-by-rule')).toContainText(w.setBy);
      await expect(row.getByTestId('set-by-rule')).toContainText(w.setsParcel);
      await snap(page, `rules-ebay-applied-${language}`);
      await row.getByRole('link', { name: w.ship }).click();
      await expect(page.getByTestId('set-by-rule')).toContainText(w.applied);
      await expect(page.getByTestId('set-by-rule')).toContainText(w.setBy);
      await snap(page, `rules-ebay-quote-${language}`);
    } finally {
      // The rule goes again, whatever happened: the other scenarios quote on this server too.
      const rules = await apiCall<{ id: string; name: string }[]>(page, 'GET', '/api/automation-rules').catch(() => []);
      for (const rule of rules.filter((r) => r.name.startsWith('Residential under 150 lb to parcel (chairs')))
        await apiCall(page, 'DELETE', `/api/automation-rules/${rule.id}`).catch(() => null);
    }
  });
}
