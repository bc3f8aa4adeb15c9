import { PART_CSV_COLUMNS, PART_SORTS, type Part, type PartSort } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImportDialog } from '../../../components/csv/CsvImportDialog';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { ListTable } from '../../../components/list/ListTable';
import { SortColumns } from '../../../components/list/SortColumns';
import { sortOrder, useListParams } from '../../../components/list/useListParams';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { deletePart, PARTS_KEY, PARTS_PATH, partsQuery } from '../api/partCatalogApi';
import { PartFormModal } from '../components/parts/PartFormModal';

const FILTERS = ['hazardous', 'density_based'] as const;

/**
 * Part Catalog (every staff role): the commodities customers' item lines and products suggest,
 * with their NMFC and class; search either description or the NMFC, filter hazardous and
 * density-based, add, edit, delete (confirmed), CSV import (checked first) and export of the view.
 */
export function PartCatalogRoute() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const client = useQueryClient();
  const list = useListParams(PART_SORTS);
  const p = list.params;
  const es = i18n.language === 'es';
  const order = sortOrder(list, { sort: es ? 'description_es' : 'description_en', dir: 'asc' });
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const filters = Object.fromEntries(FILTERS.flatMap((f) => (p.get(f) ? [[f, p.get(f) as string]] : [])));
  const view = { ...filters, ...(list.q ? { q: list.q } : {}), sort: order.sort, dir: order.dir };
  const query = useQuery(partsQuery({ ...view, page: String(list.page), per_page: String(perPage) }));
  const [editing, setEditing] = useState<Part | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const { download, downloading } = useFileDownload();
  const exportPath = `${PARTS_PATH}/export.csv`;

  const remove = useMutation({
    mutationFn: (part: Part) => deletePart(part.id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: PARTS_KEY });
      notifications.show({ color: 'green', message: t('admin.parts.deleted') });
    },
    onError: () => notifications.show({ color: 'red', message: t('admin.parts.delete_failed') }),
  });
  /** Both descriptions, the page's language first. */
  const descriptions = (part: Part) => (es ? [part.description_es, part.description_en] : [part.description_en, part.description_es]);
  const confirmDelete = (part: Part) =>
    modals.openConfirmModal({
      title: t('admin.parts.delete_title'),
      children: <Text size="sm">{t('admin.parts.delete_confirm', { name: descriptions(part)[0] })}</Text>,
      labels: { confirm: t('admin.parts.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(part),
    });
  const flagFilter = (name: (typeof FILTERS)[number], label: string) => (
    <NativeSelect
      label={label}
      data={[
        { value: '', label: t('admin.parts.any') },
        { value: 'yes', label: t('admin.parts.yes') },
        { value: 'no', label: t('admin.parts.no') },
      ]}
      value={p.get(name) ?? ''}
      onChange={(e) => list.update({ [name]: e.currentTarget.value, page: null })}
      w={170}
    />
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.partCatalog')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" maw={620}>
          {t('admin.parts.intro')}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setImporting(true)}>
            {t('admin.parts.import')}
          </Button>
          <Button
            variant="default"
            loading={downloading === exportPath}
            onClick={() => void download(exportPath, { fileName: 'part-catalog.csv', query: view })}
          >
            {t('admin.parts.export')}
          </Button>
          <Button onClick={() => setEditing('new')}>{t('admin.parts.new')}</Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.parts.search')}
          placeholder={t('admin.parts.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={100}
          w={360}
          maw="100%"
        />
        {flagFilter('hazardous', t('admin.parts.hazardous'))}
        {flagFilter('density_based', t('admin.parts.density_based'))}
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={820}
        caption={t('admin.parts.caption')}
        head={
          <SortColumns<PartSort>
            columns={[
              { key: 'description', sort: es ? 'description_es' : 'description_en', label: t('admin.parts.description') },
              { key: 'nmfc', sort: 'nmfc', label: t('admin.parts.nmfc') },
              { key: 'class', sort: 'freight_class', label: t('admin.parts.freight_class') },
              { key: 'flags', label: t('admin.parts.flags') },
              { key: 'updated', sort: 'updated_at', label: t('admin.parts.updated_at') },
              { key: 'actions', label: '' },
            ]}
            sort={order.sort}
            dir={order.dir}
            onSort={order.sortBy}
            sortTitle={(column) => t('admin.shipments.sort_by', { column })}
          />
        }
        row={(part: Part) => {
          const [first, second] = descriptions(part);
          return (
            <Table.Tr key={part.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {first}
                </Text>
                <Text size="xs" c="dimmed">
                  {second}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {part.nmfc_sub ? `${part.nmfc_item}-${part.nmfc_sub}` : part.nmfc_item}
                </Text>
              </Table.Td>
              <Table.Td>
                {part.density_based ? t('admin.parts.by_density') : t('admin.parts.class_n', { class: part.freight_class })}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {part.hazardous && (
                    <Badge color="red" variant="light" size="sm">
                      {t('admin.parts.hazardous')}
                    </Badge>
                  )}
                  {part.density_based && (
                    <Badge color="blue" variant="light" size="sm">
                      {t('admin.parts.density_based')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{fmt.date(part.updated_at)}</Table.Td>
              <Table.Td ta="right">
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setEditing(part)}
                    aria-label={t('admin.parts.edit_named', { name: first })}
                  >
                    {t('admin.parts.edit_short')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={remove.isPending && remove.variables?.id === part.id}
                    onClick={() => confirmDelete(part)}
                    aria-label={t('admin.parts.delete_named', { name: first })}
                  >
                    {t('admin.parts.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
        total={(count, formatted) => t('admin.parts.total', { count, formatted })}
        empty={<Text>{t('admin.parts.none')}</Text>}
        emptyFiltered={t('admin.parts.none_filtered')}
        clearLabel={t('admin.shipments.filters.clear')}
        filtered={!!list.q || Object.keys(filters).length > 0}
        clears={[...FILTERS]}
      />
      {editing && (
        <PartFormModal
          key={editing === 'new' ? 'new' : editing.id}
          part={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <CsvImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('admin.parts.import_title')}
        importPath={`${PARTS_PATH}/import`}
        templatePath={`${PARTS_PATH}/template.csv`}
        templateFileName="part-catalog-template.csv"
        savedIn={t('admin.parts.saved_in')}
        columns={PART_CSV_COLUMNS}
        intro={t('admin.parts.import_intro')}
        onImported={() => void client.invalidateQueries({ queryKey: PARTS_KEY })}
      />
    </Stack>
  );
}
