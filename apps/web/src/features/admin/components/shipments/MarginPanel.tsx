import type { ChargeView, PricingAppliedView, ShipmentMarginView } from '@freight/contracts';
import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from './marginFormat';

/** One side's lines and their total, in the shipment's currency. */
function Lines({ caption, lines, total, currency }: { caption: string; lines: ChargeView[]; total: number; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Tbody>
        {lines.map((l, i) => (
          // Two lines may share a code (two accessorials of one kind): their place tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
          <Table.Tr key={i}>
            <Table.Td>{l.label}</Table.Td>
            <Table.Td ta="right">{fmt.money(major(l.amount_cents), currency)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={600}>
          <Table.Td>{t('admin.shipments.margin.total')}</Table.Td>
          <Table.Td ta="right">{fmt.money(major(total), currency)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** What priced the shipment, in words. */
function appliedText(t: (key: string, o?: Record<string, unknown>) => string, a: PricingAppliedView) {
  if (a.source === 'none') return t('admin.shipments.margin.applied_none');
  const program = t(`admin.shipments.margin.scope_${a.scope}`);
  return t(`admin.shipments.margin.applied_${a.source}`, { name: a.name, program, version: a.version });
}

/**
 * The broker's side of a shipment, for staff who may see it (the server sends `margin` to no one
 * else): what the shipper pays, what the carrier is paid, the margin and what priced it.
 */
export function MarginPanel({ margin, currency }: { margin: ShipmentMarginView; currency: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const percent = useMarginPercent();
  return (
    <Section title={t('admin.shipments.margin.title')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Lines caption={t('admin.shipments.margin.price')} lines={margin.price_lines} total={margin.price_cents} currency={currency} />
          <Lines caption={t('admin.shipments.margin.cost')} lines={margin.cost_lines} total={margin.cost_cents} currency={currency} />
        </SimpleGrid>
        <Group gap="xl" wrap="wrap">
          <Text fw={700} c={margin.margin_cents < 0 ? 'red.8' : undefined} data-testid="shipment-margin">
            {t('admin.shipments.margin.margin', {
              amount: fmt.money(major(margin.margin_cents), currency),
              percent: percent(margin.margin_bp),
            })}
          </Text>
          <Text size="sm">{appliedText(t, margin.applied)}</Text>
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
