import type {
  ClaimClocksView,
  ClaimCreditMemoView,
  ClaimListItem,
  ClaimMessageView,
  ClaimView,
  StaffClaimListItem,
  StaffClaimView,
} from '@freight/contracts';
import { zonedDate } from '@freight/domain';
import type { Clock } from '@freight/domain/claims';
import { type ClaimClocks, claimClocksAt } from '@freight/domain/claims';
import { nameOfParts } from '../../people';
import type { ClaimLineRow, ClaimRow, ListedClaim } from './claims.repository';

type FileRow = { messageId: string; file: { id: string; fileName: string; contentType: string; size: number } };
type MessageRow = {
  message: { id: string; author: ClaimMessageView['author']; body: string; createdAt: Date };
  firstName: string | null;
  lastName: string | null;
};

const dayOf = (claim: ClaimRow, at: Date | null) => (at ? zonedDate(at, claim.timeZone) : null);

/** The claim's clocks now, on its delivery place's day. */
export function clocksOf(claim: ClaimRow, now: Date): ClaimClocks {
  return claimClocksAt(
    {
      noticeDueOn: claim.noticeDueOn,
      filingDueOn: claim.filingDueOn,
      acknowledgementDueOn: claim.acknowledgementDueOn,
      decisionDueOn: claim.decisionDueOn,
      filedOn: zonedDate(claim.filedAt, claim.timeZone),
      acknowledgedOn: dayOf(claim, claim.acknowledgedAt),
      decidedOn: dayOf(claim, claim.decidedAt),
    },
    now,
    claim.timeZone,
  );
}

const clockView = (c: Clock) => ({ due_on: c.dueOn, met_on: c.metOn, state: c.state, late: c.late, days_left: c.daysLeft });

function clocksView(clocks: ClaimClocks): ClaimClocksView {
  return {
    notice: clocks.notice ? clockView(clocks.notice) : null,
    filing: clockView(clocks.filing),
    acknowledgement: clockView(clocks.acknowledgement),
    decision: clockView(clocks.decision),
  };
}

export function presentListItem(row: ListedClaim, now: Date): ClaimListItem {
  const { claim } = row;
  const clocks = clocksOf(claim, now);
  return {
    id: claim.id,
    number: claim.number,
    shipment_id: claim.shipmentId,
    bol_number: row.bolNumber,
    carrier_name: row.carrierName,
    kind: claim.kind,
    status: claim.status,
    currency: claim.currency,
    amount_cents: claim.amountCents,
    filed_at: claim.filedAt.toISOString(),
    notice_late: claim.noticeLate,
    overdue: clocks.acknowledgement.state === 'overdue' || clocks.decision.state === 'overdue',
    clocks: clocksView(clocks),
  };
}

const staffPart = (row: ListedClaim) => ({
  account_id: row.claim.accountId,
  account_name: row.accountName,
  assignee: row.claim.assigneeId ? { id: row.claim.assigneeId, name: nameOfParts(row.assigneeFirstName, row.assigneeLastName) } : null,
});

export const presentStaffListItem = (row: ListedClaim, now: Date): StaffClaimListItem => ({
  ...presentListItem(row, now),
  ...staffPart(row),
});

/** The thread: a carrier's word is shown under the carrier's name, the rest under the writer's. */
const presentMessage = (row: MessageRow, carrierName: string, files: FileRow[]): ClaimMessageView => ({
  id: row.message.id,
  author: row.message.author,
  name: row.message.author === 'carrier' ? carrierName : nameOfParts(row.firstName, row.lastName),
  body: row.message.body,
  created_at: row.message.createdAt.toISOString(),
  attachments: files
    .filter((f) => f.messageId === row.message.id)
    .map(({ file }) => ({ id: file.id, file_name: file.fileName, content_type: file.contentType, size: file.size })),
});

/** The memo that credited the carrier's payment (its total is negative: the view gives what it credits). */
export type CreditMemoRow = { id: string; number: string; totalCents: number; currency: string };

const presentCreditMemo = (m: CreditMemoRow | undefined): ClaimCreditMemoView | null =>
  m ? { id: m.id, number: m.number, amount_cents: -m.totalCents, currency: m.currency } : null;

export function presentClaim(
  row: ListedClaim,
  lines: ClaimLineRow[],
  messages: MessageRow[],
  files: FileRow[],
  memo: CreditMemoRow | undefined,
  now: Date,
): ClaimView {
  const { claim } = row;
  return {
    ...presentListItem(row, now),
    description: claim.description,
    lines: lines.map((l) => ({ description: l.description, pieces: l.pieces, amount_cents: l.amountCents })),
    goods_cents: claim.goodsCents,
    freight_cents: claim.freightCents,
    salvage_cents: claim.salvageCents,
    commercial_invoice_cents: claim.commercialInvoiceCents,
    liability_basis: claim.liabilityBasis,
    liability_cents: claim.liabilityCents,
    delivered_on: claim.deliveredOn,
    expected_delivery_on: claim.expectedDeliveryOn,
    clocks: clocksView(clocksOf(claim, now)),
    carrier_claim_number: claim.carrierClaimNumber,
    acknowledged_at: claim.acknowledgedAt?.toISOString() ?? null,
    decision:
      claim.decision && claim.decidedAt
        ? {
            decision: claim.decision,
            reason: claim.decisionReason,
            amount_cents: claim.decidedAmountCents,
            decided_at: claim.decidedAt.toISOString(),
          }
        : null,
    payment:
      claim.paidAt && claim.paidAmountCents !== null
        ? { amount_cents: claim.paidAmountCents, reference: claim.paymentReference ?? '', paid_at: claim.paidAt.toISOString() }
        : null,
    credit_memo: presentCreditMemo(memo),
    messages: messages.map((m) => presentMessage(m, row.carrierName, files)),
  };
}

export const presentStaffClaim = (
  row: ListedClaim,
  lines: ClaimLineRow[],
  messages: MessageRow[],
  files: FileRow[],
  memo: CreditMemoRow | undefined,
  now: Date,
): StaffClaimView => ({
  ...presentClaim(row, lines, messages, files, memo, now),
  ...staffPart(row),
});
