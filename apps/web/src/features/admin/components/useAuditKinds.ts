import { useTranslation } from 'react-i18next';

/**
 * Every kind of record the audit log names, as select options in the reader's language, sorted by
 * their words: the catalog's `admin.audit.types` is the list (audit-catalog.test.ts on the server
 * keeps it complete), so a kind added there is offered here without a change.
 */
export function useAuditKinds() {
  const { t, i18n } = useTranslation();
  const types = t('admin.audit.types', { returnObjects: true }) as Record<string, string>;
  return Object.entries(typeof types === 'object' ? types : {})
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
}
