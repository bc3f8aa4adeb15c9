import { freshEmail } from '../support/flows';
import { seedShipment, seedStaff, startAsNewCompany } from '../support/seed';
import { logIn, snap } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Freight claims: a shipper files a concealed-damage claim with a photo on its delivered
 * shipment; staff (operations) record the carrier's acknowledgement, its decision to pay part of
 * it and the payment; the shipper then reads the payment and the credit it brought on the claim's
 * page. In English, and with the shipper in Spanish at phone width. Each builds its own world: a
 * company on credit terms, its shipment booked and delivered, a staff member of its own.
 */

const WORDS = {
  en: {
    file: 'File a claim',
    form: 'File a claim',
    kind: /^Concealed damage/,
    description: /^What happened/,
    amount: /^Amount \(USD\)/,
    attach: 'Add photos or documents',
    submit: 'File claim',
    filed: /^Claim CL-\d+ was filed\.$/,
    outcome: 'Decision and payment',
    credit: /Credit memo .+: \$60\.00/,
    photo: 'Photo: crushed-corner.png',
    amountTyped: '120.50',
  },
  es: {
    file: 'Presentar una reclamación',
    form: 'Presentar una reclamación',
    kind: /^Daño oculto/,
    description: /^Qué pasó/,
    amount: /^Monto \(USD\)/,
    attach: 'Agregar fotos o documentos',
    submit: 'Presentar reclamación',
    filed: /^Se presentó la reclamación CL-\d+\.$/,
    outcome: 'Decisión y pago',
    credit: /Nota de crédito .+: (USD\s|\$)60\.00/,
    photo: 'Foto: crushed-corner.png',
    amountTyped: '120.50',
  },
} as const;

/** A tiny PNG: the upload is told an image by its first bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

for (const language of ['en', 'es'] as const) {
  test(`a shipper files a concealed-damage claim with a photo; staff record a partial payment; the shipper sees the credit (${language})`, async ({
    page,
    browser,
  }) => {
    const w = WORDS[language];
    const email = freshEmail(`claims-${language}`);
    const company = await startAsNewCompany(
      page,
      { email, password: 'Claims#2026', language: language === 'es' ? 'Spanish' : 'English' },
      { onCredit: true },
    );
    if (language === 'es') await page.setViewportSize({ width: 390, height: 844 });
    const shipment = await seedShipment(page, company, { delivered: true });
    const ops = await seedStaff(`claims-ops-${language}`, ['fpg_ops']);
    await page.goto(`/track/detail/${shipment.id}`);
    await page.getByRole('link', { name: w.file }).click();
    const form = page.getByRole('form', { name: w.form });
    await expect(form).toBeVisible();
    await form.getByRole('radio', { name: w.kind }).check();
    await form.getByLabel(w.description).fill('Crushed corner found when the pallet was unpacked.');
    // Every line the shipment's items prefilled asks for its amount.
    const amounts = form.getByLabel(w.amount);
    for (let i = 0; i < (await amounts.count()); i++) await amounts.nth(i).fill(w.amountTyped);
    await form.locator('input[type=file]').setInputFiles({ name: 'crushed-corner.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByText('crushed-corner.png')).toBeVisible();
    await snap(page, `claim-form-${language}`);
    await form.getByRole('button', { name: w.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: w.filed })).toBeVisible();
    await expect(page.getByRole('img', { name: w.photo })).toBeVisible();
    const claimId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // Staff carry it to the carrier.
    const staff = await browser.newPage();
    await logIn(staff, ops.email, { password: ops.password, at: `/admin/claims/${claimId}` });
    const ack = staff.getByRole('form', { name: "Carrier's acknowledgement" });
    await ack.getByLabel(/^Carrier's claim number/).fill(`SAIA-${language}-771`);
    await ack.getByRole('button', { name: 'Record acknowledgement' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Acknowledgement recorded.' })).toBeVisible();
    const decision = staff.getByRole('form', { name: "Carrier's decision" });
    await decision.getByRole('radio', { name: 'Paid in part' }).check();
    await decision.getByLabel(/^Amount the carrier pays/).fill('60');
    await decision.getByLabel(/^Reason/).fill('The carrier keeps the salvage.');
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Decision recorded.' })).toBeVisible();
    const payment = staff.getByRole('form', { name: "Carrier's payment" });
    await expect(payment.getByLabel(/^Amount paid/)).toHaveValue('60');
    await payment.getByLabel(/^Reference/).fill(`CHK-${language}-5521`);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(staff.getByRole('status').filter({ hasText: 'Payment recorded.' })).toBeVisible();
    await staff.close();

    // The shipper reads the payment and the credit.
    await page.reload();
    const outcome = page.getByRole('region', { name: w.outcome });
    await expect(outcome.getByTestId('claim-credit')).toContainText(w.credit);
    await snap(page, `claim-paid-${language}`);
  });
}
