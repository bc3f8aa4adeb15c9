import type { AuditEntryView } from '@freight/contracts';
import type { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** An entry on the wire; `label` is the record's current name read for an older entry recorded without one. */
export function presentAuditEntry(row: AuditRow, label: string | null = null): AuditEntryView {
  return {
    id: row.id,
    action: row.action,
    entity_type: row.entityType,
    entity_id: row.entityId,
    target_label: row.targetLabel ?? label,
    account_id: row.accountId,
    actor_email: row.actorEmail,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The export's columns, in file order. */
export const AUDIT_CSV_COLUMNS = [
  'created_at',
  'actor_email',
  'ip',
  'action',
  'entity_type',
  'entity_id',
  'target',
  'account_id',
  'before',
  'after',
] as const;

/** An entry as a CSV row: the record before and after as JSON text (the writer neutralises formula-like cells). */
export function auditCsvRow(e: AuditEntryView): Record<(typeof AUDIT_CSV_COLUMNS)[number], unknown> {
  return {
    created_at: e.created_at,
    actor_email: e.actor_email,
    ip: e.ip,
    action: e.action,
    entity_type: e.entity_type,
    entity_id: e.entity_id,
    target: e.target_label,
    account_id: e.account_id,
    before: e.before === null ? '' : JSON.stringify(e.before),
    after: e.after === null ? '' : JSON.stringify(e.after),
  };
}
