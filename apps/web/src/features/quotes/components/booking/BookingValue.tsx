import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';
import type { Quote } from '../../api/quotesApi';

/** The shipment value the quote was rated with (changed only by a re-rate). */
export function BookingValue({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Paper withBorder p="md">
      <Group gap="md" align="baseline" wrap="wrap">
        <Text size="sm" fw={500} id="booking-value-label">
          {t('quotes.booking.value.label')}
        </Text>
        <Text size="sm" fw={700} aria-labelledby="booking-value-label" data-testid="booking-value">
          {fmt.money(Number(quote.inputs.insured_value ?? 0), quote.currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('quotes.booking.value.note')}
        </Text>
      </Group>
    </Paper>
  );
}
