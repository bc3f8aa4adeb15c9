import { z } from 'zod';
import { requiredText } from './fields';

/**
 * Truckload equipment types: data staff keep at /admin/truckloads/equipment-types.
 * Quotes and shipments keep a type's `code`; the truckload form and the rating engine read the
 * rest. A retired type is offered no more but stays readable on what already names it.
 */

/** Lower-case letters, digits and underscores, as quotes and shipments keep it ('dry_van'). */
export const EQUIPMENT_CODE = /^[a-z0-9_]+$/;
export const EQUIPMENT_CODE_MAX = 32;

/** A type's code in a quote request: well-formed here, an active type on the server (else 'validation.choice'). */
export const equipmentCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(EQUIPMENT_CODE_MAX, { error: 'validation.choice' })
  .regex(EQUIPMENT_CODE, { error: 'validation.choice' });

/** A whole number within [min, max], or null when left empty (the figure is unknown or does not apply). */
const optionalWhole = (min: number, max: number) =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(min, { error: 'validation.too_small' })
    .max(max, { error: 'validation.too_large' })
    .nullable()
    .default(null);

/**
 * Limits of the figures: payload up to the legal 80,000 lb gross, trailers of 10 to 60 ft, up to
 * 40 pallet positions, a deck up to 14 ft clear, an adjustment between a $1.50 discount and
 * $10.00 a mile (null: no online rate, the shipper is asked to call).
 */
export const EQUIPMENT_LIMITS = {
  max_weight_lb: { min: 1, max: 80_000 },
  length_ft: { min: 10, max: 60 },
  pallet_positions: { min: 1, max: 40 },
  deck_clear_height_ft: { min: 1, max: 14 },
  per_mile_adjustment_cents: { min: -150, max: 1_000 },
  sort_order: { min: 0, max: 1_000 },
} as const;

const L = EQUIPMENT_LIMITS;

/** POST /api/admin/truckloads/equipment-types and PUT .../:id. */
export const equipmentTypeRequest = z.object({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(EQUIPMENT_CODE_MAX, { error: 'validation.too_long' })
    .regex(EQUIPMENT_CODE, { error: 'validation.equipment_code' }),
  name_en: requiredText('validation.required', 60),
  name_es: requiredText('validation.required', 60),
  max_weight_lb: optionalWhole(L.max_weight_lb.min, L.max_weight_lb.max),
  length_ft: optionalWhole(L.length_ft.min, L.length_ft.max),
  pallet_positions: optionalWhole(L.pallet_positions.min, L.pallet_positions.max),
  temperature_controlled: z.boolean({ error: 'validation.required' }).default(false),
  deck_clear_height_ft: z
    .number({ error: 'validation.number' })
    .min(L.deck_clear_height_ft.min, { error: 'validation.too_small' })
    .max(L.deck_clear_height_ft.max, { error: 'validation.too_large' })
    .nullable()
    .default(null),
  per_mile_adjustment_cents: optionalWhole(L.per_mile_adjustment_cents.min, L.per_mile_adjustment_cents.max),
  sort_order: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(L.sort_order.min, { error: 'validation.too_small' })
    .max(L.sort_order.max, { error: 'validation.too_large' })
    .default(0),
});
export type EquipmentTypeRequest = z.output<typeof equipmentTypeRequest>;
export type EquipmentTypeRequestInput = z.input<typeof equipmentTypeRequest>;

/** A type as staff edit it (GET /api/admin/truckloads/equipment-types). */
export const equipmentTypeView = z.strictObject({
  id: z.uuid(),
  code: z.string(),
  name_en: z.string(),
  name_es: z.string(),
  max_weight_lb: z.number().int().nullable(),
  length_ft: z.number().int().nullable(),
  pallet_positions: z.number().int().nullable(),
  temperature_controlled: z.boolean(),
  deck_clear_height_ft: z.number().nullable(),
  per_mile_adjustment_cents: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Cents per mile over a carrier's base (dry van) linehaul; null = no online rate" }),
  sort_order: z.number().int(),
  retired_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type EquipmentTypeView = z.output<typeof equipmentTypeView>;

/** A type as the truckload form offers it, named in the reader's language (GET /api/equipment-types). */
export const equipmentOption = z.strictObject({
  code: z.string(),
  name: z.string(),
  max_weight_lb: z.number().int().nullable(),
  length_ft: z.number().int().nullable(),
  pallet_positions: z.number().int().nullable(),
  temperature_controlled: z.boolean(),
  deck_clear_height_ft: z.number().nullable(),
  online: z.boolean().meta({ description: 'False: no online rate, the shipper is asked to call (oversize, permits)' }),
});
export type EquipmentOption = z.output<typeof equipmentOption>;
