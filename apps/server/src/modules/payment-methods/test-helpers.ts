import { eq, like } from 'drizzle-orm';
import { invoicePayments, invoices } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { deliveredShipment } from '../invoices/test-helpers';
import { AUTOPAY_JOB } from './autopay';

/** Runs the daily autopay round as of `on` (the clock moved there), and the mails it sends. */
export async function runAutopay(t: TestApp, on: Date) {
  t.clock.now = on;
  await t.app.jobs.schedule(AUTOPAY_JOB, 'daily', on);
  await t.app.jobs.runDue(200);
  await t.app.background.drain();
}

/** A delivered shipment's open invoice, dated 2026-11-10 and due on `dueDate`. */
export async function openInvoiceDue(t: TestApp, dueDate: string) {
  const { invoice } = await deliveredShipment(t);
  if (!invoice) throw new Error('the delivered shipment has no invoice');
  await t.database.db.update(invoices).set({ dueDate, invoiceDate: '2026-11-10' }).where(eq(invoices.id, invoice.id));
  return invoice;
}

/** The payments autopay made of an invoice (its keys name the invoice). */
export const autopayPayments = (t: TestApp, invoiceId: string) =>
  t.database.db
    .select()
    .from(invoicePayments)
    .where(like(invoicePayments.idempotencyKey, `autopay:${invoiceId}:%`));
