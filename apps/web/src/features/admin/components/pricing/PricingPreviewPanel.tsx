import type { PricingImpact, PricingPreview } from '@freight/contracts';
import { Alert, Badge, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from '../shipments/marginFormat';

/** Money and margin percents as the preview shows them: a program's amounts are US dollars. */
function usePreviewFormat() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return { usd: (cents: number) => fmt.money(cents / 100, 'USD'), percent: useMarginPercent(t('admin.pricing.no_price')) };
}

/** The newest quotes' carrier rates priced again: their cost, the price in force and the draft's, the margin; rates below the minimum or below cost flagged. */
export function PricingPreviewPanel({ preview }: { preview: PricingPreview }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { usd, percent } = usePreviewFormat();
  const { impact } = preview;
  return (
    <Stack gap="xs" role="region" aria-label={t('admin.pricing.preview_title')}>
      <Title order={3} size="h4">
        {t('admin.pricing.preview_title')}
      </Title>
      {impact.rates === 0 ? (
        <Text c="dimmed">{t('admin.pricing.preview_none')}</Text>
      ) : (
        <Alert color={impact.below_cost > 0 ? 'red' : 'teal'} variant="light">
          <Text size="sm">
            {t('admin.pricing.preview_summary', {
              count: impact.quotes,
              rates: impact.rates,
              cost: usd(impact.cost_cents),
              current: usd(impact.current_price_cents),
              new: usd(impact.new_price_cents),
            })}
          </Text>
          <Text size="sm">
            {t('admin.pricing.preview_margin', { margin: usd(impact.new_margin_cents), percent: percent(impact.new_margin_bp) })}
          </Text>
          {impact.below_cost > 0 && <Text size="sm">{t('admin.pricing.preview_below_cost', { count: impact.below_cost })}</Text>}
        </Alert>
      )}
      {impact.skipped > 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.pricing.preview_skipped', { count: impact.skipped })}
        </Text>
      )}
      {preview.lines.length > 0 && (
        <ScrollArea.Autosize mah={420} type="auto">
          <Table striped withTableBorder stickyHeader miw={920} captionSide="top">
            <Table.Caption>{t('admin.pricing.preview_caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.pricing.quote')}</Table.Th>
                <Table.Th>{t('admin.pricing.rate')}</Table.Th>
                <Table.Th ta="right">{t('admin.pricing.cost')}</Table.Th>
                <Table.Th ta="right">{t('admin.pricing.price_in_force')}</Table.Th>
                <Table.Th ta="right">{t('admin.pricing.new_price')}</Table.Th>
                <Table.Th ta="right">{t('admin.pricing.margin')}</Table.Th>
                <Table.Th>{t('admin.pricing.priced_by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lines.map((l) => (
                <Table.Tr key={`${l.quote_id}-${l.carrier_scac}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {l.quote_number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {fmt.dateTime(l.created_at)} · {l.account_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t(`admin.pricing.modes.${l.mode}`, { defaultValue: l.mode })} · {l.carrier_scac}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.lane} · {fmt.weight(l.weight_lb)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{usd(l.cost_cents)}</Table.Td>
                  <Table.Td ta="right">{usd(l.current_price_cents)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {usd(l.new_price_cents)}
                  </Table.Td>
                  <Table.Td ta="right" c={l.below_cost ? 'red.8' : undefined}>
                    <Text size="sm" inherit>
                      {usd(l.new_margin_cents)}
                    </Text>
                    <Text size="xs" inherit>
                      {percent(l.new_margin_bp)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{l.applied_name ?? t('admin.pricing.applied.none')}</Text>
                    <Group gap={4}>
                      {l.applied_name && (
                        <Text size="xs" c="dimmed">
                          {t(`admin.pricing.applied.${l.applied}`, { defaultValue: l.applied })}
                        </Text>
                      )}
                      {l.below_cost && (
                        <Badge size="xs" color="red">
                          {t('admin.pricing.below_cost')}
                        </Badge>
                      )}
                      {l.below_minimum && !l.below_cost && (
                        <Badge size="xs" color="orange" variant="light">
                          {t('admin.pricing.below_minimum')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** A preview's totals as the publish confirmation repeats them. */
export function PublishImpact({ impact }: { impact: PricingImpact }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { usd, percent } = usePreviewFormat();
  return (
    <Stack gap={4} data-testid="publish-impact">
      <Text size="sm">{t('admin.pricing.impact_previewed', { when: fmt.dateTime(impact.previewed_at) })}</Text>
      <Text size="sm">{t('admin.pricing.impact_rates', { count: impact.quotes, rates: impact.rates })}</Text>
      {impact.rates > 0 && (
        <>
          <Text size="sm">
            {t('admin.pricing.impact_prices', { current: usd(impact.current_price_cents), new: usd(impact.new_price_cents) })}
          </Text>
          <Text size="sm">
            {t('admin.pricing.preview_margin', { margin: usd(impact.new_margin_cents), percent: percent(impact.new_margin_bp) })}
          </Text>
        </>
      )}
      {impact.below_cost > 0 && (
        <Text size="sm" c="red.8">
          {t('admin.pricing.preview_below_cost', { count: impact.below_cost })}
        </Text>
      )}
    </Stack>
  );
}
