import { COUNTRIES } from '@freight/domain';
import { CUSTOMS_STAGES } from '@freight/domain/customs';
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

/** The documents a border asks for, which a held shipment's correction names. */
export const CUSTOMS_DOCUMENT_KINDS = [
  'commercial_invoice',
  'bol',
  'entry_label',
  'usmca_certification',
  'carta_porte',
] as const satisfies readonly (typeof DOCUMENT_KINDS)[number][];
export type CustomsDocumentKind = (typeof CUSTOMS_DOCUMENT_KINDS)[number];

/** The entered side's customs broker as the queue shows it: ours, or the shipper's own and how to reach it. */
export const customsBrokerContact = z.strictObject({
  country: z.enum(COUNTRIES),
  ours: z.boolean(),
  company: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type CustomsBrokerContact = z.output<typeof customsBrokerContact>;

/** A line of the declaration in the queue: the quoted item's description and what customs reads of it. */
export const customsQueueLine = z.strictObject({
  description: z.string(),
  hs_code: z.string(),
  origin_country: z.string(),
  unit_value_cents: z.number().int(),
  currency: z.string(),
});
export type CustomsQueueLine = z.output<typeof customsQueueLine>;

const queuePlace = z.strictObject({ city: z.string(), state: z.string(), country: z.enum(COUNTRIES) });

/** One shipment of the customs queue. */
export const customsQueueItem = z.strictObject({
  id: z.uuid(),
  bol_number: z.string(),
  account: z.strictObject({ id: z.uuid(), name: z.string() }),
  origin: queuePlace,
  destination: queuePlace,
  port_name: z.string().meta({ description: "The port of entry's two cities" }),
  stage: z.enum(CUSTOMS_STAGES),
  since: z.iso.datetime().meta({ description: 'Since when it is in this stage: the queue runs oldest first' }),
  hold_reason: z
    .string()
    .nullable()
    .meta({ description: "What customs said when they held it, in the reader's language; null unless held" }),
  entry_number: z
    .string()
    .nullable()
    .meta({ description: "The entered country's customs reference (pedimento, entry or transaction number), once given" }),
  corrected_at: z.iso.datetime().nullable().meta({ description: 'When a corrected document last went to the broker' }),
  broker: customsBrokerContact.nullable().meta({ description: "The entered side's broker; null when the shipment has no declaration" }),
  documents: z
    .array(z.enum(CUSTOMS_DOCUMENT_KINDS))
    .meta({ description: 'The border documents staff can open for it (GET /api/admin/shipments/:id/documents/:kind)' }),
  lines: z.array(customsQueueLine).meta({
    description: "The declaration's lines as they stand (what a correction may change), in the quote's order; none without a declaration",
  }),
  customs_version: z
    .number()
    .int()
    .meta({ description: "The declaration's version: 1 as booked, one more for each correction of its lines" }),
});
export type CustomsQueueItem = z.output<typeof customsQueueItem>;

/** The customs queue's page: its shipments, whether more follow, and the shipments per stage whatever the filter. */
export const customsQueueResponse = z.strictObject({
  data: z.array(customsQueueItem),
  has_more: z.boolean(),
  counts: z.record(z.enum(CUSTOMS_STAGES), z.number().int()).meta({ description: 'Shipments per stage, whatever the filter' }),
});
export type CustomsQueueResponse = z.output<typeof customsQueueResponse>;

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
