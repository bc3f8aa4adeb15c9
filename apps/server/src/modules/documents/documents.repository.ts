import type { HazmatDetails, ParcelOptions, PlaceView, ShipmentItemView, ShipmentReference, TemperatureRange } from '@freight/contracts';
import type { ChargeLine } from '@freight/domain/rating';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, customsVersions, shipments } from '../../db/schema';
import { deliveryPlaceOf, stopsOf } from '../shipments/shipments.service';
import type { DocumentAccount } from './pdf';
import type { SummaryShipment } from './shipment-summary';

export type ShipmentRow = typeof shipments.$inferSelect;

/** A shipment's references in order; one booked before several were kept has its one in the columns. */
function referencesOf(row: Pick<ShipmentRow, 'references' | 'referenceType' | 'referenceNumber'>): ShipmentReference[] {
  const references = row.references as ShipmentReference[];
  if (references.length || !row.referenceNumber) return references;
  return [{ type: (row.referenceType ?? 'shipper_reference') as ShipmentReference['type'], value: row.referenceNumber }];
}

export type DocumentShipment = SummaryShipment &
  Pick<ShipmentRow, 'accountId' | 'originCountry' | 'destinationCountry' | 'customs' | 'crossing' | 'customsVersion' | 'updatedAt'> & {
    costLines: ChargeLine[] | null;
  };

/** A shipment row as the documents show it: the columns keep their names; only the jsonb ones need their shapes. */
export const asDocumentShipment = (row: ShipmentRow): DocumentShipment => ({
  ...row,
  references: referencesOf(row),
  parcelOptions: (row.parcelOptions as ParcelOptions | null) ?? null,
  temperature: (row.temperature as TemperatureRange | null) ?? null,
  pickup: row.pickup as PlaceView,
  delivery: deliveryPlaceOf(row),
  stops: stopsOf(row),
  hazmat: (row.hazmat as HazmatDetails | null) ?? null,
  items: row.items as ShipmentItemView[],
  charges: row.charges as ChargeLine[],
  costLines: row.costLines as ChargeLine[] | null,
});

/**
 * The shipment as the documents show it; undefined when there is none by that id (of the account,
 * when one is given: staff read every account's, a shipper only their own).
 */
export async function documentShipment(db: Db, accountId: string | null, id: string): Promise<DocumentShipment | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), accountId ? eq(shipments.accountId, accountId) : undefined));
  return row && asDocumentShipment(row);
}

/** Several of the account's shipments' rows, in one statement, by id (one not the account's is absent). */
export async function shipmentRowsOf(db: Db, accountId: string, ids: string[]): Promise<Map<string, ShipmentRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.id, ids), eq(shipments.accountId, accountId)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The references of an account's shipment, for the documents about it (its invoice); none when there is no such shipment. */
export async function shipmentReferences(db: Db, accountId: string, shipmentId: string): Promise<ShipmentReference[]> {
  const [row] = await db
    .select({ references: shipments.references, referenceType: shipments.referenceType, referenceNumber: shipments.referenceNumber })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.accountId, accountId)));
  return row ? referencesOf(row) : [];
}

/** The account a document bills: its name and billing address. */
export async function documentAccount(db: Db, accountId: string): Promise<DocumentAccount> {
  const [account] = await db
    .select({ name: accounts.name, billingAddress: accounts.billingAddress })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { name: account?.name ?? '', billingAddress: account?.billingAddress ?? null };
}

/** An earlier version of a shipment's customs declaration (one a correction replaced), or undefined. */
export async function earlierDeclaration(db: Db, shipmentId: string, version: number) {
  const [row] = await db
    .select({ customs: customsVersions.customs })
    .from(customsVersions)
    .where(and(eq(customsVersions.shipmentId, shipmentId), eq(customsVersions.version, version)));
  return row;
}
