import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryReceipts, shipments } from '../../db/schema';

export type DeliveryReceiptRow = typeof deliveryReceipts.$inferSelect;
export type NewDeliveryReceiptRow = typeof deliveryReceipts.$inferInsert;

/** Delivery receipts (proof of delivery), one per shipment. */
export function deliveryReceiptsRepository(db: Db) {
  return {
    /**
     * Stores a receipt. The demo's is written once (a second poll of the same delivery changes
     * nothing); a carrier's replaces what was there (a corrected receipt, or the demo's).
     */
    async save(row: NewDeliveryReceiptRow, replace: boolean) {
      const insert = db.insert(deliveryReceipts).values(row);
      if (!replace) return insert.onConflictDoNothing({ target: deliveryReceipts.shipmentId });
      const { shipmentId: _, ...rest } = row;
      return insert.onConflictDoUpdate({ target: deliveryReceipts.shipmentId, set: rest });
    },

    /** The receipt of a shipment, of the account when one is given (staff: any). */
    async of(accountId: string | null, shipmentId: string): Promise<DeliveryReceiptRow | undefined> {
      const [row] = await db
        .select({ receipt: deliveryReceipts })
        .from(deliveryReceipts)
        .innerJoin(shipments, eq(shipments.id, deliveryReceipts.shipmentId))
        .where(and(eq(deliveryReceipts.shipmentId, shipmentId), accountId ? eq(shipments.accountId, accountId) : undefined));
      return row?.receipt;
    },

    /** Which of these shipments have a receipt. */
    async withReceipt(shipmentIds: string[]): Promise<Set<string>> {
      if (!shipmentIds.length) return new Set();
      const rows = await db
        .select({ id: deliveryReceipts.shipmentId })
        .from(deliveryReceipts)
        .where(inArray(deliveryReceipts.shipmentId, shipmentIds));
      return new Set(rows.map((r) => r.id));
    },

    /** Delivered shipments without a receipt (the demo seed fills them). */
    async deliveredWithout(limit: number) {
      return db
        .select({ id: shipments.id, delivery: shipments.delivery, items: shipments.items, deliveredAt: shipments.deliveredAt })
        .from(shipments)
        .where(
          and(
            eq(shipments.status, 'delivered'),
            sql`not exists (select 1 from ${deliveryReceipts} r where r.shipment_id = ${shipments.id})`,
          ),
        )
        .limit(limit);
    },
  };
}
