import type { Language, UnitSystem } from '@freight/domain';
import type { Db } from '../../db/client';
import { carrierLanguage } from '../shipments/shipments.service';
import type { PacketClaim, PacketFile } from './claim-packet';
import { deliveryReceiptsRepository } from './delivery-receipts.repository';
import { hasDocument } from './document-kinds';
import { documentAccount, documentShipment } from './documents.repository';
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

/**
 * What a shipper prints to hand an account's shipment to its carrier, for the batches' merged file
 * (`mergedShippingPdf`): freight's bill of lading and its pallet labels (a 4x6 page per handling
 * unit), or a parcel's labels (a parcel carrier uses no bill of lading), in the carrier's language
 * as the single downloads are. Undefined when the shipment is not the account's.
 */
export async function shippingDocumentsRow(
  db: Db,
  accountId: string,
  shipmentId: string,
  options: { unitSystem: UnitSystem; now: Date },
): Promise<ShippingRow | undefined> {
  const shipment = await documentShipment(db, accountId, shipmentId);
  if (!shipment) return undefined;
  return {
    shipment,
    account: hasDocument(shipment, 'bol') ? await documentAccount(db, shipment.accountId) : null,
    palletLabels: hasDocument(shipment, 'pallet_labels'),
    parcelLabels: hasDocument(shipment, 'labels'),
    options: { language: carrierLanguage(shipment.originCountry), unitSystem: options.unitSystem, now: options.now },
  };
}

export { documentKindsOf, documentsOf } from './document-kinds';
export { type MergedShippingPdf, mergedShippingPdf } from './shipping-documents-pdf';
