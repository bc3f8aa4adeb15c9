import type { AuditEntryView } from '@freight/contracts';
import { zonedDateTime } from '@freight/domain';
import type { ExportColumn } from '../../exports/export';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The Audit Log's columns: the entry's time (the business's), who, from where, what, on which record, before and after as JSON. */
export function adminAuditExportColumns(timeZone: string): ExportColumn<AuditEntryView>[] {
  return [
    { key: 'logged_at', kind: 'datetime', value: (e) => zonedDateTime(new Date(e.created_at), timeZone) },
    { key: 'actor_email', value: (e) => e.actor_email },
    { key: 'ip', value: (e) => e.ip },
    { key: 'action', value: (e) => e.action },
    { key: 'entity_type', value: (e) => e.entity_type },
    { key: 'entity_id', value: (e) => e.entity_id },
    { key: 'target', value: (e) => e.target_label },
    { key: 'account_id', value: (e) => e.account_id },
    { key: 'before', value: (e) => json(e.before) },
    { key: 'after', value: (e) => json(e.after) },
  ];
}
