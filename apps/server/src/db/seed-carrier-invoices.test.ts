import { CARRIER_INVOICE_STATUSES, VARIANCE_REASON_CODES } from '@freight/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TIME_ZONE } from '../business-days';
import { accounts, carrierInvoiceMessages, carrierInvoices, invoices } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-03-10T03:00:00Z'), { timeZone: DEFAULT_BUSINESS_TIME_ZONE });

describe('the demo carrier invoices', () => {
  it('fill every state and every reason, with a supported Demo Shipper Co reweigh waiting, an unsupported reclass and a re-billed one', async () => {
    const rows = await demo().db.select().from(carrierInvoices);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([...CARRIER_INVOICE_STATUSES].sort());
    expect([...new Set(rows.flatMap((r) => r.reasons))].sort()).toEqual([...VARIANCE_REASON_CODES].sort());
    const [demoShipper] = await demo().db.select().from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
    expect(rows.some((r) => r.status === 'pending_audit' && r.reasons.includes('reweigh') && r.accountId === demoShipper?.id)).toBe(true);
    const rebilled = rows.find((r) => r.rebillInvoiceId);
    const [adjustment] = await demo().db.select().from(invoices).where(eq(invoices.id, rebilled!.rebillInvoiceId!));
    expect(adjustment).toMatchObject({ type: 'adjustment', shipmentId: rebilled!.shipmentId });
    // The reweigh to approve is billed at what its carrier's dock found, so its inspection supports it; the reclass's does not.
    const reasonOf = (number: string) => rows.find((r) => r.invoiceNumber === number)?.audit?.reasons[0];
    expect(reasonOf('RW-20451')).toMatchObject({ code: 'reweigh', supported: true });
    expect(rows.find((r) => r.invoiceNumber === 'RW-20451')?.accountId).toBe(demoShipper?.id);
    expect(reasonOf('RC-20452')).toMatchObject({ code: 'reclass', supported: false });
    const disputed = rows.find((r) => r.status === 'disputed');
    const thread = await demo().db.select().from(carrierInvoiceMessages).where(eq(carrierInvoiceMessages.carrierInvoiceId, disputed!.id));
    expect(thread.map((m) => m.fromCarrier)).toEqual([false, true]);
  });
});
