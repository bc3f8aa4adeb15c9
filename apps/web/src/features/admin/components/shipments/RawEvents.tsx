import type { RawEventView } from '@freight/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';
import { useFormat } from '../../../../lib/useFormat';

/** Every event as it arrived: source, 214 codes, the carrier's text and place, when it happened and when we got it. */
export function RawEvents({ events }: { events: RawEventView[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Section title={t('admin.shipments.raw.title')}>
      {events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.shipments.raw.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.shipments.raw.occurred')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.codes')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.status')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.description')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.place')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.source')}</Table.Th>
                <Table.Th>{t('admin.shipments.raw.received')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.occurred_at)}</Table.Td>
                  <Table.Td>
                    <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {e.status_code}
                      {e.reason_code ? ` / ${e.reason_code}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`tracking.status.${e.status}`)}</Table.Td>
                  <Table.Td>{e.description}</Table.Td>
                  <Table.Td>{[e.city, e.state].filter(Boolean).join(', ')}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.source === 'staff' ? 'grape' : 'gray'} size="sm" styles={WHOLE_LABEL}>
                      {t(`admin.shipments.raw.sources.${e.source}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(e.received_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
