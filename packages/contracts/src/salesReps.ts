import { z } from 'zod';

/**
 * An account's sales rep (docs/brokerage.md, "Who may do what"): a staff user holding fpg_sales
 * or fpg_sales_admin, set or cleared by the admins and the sales admins.
 */

/** A user who may be chosen as a rep (GET /api/admin/sales-reps), or the one an account has. */
export const salesRepView = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
});
export type SalesRepView = z.output<typeof salesRepView>;

/** The account's rep as its page shows it: who, and who assigned them when. */
export const salesRepAssignment = z.strictObject({
  rep: salesRepView,
  assigned_by: z.string().nullable().meta({ description: 'Who assigned the rep (email); null once that user is deleted' }),
  assigned_at: z.iso.datetime(),
});
export type SalesRepAssignment = z.output<typeof salesRepAssignment>;

/** PUT /api/admin/accounts/:id/sales-rep: the rep's user id, or null to leave the account without one. */
export const salesRepRequest = z.object({
  user_id: z.uuid({ error: 'validation.sales_rep_role' }).nullable(),
});
export type SalesRepRequest = z.output<typeof salesRepRequest>;

/**
 * The accounts list's rep filter: 'mine' (the signed-in user's accounts), 'none' (no rep yet) or
 * a rep's user id.
 */
export const SALES_REP_FILTERS = ['mine', 'none'] as const;
export const salesRepFilter = z.union([z.enum(SALES_REP_FILTERS), z.uuid()], { error: 'validation.choice' });
