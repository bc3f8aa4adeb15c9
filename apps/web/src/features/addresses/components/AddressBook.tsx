import { ADDRESS_CSV_COLUMNS, ADDRESS_SORTS, type AddressBookEntry } from '@freight/contracts';
import { ActionIcon, Button, Group, Menu, Modal, Pagination, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CsvImportDialog } from '../../../components/csv/CsvImportDialog';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { QueryStatus } from '../../../components/QueryStatus';
import { useFormat } from '../../../lib/useFormat';
import {
  ADDRESS_EXPORT_PATH,
  ADDRESS_IMPORT_PATH,
  ADDRESS_TEMPLATE_PATH,
  ADDRESSES_KEY,
  deleteAddress,
  listAddresses,
} from '../api/addressesApi';
import { AddressDetailModal } from './AddressDetailModal';
import { AddressFormModal } from './AddressFormModal';

type Sort = (typeof ADDRESS_SORTS)[number];
const isSort = (v: string | null): v is Sort => !!v && (ADDRESS_SORTS as readonly string[]).includes(v);

/** Rewrite some search params; an empty value removes the param. */
function withParams(old: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(old);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

/** The columns in the spec's order; `sort` when the server sorts by it. */
const COLUMNS: { key: string; sort?: Sort }[] = [
  { key: 'company', sort: 'company' },
  { key: 'contact', sort: 'contact' },
  { key: 'address' },
  { key: 'city', sort: 'city' },
  { key: 'state', sort: 'state' },
  { key: 'postal_code', sort: 'postal_code' },
];

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; entry: AddressBookEntry | null }
  | { kind: 'detail'; entry: AddressBookEntry }
  | { kind: 'delete'; entry: AddressBookEntry }
  | { kind: 'upload' };

