import { ADDRESS_CSV_COLUMNS, ADDRESS_SORTS, type AddressBookEntry } from '@freight/contracts';
import { formatPhone } from '@freight/domain';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../../components/csv/CsvImportDialog';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ListTable } from '../../../components/list/ListTable';
import { PlaceText } from '../../../components/list/PlaceText';
import { SortableTh } from '../../../components/list/SortableTh';
import { useListParams } from '../../../components/list/useListParams';
import { useCan } from '../../../lib/permissions';
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
 * The address book: a server-paginated table with search and sort in the URL
 * (`q`, `sort`, `dir`, `page`), add / edit / view / delete, CSV upload and export.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const mayEdit = useCan('addresses.edit');
  const queryClient = useQueryClient();
  const { download, downloading } = useFileDownload();
  const list = useListParams(ADDRESS_SORTS);
  const { page, q, sort, dir, search, setSearch } = list;
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const query = useQuery({
    queryKey: [...ADDRESSES_KEY, 'list', { page, q, sort, dir }],
    queryFn: () => listAddresses({ page, q: q || undefined, sort, dir }),
    placeholderData: keepPreviousData,
  });

  const sortBy = (column: Sort) => list.sortBy(column);

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
      query: { q: q || undefined, sort, dir },
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
          {mayEdit && (
            <>
              <Button onClick={() => setDialog({ kind: 'form', entry: null })}>{t('addresses.add')}</Button>
              <Button variant="default" onClick={() => setDialog({ kind: 'upload' })}>
                {t('addresses.upload')}
              </Button>
            </>
          )}
          <Button variant="default" onClick={exportCsv} loading={downloading === ADDRESS_EXPORT_PATH}>
            {t('addresses.export')}
          </Button>
        </Group>
      </Group>

      <ListTable
        list={list}
        query={query}
        minWidth={900}
        caption={t('addresses.caption')}
        head={
          <>
            {COLUMNS.map((c) => {
              const label = t(`addresses.columns.${c.key}`);
              if (!c.sort) return <Table.Th key={c.key}>{label}</Table.Th>;
              const active = sort === c.sort;
              const column = c.sort;
              return (
                <SortableTh
                  key={c.key}
                  label={label}
                  title={t('addresses.sort_by', { column: label })}
                  active={active}
                  dir={dir}
                  onSort={() => sortBy(column)}
                  style={{ whiteSpace: 'nowrap' }}
                />
              );
            })}
            <Table.Th>{t('addresses.columns.options')}</Table.Th>
          </>
        }
        row={(row) => (
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
        )}
        total={(count, n) => t('addresses.total', { count, n })}
        empty={<Text>{t('addresses.empty')}</Text>}
        emptyFiltered={t('addresses.empty_filtered')}
        clearLabel={t('addresses.clear_search')}
      />

      <AddressFormModal
        key={dialog.kind === 'form' ? (dialog.entry?.id ?? 'new') : 'closed'}
        opened={dialog.kind === 'form'}
        entry={dialog.kind === 'form' ? dialog.entry : null}
        onClose={close}
      />
      <AddressDetailModal
        entry={dialog.kind === 'detail' ? dialog.entry : null}
        onClose={close}
        onEdit={mayEdit ? () => dialog.kind === 'detail' && setDialog({ kind: 'form', entry: dialog.entry }) : undefined}
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
  const mayEdit = useCan('addresses.edit');
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
            {formatPhone(row.phone)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <PlaceText>{streets}</PlaceText>
      </Table.Td>
      <Table.Td>
        <PlaceText>{row.city}</PlaceText>
      </Table.Td>
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
            {mayEdit && <Menu.Item onClick={onEdit}>{t('addresses.edit')}</Menu.Item>}
            {mayEdit && (
              <Menu.Item color="red" onClick={onDelete}>
                {t('addresses.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
