import { CARRIER_INVOICE_CSV_COLUMNS, type CarrierInvoice210 } from '@freight/contracts';
import type { Browser, Page } from '@playwright/test';
import { apiCall } from '../support/api';
import { chooseFile } from '../support/csv';
import { freshEmail } from '../support/flows';
import { expectNoSidewaysScroll } from '../support/reflow';
import { carrierBillOf, invoiceOf, lookAlikePage, seedCompany, seedLookAlike, seedShipment, uniqueCompanyName } from '../support/seed';
import { signedInPage, snap } from '../support/session';
import { expect, test } from '../support/test';

interface Credit {
  status: 'active' | 'credit_hold';
}

/**
 * A company of the scenario's own on credit terms, its admin signed in (English, 1280 px), with a
 * delivered shipment whose freight invoice is issued, and the bill its carrier sends for it with
 * `claim`: numbered `prefix` and a drawn suffix, as a carrier numbers each invoice once.
 */
async function billedShipment(
  browser: Browser,
  tag: string,
  prefix: string,
  claim: { weightFactor?: number; classesUp?: number; chargeFactor?: number },
) {
  const o = { email: freshEmail(tag), password: 'Carrier#2026', company: uniqueCompanyName('Billed Freight') };
  const company = await seedCompany(o, { onCredit: true });
  const shipper = await signedInPage(browser, o.email, { language: 'en', width: 1280, password: o.password });
  const shipment = await seedShipment(shipper, company, { delivered: true });
  // The freight invoice an approved correction is billed against: there before accounting decides.
  await invoiceOf(shipper, shipment.id);
  const invoiceNumber = `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
  const bill = await carrierBillOf(shipment, company, { invoiceNumber, ...claim });
  return { companyName: o.company, shipper, bill };
}

/** The bill as accounting's CSV file has it: one row per billed line, the invoice's columns repeated. */
function csvOf(bill: CarrierInvoice210) {
  const quoted = (v: string | number | null) => `"${String(v ?? '').replaceAll('"', '""')}"`;
  const { lines, ...invoice } = bill;
  const rows = lines.map((line) => {
    const row: Record<string, string | number | null> = { ...invoice, ...line };
    return CARRIER_INVOICE_CSV_COLUMNS.map((c) => quoted(row[c] ?? null)).join(',');
  });
  return [CARRIER_INVOICE_CSV_COLUMNS.join(','), ...rows].join('\n');
}

/** The queue's upload dialog in the reader's language. */
const UPLOAD = {
  en: {
    open: 'Upload CSV',
    dialog: 'Upload carrier invoices (CSV)',
    file: 'CSV file',
    send: 'Upload file',
    received: '1 carrier invoice received',
    close: 'Close',
  },
  es: {
    open: 'Subir CSV',
    dialog: 'Subir facturas del transportista (CSV)',
    file: 'Archivo CSV',
    send: 'Subir archivo',
    received: '1 factura del transportista recibida',
    close: 'Cerrar',
  },
};

