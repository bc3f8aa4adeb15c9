import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, deliveryReceipts, shipments } from './schema';
import { seededDemoDatabase } from './seeded-demo.test-support';

const demo = seededDemoDatabase(new Date('2026-11-25T16:00:00Z'));

describe('the demo delivery receipts', () => {
  it('give the seeded delivered shipments a signed receipt at their delivery time, some with exceptions', async () => {
    const rows = await demo()
      .db.select({ receipt: deliveryReceipts, deliveredAt: shipments.deliveredAt, account: accounts.name })
      .from(deliveryReceipts)
      .innerJoin(shipments, eq(shipments.id, deliveryReceipts.shipmentId))
      .innerJoin(accounts, eq(accounts.id, shipments.accountId));
    expect(rows.length).toBeGreaterThan(20);
    for (const { receipt, deliveredAt } of rows) {
      expect(receipt.source).toBe('demo');
      expect(receipt.signerName).not.toBe('');
      expect(receipt.signedAt.getTime()).toBe(deliveredAt?.getTime());
      expect(receipt.signaturePng?.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    expect(rows.filter((r) => r.receipt.exceptions.length).length).toBeGreaterThan(1);
    // The demo shipper sees a receipt with an exception on its latest delivery.
    expect(rows.some((r) => r.account === 'Demo Shipper Co' && r.receipt.exceptions.length)).toBe(true);
  });

  it('leave no delivered shipment of the demo shipper without one', async () => {
    const missing = await demo()
      .db.select({ id: shipments.id })
      .from(shipments)
      .innerJoin(accounts, eq(accounts.id, shipments.accountId))
      .leftJoin(deliveryReceipts, eq(deliveryReceipts.shipmentId, shipments.id))
      .where(and(eq(shipments.status, 'delivered'), eq(accounts.name, 'Demo Shipper Co'), isNull(deliveryReceipts.shipmentId)));
    expect(missing).toEqual([]);
  });
});
