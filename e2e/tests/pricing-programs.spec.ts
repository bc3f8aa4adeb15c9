import { freshEmail } from '../support/flows';
import { addContractLane, openAccountProgram, openDraft, previewDraft, saveDraft } from '../support/pricing';
import { expectNoSidewaysScroll } from '../support/reflow';
import { logInAsLookAlike, seedCompany, seedLookAlike, seedShipment, uniqueCompanyName } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

test("a sales admin reads Demo Shipper Co's program, then adds a contract lane to a company's own program, previews it, publishes it from today, and the audit log names the program", async ({
  page,
  browser,
}) => {
  // A company of this scenario's: the lane it publishes prices no other scenario's quotes.
  const unique = freshEmail('program');
  const company = uniqueCompanyName('Program');
  await seedCompany({ email: unique, password: 'Program#2026', company });
  const salesAdmin = await seedLookAlike('salesadmin@demo.test', 'program-salesadmin');
  const superAdmin = await seedLookAlike('super@demo.test', 'program-auditor');
  await logIn(page, salesAdmin.email, { password: salesAdmin.password });
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  const programs = page.getByRole('table', { name: 'The default program and every account with a program of its own' });
  await expect(programs.getByRole('row', { name: /Default pricing program/ })).toContainText('Version 1');
  await snap(page, 'admin-pricing-list');
  await programs.getByRole('link', { name: 'Demo Shipper Co' }).click();

  await expect(page.getByRole('heading', { name: 'Pricing program of Demo Shipper Co' })).toBeVisible();
  const lanes = page.getByRole('table', { name: "The program's contract lanes" });
  await expect(lanes.getByRole('row', { name: /Chicago - Dallas/ })).toContainText('ZIP3 606 → ZIP3 752');
  await expect(lanes.getByRole('row', { name: /Chicago - Dallas/ })).toContainText('$345.00');

  await openAccountProgram(page, company);
  const draft = await openDraft(page);
  const lane = await addContractLane(draft, {
    name: 'Chicago - Nashville, LTL',
    origin: '606, 607',
    destination: '372',
    price: '480',
    maxWeight: '2000',
  });
  await expect(lane).toHaveAccessibleName(/^Contract lane 1\b/);
  await saveDraft(page, draft, 'Nashville lane agreed with the shipper');
  // Only a previewed draft is published.
  await expect(draft.getByText(/Preview the draft before publishing/)).toBeVisible();
  await expect(draft.getByRole('button', { name: 'Publish' })).toHaveCount(0);

  const preview = await previewDraft(page, draft);
  await expect(preview.getByRole('table').or(preview.getByText('No recent quotes in U.S. dollars to price.'))).toBeVisible();
  await snap(page, 'admin-pricing-preview');

  const from = draft.getByLabel('Prices pickups from');
  const today = await from.inputValue();
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await draft.getByRole('button', { name: 'Publish' }).click();
  const confirm = page.getByRole('dialog', { name: /^Publish version 1 from/ });
  await expect(confirm.getByTestId('publish-impact')).toContainText('Previewed');
  await snap(page, 'admin-pricing-publish-confirm');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 1 published')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'In force: version 1' })).toBeVisible();
  await expect(lanes.getByRole('row', { name: /Chicago - Nashville, LTL/ })).toContainText('ZIP3 606, 607 → ZIP3 372');
  const versions = page.getByRole('table', { name: 'Every version this program has had, newest first' });
  await expect(versions.getByRole('row').nth(1)).toContainText('In force');
  await expect(versions.getByRole('row').nth(1)).toContainText('Nashville lane agreed with the shipper');
  await snap(page, 'admin-pricing-program');

  // The audit log, which only a super admin reads, names the program.
  const context = await browser.newContext();
  const auditor = await context.newPage();
  await logIn(auditor, superAdmin.email, { password: superAdmin.password, at: '/admin/audit-log' });
  await auditor.getByLabel('Search the log').fill(company);
  const log = auditor.getByRole('table', { name: 'Staff actions, newest first' });
  await expect(log.getByRole('row').nth(1)).toContainText('Pricing program published');
  const record = log
    .getByRole('row')
    .nth(1)
    .getByRole('link', { name: `Pricing program of ${company}` });
  await expect(record).toBeVisible();
  await snap(auditor, 'admin-pricing-audit');
  // The entry leads to the program's page. The search redraws the table as its answer lands: a click
  // on a row being replaced goes nowhere, so it is clicked again until the page changes. Each click
  // is given 10 s to arrive: on a busy machine the program's page took over 2 s to load, and a click
  // again every 2 s ran out the 20 s it once had just before the page came.
  await expect(async () => {
    await record.click();
    await expect(auditor).toHaveURL(/\/admin\/pricing\//, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await expect(auditor.getByRole('heading', { name: `Pricing program of ${company}` })).toBeVisible();
  await context.close();
});

test("in Spanish at phone width, a sales admin reads the default program, then raises the LTL markup in a draft of a company's own program, previews it on the company's quote, and discards it", async ({
  page,
  browser,
}) => {
  // A company of this scenario's, with a booked quote for the preview to price: the default
  // program prices every account's quotes, so it is only read here.
  const o = { email: freshEmail('program-es'), password: 'Program#2026', company: uniqueCompanyName('Programa') };
  const company = await seedCompany(o, { onCredit: true });
  const shipper = await browser.newPage();
  await logIn(shipper, o.email, { password: o.password });
  await seedShipment(shipper, company);
  await shipper.close();
  await logInAsLookAlike(page, 'salesadmin@demo.test', 'program-salesadmin-es', { settings: { language: 'es' } });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/pricing');
  await expect(page.getByRole('heading', { name: 'Precios' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'on the list of programs at 390 px');
  await snap(page, 'admin-pricing-list-es-phone');
  await page.getByRole('link', { name: 'Programa de precios predeterminado' }).click();
  await expect(page.getByRole('heading', { name: 'Programa de precios predeterminado' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Las reglas del programa' })).toContainText('Incremento del 15');

  // The company has no program yet: the account search opens it, and its first draft marks LTL up 16%
  // where the default marks it up 15%.
  await openAccountProgram(page, o.company, 'es');
  await expectNoSidewaysScroll(page, "on the company's program at 390 px");
  const draft = await openDraft(page, 'es');
  await draft.getByRole('button', { name: 'Agregar una regla' }).click();
  const ltl = draft.getByRole('group', { name: /^Regla 1:/ });
  await ltl.getByRole('textbox', { name: 'Nombre' }).fill('LTL');
  await ltl.getByRole('combobox', { name: 'Modalidad' }).selectOption('ltl');
  await expect(ltl).toHaveAccessibleName('Regla 1: LTL');
  await ltl.getByRole('textbox', { name: 'Incremento (% del costo)' }).fill('16');
  await expectNoSidewaysScroll(page, "in the draft's editor at 390 px");
  await snap(page, 'admin-pricing-editor-es-phone');
  await saveDraft(page, draft, 'Incremento LTL acordado con el remitente', 'es');
  const preview = await previewDraft(page, draft, 'es');
  await expect(preview.getByRole('table')).toContainText(o.company);
  await expect(draft.getByRole('button', { name: 'Publicar' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'with the preview at 390 px');
  await snap(page, 'admin-pricing-preview-es-phone');
  // Nothing of it is published: the company's quotes stay priced by the default program.
  await draft.getByRole('button', { name: 'Descartar borrador' }).click();
  await page.getByRole('dialog', { name: '¿Descartar el borrador?' }).getByRole('button', { name: 'Descartar borrador' }).click();
  await expect(page.getByText('Aún no hay versiones: el primer borrador crea el programa.')).toBeVisible();
});
