import { DEFAULT_SETTINGS } from '@freight/domain';
import { Badge, Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountsQuery } from '../api/adminApi';

/** Account Management: server-paginated list with search; a row opens the detail. */
export function AccountsRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;

  useEffect(() => {
    const current = params.get('search') ?? '';
    if (debounced !== current) {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (debounced) next.set('search', debounced);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }
  }, [debounced, params, setParams]);

  const q = useQuery(accountsQuery({ page, perPage, search: params.get('search') ?? '' }));
  const setPage = (p: number) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.set('page', String(p));
      return next;
    });

  return (
    <>
      <PageHeader title={t('admin.pages.accounts')} />
      <TextInput
        label={t('admin.accounts.search')}
        placeholder={t('admin.accounts.search_hint')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
        mb="md"
      />
      <QueryStatus query={q} />
      {q.data && (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.columns.name')}</Table.Th>
                  <Table.Th>{t('admin.columns.status')}</Table.Th>
                  <Table.Th>{t('admin.columns.users')}</Table.Th>
                  <Table.Th>{t('admin.columns.created')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.data.map((a) => (
                  <Table.Tr
                    key={a.id}
                    style={{ cursor: 'pointer' }}
                    tabIndex={0}
                    onClick={() => void navigate(paths.admin.account(a.id))}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') void navigate(paths.admin.account(a.id));
                    }}
                  >
                    <Table.Td>{a.name}</Table.Td>
                    <Table.Td>
                      <Badge color={a.status === 'active' ? 'green' : 'red'} variant="light">
                        {t(`account_status.${a.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{fmt.number(a.users_count)}</Table.Td>
                    <Table.Td>{fmt.date(a.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {q.data.data.length === 0 && (
            <Text c="dimmed" py="md">
              {t('admin.accounts.empty')}
            </Text>
          )}
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">
              {t('admin.accounts.total', { count: q.data.meta.total, formatted: fmt.number(q.data.meta.total) })}
            </Text>
            {q.data.meta.last_page > 1 && <Pagination total={q.data.meta.last_page} value={q.data.meta.current_page} onChange={setPage} />}
          </Group>
        </>
      )}
    </>
  );
}
