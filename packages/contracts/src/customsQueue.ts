import type { Country } from '@freight/domain';
import { CUSTOMS_STAGES, type CustomsStage } from '@freight/domain/customs';
import { z } from 'zod';
import { hsCode, originCountry, unitValueCents } from './customs';
import { choice } from './fields';
import type { DOCUMENT_KINDS } from './shipments';

export { CUSTOMS_STAGES, type CustomsStage } from '@freight/domain/customs';

/** GET /api/admin/customs */
export const customsQueueQuery = z.object({
  stage: choice(CUSTOMS_STAGES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type CustomsQueueQuery = z.input<typeof customsQueueQuery>;

/** The entered side's customs broker as the queue shows it: ours, or the shipper's own and how to reach it. */
export interface CustomsBrokerContact {
  country: Country;
  ours: boolean;
  company: string;
  contact_name: string;
  phone: string;
  email: string;
}

/** One shipment of the customs queue. */
export interface CustomsQueueItem {
  id: string;
  bol_number: string;
  account: { id: string; name: string };
  origin: { city: string; state: string; country: Country };
  destination: { city: string; state: string; country: Country };
  /** The port of entry's two cities. */
  port_name: string;
  stage: CustomsStage;
  /** Since when it is in this stage (ISO 8601): the queue runs oldest first. */
  since: string;
  /** What customs said when they held it, in the reader's language; null unless held. */
  hold_reason: string | null;
  /** The entered country's customs reference (pedimento, entry or transaction number), once given. */
  entry_number: string | null;
  /** When a corrected document last went to the broker (ISO 8601). */
  corrected_at: string | null;
  /** The entered side's broker; null when the shipment has no declaration. */
  broker: CustomsBrokerContact | null;
  /** The border documents staff can open for it (GET /api/admin/shipments/:id/documents/:kind). */
  documents: CustomsDocumentKind[];
  /** The declaration's lines as they stand (what a correction may change), in the quote's order; none without a declaration. */
  lines: CustomsQueueLine[];
  /** The declaration's version: 1 as booked, one more for each correction of its lines. */
  customs_version: number;
}

/** A line of the declaration in the queue: the quoted item's description and what customs reads of it. */
export interface CustomsQueueLine {
  description: string;
  hs_code: string;
  origin_country: string;
  unit_value_cents: number;
  currency: string;
}

/** GET /api/admin/customs answer. */
export interface CustomsQueueResponse {
  data: CustomsQueueItem[];
  has_more: boolean;
  /** Shipments per stage, whatever the filter. */
  counts: Record<CustomsStage, number>;
}

/** The documents a border asks for, which a held shipment's correction names. */
export const CUSTOMS_DOCUMENT_KINDS = [
  'commercial_invoice',
  'bol',
  'entry_label',
  'usmca_certification',
  'carta_porte',
] as const satisfies readonly (typeof DOCUMENT_KINDS)[number][];
export type CustomsDocumentKind = (typeof CUSTOMS_DOCUMENT_KINDS)[number];

/** A line of the declaration as corrected: what customs query (HS code, origin, value); the rest of the line stays. */
export const correctedLine = z.object(
  { hs_code: hsCode, origin_country: originCountry, unit_value_cents: unitValueCents },
  { error: 'validation.required' },
);

/**
 * POST /api/admin/customs/:id/correction: the corrected document sent to the broker for freight
 * held at the border; with `lines` (one per line of the declaration) the declaration itself is
 * corrected, the earlier version kept, and its documents print the new one.
 */
export const customsCorrectionRequest = z.object({
  document: choice(CUSTOMS_DOCUMENT_KINDS),
  lines: z.array(correctedLine, { error: 'validation.invalid' }).max(50, { error: 'validation.too_many' }).optional(),
  note: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(1000, {
    error: 'validation.too_long',
  }),
});
export type CustomsCorrectionRequest = z.input<typeof customsCorrectionRequest>;

/** PUT /api/admin/customs/:id/entry: the entered country's customs reference, as the broker gave it (its form is the server's to check). */
export const customsEntryRequest = z.object({
  entry_number: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(40, {
    error: 'validation.too_long',
  }),
});
export type CustomsEntryRequest = z.input<typeof customsEntryRequest>;

/** PUT /api/shipments/:id/customs-entry: the reference the shipper recorded, as the server wrote it. */
export const customsEntryView = z.strictObject({ entry_number: z.string() });
export type CustomsEntryView = z.output<typeof customsEntryView>;
