import { Anchor, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list/ListTable';
import { useListParams } from '../../../components/list/useListParams';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { BATCHES_KEY, type BatchListItem, listBatches } from '../api/batchesApi';
import { BatchStatusBadge } from './parts';

/** The account's batches, newest first: when, the file, its rows, how many are good and booked, and where it stands. */
export function BatchHistory() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const list = useListParams();
  const query = useQuery({
    queryKey: [...BATCHES_KEY, 'list', { page: list.page }],
    queryFn: () => listBatches(list.page),
    placeholderData: keepPreviousData,
  });
  const count = (n: number | undefined) => (n === undefined ? '—' : fmt.number(n));
  return (
    <ListTable<BatchListItem>
      list={list}
      query={query}
      minWidth={720}
      caption={t('batches.history.caption')}
      head={
        <>
          <Table.Th>{t('batches.history.date')}</Table.Th>
          <Table.Th>{t('batches.history.file')}</Table.Th>
          <Table.Th ta="right">{t('batches.history.rows')}</Table.Th>
          <Table.Th ta="right">{t('batches.history.valid')}</Table.Th>
          <Table.Th ta="right">{t('batches.history.booked')}</Table.Th>
          <Table.Th>{t('batches.history.status')}</Table.Th>
        </>
      }
      row={(b) => (
        <Table.Tr key={b.id}>
          <Table.Td>
            <Anchor component={Link} to={paths.batch(b.id)}>
              {fmt.dateTime(b.created_at)}
            </Anchor>
          </Table.Td>
          <Table.Td style={{ wordBreak: 'break-word' }}>{b.file_name || (b.source === 'ebay' ? t('batches.history.ebay') : '—')}</Table.Td>
          <Table.Td ta="right">{fmt.number(b.rows_total)}</Table.Td>
          <Table.Td ta="right">{fmt.number(b.rows_valid)}</Table.Td>
          <Table.Td ta="right">{count(b.rows_booked)}</Table.Td>
          <Table.Td>
            <BatchStatusBadge status={b.status} />
          </Table.Td>
        </Table.Tr>
      )}
      total={(n, formatted) => t('batches.history.total', { count: n, n: formatted })}
      empty={t('batches.history.empty')}
      emptyFiltered={t('batches.history.empty')}
      clearLabel={t('batches.history.clear')}
    />
  );
}
