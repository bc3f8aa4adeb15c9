import { z } from 'zod';
import { isoDateTime } from './fields';

/** What a consignee may note on the delivery receipt (docs/freight-rules.md, Delivery receipts and claims: visible damage and shortage must be noted there). */
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

/** An exception noted on the receipt, as the shipper and staff read it. */
export const deliveryExceptionView = z.strictObject({
  kind: z.enum(DELIVERY_EXCEPTION_KINDS),
  pieces: z.number().int().meta({ description: 'Handling units (pallets, pieces) the exception concerns' }),
  note: z.string().meta({ description: "The consignee's words; '' for none" }),
});
export type DeliveryExceptionView = z.output<typeof deliveryExceptionView>;

/** A delivered shipment's receipt (GET /api/shipments/:id/proof-of-delivery and the staff door's). */
export const proofOfDeliveryView = z.strictObject({
  signer_name: z.string().meta({ description: 'Who signed for the freight' }),
  signed_at: z.iso.datetime().meta({ description: 'When, in UTC' }),
  exceptions: z.array(deliveryExceptionView),
  source: z.enum(['demo', 'carrier_api']).meta({ description: "`carrier_api` when the carrier sent it, `demo` for the demo carriers'" }),
  has_signature: z.boolean(),
  document_type: z
    .enum(POD_DOCUMENT_TYPES)
    .nullable()
    .meta({ description: "The type of the carrier's scanned receipt, when it sent one (told by its bytes); null otherwise" }),
  pdf_url: z.string().meta({ description: 'The receipt as a PDF download' }),
});
export type ProofOfDeliveryView = z.output<typeof proofOfDeliveryView>;
