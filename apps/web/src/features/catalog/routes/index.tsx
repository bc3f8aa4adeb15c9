import type { Product } from '@freight/contracts';
import { DEFAULT_SETTINGS } from '@freight/domain';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useAuthUser } from '../../../lib/auth';
import { DeleteProductModal } from '../components/DeleteProductModal';
import { ProductDetailModal } from '../components/ProductDetailModal';
import { ProductFormModal } from '../components/ProductFormModal';
import { ProductList } from '../components/ProductList';

type Open = { kind: 'view' | 'edit' | 'delete'; product: Product } | { kind: 'create' } | null;

/** /product-catalog: the account's products, with add, view, edit and delete. */
export function ProductCatalogRoute() {
  const { t } = useTranslation();
  const user = useAuthUser();
  const units = user?.settings?.unit_system ?? DEFAULT_SETTINGS.unit_system;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <>
      <PageHeader title={t('pages.product_catalog.title')} />
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Text c="dimmed" size="sm" maw={640}>
          {t('catalog.intro')}
        </Text>
        <Group gap="xs">
          <Button onClick={() => setOpen({ kind: 'create' })}>{t('catalog.add')}</Button>
        </Group>
      </Group>
      <ProductList
        onView={(product) => setOpen({ kind: 'view', product })}
        onEdit={(product) => setOpen({ kind: 'edit', product })}
        onDelete={(product) => setOpen({ kind: 'delete', product })}
      />
      {open?.kind === 'view' && (
        <ProductDetailModal
          product={open.product}
          onClose={close}
          onEdit={() => setOpen({ kind: 'edit', product: open.product })}
          onDelete={() => setOpen({ kind: 'delete', product: open.product })}
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
      {open?.kind === 'delete' && <DeleteProductModal product={open.product} onClose={close} onDeleted={close} />}
    </>
  );
}
