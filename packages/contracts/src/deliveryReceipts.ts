import { z } from 'zod';
import { isoDateTime } from './fields';

/** What a consignee may note on the delivery receipt (domain.md 14: visible damage and shortage must be noted there). */
export const DELIVERY_EXCEPTION_KINDS = ['damage', 'shortage', 'refused'] as const;
export type DeliveryExceptionKind = (typeof DELIVERY_EXCEPTION_KINDS)[number];

/** The types a carrier's attached receipt may be, told by its first bytes (never by what the post says). */
export const POD_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type PodDocumentType = (typeof POD_DOCUMENT_TYPES)[number];
/** The largest attached receipt, decoded (its base64 text is a third longer). */
export const POD_DOCUMENT_MAX_BYTES = 1024 * 1024;
/** The longest base64 text of a receipt of POD_DOCUMENT_MAX_BYTES. */
const POD_DOCUMENT_MAX_BASE64 = Math.ceil(POD_DOCUMENT_MAX_BYTES / 3) * 4;

export const deliveryExceptionIn = z.object({
  kind: z.enum(DELIVERY_EXCEPTION_KINDS, { error: 'validation.choice' }),
  /** Handling units (pallets, pieces) the exception concerns. */
  pieces: z.number().int().min(1).max(9999),
  note: z.string().trim().max(300).optional().default(''),
});
export type DeliveryExceptionIn = z.output<typeof deliveryExceptionIn>;

/**
 * The proof of delivery a carrier posts with its D1 (delivered) event: who signed, when (the
 * event's time without it), the exceptions noted and the scanned receipt as base64 (PDF, PNG or
 * JPEG, at most POD_DOCUMENT_MAX_BYTES).
 */
export const proofOfDeliveryIn = z.object({
  signer_name: z.string().trim().min(1).max(100),
  signed_at: isoDateTime().optional(),
  exceptions: z.array(deliveryExceptionIn).max(20).optional().default([]),
  document: z
    .object({
      /** Base64 (standard alphabet, padding optional) of the file's bytes. */
      content_base64: z
        .string()
        .max(POD_DOCUMENT_MAX_BASE64, { error: 'validation.pod_document_size' })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'validation.invalid' }),
      file_name: z.string().trim().max(120).optional(),
    })
    .optional(),
});
export type ProofOfDeliveryIn = z.output<typeof proofOfDeliveryIn>;

export interface DeliveryExceptionView {
  kind: DeliveryExceptionKind;
  pieces: number;
  note: string;
}

/** A delivered shipment's receipt (GET /api/shipments/:id/proof-of-delivery and the staff door's). */
export interface ProofOfDeliveryView {
  signer_name: string;
  signed_at: string;
  exceptions: DeliveryExceptionView[];
  source: 'demo' | 'carrier_api';
  has_signature: boolean;
  /** The carrier's scanned receipt's type, when it sent one. */
  document_type: PodDocumentType | null;
  /** The receipt as a PDF download. */
  pdf_url: string;
}
