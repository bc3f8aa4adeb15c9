import type { Language, UnitSystem } from '@freight/domain';
import type { Db } from '../../db/client';
import { hasDocument } from '../../document-kinds';
import { carrierLanguage } from '../shipments/shipments.service';
import type { PacketClaim, PacketFile } from './claim-packet';
import { deliveryReceiptsRepository } from './delivery-receipts.repository';
import { asDocumentShipment, documentAccount, documentShipment, type ShipmentRow, shipmentRowsOf } from './documents.repository';
import type { DocumentAccount } from './pdf';
import type { ShippingRow } from './shipping-documents.worker';

export type { PacketClaim, PacketFile } from './claim-packet';

/** The builder loads on the first packet (pdfkit is large; documents.routes.ts does the same). */
let packetBuilder: Promise<typeof import('./claim-packet')> | undefined;

/**
 * A freight claim's packet as a PDF (docs/claims.md), for the claims module: the claim it
 * gathered, with the shipment's bill of lading facts and delivery receipt read here. In the
 * carrier's language unless `language` asks for another. Undefined when the shipment is not found.
 */
export async function claimPacketPdf(
  db: Db,
  input: { shipmentId: string; claim: PacketClaim; files: PacketFile[] },
  options: { language?: Language; unitSystem: UnitSystem; now: Date },
) {
  const shipment = await documentShipment(db, null, input.shipmentId);
  if (!shipment) return undefined;
  const [account, receipt] = await Promise.all([
    documentAccount(db, shipment.accountId),
    deliveryReceiptsRepository(db).of(null, shipment.id),
  ]);
  packetBuilder ??= import('./claim-packet');
  const { buildClaimPacket } = await packetBuilder;
  const language = options.language ?? carrierLanguage(shipment.originCountry);
  const pdf = await buildClaimPacket(
    { claim: input.claim, shipment, account, receipt, files: input.files },
    { language, unitSystem: options.unitSystem, now: options.now },
  );
  return { pdf, fileName: `Claim-${input.claim.number}.pdf` };
}

/** How many shipments the merged file reads in one statement: a statement costs more than its rows. */
export const SHIPMENTS_PER_READ = 25;

/** One shipment's pages for a merged file, and when the shipment last changed (a file drawn from it can tell later whether it is current). */
export type ShippingPages = ShippingRow & { shipment: { updatedAt: Date } };

/**
 * What a shipper prints to hand a shipment to its carrier, from its row as read or just written:
 * freight's bill of lading and its pallet labels (a 4x6 page per handling unit), or a parcel's
 * labels (a parcel carrier uses no bill of lading), in the carrier's language as the single
 * downloads are. `account` is read when a bill of lading needs it, once per `account` holder.
 */
export async function shippingPagesOf(
  db: Db,
  row: ShipmentRow,
  account: { accountId: string; read?: Promise<DocumentAccount> },
  options: { unitSystem: UnitSystem; now: Date },
): Promise<ShippingPages> {
  const shipment = asDocumentShipment(row);
  const withBol = hasDocument(shipment, 'bol');
  if (withBol) account.read ??= documentAccount(db, account.accountId);
  return {
    shipment,
    account: withBol ? await (account.read as Promise<DocumentAccount>) : null,
    palletLabels: hasDocument(shipment, 'pallet_labels'),
    parcelLabels: hasDocument(shipment, 'labels'),
    options: { language: carrierLanguage(shipment.originCountry), unitSystem: options.unitSystem, now: options.now },
  };
}

/**
 * Every page of an account's shipments for the batches' merged file (`mergedShippingPdf`), in the
 * order of `shipmentIds` (shippingPagesOf). A shipment not the account's is left out. The
 * shipments are read a few at a time, and the account once.
 */
export async function* shippingDocumentsRows(
  db: Db,
  accountId: string,
  shipmentIds: string[],
  options: { unitSystem: UnitSystem; now: Date },
): AsyncGenerator<ShippingPages> {
  const account = { accountId };
  for (let at = 0; at < shipmentIds.length; at += SHIPMENTS_PER_READ) {
    const ids = shipmentIds.slice(at, at + SHIPMENTS_PER_READ);
    const found = await shipmentRowsOf(db, accountId, ids);
    for (const id of ids) {
      const row = found.get(id);
      if (row) yield await shippingPagesOf(db, row, account, options);
    }
  }
}

/** The account's details on its bills of lading, as text to compare: a file drawn earlier shows them as they were. */
export async function accountOnDocuments(db: Db, accountId: string) {
  return JSON.stringify(await documentAccount(db, accountId));
}

export { shipmentReferences } from './documents.repository';
export { type MergedShippingPdf, mergedShippingPdf } from './shipping-documents-pdf';
