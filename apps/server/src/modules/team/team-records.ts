import { AppError } from '../../errors';
import { userLabel } from '../audit/audit';
import type { MemberRow } from './team.repository';

/** What the team's changes share: refusals, names, and how a user is recorded in the log. */

export const conflict = (key: string) => new AppError(409, 'conflict', key);
export const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The fields of a user's entry in the log: named as the log shows them, on their account's page and in its activity log. */
export const memberRecord = (m: MemberRow, accountId: string) => ({
  entityType: 'user',
  entityId: m.id,
  targetLabel: userLabel(nameOf(m), m.email),
  accountId,
  shownToAccount: true,
});

/** A user's (or an invitation's) booking rights as an audit entry keeps them. */
export const rightsOf = (m: Pick<MemberRow, 'bookingLimitCents' | 'approvalRequiredFor'>) => ({
  booking_limit_cents: m.bookingLimitCents,
  approval_required_for: m.approvalRequiredFor,
});
