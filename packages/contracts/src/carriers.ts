import { z } from 'zod';
import { carrierOption } from './incidents';

/** Record ids are UUIDs (any version). */
const carrierId = z
  .string({ error: 'validation.carrier_unknown' })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    error: 'validation.carrier_unknown',
  });
const carrierIds = z.array(carrierId, { error: 'validation.invalid' }).max(500, { error: 'validation.too_many' });

/**
 * Carrier visibility, PUT /api/carriers/preferences: the caller's whole choice,
 * replacing the previous one. A carrier cannot be hidden and preferred at once.
 */
export const carrierPreferencesUpdate = z.object({ hidden: carrierIds, preferred: carrierIds }).superRefine((b, ctx) => {
  const hidden = new Set(b.hidden.map((id) => id.toLowerCase()));
  if (b.preferred.some((id) => hidden.has(id.toLowerCase()))) {
    ctx.addIssue({ code: 'custom', path: ['preferred'], message: 'validation.carrier_hidden_and_preferred' });
  }
});
export type CarrierPreferencesUpdate = z.output<typeof carrierPreferencesUpdate>;

/** One line of GET /api/carriers: an active carrier with the caller's choice. */
export const carrierVisibility = carrierOption.extend({ hidden: z.boolean(), preferred: z.boolean() });
export type CarrierVisibility = z.output<typeof carrierVisibility>;
