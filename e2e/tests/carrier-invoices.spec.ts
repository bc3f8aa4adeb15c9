import { apiCall } from '../support/api';
import { expectNoSidewaysScroll } from '../support/reflow';
import { seedLookAlike } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, test } from '../support/test';

interface Credit {
  status: 'active' | 'credit_hold';
}

// Each scenario decides its own demo invoice (the queue holds one per reason): the reweigh of a
// Demo Shipper Co shipment, then the reclass; the later scenarios use neither.
test('en: accounting approves a carrier reweigh and the shipper finds the adjustment invoice among its open invoices', async ({
  browser,
}) => {
  const accounting = await seedLookAlike('accounting@demo.test', 'carrier-invoices-accounting');
  const staff = await signedInPage(browser, accounting.email, { language: 'en', width: 1280, password: accounting.password });
  await staff.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Carrier invoices', exact: true }).click();
  await expect(staff.getByRole('heading', { name: 'Carrier invoices', level: 2 })).toBeVisible();
  // The invoices approved without a person have their own tab, each marked on its row.
  await staff.getByRole('tab', { name: /^Auto-approved \(\d+\)$/ }).click();
  const auto = staff.getByRole('table', { name: 'Carrier invoices: Auto-approved' });
  await expect(auto.getByRole('row').filter({ hasText: 'OK-20456' })).toContainText('Auto-approved');
  await expect(auto.getByRole('row').filter({ hasText: 'PD-20460' })).toContainText('Paid');
  await expect(auto.getByRole('row').filter({ hasText: 'RW-20451' })).toHaveCount(0);
  await snap(staff, 'carrier-invoices-auto-approved');
  await staff.getByRole('tab', { name: /^Waiting \(\d+\)$/ }).click();
  const queue = staff.getByRole('table', { name: 'Carrier invoices: Waiting' });
  const row = queue.getByRole('row').filter({ hasText: 'RW-20451' });
  await expect(row).toContainText('Demo Shipper Co');
  await expect(row).toContainText('Reweigh');
  await expect(row).not.toContainText('Auto-approved');
  await snap(staff, 'carrier-invoices-queue');

  await row.getByRole('link', { name: 'Invoice RW-20451' }).click();
  await expect(staff.getByRole('heading', { name: 'Invoice RW-20451', level: 3 })).toBeVisible();
  await expect(staff.getByTestId('variance-reasons')).toContainText(/Reweigh: booked at [\d,]+ lb, billed at [\d,]+ lb\./);
  // The demo dock reweighed this shipment: its inspection bears the carrier out.
  await expect(staff.getByTestId('variance-reasons')).toContainText('it supports the reweigh');
  await expect(staff.getByRole('table', { name: /Each line billed beside the expected cost/ })).toBeVisible();
  const preview = staff.getByTestId('rebill-preview');
  await expect(preview).toContainText(/Demo Shipper Co would receive an adjustment invoice of \$[\d,]+\.\d{2} for this shipment/);
  const previewed = /invoice of (\$[\d,]+\.\d{2})/.exec((await preview.textContent()) ?? '')?.[1];
  const bol = (
    (await staff
      .getByRole('link', { name: /^\d{17}$/ })
      .first()
      .textContent()) ?? ''
  ).trim();
  await snap(staff, 'carrier-invoice-reweigh');

  const approved = staff.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await staff.getByRole('button', { name: 'Approve' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Approve invoice RW-20451' });
  await expect(dialog).toContainText('The carrier is paid');
  await snap(staff, 'carrier-invoice-approve-dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const answer = (await (await approved).json()) as {
    data: { status: string; rebill_invoice: { number: string; total_cents: number } | null };
  };
  expect(answer.data.status).toBe('approved');
  const rebill = answer.data.rebill_invoice;
  expect(rebill).not.toBeNull();
  await expect(staff.getByText('Invoice RW-20451 approved.').first()).toBeVisible();
  await expect(staff.getByTestId('rebill')).toContainText(`adjustment invoice ${rebill?.number}`);
  // The shipper was billed what the page said it would be.
  expect(previewed).toBe(`$${((rebill?.total_cents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await expect(staff.getByTestId('rebill-preview')).toHaveCount(0);
  await snap(staff, 'carrier-invoice-approved');

  // The adjustment leaves the shipper under its credit limit (the later scenarios book on it).
  const account = await apiCall<{ id: string; name: string }[]>(staff, 'GET', '/api/admin/accounts?q=Demo%20Shipper');
  const demo = account.find((a) => a.name === 'Demo Shipper Co');
  const credit = await apiCall<Credit>(staff, 'GET', `/api/admin/accounts/${demo?.id}/credit`);
  expect(credit.status).toBe('active');

  const billing = await seedLookAlike('billing@demo.test', 'carrier-invoices-billing');
  const shipper = await signedInPage(browser, billing.email, {
    language: 'en',
    width: 1280,
    at: '/my-invoices',
    password: billing.password,
  });
  const invoice = shipper.getByTestId('invoice-row').filter({ hasText: rebill?.number ?? '' });
  await expect(invoice).toContainText(`BOL ${bol}`);
  await expect(invoice).toContainText(`$${((rebill?.total_cents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await snap(shipper, 'carrier-reweigh-open-invoice');
});

test('es: at 390 px accounting disputes a reclass and the thread shows the message to the carrier', async ({ browser }) => {
  const accounting = await seedLookAlike('accounting@demo.test', 'carrier-invoices-accounting-es');
  const staff = await signedInPage(browser, accounting.email, {
    language: 'es',
    width: 390,
    at: '/admin/carrier-invoices',
    password: accounting.password,
  });
  await expect(staff.getByRole('heading', { name: 'Facturas del transportista', level: 2 })).toBeVisible();
  await expectNoSidewaysScroll(staff, 'on the carrier invoice queue at 390 px');
  await snap(staff, 'carrier-invoices-queue-es-phone');
  await staff.getByRole('tab', { name: /^Aprobación automática \(\d+\)$/ }).click();
  const auto = staff.getByRole('table', { name: 'Facturas del transportista: Aprobación automática' });
  await expect(auto.getByRole('row').filter({ hasText: 'OK-20456' })).toContainText('Aprobación automática');
  await expectNoSidewaysScroll(staff, 'on the auto-approved carrier invoices at 390 px');
  await snap(staff, 'carrier-invoices-auto-approved-es-phone');
  await staff.getByRole('tab', { name: /^En espera \(\d+\)$/ }).click();
  await staff.getByRole('link', { name: 'Factura RC-20452' }).click();
  await expect(staff.getByTestId('variance-reasons')).toContainText('Reclasificación: reservado como clase');
  await expect(staff.getByTestId('variance-reasons')).toContainText('no respalda la reclasificación');
  await expect(staff.getByTestId('rebill-preview')).toContainText(/recibiría una factura de ajuste por USD\s[\d,]+\.\d{2} por este envío/);
  await expectNoSidewaysScroll(staff, 'on a carrier invoice at 390 px');
  await snap(staff, 'carrier-invoice-reclass-es-phone');

  await staff.getByRole('button', { name: 'Disputar' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Disputar la factura RC-20452' });
  // The message is required: refused at the field before anything is sent.
  await dialog.getByRole('button', { name: 'Enviar disputa' }).click();
  await expect(dialog.getByLabel(/Mensaje al transportista/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/Mensaje al transportista/).fill('La inspección no respalda la clase facturada. Envíe el certificado.');
  await dialog.getByRole('button', { name: 'Enviar disputa' }).click();
  await expect(dialog).toHaveCount(0);
  const thread = staff.getByTestId('carrier-thread');
  await expect(thread).toContainText('La inspección no respalda la clase facturada. Envíe el certificado.');
  await expect(staff.getByText('En disputa', { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Resolver disputa' })).toBeVisible();
  await expectNoSidewaysScroll(staff, 'on a disputed carrier invoice at 390 px');
  await snap(staff, 'carrier-invoice-disputed-es-phone');

  await staff.goto('/admin/carrier-invoices/payables');
  await expect(staff.getByRole('heading', { name: 'Cuentas por pagar a transportistas', level: 2 })).toBeVisible();
  await expectNoSidewaysScroll(staff, 'on payables at 390 px');
  await snap(staff, 'carrier-payables-es-phone');
});
