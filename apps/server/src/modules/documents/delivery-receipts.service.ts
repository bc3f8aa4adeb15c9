import {
  type DeliveryExceptionIn,
  POD_DOCUMENT_MAX_BYTES,
  POD_DOCUMENT_TYPES,
  type PodDocumentType,
  type ProofOfDeliveryIn,
  type ProofOfDeliveryView,
} from '@freight/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { sniffType } from '../support/support.service';
import { type DeliveryReceiptRow, deliveryReceiptsRepository } from './delivery-receipts.repository';

/** A carrier's attached receipt, decoded and told by its bytes. */
export interface PodDocument {
  bytes: Buffer;
  type: PodDocumentType;
}

/** What the demo carriers' drivers bring back (tracking/demo-pod.ts). */
export interface DemoReceipt {
  signerName: string;
  signedAt: Date;
  exceptions: DeliveryExceptionIn[];
  signaturePng: Buffer;
}

/** Where a receipt is read: the shipper's pages or the staff door of the shipment pages. */
export const podBase = (shipmentId: string, staff: boolean) =>
  `${staff ? '/api/admin/shipments' : '/api/shipments'}/${shipmentId}/proof-of-delivery`;

/** The receipt as the pages show it. */
export function presentReceipt(row: DeliveryReceiptRow, staff: boolean): ProofOfDeliveryView {
  return {
    signer_name: row.signerName,
    signed_at: row.signedAt.toISOString(),
    exceptions: row.exceptions.map((e) => ({ kind: e.kind, pieces: e.pieces, note: e.note })),
    source: row.source,
    has_signature: Boolean(row.signaturePng),
    document_type: row.documentType ?? null,
    pdf_url: `${podBase(row.shipmentId, staff)}/pdf`,
  };
}

/**
 * A carrier's attached receipt (base64 in its post): decoded, at most POD_DOCUMENT_MAX_BYTES, and
 * a PDF, PNG or JPEG by its first bytes (the support upload's sniffing), whatever its name says.
 * Answers the document or the validation key that refuses it.
 */
export function decodePodDocument(base64: string): PodDocument | { error: string } {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.length) return { error: 'validation.invalid' };
  if (bytes.length > POD_DOCUMENT_MAX_BYTES) return { error: 'validation.pod_document_size' };
  const type = sniffType(bytes.subarray(0, 16));
  if (!type || !(POD_DOCUMENT_TYPES as readonly string[]).includes(type)) return { error: 'validation.pod_document_type' };
  return { bytes, type: type as PodDocumentType };
}

/** Delivery receipts (docs/proof-of-delivery.md): stored from the demo movement and carriers' posts, read by the shipper and staff. */
export function deliveryReceiptsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const repo = deliveryReceiptsRepository(ctx.db);
  return {
    /**
     * The attached documents of a carrier post's events, each checked before anything of the post
     * is stored: one refused document refuses the post (422, the field named by the event's index).
     */
    checkCarrierDocuments(events: { pod?: ProofOfDeliveryIn }[]): Map<number, PodDocument> {
      const documents = new Map<number, PodDocument>();
      const errors: Record<string, string[]> = {};
      events.forEach((e, i) => {
        const base64 = e.pod?.document?.content_base64;
        if (!base64) return;
        const decoded = decodePodDocument(base64);
        if ('error' in decoded) errors[`events.${i}.pod.document.content_base64`] = [decoded.error];
        else documents.set(i, decoded);
      });
      if (Object.keys(errors).length) throw AppError.validation(errors);
      return documents;
    },

    /** The demo driver's receipt, written once per shipment. */
    async recordDemo(shipmentId: string, receipt: DemoReceipt) {
      await repo.save(
        {
          shipmentId,
          signerName: receipt.signerName,
          signedAt: receipt.signedAt,
          exceptions: receipt.exceptions,
          signaturePng: receipt.signaturePng,
          source: 'demo',
          createdAt: ctx.now(),
        },
        false,
      );
    },

    /** A carrier's receipt with its D1 event (`occurredAt` when it gives no signing time); replaces an earlier one. */
    async recordFromCarrier(
      shipmentId: string,
      carrierId: string | null,
      pod: ProofOfDeliveryIn,
      document: PodDocument | undefined,
      occurredAt: string,
    ) {
      await repo.save(
        {
          shipmentId,
          signerName: pod.signer_name,
          signedAt: new Date(pod.signed_at ?? occurredAt),
          exceptions: pod.exceptions.map((e) => ({ kind: e.kind, pieces: e.pieces, note: e.note })),
          signaturePng: null,
          document: document?.bytes ?? null,
          documentType: document?.type ?? null,
          source: 'carrier_api',
          carrierId,
          createdAt: ctx.now(),
        },
        true,
      );
    },

    /** The receipt of a shipment (of the account, or any for staff); undefined when there is none. */
    receipt: (accountId: string | null, shipmentId: string) => repo.of(accountId, shipmentId),

    /** Which of these shipments have a receipt (an invoice's documents list it). */
    withReceipt: (shipmentIds: string[]) => repo.withReceipt(shipmentIds),

    /** Delivered shipments that have no receipt yet (the demo seed). */
    deliveredWithout: (limit: number) => repo.deliveredWithout(limit),
  };
}
