import type { ShipmentReference } from '@freight/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** After a list row's first reference: '+2' for the others, which a hover (and a screen reader) names. */
export function MoreReferences({ references }: { references: ShipmentReference[] }) {
  const { t } = useTranslation();
  const others = references.slice(1);
  if (!others.length) return null;
  const named = others.map((r) => `${t(`shipment.reference_types.${r.type}`)}: ${r.value}`).join(', ');
  return (
    <Text
      span
      size="xs"
      fw={600}
      ml={4}
      title={named}
      aria-label={t('shipment.references_more_label', { references: named })}
      data-testid="more-references"
    >
      {t('shipment.references_more', { count: others.length })}
    </Text>
  );
}
