import type { ApprovalReason } from '@freight/domain';
import { z } from 'zod';
import type { EbayOrderStatus } from './ebay';
import type { QuoteMode } from './quotes';

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

export interface ApprovalPerson {
  id: string;
  name: string;
}

/** An eBay order the held booking ships (its quote was the order's): shown with a link to it. */
export interface ApprovalEbayOrder {
  id: string;
  ebay_order_id: string;
  status: EbayOrderStatus;
}

export interface BookingApproval {
  id: string;
  status: ApprovalStatus;
  reasons: ApprovalReason[];
  requested_by: ApprovalPerson | null;
  decided_by: ApprovalPerson | null;
  carrier_name: string;
  mode: QuoteMode;
  currency: string;
  total_cents: number;
  origin: string;
  destination: string;
  pickup_date: string;
  /** When the held rate stops holding; past it, approving rates the shipment again first. */
  rate_expires_at: string | null;
  decline_reason: string | null;
  shipment_id: string | null;
  /** The eBay orders the booking was started from; empty for any other booking. */
  ebay_orders: ApprovalEbayOrder[];
  created_at: string;
  decided_at: string | null;
}

/** POST /api/shipments when the booking waits for approval: 202 {data: BookingHeld}. */
export interface BookingHeld {
  status: 'awaiting_approval';
  approval: BookingApproval;
}

export interface ApprovalPage {
  data: BookingApproval[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; pending: number };
}

/** GET /api/approvals/summary: an account admin's count of bookings waiting for a decision (the navigation's badge). */
export interface ApprovalSummary {
  pending: number;
}

/** POST /api/approvals/links/:token: where a mailed link leads the signed-in admin. */
export interface ApprovalLinkTarget {
  approval_id: string;
  action: 'approve' | 'decline';
}
