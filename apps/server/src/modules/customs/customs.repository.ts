import { and, asc, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customsVersions, shipmentEvents, shipments } from '../../db/schema';

/** The most shipments the customs queue reads at once: more than a border desk works through in a day. */
export const CUSTOMS_QUEUE_LIMIT = 500;

const queueColumns = {
  id: shipments.id,
  accountId: shipments.accountId,
  accountName: accounts.name,
  bolNumber: shipments.bolNumber,
  crossing: shipments.crossing,
  customs: shipments.customs,
  mode: shipments.mode,
  customsEntryNumber: shipments.customsEntryNumber,
  customsCorrectedAt: shipments.customsCorrectedAt,
  customsVersion: shipments.customsVersion,
  items: shipments.items,
  currency: shipments.currency,
  createdAt: shipments.createdAt,
  originCity: shipments.originCity,
  originState: shipments.originState,
  originCountry: shipments.originCountry,
  destinationCity: shipments.destinationCity,
  destinationState: shipments.destinationState,
  destinationCountry: shipments.destinationCountry,
};

type Declaration = (typeof shipments.$inferSelect)['customs'];

export type CustomsQueueRow = Awaited<ReturnType<ReturnType<typeof customsRepository>['openCrossings']>>[number];

/** The shipments across a border still on their way (delivered and canceled ones are done with customs). */
const openCrossing = and(isNotNull(shipments.crossing), notInArray(shipments.status, ['delivered', 'canceled']));

export function customsRepository(db: Db) {
  return {
    /** Open crossings, oldest booking first, with their account's name. */
    openCrossings(limit = CUSTOMS_QUEUE_LIMIT) {
      return db
        .select(queueColumns)
        .from(shipments)
        .innerJoin(accounts, eq(accounts.id, shipments.accountId))
        .where(openCrossing)
        .orderBy(asc(shipments.createdAt), asc(shipments.id))
        .limit(limit);
    },

    /** One shipment across a border (any status), or undefined. */
    async crossing(id: string) {
      const [row] = await db
        .select({ ...queueColumns, status: shipments.status })
        .from(shipments)
        .innerJoin(accounts, eq(accounts.id, shipments.accountId))
        .where(and(eq(shipments.id, id), isNotNull(shipments.crossing)));
      return row;
    },

    /** The tracking events of these shipments, oldest first (then as received). */
    eventsOf(ids: readonly string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          shipmentId: shipmentEvents.shipmentId,
          statusCode: shipmentEvents.statusCode,
          reasonCode: shipmentEvents.reasonCode,
          description: shipmentEvents.description,
          city: shipmentEvents.city,
          state: shipmentEvents.state,
          occurredAt: shipmentEvents.occurredAt,
        })
        .from(shipmentEvents)
        .where(inArray(shipmentEvents.shipmentId, [...ids]))
        .orderBy(asc(shipmentEvents.shipmentId), asc(shipmentEvents.occurredAt), asc(shipmentEvents.receivedAt));
    },

    async setEntryNumber(tx: Db, id: string, entryNumber: string, at: Date) {
      await tx.update(shipments).set({ customsEntryNumber: entryNumber, updatedAt: at }).where(eq(shipments.id, id));
    },

    async setCorrectedAt(tx: Db, id: string, at: Date) {
      await tx.update(shipments).set({ customsCorrectedAt: at, updatedAt: at }).where(eq(shipments.id, id));
    },

    /** Keeps the declaration as it stood (its version, and the correction that replaces it) and stores the corrected one as the next version. */
    async correctDeclaration(
      tx: Db,
      row: { id: string; customs: Declaration; customsVersion: number },
      corrected: NonNullable<Declaration>,
      correction: { document: string; note: string },
      at: Date,
    ) {
      await tx.insert(customsVersions).values({
        shipmentId: row.id,
        version: row.customsVersion,
        customs: row.customs,
        replacedAt: at,
        document: correction.document,
        note: correction.note,
      });
      await tx
        .update(shipments)
        .set({ customs: corrected, customsVersion: row.customsVersion + 1, updatedAt: at })
        .where(eq(shipments.id, row.id));
    },
  };
}
