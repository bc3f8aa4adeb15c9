import type { AuditEntryView } from '@freight/contracts';
import { Anchor, Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../components/Section';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';

/** A record's values as 'field: value' lines, plain text (never HTML); nested values as JSON. */
function asLines(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** The page of the record an entry is about, when it has one. */
function recordLink(e: AuditEntryView): string | null {
  if (e.entity_type === 'shipment') return paths.admin.shipment(e.entity_id);
  if (e.entity_type === 'account') return paths.admin.account(e.entity_id);
  return e.account_id ? paths.admin.account(e.account_id) : null;
}

/** The header cells of an audit table; `withRecord` adds the record each entry is about. */
export function AuditHead({ withRecord = false }: { withRecord?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t('admin.audit.when')}</Table.Th>
      <Table.Th>{t('admin.audit.who')}</Table.Th>
      <Table.Th>{t('admin.audit.action')}</Table.Th>
      {withRecord && <Table.Th>{t('admin.audit.record')}</Table.Th>}
      <Table.Th>{t('admin.audit.before')}</Table.Th>
      <Table.Th>{t('admin.audit.after')}</Table.Th>
    </>
  );
}

export function AuditRow({ entry: e, withRecord = false }: { entry: AuditEntryView; withRecord?: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const link = withRecord ? recordLink(e) : null;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.created_at)}</Table.Td>
      <Table.Td>
        {e.actor_email}
        {e.ip && (
          <Text size="xs" c="dimmed">
            {e.ip}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{t(`admin.audit.actions.${e.action}`, { defaultValue: e.action })}</Table.Td>
      {withRecord && (
        <Table.Td>
          {link ? (
            <Anchor component={Link} to={link} size="sm">
              {t(`admin.audit.types.${e.entity_type}`, { defaultValue: e.entity_type })}
            </Anchor>
          ) : (
            t(`admin.audit.types.${e.entity_type}`, { defaultValue: e.entity_type })
          )}
        </Table.Td>
      )}
      <Table.Td maw={260}>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {asLines(e.before)}
        </Code>
      </Table.Td>
      <Table.Td maw={260}>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {asLines(e.after)}
        </Code>
      </Table.Td>
    </Table.Tr>
  );
}

/** What staff did to a record (its page's audit section): who, when, from where, before and after. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useTranslation();
  return (
    <Section title={t('admin.audit.title')}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.audit.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <AuditHead />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <AuditRow key={e.id} entry={e} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
