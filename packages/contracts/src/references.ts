import { z } from 'zod';
import { requiredText } from './fields';

/** A shipment's references (purchase order, sales order, the shipper's own...), as booked and as shown. */

/** Reference types: the spec's list, with a sales order and the shipper's own number. */
export const REFERENCE_TYPES = [
  'po_number',
  'so_number',
  'shipper_reference',
  'release_number',
  'file_number',
  'container_number',
  'hawb',
  'mawb',
  'entry_number',
] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];
/** References one shipment carries at most (a BOL has room for them all). */
export const MAX_SHIPMENT_REFERENCES = 8;

/** One of a shipment's references, in the order the shipper gave them. */
export const shipmentReference = z.object({
  type: z.enum(REFERENCE_TYPES, { error: 'validation.choice' }),
  value: requiredText('validation.required', 64),
});
export type ShipmentReference = z.output<typeof shipmentReference>;

/**
 * A booking's references in order: the single `reference_type` / `reference_number` pair first
 * (the partner API's older form), then `references`; an exact repeat of the pair is kept once.
 */
export function bookingReferences(b: {
  reference_type?: ReferenceType | null;
  reference_number?: string | null;
  references?: ShipmentReference[];
}): ShipmentReference[] {
  const list = b.references ?? [];
  if (!b.reference_type || !b.reference_number) return list;
  const first = { type: b.reference_type, value: b.reference_number };
  return [first, ...list.filter((r) => r.type !== first.type || r.value !== first.value)];
}
