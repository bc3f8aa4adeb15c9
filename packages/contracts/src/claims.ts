import {
  CLAIM_DECISIONS,
  CLAIM_KINDS,
  CLAIM_MESSAGE_AUTHORS,
  CLAIM_STATUSES,
  CLOCK_STATES,
  LANGUAGES,
  LIABILITY_BASES,
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

export const claimClockView = z.strictObject({
  due_on: z.iso.date().meta({ description: 'Its last day' }),
  met_on: z.iso.date().nullable().meta({ description: 'The day what the clock waits for happened; null while it has not' }),
  state: z.enum(CLOCK_STATES),
  late: z.boolean().meta({ description: 'Met after its last day' }),
  days_left: z.int().nullable().meta({ description: 'Days left to the last day, today counting 0; negative once overdue; null when met' }),
});
export type ClaimClockView = z.output<typeof claimClockView>;

export const claimClocksView = z.strictObject({
  notice: claimClockView.nullable().meta({ description: "The concealed-damage notice's; null for the other kinds" }),
  filing: claimClockView,
  acknowledgement: claimClockView,
  decision: claimClockView,
});
export type ClaimClocksView = z.output<typeof claimClocksView>;

/** A claim in the shipper's list (GET /api/claims). */
export const claimListItem = z.strictObject({
  id: z.uuid(),
  number: z.string(),
  shipment_id: z.uuid(),
  bol_number: z.string(),
  carrier_name: z.string(),
  kind: z.enum(CLAIM_KINDS),
  status: z.enum(CLAIM_STATUSES),
  currency: z.string(),
  amount_cents: z.int(),
  filed_at: z.iso.datetime(),
  notice_late: z.boolean(),
  overdue: z.boolean().meta({ description: "A clock of the carrier's past its last day" }),
  clocks: claimClocksView.meta({
    description: "Every clock now, on the delivery place's day: the lists show the carrier's next deadline from them",
  }),
});
export type ClaimListItem = z.output<typeof claimListItem>;

export const claimLineView = z.strictObject({ description: z.string(), pieces: z.int(), amount_cents: z.int() });
export type ClaimLineView = z.output<typeof claimLineView>;

export const claimMessageView = z.strictObject({
  id: z.uuid(),
  author: z.enum(CLAIM_MESSAGE_AUTHORS),
  name: z.string().meta({ description: 'Who wrote (or recorded) it: a name for the shipper, "Freight Portal" for staff to a shipper' }),
  body: z.string(),
  created_at: z.iso.datetime(),
  attachments: z
    .array(z.strictObject({ id: z.uuid(), file_name: z.string(), content_type: z.string(), size: z.int() }))
    .meta({ description: 'Read at GET /api/claims/:id/attachments/:attachment_id (staff: under /api/admin/claims)' }),
});
export type ClaimMessageView = z.output<typeof claimMessageView>;

export const claimCreditMemoView = z.strictObject({
  id: z.uuid(),
  number: z.string(),
  amount_cents: z.int().meta({ description: "What it credits: the carrier's payment, positive (the memo's own total is its negative)" }),
  currency: z.string(),
});
export type ClaimCreditMemoView = z.output<typeof claimCreditMemoView>;

/** A claim with its lines, amounts, the carrier's answers and its thread (GET /api/claims/:id). */
export const claimView = claimListItem.extend({
  description: z.string(),
  lines: z.array(claimLineView),
  goods_cents: z.int(),
  freight_cents: z.int(),
  salvage_cents: z.int(),
  commercial_invoice_cents: z.int().nullable(),
  liability_basis: z.enum(LIABILITY_BASES),
  liability_cents: z.int(),
  delivered_on: z.iso.date().nullable(),
  expected_delivery_on: z.iso.date().nullable(),
  carrier_claim_number: z.string().nullable(),
  acknowledged_at: z.iso.datetime().nullable(),
  decision: z
    .strictObject({
      decision: z.enum(CLAIM_DECISIONS),
      reason: z.string().nullable(),
      amount_cents: z.int().nullable(),
      decided_at: z.iso.datetime(),
    })
    .nullable(),
  payment: z.strictObject({ amount_cents: z.int(), reference: z.string(), paid_at: z.iso.datetime() }).nullable(),
  credit_memo: claimCreditMemoView.nullable().meta({
    description:
      "The credit memo that gave the carrier's payment to the shipper's account (an invoice of type `credit_memo`, read with the account's invoices); null before the claim is paid",
  }),
  messages: z.array(claimMessageView),
});
export type ClaimView = z.output<typeof claimView>;

/** What staff see beside it: the account and the assignee. */
const staffPart = {
  account_id: z.uuid(),
  account_name: z.string(),
  assignee: z.strictObject({ id: z.uuid(), name: z.string() }).nullable(),
};

export const staffClaimListItem = claimListItem.extend(staffPart);
export type StaffClaimListItem = z.output<typeof staffClaimListItem>;

export const staffClaimView = claimView.extend(staffPart);
export type StaffClaimView = z.output<typeof staffClaimView>;
