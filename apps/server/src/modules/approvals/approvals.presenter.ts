import type { ApprovalEbayOrder, BookingApproval, BookingRequest, QuoteMode } from '@freight/contracts';
import type { HeldBookingWords } from '../../mail/approval-mails';
import type { ApprovalRow, ApprovalWithPeople } from './approvals.repository';

const placeOf = (p: { city: string; state: string }) => `${p.city}, ${p.state}`;

/** A team member as approvals name them. */
export const personName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The held booking as the mails word it. */
export function heldBookingWords(row: ApprovalRow): HeldBookingWords {
  const request = row.request as BookingRequest;
  return {
    mode: row.mode,
    origin: placeOf(request.pickup),
    destination: placeOf(request.delivery),
    carrier: row.carrierName,
    total_cents: row.totalCents,
    currency: row.currency,
  };
}

/** A held booking as the activity log names it. */
export function heldBookingLabel(row: ApprovalRow) {
  const words = heldBookingWords(row);
  return `${row.carrierName} ${words.origin} - ${words.destination}`;
}

type EbayOrderOf = { id: string; ebayOrderId: string; status: ApprovalEbayOrder['status'] };

export function presentApproval({ approval, requester, decider }: ApprovalWithPeople, ebayOrders: EbayOrderOf[]): BookingApproval {
  const request = approval.request as BookingRequest;
  return {
    id: approval.id,
    status: approval.status,
    reasons: approval.reasons,
    requested_by: requester ? { id: requester.id, name: personName(requester) } : null,
    decided_by: decider ? { id: decider.id, name: personName(decider) } : null,
    carrier_name: approval.carrierName,
    mode: approval.mode as QuoteMode,
    currency: approval.currency,
    total_cents: approval.totalCents,
    origin: placeOf(request.pickup),
    destination: placeOf(request.delivery),
    pickup_date: request.pickup_date,
    rate_expires_at: approval.rateExpiresAt?.toISOString() ?? null,
    decline_reason: approval.declineReason,
    shipment_id: approval.shipmentId,
    ebay_orders: ebayOrders.map((o) => ({ id: o.id, ebay_order_id: o.ebayOrderId, status: o.status })),
    created_at: approval.createdAt.toISOString(),
    decided_at: approval.decidedAt?.toISOString() ?? null,
  };
}
