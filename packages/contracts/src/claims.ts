import {
  CLAIM_DECISIONS,
  CLAIM_KINDS,
  CLAIM_STATUSES,
  type ClaimDecision,
  type ClaimKind,
  type ClaimMessageAuthor,
  type ClaimStatus,
  type ClockState,
  LANGUAGES,
  type LiabilityBasis,
} from '@freight/domain';
import { z } from 'zod';
import { choice, requiredText } from './fields';

/** Lines of one claim, and the most a claim amount may be (in cents). */
export const CLAIM_LINES_MAX = 50;
const CENTS_MAX = 1_000_000_000;

const cents = (requiredKey = 'validation.required') =>
  z
    .number({ error: requiredKey })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.positive' })
    .max(CENTS_MAX, { error: 'validation.too_large' });

const claimLine = z.object({
  description: requiredText('validation.required', 200),
  pieces: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.positive' })
    .max(100_000, {
      error: 'validation.too_large',
    }),
  amount_cents: cents(),
});

/** POST /api/shipments/:id/claims: what the shipper claims, line by line, with freight back and salvage off. */
export const claimFileRequest = z.object({
  kind: choice(CLAIM_KINDS),
  description: requiredText('validation.required', 4000),
  lines: z.array(claimLine, { error: 'validation.required' }).min(1, { error: 'validation.claim_lines_required' }).max(CLAIM_LINES_MAX, {
    error: 'validation.too_many',
  }),
  freight_cents: cents().default(0),
  salvage_cents: cents().default(0),
  commercial_invoice_cents: cents().optional(),
});
export type ClaimFileRequest = z.output<typeof claimFileRequest>;
export type ClaimFileRequestInput = z.input<typeof claimFileRequest>;

/** POST /api/claims/:id/messages. */
export const claimMessageRequest = z.object({
  body: requiredText('validation.required', 4000),
  /** Files uploaded first to POST /api/support/attachments (the writer's own, used nowhere yet). */
  attachment_ids: z
    .array(z.uuid({ error: 'validation.attachment_unknown' }))
    .max(10, { error: 'validation.too_many' })
    .default([]),
});

/** POST /api/admin/claims/:id/messages: staff write, or record what the carrier wrote. */
export const claimStaffMessageRequest = claimMessageRequest.extend({
  author: z.enum(['staff', 'carrier'], { error: 'validation.choice' }).default('staff'),
});

/** The staff queue's filters (GET /api/admin/claims). */
export const claimQueueQuery = z.object({
  status: choice(CLAIM_STATUSES).optional(),
  /** Only claims with an overdue clock. */
  overdue: z.enum(['true', 'false'], { error: 'validation.choice' }).optional(),
  /** Only the claims of one shipment, closed ones too unless `status` says otherwise (staff's shipment page). */
  shipment_id: z.uuid({ error: 'validation.invalid' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/claims: the account's claims, newest first, 50 a page (`has_more` when there are more). */
export const claimListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/claims/:id/packet.pdf (and staff's): in the carrier's language unless another is asked for. */
export const claimPacketQuery = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.choice' }).optional(),
});

/** PUT /api/admin/claims/:id/assignee: a staff user, or null to leave it unassigned. */
export const claimAssignRequest = z.object({ assignee_id: z.uuid({ error: 'validation.choice' }).nullable() });

/** POST /api/admin/claims/:id/acknowledgement: the carrier acknowledged the claim, under its own number if it gave one. */
export const claimAcknowledgementRequest = z.object({
  carrier_claim_number: z.string().trim().max(64, { error: 'validation.too_long' }).optional(),
});

/** POST /api/admin/claims/:id/decision: the carrier's decision; the amount (not for a decline) and the reason (not for a full payment). */
export const claimDecisionRequest = z
  .object({
    decision: choice(CLAIM_DECISIONS),
    reason: z.string().trim().max(2000, { error: 'validation.too_long' }).optional(),
    decided_amount_cents: cents().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.decision !== 'paid_in_full' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.required' });
    if (b.decision === 'paid_in_part' && b.decided_amount_cents === undefined) {
      ctx.addIssue({ code: 'custom', path: ['decided_amount_cents'], message: 'validation.required' });
    }
  });
export type ClaimDecisionRequest = z.output<typeof claimDecisionRequest>;

/** POST /api/admin/claims/:id/payment: what the carrier paid, and its reference (a check or transfer number). */
export const claimPaymentRequest = z.object({
  amount_cents: cents(),
  reference: requiredText('validation.required', 100),
});

export interface ClaimClockView {
  due_on: string;
  met_on: string | null;
  state: ClockState;
  late: boolean;
  days_left: number | null;
}

export interface ClaimClocksView {
  notice: ClaimClockView | null;
  filing: ClaimClockView;
  acknowledgement: ClaimClockView;
  decision: ClaimClockView;
}

export interface ClaimListItem {
  id: string;
  number: string;
  shipment_id: string;
  bol_number: string;
  carrier_name: string;
  kind: ClaimKind;
  status: ClaimStatus;
  currency: string;
  amount_cents: number;
  filed_at: string;
  notice_late: boolean;
  /** A clock of the carrier's past its last day. */
  overdue: boolean;
  /** Every clock now, on the delivery place's day: the lists show the carrier's next deadline from them. */
  clocks: ClaimClocksView;
}

export interface ClaimLineView {
  description: string;
  pieces: number;
  amount_cents: number;
}

export interface ClaimMessageView {
  id: string;
  author: ClaimMessageAuthor;
  /** Who wrote (or recorded) it: a name for the shipper, "Freight Portal" for staff to a shipper. */
  name: string;
  body: string;
  created_at: string;
  /** Read at GET /api/claims/:id/attachments/:attachment_id (staff: under /api/admin/claims). */
  attachments: { id: string; file_name: string; content_type: string; size: number }[];
}

export interface ClaimView extends ClaimListItem {
  description: string;
  lines: ClaimLineView[];
  goods_cents: number;
  freight_cents: number;
  salvage_cents: number;
  commercial_invoice_cents: number | null;
  liability_basis: LiabilityBasis;
  liability_cents: number;
  delivered_on: string | null;
  expected_delivery_on: string | null;
  clocks: ClaimClocksView;
  carrier_claim_number: string | null;
  acknowledged_at: string | null;
  decision: { decision: ClaimDecision; reason: string | null; amount_cents: number | null; decided_at: string } | null;
  payment: { amount_cents: number; reference: string; paid_at: string } | null;
  /**
   * The credit memo that gave the carrier's payment to the shipper's account (an invoice of type
   * `credit_memo`, read with the account's invoices), read by the claim's link to it; null before
   * the claim is paid.
   */
  credit_memo: ClaimCreditMemoView | null;
  messages: ClaimMessageView[];
}

export interface ClaimCreditMemoView {
  id: string;
  number: string;
  /** What it credits: the carrier's payment, positive (the memo's own total is its negative). */
  amount_cents: number;
  currency: string;
}

/** What staff see beside it: the account and the assignee. */
export interface StaffClaimView extends ClaimView {
  account_id: string;
  account_name: string;
  assignee: { id: string; name: string } | null;
}

export interface StaffClaimListItem extends ClaimListItem {
  account_id: string;
  account_name: string;
  assignee: { id: string; name: string } | null;
}
