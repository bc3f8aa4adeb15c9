import type { TeamActivityView, TeamInvitationView, TeamMemberView } from '@freight/contracts';
import type { Language } from '@freight/domain';
import type { TFunction } from 'i18next';
import { translator } from '../../i18n';
import type { ActivityRow, InvitationRow, MemberRow } from './team.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function presentMember(m: MemberRow): TeamMemberView {
  return {
    id: m.id,
    first_name: m.firstName,
    last_name: m.lastName,
    name: fullName(m),
    email: m.email,
    role: m.accountRole ?? 'viewer',
    status: m.deactivatedAt ? 'deactivated' : 'active',
    last_login_at: iso(m.lastLoginAt),
    two_factor: Boolean(m.twoFactor),
    booking_limit_cents: m.bookingLimitCents,
    approval_required_for: m.approvalRequiredFor,
    deactivated_at: iso(m.deactivatedAt),
  };
}

export function presentInvitation(i: InvitationRow, now: Date): TeamInvitationView {
  return {
    id: i.id,
    email: i.email,
    first_name: i.firstName,
    last_name: i.lastName,
    name: fullName(i),
    role: i.accountRole,
    booking_limit_cents: i.bookingLimitCents,
    approval_required_for: i.approvalRequiredFor,
    sent_at: i.sentAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    expired: i.expiresAt.getTime() <= now.getTime(),
  };
}

const asRecord = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * An entry as the account reads it. A colleague is named; the provider's staff are not (they are
 * no personal contact of the customer: the staff audit log keeps who it was), nor is their address.
 */
export function presentActivity(row: ActivityRow, accountId: string): TeamActivityView {
  const e = row.entry;
  // A user of no account or of another one is the provider's staff; a user no longer found is named by the email kept.
  const staff = row.actorFirstName !== null && row.actorAccountId !== accountId;
  return {
    id: e.id,
    at: e.createdAt.toISOString(),
    action: e.action,
    actor: staff
      ? { kind: 'staff' }
      : { kind: 'user', name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(), email: e.actorEmail },
    target: e.targetLabel,
    ip: staff ? null : e.ip,
    before: asRecord(e.before),
    after: asRecord(e.after),
  };
}

/** The activity export's columns, in file order; their headers are words of the reader's language. */
export const ACTIVITY_CSV_COLUMNS = ['when', 'who', 'email', 'what', 'about', 'details', 'ip'] as const;

/** A field's value in words: a role's name, an amount, the approval rules ticked. */
function fieldValue(t: TFunction, field: string, value: unknown, money: (cents: number) => string): string {
  if (value === null || value === undefined) return field === 'booking_limit_cents' ? t('team.no_limit') : t('team.activity.none');
  if (field === 'role' && typeof value === 'string') return t(`team.roles.${value}`);
  if (field === 'booking_limit_cents' && typeof value === 'number') return money(value);
  if (field === 'approval_required_for' && Array.isArray(value)) {
    return value.length ? value.map((r) => t(`team.rules.${String(r)}`)).join(', ') : t('team.activity.none');
  }
  return String(value);
}

/** What changed, in words: 'Role: Shipper → Viewer; Reason: ...'. The web words `details` the same way. */
export function activityDetails(t: TFunction, entry: TeamActivityView, money: (cents: number) => string): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .map((field) => {
      const label = t(`team.activity.fields.${field}`, { defaultValue: field });
      if (field in before && field in after) {
        return t('team.activity.change', {
          field: label,
          before: fieldValue(t, field, before[field], money),
          after: fieldValue(t, field, after[field], money),
        });
      }
      return t('team.activity.value', { field: label, value: fieldValue(t, field, field in after ? after[field] : before[field], money) });
    })
    .join('; ');
}

/**
 * The export in the reader's language: the header's words, and each entry as a row under them
 * (the writer neutralises formula-like cells).
 */
export function activityCsv(language: Language, currency: string) {
  const t = translator(language);
  const locale = language === 'es' ? 'es-MX' : 'en-US';
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const money = (cents: number) => format.format(cents / 100);
  const header = Object.fromEntries(ACTIVITY_CSV_COLUMNS.map((c) => [c, t(`team.activity.csv.${c}`)])) as Record<
    (typeof ACTIVITY_CSV_COLUMNS)[number],
    string
  >;
  const cells = (entry: TeamActivityView) => ({
    when: entry.at,
    who: entry.actor.kind === 'staff' ? t('team.activity.staff') : entry.actor.name,
    email: entry.actor.kind === 'staff' ? '' : entry.actor.email,
    what: t(`team.activity.actions.${entry.action}`, { defaultValue: entry.action }),
    about: entry.target ?? '',
    details: activityDetails(t, entry, money),
    ip: entry.ip ?? '',
  });
  return {
    columns: ACTIVITY_CSV_COLUMNS.map((c) => header[c]),
    row: (entry: TeamActivityView) => {
      const c = cells(entry);
      return Object.fromEntries(ACTIVITY_CSV_COLUMNS.map((k) => [header[k], c[k]]));
    },
  };
}
