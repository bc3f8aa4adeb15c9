import type { Product } from '@freight/contracts';
import { printedHsCode } from '@freight/domain/customs';
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/useFormat';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** A product's every field, with Edit and Delete when the role may change the catalog. */
export function ProductDetailModal({
  product,
  onClose,
  onEdit,
  onDelete,
}: {
  product: Product;
  onClose: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const none = t('catalog.none');
  return (
    <Modal opened onClose={onClose} title={product.description} size="lg" centered>
      <Stack>
        {product.hazardous && (
          <Group>
            <Badge color="red" variant="light">
              {t('catalog.hazardous_yes')}
            </Badge>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
          <Fact label={t('catalog.detail.product_number')}>{product.product_number || none}</Fact>
          <Fact label={t('catalog.detail.package_type')}>{t(`quotes.form.package_types.${product.package_type}`)}</Fact>
          <Fact label={t('catalog.detail.nmfc')}>{product.nmfc || none}</Fact>
          <Fact label={t('catalog.detail.sat')}>{product.sat || none}</Fact>
          <Fact label={t('catalog.detail.hs_code')}>{product.hs_code ? printedHsCode(product.hs_code) : none}</Fact>
          <Fact label={t('catalog.detail.freight_class')}>
            {product.freight_class === null ? none : t('catalog.class_n', { class: product.freight_class })}
          </Fact>
          <Fact label={t('catalog.detail.dimensions')}>{fmt.dimensions([product.length_in, product.width_in, product.height_in])}</Fact>
          <Fact label={t('catalog.detail.weight')}>{fmt.weight(product.weight_lb)}</Fact>
          <Fact label={t('catalog.detail.hazardous')}>{product.hazardous ? t('catalog.hazardous_yes') : t('catalog.hazardous_no')}</Fact>
          <Fact label={t('catalog.detail.created')}>{fmt.dateTime(product.created_at)}</Fact>
          <Fact label={t('catalog.detail.updated')}>{fmt.dateTime(product.updated_at)}</Fact>
        </SimpleGrid>
        <Group justify="flex-end">
          {onDelete && (
            <Button variant="subtle" color="red" onClick={onDelete}>
              {t('catalog.delete')}
            </Button>
          )}
          {onEdit && (
            <Button variant="default" onClick={onEdit}>
              {t('catalog.edit')}
            </Button>
          )}
          <Button onClick={onClose}>{t('catalog.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
