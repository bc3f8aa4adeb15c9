import type { AdminCreditApplicationView, CreditApplicationView } from '@freight/contracts';
import type { CreditApplicationRow, StaffApplicationRow } from './credit-applications.repository';

const fullName = (p: { firstName: string | null; lastName: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/** An application as its account reads it: what was asked and what was decided, nothing staff-only. */
export function presentApplication(a: CreditApplicationRow): CreditApplicationView {
  return {
    id: a.id,
    status: a.status,
    legal_name: a.legalName,
    requested_limit_cents: a.requestedLimitCents,
    created_at: a.createdAt.toISOString(),
    decided_at: a.decidedAt?.toISOString() ?? null,
    decision_reason: a.decisionReason,
    net_days: a.netDays,
    credit_limit_cents: a.creditLimitCents,
    grace_days: a.graceDays,
  };
}

/**
 * An application as staff read it. `taxId` is the opened tax id on the detail only (null in the
 * queue's rows, so a list never carries it).
 */
export function presentStaffApplication(row: StaffApplicationRow, taxId: string | null): AdminCreditApplicationView {
  const { tax_id_sealed: _sealed, ...details } = row.application.details;
  return {
    ...presentApplication(row.application),
    account: { id: row.application.accountId, name: row.accountName },
    submitted_by: row.submitter?.id ? { id: row.submitter.id, name: fullName(row.submitter), email: row.submitter.email ?? '' } : null,
    decided_by: row.decider?.id ? { id: row.decider.id, name: fullName(row.decider) } : null,
    tax_id: taxId,
    ...details,
  };
}
