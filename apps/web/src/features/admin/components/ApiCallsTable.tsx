import type { ApiCallView } from '@freight/contracts';
import { Badge, Code, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../../components/tracking/StatusBadge';
import { useFormat } from '../../../lib/useFormat';

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : 'green');

/** Logged calls of the public API, newest first: when, what, how it ended, with which client id (never bodies). */
export function ApiCallsTable({ calls, caption }: { calls: ApiCallView[]; caption: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table.ScrollContainer minWidth={820} maxHeight={480}>
      <Table striped verticalSpacing={6} fz="sm" stickyHeader>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.partners.call_at')}</Table.Th>
            <Table.Th>{t('admin.partners.call_method')}</Table.Th>
            <Table.Th>{t('admin.partners.call_route')}</Table.Th>
            <Table.Th>{t('admin.partners.call_status')}</Table.Th>
            <Table.Th ta="right">{t('admin.partners.call_duration')}</Table.Th>
            <Table.Th>{t('admin.oauth.client_id')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(c.at)}</Table.Td>
              <Table.Td>{c.method}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Code>{c.route}</Code>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={statusColor(c.status)} styles={WHOLE_LABEL}>
                  {c.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('admin.partners.ms', { value: fmt.number(c.duration_ms) })}
              </Table.Td>
              <Table.Td>
                <Code style={{ whiteSpace: 'nowrap' }}>{c.client_id}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
