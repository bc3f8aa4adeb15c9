import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { serviceName } from '../../../../components/shipment/words';
import { useFormat } from '../../../../lib/useFormat';
import type { QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { localDate } from '../results/localDate';

/**
 * The chosen rate in brief (carrier, service, transit, delivery, total with the chosen insurance,
 * less what the booking takes off), and the way back to the rates.
 */
export function RateSummary({
  rate,
  insurance,
  less = 0,
  onChangeRate,
}: {
  rate: QuoteRate;
  insurance: QuoteInsuranceOption | null;
  /** What the booking takes off the rate (our customs broker where the shipper brings its own). */
  less?: number;
  onChangeRate: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(cents / 100, rate.currency);
  const premium = insurance && insurance.premium_cents > 0 ? insurance.premium_cents : 0;
  const insured = insurance && insurance.kind !== 'none';
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="booking-rate-title" data-testid="booking-rate">
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={2} size="h3" fz="md" id="booking-rate-title">
          {t('quotes.booking.rate.title')}
        </Title>
        <Button variant="default" size="xs" onClick={onChangeRate}>
          {t('quotes.booking.rate.change')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('quotes.booking.rate.carrier')}
          </Text>
          <Text size="sm" fw={600}>
            {rate.carrier_name} ({rate.scac})
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('quotes.booking.rate.service')}
          </Text>
          <Text size="sm">{serviceName(t, rate.service, rate.service_name)}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('quotes.booking.rate.transit')}
          </Text>
          <Text size="sm">{t('quotes.results.transit', { count: rate.transit_days })}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('quotes.booking.rate.delivery')}
          </Text>
          <Text size="sm">{fmt.date(localDate(rate.estimated_delivery))}</Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t(premium > 0 ? 'quotes.booking.rate.total_with_insurance' : 'quotes.booking.rate.total')}
          </Text>
          <Text size="lg" fw={700} data-testid="booking-total">
            {money(rate.total_cents - less + premium)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs">
        {t('quotes.booking.rate.insurance')}:{' '}
        {insured && insurance
          ? t('quotes.booking.rate.insurance_kind', { coverage: money(insurance.coverage_cents), premium: money(insurance.premium_cents) })
          : t('quotes.booking.rate.insurance_none')}
      </Text>
    </Paper>
  );
}
