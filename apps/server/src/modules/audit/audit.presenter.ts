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

/** A user as the audit log names them: 'Ada Lovelace <ada@example.com>' (the email alone when no name is known). */
export const userLabel = (name: string, email: string) => (name.trim() ? `${name.trim()} <${email}>` : email);
