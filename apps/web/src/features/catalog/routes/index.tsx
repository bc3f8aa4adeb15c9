import { PRODUCT_CSV_COLUMNS, PRODUCT_SORTS, type Product } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CsvImportDialog } from '../../../components/csv/CsvImportDialog';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthUser } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';
import { PRODUCTS_KEY } from '../api/productsApi';
import { DeleteProductModal } from '../components/DeleteProductModal';
import { ProductDetailModal } from '../components/ProductDetailModal';
import { ProductFormModal } from '../components/ProductFormModal';
import { ProductList } from '../components/ProductList';

type Open = { kind: 'view' | 'edit' | 'delete'; product: Product } | { kind: 'create' | 'upload' } | null;

const EXPORT_PATH = '/api/products/export.csv';

/** /product-catalog: the account's products, with add, view, edit, delete, CSV upload and export (of the searched view). */
export function ProductCatalogRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const mayEdit = useCan('catalog.edit');
  const units = user?.settings?.unit_system ?? DEFAULT_SETTINGS.unit_system;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { download, downloading } = useFileDownload();
  const sort = params.get('sort');
  const exportQuery = {
    q: params.get('q') || undefined,
    ...(sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? { sort, dir: params.get('dir') === 'desc' ? 'desc' : 'asc' } : {}),
  };
  return (
    <>
      <PageHeader title={t('pages.product_catalog.title')} />
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          {t('catalog.intro')}
        </Text>
        <Group gap="xs">
          {mayEdit && (
            <Button variant="default" onClick={() => setOpen({ kind: 'upload' })}>
              {t('catalog.csv.upload')}
            </Button>
          )}
          <Button
            variant="default"
            loading={downloading === EXPORT_PATH}
            onClick={() => void download(EXPORT_PATH, { fileName: 'product-catalog.csv', query: exportQuery })}
          >
            {t('catalog.csv.export')}
          </Button>
          {mayEdit && <Button onClick={() => setOpen({ kind: 'create' })}>{t('catalog.add')}</Button>}
        </Group>
      </Group>
      <ProductList
        onView={(product) => setOpen({ kind: 'view', product })}
        onEdit={mayEdit ? (product) => setOpen({ kind: 'edit', product }) : undefined}
        onDelete={mayEdit ? (product) => setOpen({ kind: 'delete', product }) : undefined}
      />
      {open?.kind === 'view' && (
        <ProductDetailModal
          product={open.product}
          onClose={close}
          onEdit={mayEdit ? () => setOpen({ kind: 'edit', product: open.product }) : undefined}
          onDelete={mayEdit ? () => setOpen({ kind: 'delete', product: open.product }) : undefined}
        />
      )}
      {(open?.kind === 'create' || open?.kind === 'edit') && (
        <ProductFormModal
          key={open.kind === 'edit' ? open.product.id : 'new'}
          product={open.kind === 'edit' ? open.product : null}
          units={units}
          onClose={close}
        />
      )}
      <CsvImportDialog
        opened={open?.kind === 'upload'}
        onClose={close}
        title={t('catalog.csv.title')}
        importPath="/api/products/import"
        templatePath="/api/products/template.csv"
        templateFileName="product-catalog-template.csv"
        savedIn={t('catalog.csv.saved_in')}
        columns={PRODUCT_CSV_COLUMNS}
        intro={t('catalog.csv.intro')}
        onImported={() => void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })}
      />
      {open?.kind === 'delete' && <DeleteProductModal product={open.product} onClose={close} onDeleted={close} />}
    </>
  );
}
