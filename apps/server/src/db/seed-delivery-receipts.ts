import { and, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import { demoPodShipment, demoProofOfDelivery } from '../modules/tracking/demo-pod';
import type { Db } from './client';
import { accounts, deliveryReceipts, shipments } from './schema';

/** Delivered shipments given a receipt, the most recent first (the drawing costs a few milliseconds each). */
const MOST = 200;

/**
 * Delivery receipts (docs/proof-of-delivery.md) for the seeded delivered shipments, as the demo
 * carriers' drivers bring them back: signer, the delivery time, about 8% with an exception. The
 * demo shipper's latest delivery always notes one (damage), so its screens show a receipt with an
 * exception whatever the draw.
 */
export async function seedDemoDeliveryReceipts(tx: Db, now: Date) {
  const rows = await tx
    .select({
      id: shipments.id,
      delivery: shipments.delivery,
      items: shipments.items,
      deliveredAt: shipments.deliveredAt,
      accountId: shipments.accountId,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.status, 'delivered'),
        isNotNull(shipments.deliveredAt),
        notExists(tx.select({ one: sql`1` }).from(deliveryReceipts).where(eq(deliveryReceipts.shipmentId, shipments.id))),
      ),
    )
    .orderBy(desc(shipments.deliveredAt), desc(shipments.id))
    .limit(MOST);
  const [demo] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, 'Demo Shipper Co'));
  const showcase = rows.find((r) => r.accountId === demo?.id)?.id;
  const values = rows.map((row) => {
    const pod = demoProofOfDelivery(demoPodShipment(row), (row.deliveredAt as Date).toISOString());
    const exceptions =
      row.id === showcase && !pod.exceptions.length
        ? [{ kind: 'damage' as const, pieces: 1, note: 'Pallet wrap torn, cartons crushed on one corner' }]
        : pod.exceptions;
    return {
      shipmentId: row.id,
      signerName: pod.signerName,
      signedAt: pod.signedAt,
      exceptions,
      signaturePng: pod.signaturePng,
      source: 'demo' as const,
      createdAt: now,
    };
  });
  for (let i = 0; i < values.length; i += 100)
    await tx
      .insert(deliveryReceipts)
      .values(values.slice(i, i + 100))
      .onConflictDoNothing();
}
