import type { ShipmentReference } from '@freight/contracts';
import { Text, type TextProps } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every reference of a shipment on one wrapping line, each as its type word and value ('PO Number:
 * PO-4471 · SO Number: SO-88'); a reference breaks inside itself only when it is wider than the
 * whole line (a narrow card, enlarged or spaced-out text). Nothing when there is none.
 */
export function ReferenceList({ references, ...text }: { references: ShipmentReference[] } & TextProps) {
  const { t } = useTranslation();
  if (!references.length) return null;
  return (
    <Text size="xs" {...text} data-testid="shipment-references">
      {references.map((r, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a reference's place in the list is its identity (types may repeat)
        <Fragment key={n}>
          {n > 0 && ' · '}
          <span style={{ display: 'inline-block' }}>
            {t('shipment.refs.reference_value', { type: t(`shipment.reference_types.${r.type}`), number: r.value })}
          </span>
        </Fragment>
      ))}
    </Text>
  );
}
