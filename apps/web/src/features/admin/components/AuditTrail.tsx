import type { AuditEntryView } from '@freight/contracts';
import { Code, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/useFormat';

/** A record's values as 'field: value' lines, plain text (never HTML); nested values as JSON. */
function asLines(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** What staff did to a record: who, when, from where, the record before and after. */
export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.audit.none')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.audit.when')}</Table.Th>
            <Table.Th>{t('admin.audit.who')}</Table.Th>
            <Table.Th>{t('admin.audit.action')}</Table.Th>
            <Table.Th>{t('admin.audit.before')}</Table.Th>
            <Table.Th>{t('admin.audit.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
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
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-label={t('admin.audit.title')}>
      <Title order={3} fz="md" mb="sm">
        {t('admin.audit.title')}
      </Title>
      <AuditTable entries={entries} />
    </Paper>
  );
}
