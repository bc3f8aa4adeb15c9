import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationPartners, invoices, shipments } from '../../db/schema';

/** The facts of a shipment its events tell (never the whole row: a booking hands over the one it wrote). */
export type ShipmentFacts = Pick<
  typeof shipments.$inferSelect,
  | 'id'
  | 'accountId'
  | 'bolNumber'
  | 'proNumber'
  | 'references'
  | 'status'
  | 'mode'
  | 'scac'
  | 'pickupDate'
  | 'customs'
  | 'originCountry'
  | 'destinationCountry'
>;

/** What the webhooks read of other modules' records to tell of them: shipments, invoices and partners. */
export function webhookFactsRepository(db: Db) {
  return {
    async shipmentFacts(id: string): Promise<ShipmentFacts | undefined> {
      const [row] = await db
        .select({
          id: shipments.id,
          accountId: shipments.accountId,
          bolNumber: shipments.bolNumber,
          proNumber: shipments.proNumber,
          references: shipments.references,
          status: shipments.status,
          mode: shipments.mode,
          scac: shipments.scac,
          pickupDate: shipments.pickupDate,
          customs: shipments.customs,
          originCountry: shipments.originCountry,
          destinationCountry: shipments.destinationCountry,
        })
        .from(shipments)
        .where(eq(shipments.id, id));
      return row;
    },

    async invoice(id: string) {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    /** The people a partner named to hear of its integration (its subscriptions' notices). */
    async partnerContacts(partnerId: string) {
      const [partner] = await db
        .select({ contacts: integrationPartners.contacts })
        .from(integrationPartners)
        .where(eq(integrationPartners.id, partnerId));
      return partner?.contacts ?? [];
    },
  };
}
