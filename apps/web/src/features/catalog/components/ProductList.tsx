import { PRODUCT_SORTS, type Product } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Anchor, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list/ListTable';
import { SortableTh } from '../../../components/list/SortableTh';
import { useListParams } from '../../../components/list/useListParams';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { listProducts, PRODUCTS_KEY, type ProductSort } from '../api/productsApi';

/** What a row offers; a role that only reads the catalog gets no Edit or Delete (and no column for them). */
export interface ProductActions {
  onView: (p: Product) => void;
  onEdit?: (p: Product) => void;
  onDelete?: (p: Product) => void;
}

/**
 * The catalog table: server-paginated, searched (debounced) and sorted by the
 * column headers. Page, search and sort live in the URL, so back and forward restore them.
 */
export function ProductList({ onView, onEdit, onDelete }: ProductActions) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const list = useListParams(PRODUCT_SORTS);
  const { page, q, sort, dir, search, setSearch } = list;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;

  const query = useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', { page, perPage, q, sort, dir }],
    queryFn: () => listProducts({ page, per_page: perPage, q: q || undefined, sort, dir }),
    placeholderData: keepPreviousData,
  });

  const sortBy = (column: ProductSort) => list.sortBy(column);

  const header = (column: ProductSort, label: string, align?: 'right') => {
    const active = sort === column;
    return (
      <SortableTh
        label={label}
        title={t('catalog.sort_by', { column: label })}
        active={active}
        dir={dir}
        onSort={() => sortBy(column)}
        ta={align}
      />
    );
  };

  return (
    <Stack gap="md">
      <TextInput
        type="search"
        label={t('catalog.search')}
        placeholder={t('catalog.search_hint')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
        w={360}
        maw="100%"
      />

      <ListTable
        list={list}
        query={query}
        minWidth={960}
        caption={t('catalog.caption')}
        head={
          <>
            {header('description', t('catalog.columns.description'))}
            {header('product_number', t('catalog.columns.product_number'))}
            {header('nmfc', t('catalog.columns.nmfc'))}
            <Table.Th>{t('catalog.columns.package_type')}</Table.Th>
            {header('freight_class', t('catalog.columns.freight_class'))}
            <Table.Th>{t('catalog.columns.dimensions')}</Table.Th>
            {header('weight_lb', t('catalog.columns.weight_lb'), 'right')}
            <Table.Th>{t('catalog.columns.hazardous')}</Table.Th>
            {onEdit && (
              <Table.Th>
                <VisuallyHidden>{t('catalog.columns.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </>
        }
        row={(p) => <ProductRow key={p.id} product={p} fmt={fmt} onView={onView} onEdit={onEdit} onDelete={onDelete} />}
        total={(count, formatted) => t('catalog.total', { count, formatted })}
        empty={<Text>{t('catalog.empty')}</Text>}
        emptyFiltered={t('catalog.empty_filtered')}
        clearLabel={t('catalog.clear_search')}
      />
    </Stack>
  );
}

function ProductRow({
  product: p,
  fmt,
  onView,
  onEdit,
  onDelete,
}: { product: Product; fmt: ReturnType<typeof useFormat> } & ProductActions) {
  const { t } = useTranslation();
  const none: ReactNode = (
    <>
      <span aria-hidden>{t('catalog.none')}</span>
    </>
  );
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          onClick={() => onView(p)}
          ta="left"
          fz="sm"
          aria-label={t('catalog.view', { name: p.description })}
        >
          {p.description}
        </Anchor>
      </Table.Td>
      <Table.Td>{p.product_number || none}</Table.Td>
      <Table.Td>{p.nmfc || none}</Table.Td>
      <Table.Td>{t(`quotes.form.package_types.${p.package_type}`)}</Table.Td>
      <Table.Td>{p.freight_class ?? none}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dimensions([p.length_in, p.width_in, p.height_in])}</Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {fmt.weight(p.weight_lb)}
      </Table.Td>
      <Table.Td>
        {p.hazardous ? (
          <Text span c="red.8" fw={600} size="sm">
            {t('catalog.hazardous_yes')}
          </Text>
        ) : (
          t('catalog.hazardous_no')
        )}
      </Table.Td>
      {onEdit && onDelete && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => onEdit(p)} aria-label={t('catalog.edit_named', { name: p.description })}>
              {t('catalog.edit')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onDelete(p)}
              aria-label={t('catalog.delete_named', { name: p.description })}
            >
              {t('catalog.delete')}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
