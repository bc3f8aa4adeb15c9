import { ACCOUNT_SORTS, ACCOUNT_STATES, type StaffAccountRow } from '@freight/contracts';
import { DEFAULT_SETTINGS, isSales, PAYMENT_TERMS } from '@freight/domain';
import { Anchor, Group, NativeSelect, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { ListTable } from '../../../components/list/ListTable';
import { SortColumns } from '../../../components/list/SortColumns';
import { sortOrder, useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { accountsQuery } from '../api/adminApi';
import { salesRepsQuery } from '../api/salesRepsApi';
import { AccountStateBadge } from '../components/AccountStateBadge';
import { SavedViews } from '../components/views/SavedViews';

const FILTERS = ['status', 'payment_terms', 'sales_rep', 'signed_up_days'] as const;
/** The sign-up queue: accounts of the last week, newest first, so sales can call them. */
const QUEUE_DAYS = '7';

/**
 * Account Management: every customer account, found by its name, a user's name, email or phone,
 * or a BOL number; filtered by state, terms and sales rep ('my accounts' for a rep); and the
 * queue of new sign-ups.
 */
export function AccountsRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const list = useListParams(ACCOUNT_SORTS);
  const p = list.params;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const queue = Boolean(p.get('signed_up_days'));
  // The sign-up queue is newest first, whatever the URL says.
  const order = sortOrder(list, { sort: 'name', dir: 'asc' });
  const activeSort = queue ? 'created_at' : order.sort;
  const activeDir = queue ? 'desc' : order.dir;
  const search = { ...filters, ...(list.q ? { q: list.q } : {}), sort: activeSort, dir: activeDir };
  const query = useQuery(accountsQuery({ ...search, page: String(list.page), per_page: String(perPage) }));
  const reps = useQuery(salesRepsQuery());
  const select = (name: string) => ({
    value: p.get(name) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => list.update({ [name]: e.currentTarget.value, page: null }),
  });

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.accounts')} />
      <SegmentedControl
        w="fit-content"
        value={queue ? 'queue' : 'all'}
        onChange={(v) => list.update({ signed_up_days: v === 'queue' ? QUEUE_DAYS : null, sort: null, dir: null, page: null })}
        data={[
          { value: 'all', label: t('admin.accounts.all') },
          { value: 'queue', label: t('admin.accounts.queue') },
        ]}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.accounts.search')}
          placeholder={t('admin.accounts.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={100}
          w={360}
          maw="100%"
        />
        <NativeSelect
          label={t('admin.columns.status')}
          data={[
            { value: '', label: t('admin.shipments.filters.any') },
            ...ACCOUNT_STATES.map((s) => ({ value: s, label: t(`account_status.${s}`) })),
          ]}
          w={200}
          {...select('status')}
        />
        <NativeSelect
          label={t('admin.accounts.terms')}
          data={[
            { value: '', label: t('admin.shipments.filters.any') },
            ...PAYMENT_TERMS.map((v) => ({ value: v, label: t(`admin.accounts.terms_${v}`) })),
          ]}
          w={180}
          {...select('payment_terms')}
        />
        <NativeSelect
          label={t('admin.accounts.sales_rep.filter')}
          data={[
            { value: '', label: t('admin.accounts.sales_rep.any') },
            ...(isSales(user?.roles ?? []) ? [{ value: 'mine', label: t('admin.accounts.sales_rep.mine') }] : []),
            { value: 'none', label: t('admin.accounts.sales_rep.unassigned') },
            ...(reps.data ?? []).map((r) => ({ value: r.id, label: r.name })),
          ]}
          w={220}
          {...select('sales_rep')}
        />
      </Group>
      <Group gap="sm">
        <SavedViews list="accounts" />
        <ExportMenu path="/api/admin/accounts/export" query={search} fileName="admin-accounts" />
      </Group>
      {queue && (
        <Text size="sm" c="dimmed">
          {t('admin.accounts.queue_hint', { days: Number(p.get('signed_up_days')) })}
        </Text>
      )}
      <ListTable
        list={list}
        query={query}
        minWidth={980}
        caption={t('admin.accounts.caption')}
        head={
          <SortColumns
            columns={[
              { key: 'name', sort: 'name' as const, label: t('admin.columns.name') },
              { key: 'status', label: t('admin.columns.status') },
              { key: 'contact', label: t('admin.accounts.contact') },
              { key: 'terms', label: t('admin.accounts.terms') },
              { key: 'rep', label: t('admin.accounts.sales_rep.column') },
              { key: 'users', label: t('admin.columns.users'), ta: 'right' as const },
              { key: 'created', sort: 'created_at' as const, label: t('admin.accounts.signed_up') },
            ]}
            sort={activeSort}
            dir={activeDir}
            onSort={order.sortBy}
            sortTitle={(column) => t('admin.shipments.sort_by', { column })}
          />
        }
        row={(a: StaffAccountRow) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.account(a.id)} fw={600} size="sm">
                {a.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <AccountStateBadge state={a.state} size="sm" />
            </Table.Td>
            <Table.Td>
              {a.contact && (
                <>
                  <Text size="sm">{a.contact.name}</Text>
                  <Text size="xs" c="dimmed">
                    {a.contact.email} · {a.contact.phone}
                  </Text>
                </>
              )}
            </Table.Td>
            <Table.Td>{t(`admin.accounts.terms_${a.payment_terms}`)}</Table.Td>
            <Table.Td>{a.sales_rep?.name ?? '–'}</Table.Td>
            <Table.Td ta="right">{fmt.number(a.users_count)}</Table.Td>
            <Table.Td>{fmt.date(a.created_at)}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.accounts.total', { count, formatted })}
        empty={<Text>{t('admin.accounts.none')}</Text>}
        emptyFiltered={t('admin.accounts.empty')}
        clearLabel={t('admin.shipments.filters.clear')}
        filtered={!!list.q || Object.keys(filters).length > 0}
        clears={[...FILTERS]}
      />
    </Stack>
  );
}
