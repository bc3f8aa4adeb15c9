import type { EbayModeRate } from '@freight/contracts';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useFormat } from '../../../../lib/useFormat';
import { getEbayModeRates } from '../../api/ebayOrderApi';

export type EbayMode = 'parcel' | 'ltl';
const MODES: EbayMode[] = ['parcel', 'ltl'];

/**
 * An order whose items fit parcel and LTL: both rated for the order
 * as it is, the cheapest marked, and the seller chooses which one to quote and book.
 */
export function EbayModeChoice({
  orderId,
  together,
  chosen,
  onChoose,
}: {
  orderId: string;
  /** More orders of the same buyer, shipped together with this one. */
  together: string[];
  chosen: EbayMode | null;
  onChoose: (mode: EbayMode) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const rates = useQuery({
    queryKey: ['ebay-order', orderId, 'mode-rates', together],
    queryFn: () => getEbayModeRates(orderId, together),
    staleTime: 5 * 60_000,
  });

  const card = (mode: EbayMode, rate: EbayModeRate | null) => (
    <Paper key={mode} withBorder p="sm" radius="md" data-testid={`ebay-mode-${mode}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t(`quotes.form.mode.${mode}`)}</Text>
          {rates.data?.cheapest === mode && (
            <Badge color="green" variant="light">
              {t('quotes.ebay.modes.cheapest')}
            </Badge>
          )}
        </Group>
        {rate ? (
          <>
            <Text size="lg" fw={700}>
              {t('quotes.ebay.modes.from', { amount: f.money(rate.total_cents / 100, rate.currency) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('quotes.ebay.modes.by', { carrier: rate.carrier_name, count: rate.transit_days })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('quotes.ebay.modes.no_rate')}
          </Text>
        )}
        <Group>
          <Button variant={chosen === mode ? 'filled' : 'light'} onClick={() => onChoose(mode)} aria-pressed={chosen === mode}>
            {t(`quotes.form.mode_choice.${mode}`)}
          </Button>
          {chosen === mode && (
            <Text size="sm" c="dimmed">
              {t('quotes.ebay.modes.chosen')}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <Paper withBorder p="md" radius="md" data-testid="ebay-mode-choice">
      <Title order={2} size="h4">
        {t('quotes.ebay.modes.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('quotes.ebay.modes.body')}
      </Text>
      {rates.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('quotes.ebay.modes.rating')}</Text>
        </Group>
      ) : (
        // Rating failed: the seller still chooses, and the chosen mode is rated again below.
        <Stack gap="sm">
          <QueryStatus query={rates} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{MODES.map((mode) => card(mode, rates.data?.[mode] ?? null))}</SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}
