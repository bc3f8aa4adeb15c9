import { PRODUCT_SORTS, type Product } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { useAuthUser } from '../../../lib/auth';
import { useFormat } from '../../../lib/useFormat';
import { listProducts, PRODUCTS_KEY, type ProductSort, type SortDir } from '../api/productsApi';

const isSort = (v: string | null): v is ProductSort => !!v && (PRODUCT_SORTS as readonly string[]).includes(v);

/** Rewrite some search params; an empty value removes the param. */
function withParams(old: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(old);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

export interface ProductActions {
  onView: (p: Product) => void;
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
}

/**
 * The catalog table (spec section 2): server-paginated, searched (debounced) and sorted by the
 * column headers. Page, search and sort live in the URL, so back and forward restore them.
 */
export function ProductList({ onView, onEdit, onDelete }: ProductActions) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const q = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : undefined;
  const dir: SortDir | undefined = sort ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : undefined;
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;

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
    queryKey: [...PRODUCTS_KEY, 'list', { page, perPage, q, sort, dir }],
    queryFn: () => listProducts({ page, per_page: perPage, q: q || undefined, sort, dir }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const lastPage = data?.meta.last_page;

  // A page past the end (an old link, or products deleted since) goes to the last page instead of an empty table.
  useEffect(() => {
    if (lastPage !== undefined && lastPage >= 1 && page > lastPage && !query.isPlaceholderData) {
      setParams((p) => withParams(p, { page: lastPage > 1 ? String(lastPage) : null }), { replace: true });
    }
  }, [lastPage, page, query.isPlaceholderData, setParams]);

  const sortBy = (column: ProductSort) => {
    const nextDir = sort === column && dir === 'asc' ? 'desc' : 'asc';
    setParams((p) => withParams(p, { sort: column, dir: nextDir, page: null }));
  };

  const header = (column: ProductSort, label: string, align?: 'right') => {
    const active = sort === column;
    return (
      <Table.Th aria-sort={active ? (dir === 'desc' ? 'descending' : 'ascending') : 'none'} ta={align}>
        <UnstyledButton onClick={() => sortBy(column)} title={t('catalog.sort_by', { column: label })} fw={700} fz="sm">
          {label}
          <span aria-hidden> {active ? (dir === 'desc' ? '▼' : '▲') : '↕'}</span>
        </UnstyledButton>
      </Table.Th>
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

      <QueryStatus query={query} />

      {data && data.data.length > 0 && (
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption>{t('catalog.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {header('description', t('catalog.columns.description'))}
                {header('product_number', t('catalog.columns.product_number'))}
                {header('nmfc', t('catalog.columns.nmfc'))}
                <Table.Th>{t('catalog.columns.package_type')}</Table.Th>
                {header('freight_class', t('catalog.columns.freight_class'))}
                <Table.Th>{t('catalog.columns.dimensions')}</Table.Th>
                {header('weight_lb', t('catalog.columns.weight_lb'), 'right')}
                <Table.Th>{t('catalog.columns.hazardous')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('catalog.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((p) => (
                <ProductRow key={p.id} product={p} fmt={fmt} onView={onView} onEdit={onEdit} onDelete={onDelete} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {data && data.meta.total === 0 && (
        <Stack gap="sm" align="flex-start" py="md">
          {q ? (
            <>
              <Text>{t('catalog.empty_filtered')}</Text>
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setParams((p) => withParams(p, { q: null, page: null }));
                }}
              >
                {t('catalog.clear_search')}
              </Button>
            </>
          ) : (
            <Text>{t('catalog.empty')}</Text>
          )}
        </Stack>
      )}

      {data && data.meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('catalog.total', { count: data.meta.total, formatted: fmt.number(data.meta.total) })}
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
    </Table.Tr>
  );
}
