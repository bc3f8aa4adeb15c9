import { APPROVAL_REASONS } from '@freight/domain';
import { z } from 'zod';
import { EBAY_ORDER_STATUSES } from './ebay';
import type { PageMeta } from './paging';
import { QUOTE_MODES } from './quoteChoices';
import { shipmentView } from './shipmentViews';
import { type TeamPerson, teamPerson } from './team';

/**
 * Bookings that wait for an account admin: a booking beyond its booker's rights is held (202) and
 * decided in the portal, from the Approvals page or a mailed link that leads there.
 */

export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const DECLINE_REASON_MAX = 500;

/** POST /api/approvals/:id/decline: the booker is told why. */
export const declineApprovalRequest = z.object({
  reason: z
    .string({ error: 'validation.reason_required' })
    .trim()
    .min(1, { error: 'validation.reason_required' })
    .max(DECLINE_REASON_MAX, { error: 'validation.reason_too_long' }),
});

/** GET /api/approvals: the account's (an admin) or the caller's own. */
export const approvalListQuery = z.object({
  status: z.enum(APPROVAL_STATUSES, { error: 'validation.choice' }).optional(),
  page: z.coerce.number({ error: 'validation.integer' }).int({ error: 'validation.integer' }).min(1).max(100_000).default(1),
});

/** A team member an approval names: who asked for it, who decided it. */
export type ApprovalPerson = TeamPerson;

/** An eBay order the held booking ships (its quote was the order's): shown with a link to it. */
export const approvalEbayOrder = z.strictObject({
  id: z.uuid(),
  ebay_order_id: z.string(),
  status: z.enum(EBAY_ORDER_STATUSES),
});
export type ApprovalEbayOrder = z.output<typeof approvalEbayOrder>;

/** A held booking, waiting for a decision or decided. */
export const bookingApproval = z.strictObject({
  id: z.uuid(),
  status: z.enum(APPROVAL_STATUSES),
  reasons: z.array(z.enum(APPROVAL_REASONS)),
  requested_by: teamPerson.nullable(),
  decided_by: teamPerson.nullable(),
  carrier_name: z.string(),
  mode: z.enum(QUOTE_MODES),
  currency: z.string(),
  total_cents: z.int(),
  origin: z.string(),
  destination: z.string(),
  pickup_date: z.iso.date(),
  rate_expires_at: z.iso
    .datetime()
    .nullable()
    .meta({ description: 'When the held rate stops holding; past it, approving rates the shipment again first' }),
  decline_reason: z.string().nullable(),
  shipment_id: z.uuid().nullable(),
  ebay_orders: z
    .array(approvalEbayOrder)
    .meta({ description: 'The eBay orders the booking was started from; empty for any other booking' }),
  created_at: z.iso.datetime(),
  decided_at: z.iso.datetime().nullable(),
});
export type BookingApproval = z.output<typeof bookingApproval>;

/** POST /api/approvals/:id/approve: the approval decided and the shipment it booked. */
export const approvedBooking = z.strictObject({ approval: bookingApproval, shipment: shipmentView });
export type ApprovedBooking = z.output<typeof approvedBooking>;

/** POST /api/shipments when the booking waits for approval: 202 {data: BookingHeld}. */
export interface BookingHeld {
  status: 'awaiting_approval';
  approval: BookingApproval;
}

export interface ApprovalPage {
  data: BookingApproval[];
  meta: PageMeta & { pending: number };
}

/** GET /api/approvals/summary: an account admin's count of bookings waiting for a decision (the navigation's badge). */
export const approvalSummary = z.strictObject({ pending: z.int() });
export type ApprovalSummary = z.output<typeof approvalSummary>;

/** POST /api/approvals/links/:token: where a mailed link leads the signed-in admin. */
export const approvalLinkTarget = z.strictObject({ approval_id: z.uuid(), action: z.enum(['approve', 'decline']) });
export type ApprovalLinkTarget = z.output<typeof approvalLinkTarget>;