/** Accounting uploads the carrier's bill on the carrier invoice queue, as a CSV file; the dialog reports it received. */
async function uploadBill(staff: Page, bill: CarrierInvoice210, language: keyof typeof UPLOAD, shot: string) {
  const words = UPLOAD[language];
  await staff.getByRole('button', { name: words.open }).click();
  const dialog = staff.getByRole('dialog', { name: words.dialog });
  await chooseFile(dialog.getByRole('button', { name: words.file }), {
    name: `${bill.invoice_number}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csvOf(bill)),
  });
  await dialog.getByRole('button', { name: words.send }).click();
  await expect(dialog.getByRole('status')).toContainText(words.received);
  await expect(dialog.getByRole('link', { name: bill.invoice_number })).toBeVisible();
  await snap(staff, shot);
  await dialog.getByRole('button', { name: words.close, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

// Each scenario brings its own carrier invoice, for a shipment of a company of its own, and decides
// it; the demo's invoices are only read (the Auto-approved tab).
test('en: accounting approves a carrier reweigh and the shipper finds the adjustment invoice among its open invoices', async ({
  browser,
}) => {
  // 30% over the booked weight: more than the demo dock ever finds (8-25% when it reweighs), so the
  // carrier's own inspection never supports it, whatever the shipment's BOL.
  const { companyName, shipper, bill } = await billedShipment(browser, 'carrier-reweigh-shipper', 'RW', { weightFactor: 1.3 });
  const number = bill.invoice_number;
  const accounting = await seedLookAlike('accounting@demo.test', 'carrier-invoices-accounting');
  const staff = await signedInPage(browser, accounting.email, { language: 'en', width: 1280, password: accounting.password });
  await staff.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Carrier invoices', exact: true }).click();
  await expect(staff.getByRole('heading', { name: 'Carrier invoices', level: 1 })).toBeVisible();
  await uploadBill(staff, bill, 'en', 'carrier-invoices-upload');
  // The invoices approved without a person have their own tab, each marked on its row.
  await staff.getByRole('tab', { name: /^Auto-approved \(\d+\)$/ }).click();
  const auto = staff.getByRole('table', { name: 'Carrier invoices: Auto-approved' });
  await expect(auto.getByRole('row').filter({ hasText: 'OK-20456' })).toContainText('Auto-approved');
  await expect(auto.getByRole('row').filter({ hasText: 'PD-20460' })).toContainText('Paid');
  await expect(auto.getByRole('row').filter({ hasText: number })).toHaveCount(0);
  await snap(staff, 'carrier-invoices-auto-approved');
  await staff.getByRole('tab', { name: /^Waiting \(\d+\)$/ }).click();
  const queue = staff.getByRole('table', { name: 'Carrier invoices: Waiting' });
  const row = queue.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(companyName);
  await expect(row).toContainText('Reweigh');
  await expect(row).not.toContainText('Auto-approved');
  await snap(staff, 'carrier-invoices-queue');

  await row.getByRole('link', { name: `Invoice ${number}` }).click();
  await expect(staff.getByRole('heading', { name: `Invoice ${number}`, level: 2 })).toBeVisible();
  await expect(staff.getByTestId('variance-reasons')).toContainText(/Reweigh: booked at [\d,]+ lb, billed at [\d,]+ lb\./);
  await expect(staff.getByTestId('variance-reasons')).toContainText('it does not support the reweigh');
  await expect(staff.getByRole('table', { name: /Each line billed beside the expected cost/ })).toBeVisible();
  const preview = staff.getByTestId('rebill-preview');
  await expect(preview).toContainText(`${companyName} would receive an adjustment invoice of $`);
  await expect(preview).toContainText(/an adjustment invoice of \$[\d,]+\.\d{2} for this shipment/);
  const previewed = /invoice of (\$[\d,]+\.\d{2})/.exec((await preview.textContent()) ?? '')?.[1];
  await expect(staff.getByRole('link', { name: bill.bol_number, exact: true }).first()).toBeVisible();
  await snap(staff, 'carrier-invoice-reweigh');

  const approved = staff.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await staff.getByRole('button', { name: 'Approve' }).click();
  const dialog = staff.getByRole('dialog', { name: `Approve invoice ${number}` });
  await expect(dialog).toContainText('The carrier is paid');
  await snap(staff, 'carrier-invoice-approve-dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  const answer = (await (await approved).json()) as {
    data: { status: string; rebill_invoice: { number: string; total_cents: number } | null };
  };
  expect(answer.data.status).toBe('approved');
  const rebill = answer.data.rebill_invoice;
  expect(rebill).not.toBeNull();
  await expect(staff.getByText(`Invoice ${number} approved.`).first()).toBeVisible();
  await expect(staff.getByTestId('rebill')).toContainText(`adjustment invoice ${rebill?.number}`);
  // The shipper was billed what the page said it would be.
  expect(previewed).toBe(`$${((rebill?.total_cents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await expect(staff.getByTestId('rebill-preview')).toHaveCount(0);
  await snap(staff, 'carrier-invoice-approved');

  // The adjustment leaves the shipper under its credit limit.
  const accounts = await apiCall<{ id: string; name: string }[]>(staff, 'GET', `/api/admin/accounts?q=${encodeURIComponent(companyName)}`);
  const own = accounts.find((a) => a.name === companyName);
  const credit = await apiCall<Credit>(staff, 'GET', `/api/admin/accounts/${own?.id}/credit`);
  expect(credit.status).toBe('active');

  // The company's admin finds the adjustment among its open invoices.
  await shipper.goto('/my-invoices');
  const invoice = shipper.getByTestId('invoice-row').filter({ hasText: rebill?.number ?? '' });
  await expect(invoice).toContainText(`BOL ${bill.bol_number}`);
  await expect(invoice).toContainText(`$${((rebill?.total_cents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await snap(shipper, 'carrier-reweigh-open-invoice');
});

test('es: at 390 px accounting disputes a reclass and the thread shows the message to the carrier', async ({ browser }) => {
  // Two classes over the booked one: the demo dock finds one class up at most, so its inspection
  // never supports it; the charges 10% up, as the demo's reclass bills them.
  const { bill } = await billedShipment(browser, 'carrier-reclass-shipper', 'RC', { classesUp: 2, chargeFactor: 1.1 });
  const number = bill.invoice_number;
  const staff = await lookAlikePage(browser, 'accounting@demo.test', 'carrier-invoices-accounting-es', {
    language: 'es',
    width: 390,
    at: '/admin/carrier-invoices',
  });
  await expect(staff.getByRole('heading', { name: 'Facturas del transportista', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(staff, 'on the carrier invoice queue at 390 px');
  await snap(staff, 'carrier-invoices-queue-es-phone');
  await uploadBill(staff, bill, 'es', 'carrier-invoices-upload-es-phone');
  await staff.getByRole('tab', { name: /^Aprobación automática \(\d+\)$/ }).click();
  const auto = staff.getByRole('table', { name: 'Facturas del transportista: Aprobación automática' });
  await expect(auto.getByRole('row').filter({ hasText: 'OK-20456' })).toContainText('Aprobación automática');
  await expectNoSidewaysScroll(staff, 'on the auto-approved carrier invoices at 390 px');
  await snap(staff, 'carrier-invoices-auto-approved-es-phone');
  await staff.getByRole('tab', { name: /^En espera \(\d+\)$/ }).click();
  await staff.getByRole('link', { name: `Factura ${number}` }).click();
  await expect(staff.getByTestId('variance-reasons')).toContainText('Reclasificación: reservado como clase');
  await expect(staff.getByTestId('variance-reasons')).toContainText('no respalda la reclasificación');
  await expect(staff.getByTestId('rebill-preview')).toContainText(/recibiría una factura de ajuste por USD\s[\d,]+\.\d{2} por este envío/);
  await expectNoSidewaysScroll(staff, 'on a carrier invoice at 390 px');
  await snap(staff, 'carrier-invoice-reclass-es-phone');

  await staff.getByRole('button', { name: 'Disputar' }).click();
  const dialog = staff.getByRole('dialog', { name: `Disputar la factura ${number}` });
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
  await expect(staff.getByRole('heading', { name: 'Cuentas por pagar a transportistas', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(staff, 'on payables at 390 px');
  await snap(staff, 'carrier-payables-es-phone');
});
