import type { CustomsView } from '@freight/contracts';
import type { RateCrossing } from '@freight/domain/rating';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cartaPortes, mexicanCarrierFleets, shipments } from '../../db/schema';

/** What a Carta Porte is written from: the shipment's parties, goods, dates, crossing and pedimento. */
export async function cartaPorteShipment(db: Db, shipmentId: string) {
  const [row] = await db
    .select({
      id: shipments.id,
      bolNumber: shipments.bolNumber,
      scac: shipments.scac,
      pickup: shipments.pickup,
      delivery: shipments.delivery,
      items: shipments.items,
      pickupDate: shipments.pickupDate,
      estimatedDelivery: shipments.estimatedDelivery,
      transitDays: shipments.transitDays,
      originCountry: shipments.originCountry,
      destinationCountry: shipments.destinationCountry,
      customs: shipments.customs,
      crossing: shipments.crossing,
      customsEntryNumber: shipments.customsEntryNumber,
      customsVersion: shipments.customsVersion,
    })
    .from(shipments)
    .where(eq(shipments.id, shipmentId));
  return row ? { ...row, customs: row.customs as CustomsView | null, crossing: row.crossing as RateCrossing | null } : undefined;
}

export type CartaPorteShipment = NonNullable<Awaited<ReturnType<typeof cartaPorteShipment>>>;

export const mexicanFleet = async (db: Db, scac: string) =>
  (await db.select().from(mexicanCarrierFleets).where(eq(mexicanCarrierFleets.scac, scac)))[0];

export const latestCartaPorte = async (db: Db, shipmentId: string) =>
  (await db.select().from(cartaPortes).where(eq(cartaPortes.shipmentId, shipmentId)).orderBy(desc(cartaPortes.version)).limit(1))[0];

/** Every kept version of a shipment's Carta Porte, newest first, without its XML. */
export const cartaPorteVersions = (db: Db, shipmentId: string) =>
  db
    .select({
      version: cartaPortes.version,
      uuid: cartaPortes.uuid,
      stampedAt: cartaPortes.stampedAt,
      reason: cartaPortes.reason,
      customsVersion: cartaPortes.customsVersion,
    })
    .from(cartaPortes)
    .where(eq(cartaPortes.shipmentId, shipmentId))
    .orderBy(desc(cartaPortes.version));

export const cartaPorteVersion = async (db: Db, shipmentId: string, version: number) =>
  (
    await db
      .select()
      .from(cartaPortes)
      .where(and(eq(cartaPortes.shipmentId, shipmentId), eq(cartaPortes.version, version)))
  )[0];

/** Keeps a stamped version; a version stamped meanwhile by another request wins (the same document, stamped twice). */
export async function keepCartaPorte(db: Db, row: typeof cartaPortes.$inferInsert) {
  const [kept] = await db.insert(cartaPortes).values(row).onConflictDoNothing().returning();
  return kept ?? (await cartaPorteVersion(db, row.shipmentId, row.version));
}

export async function upsertMexicanFleet(db: Db, fleet: typeof mexicanCarrierFleets.$inferInsert) {
  await db.insert(mexicanCarrierFleets).values(fleet).onConflictDoNothing();
}