/**
 * The address book (spec section 2): a server-paginated table with search and sort in the URL
 * (`q`, `sort`, `dir`, `page`), add / edit / view / delete, CSV upload and export.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const { download, downloading } = useFileDownload();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : undefined;
  const dir = sort && params.get('dir') === 'desc' ? 'desc' : 'asc';
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const [search, setSearch] = useState(q);
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // The URL wins when it changes by itself (back/forward): the box follows it.
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    if (q !== search.trim()) setSearch(q);
  }
  useEffect(() => {
    if (debounced !== q && debounced === search.trim()) setParams((p) => withParams(p, { q: debounced, page: null }), { replace: true });
  }, [debounced, q, search, setParams]);

  const query = useQuery({
    queryKey: [...ADDRESSES_KEY, 'list', { page, q, sort, dir }],
    queryFn: () => listAddresses({ page, q: q || undefined, sort, dir: sort ? dir : undefined }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const lastPage = data?.meta.last_page;

  // A page past the end (an old link, or addresses deleted since) goes to the last page.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage && !query.isPlaceholderData) {
      setParams((p) => withParams(p, { page: lastPage > 1 ? String(lastPage) : null }), { replace: true });
    }
  }, [lastPage, page, query.isPlaceholderData, setParams]);

  const sortBy = (column: Sort) => {
    const nextDir = sort === column && dir === 'asc' ? 'desc' : 'asc';
    setParams((p) => withParams(p, { sort: column, dir: nextDir === 'desc' ? 'desc' : null, page: null }));
  };

  const remove = useMutation({
    mutationFn: (entry: AddressBookEntry) => deleteAddress(entry.id),
    onSuccess: async () => {
      close();
      notifications.show({ color: 'green', message: t('addresses.deleted') });
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
    },
    onError: () => notifications.show({ color: 'red', message: t('addresses.delete_failed') }),
  });

  const exportCsv = () =>
    void download(ADDRESS_EXPORT_PATH, {
      fileName: 'address-book.csv',
      query: { q: q || undefined, sort, dir: sort ? dir : undefined },
    });

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
        <TextInput
          type="search"
          label={t('addresses.search')}
          placeholder={t('addresses.search_hint')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={100}
          w={360}
          maw="100%"
        />
        <Group gap="sm" wrap="wrap">
          <Button onClick={() => setDialog({ kind: 'form', entry: null })}>{t('addresses.add')}</Button>
          <Button variant="default" onClick={() => setDialog({ kind: 'upload' })}>
            {t('addresses.upload')}
          </Button>
          <Button variant="default" onClick={exportCsv} loading={downloading === ADDRESS_EXPORT_PATH}>
            {t('addresses.export')}
          </Button>
        </Group>
      </Group>

      <QueryStatus query={query} />

      {data && data.data.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption>{t('addresses.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => {
                  const label = t(`addresses.columns.${c.key}`);
                  if (!c.sort) return <Table.Th key={c.key}>{label}</Table.Th>;
                  const active = sort === c.sort;
                  const column = c.sort;
                  return (
                    <Table.Th key={c.key} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                      <UnstyledButton
                        onClick={() => sortBy(column)}
                        title={t('addresses.sort_by', { column: label })}
                        fw={700}
                        fz="sm"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {label}
                        <span aria-hidden style={{ marginLeft: 4, opacity: active ? 1 : 0.35 }}>
                          {active && dir === 'desc' ? '▼' : '▲'}
                        </span>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
                <Table.Th>{t('addresses.columns.options')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((row) => (
                <AddressRow
                  key={row.id}
                  row={row}
                  onView={() => setDialog({ kind: 'detail', entry: row })}
                  onEdit={() => setDialog({ kind: 'form', entry: row })}
                  onDelete={() => {
                    remove.reset();
                    setDialog({ kind: 'delete', entry: row });
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data && data.meta.total === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          {q ? (
            <>
              <Text>{t('addresses.empty_filtered')}</Text>
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setParams((p) => withParams(p, { q: null, page: null }));
                }}
              >
                {t('addresses.clear_search')}
              </Button>
            </>
          ) : (
            <Text>{t('addresses.empty')}</Text>
          )}
        </Stack>
      )}

      {data && data.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('addresses.total', { count: data.meta.total, n: fmt.number(data.meta.total) })}
          </Text>
          {data.meta.last_page > 1 && (
            <Pagination
              total={data.meta.last_page}
              value={Math.min(page, data.meta.last_page)}
              onChange={(p) => setParams((old) => withParams(old, { page: p > 1 ? String(p) : null }))}
            />
          )}
        </Group>
      )}

      <AddressFormModal
        key={dialog.kind === 'form' ? (dialog.entry?.id ?? 'new') : 'closed'}
        opened={dialog.kind === 'form'}
        entry={dialog.kind === 'form' ? dialog.entry : null}
        onClose={close}
      />
      <AddressDetailModal
        entry={dialog.kind === 'detail' ? dialog.entry : null}
        onClose={close}
        onEdit={() => dialog.kind === 'detail' && setDialog({ kind: 'form', entry: dialog.entry })}
      />
      <Modal opened={dialog.kind === 'delete'} onClose={close} title={t('addresses.delete_title')} centered>
        {dialog.kind === 'delete' && (
          <Stack>
            <Text>{t('addresses.delete_confirm', { company: dialog.entry.company })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(dialog.entry)}>
                {t('addresses.delete')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <CsvImportDialog
        opened={dialog.kind === 'upload'}
        onClose={close}
        title={t('addresses.csv.title')}
        importPath={ADDRESS_IMPORT_PATH}
        templatePath={ADDRESS_TEMPLATE_PATH}
        templateFileName="address-book-template.csv"
        savedIn={t('addresses.csv.saved_in')}
        columns={ADDRESS_CSV_COLUMNS}
        onImported={() => void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })}
      />
    </Stack>
  );
}

function AddressRow({
  row,
  onView,
  onEdit,
  onDelete,
}: {
  row: AddressBookEntry;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const contact = [row.first_name, row.last_name].filter(Boolean).join(' ');
  const streets = [row.street1, row.street2, row.street3, row.street4, row.street5].filter(Boolean).join(', ');
  return (
    <Table.Tr>
      <Table.Td>
        <UnstyledButton onClick={onView} fz="sm" fw={600} c="blue" style={{ textAlign: 'left' }}>
          {row.company}
        </UnstyledButton>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{contact}</Text>
        {row.phone && (
          <Text size="xs" c="dimmed">
            {row.phone}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{streets}</Table.Td>
      <Table.Td>{row.city}</Table.Td>
      <Table.Td>{row.state}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.postal_code}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('addresses.options_for', { company: row.company })}>
              <span aria-hidden style={{ fontSize: 18, lineHeight: 1 }}>
                ⋯
              </span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onView}>{t('addresses.view')}</Menu.Item>
            <Menu.Item onClick={onEdit}>{t('addresses.edit')}</Menu.Item>
            <Menu.Item color="red" onClick={onDelete}>
              {t('addresses.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
