import type { Paginated, Product } from '@freight/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteProduct, PRODUCTS_KEY } from '../api/productsApi';

/** 'Delete product?' with the product named; 'Product deleted' or 'Failed to delete product'. */
export function DeleteProductModal({ product, onClose, onDeleted }: { product: Product; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteProduct(product.id);
    } catch {
      setDeleting(false);
      notifications.show({ color: 'red', message: t('product.delete_failed') });
      onClose();
      return;
    }
    // Gone from every list kept (another search's or page's too, fetched before the delete), then read again.
    queryClient.setQueriesData<Paginated<Product>>({ queryKey: [...PRODUCTS_KEY, 'list'] }, (old) =>
      old ? { ...old, data: old.data.filter((p) => p.id !== product.id) } : old,
    );
    await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
    notifications.show({ color: 'green', message: t('product.deleted') });
    onDeleted();
  };
  return (
    <Modal opened onClose={onClose} title={t('catalog.delete_confirm.title')} centered>
      <Stack>
        <Text size="sm">{t('catalog.delete_confirm.body', { name: product.description })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting}>
            {t('catalog.delete_confirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
