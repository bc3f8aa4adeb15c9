import type { ShipmentMarginView } from '@freight/contracts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from './marginFormat';
import { ChargeLinesTable, useAppliedText } from './marginParts';

/**
 * The broker's side of a shipment, for staff who may see it (the server sends `margin` to no one
 * else): what the shipper pays, what the carrier is paid, the margin and what priced it.
 */
export function MarginPanel({ margin, currency }: { margin: ShipmentMarginView; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const percent = useMarginPercent();
  const appliedText = useAppliedText();
  return (
    <Section title={t('admin.shipments.margin.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <ChargeLinesTable
            caption={t('admin.shipments.margin.price')}
            lines={margin.price_lines}
            total={margin.price_cents}
            currency={currency}
          />
          <ChargeLinesTable
            caption={t('admin.shipments.margin.cost')}
            lines={margin.cost_lines}
            total={margin.cost_cents}
            currency={currency}
          />
        </SimpleGrid>
        <Group gap="xl" wrap="wrap">
          <Text fw={700} c={margin.margin_cents < 0 ? 'red.8' : undefined} data-testid="shipment-margin">
            {t('admin.shipments.margin.margin', {
              amount: fmt.money(major(margin.margin_cents), currency),
              percent: percent(margin.margin_bp),
            })}
          </Text>
          <Text size="sm">{appliedText(margin.applied)}</Text>
        </Group>
        {!margin.cost_recorded && (
          <Text size="sm" c="dimmed">
            {t('admin.shipments.margin.not_recorded')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
