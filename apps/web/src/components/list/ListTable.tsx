import type { Paginated } from '@freight/contracts';
import { Button, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useFormat } from '../../lib/useFormat';
import { QueryStatus } from '../QueryStatus';
import { ResponsiveTable } from './ResponsiveTable';
import type { ListParams } from './useListParams';

interface Props<T> {
  list: Pick<ListParams, 'page' | 'q' | 'setPage' | 'clearFilters'>;
  query: { data?: Paginated<T>; isPending: boolean; error: unknown; isPlaceholderData: boolean };
  minWidth: number;
  caption: string;
  /** The header cells. */
  head: ReactNode;
  row: (item: T) => ReactNode;
  total: (count: number, formatted: string) => string;
  /** What an empty list shows when nothing filters it. */
  empty: ReactNode;
  emptyFiltered: string;
  clearLabel: string;
  /** Whether a filter is set; the search alone unless said. */
  filtered?: boolean;
  /** Other filter params that clearing drops besides the search. */
  clears?: string[];
  /** Narrower cell padding, for tables with many columns (Open Invoices). */
  dense?: boolean;
}

/**
 * One server page of a list: loading or error, the table (cards on a phone: ResponsiveTable),
 * the empty state with a way out of the filters, the total and the pager.
 */
export function ListTable<T>({
  list,
  query,
  minWidth,
  caption,
  head,
  row,
  total,
  empty,
  emptyFiltered,
  clearLabel,
  filtered = !!list.q,
  clears = [],
  dense = false,
}: Props<T>) {
  const fmt = useFormat();
  const { page, setPage } = list;
  const data = query.data;
  const lastPage = data?.meta.last_page;

  // A page past the end (an old link, or rows deleted since) goes to the last page instead of an empty table.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage && !query.isPlaceholderData) setPage(lastPage, { replace: true });
  }, [lastPage, page, query.isPlaceholderData, setPage]);

  return (
    <>
      <QueryStatus query={query} />

      {data && data.data.length > 0 && (
        <ResponsiveTable minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={dense ? 'xs' : 'md'}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{data.data.map(row)}</Table.Tbody>
          </Table>
        </ResponsiveTable>
      )}

      {data && data.meta.total === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          {filtered ? (
            <>
              <Text>{emptyFiltered}</Text>
              <Button variant="default" onClick={() => list.clearFilters(...clears)}>
                {clearLabel}
              </Button>
            </>
          ) : (
            empty
          )}
        </Stack>
      )}

      {data && data.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {/* A capped count (big accounts) is a lower bound: '1,000+'. */}
            {total(data.meta.total, `${fmt.number(data.meta.total)}${data.meta.total_capped ? '+' : ''}`)}
          </Text>
          {data.meta.last_page > 1 && (
            <Pagination total={data.meta.last_page} value={Math.min(page, data.meta.last_page)} onChange={(p) => setPage(p)} />
          )}
        </Group>
      )}
    </>
  );
}
