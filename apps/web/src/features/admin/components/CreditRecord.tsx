import type { CreditEventView } from '@freight/contracts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/useFormat';

/**
 * The account's credit record: holds placed and lifted and terms changed, when, by whom (or by the
 * hold rule) and why. The rule's reason is a comma-joined list of hold reasons ('past_due',
 * 'over_limit') or 'resolved', worded here; staff wrote theirs.
 */
export function CreditRecord({ events }: { events: CreditEventView[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('admin.credit.no_record')}
      </Text>
    );
  const why = (e: CreditEventView) =>
    e.source === 'auto'
      ? e.reason
          .split(',')
          .map((r) => t(`admin.credit.reasons.${r.trim()}`))
          .join(' ')
      : e.reason;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table data-testid="credit-record" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.credit.record_columns.when')}</Table.Th>
            <Table.Th>{t('admin.credit.record_columns.what')}</Table.Th>
            <Table.Th>{t('admin.credit.record_columns.who')}</Table.Th>
            <Table.Th>{t('admin.credit.record_columns.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.created_at)}</Table.Td>
              <Table.Td>{t(`admin.credit.events.${e.kind}`)}</Table.Td>
              <Table.Td>{e.source === 'auto' ? t('admin.credit.automatic') : (e.by ?? '')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{why(e)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
