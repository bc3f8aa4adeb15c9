import type { InvoiceSummary } from '@freight/contracts';
import { AGING_BUCKETS } from '@freight/domain';
import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { useFormat } from '../../../lib/useFormat';

/**
 * What the account owes, by days past due (the buckets add up to the open balance), in each
 * currency it has invoices in, the user's first; and, when the account is held, why and how to
 * get out of it.
 */
export function AgingSummary({ summary }: { summary: InvoiceSummary }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { credit } = summary;
  return (
    <Stack gap="sm">
      {credit.on_hold && (
        <Alert color="red" title={t('invoices.hold.title')} role="alert" data-testid="credit-hold-alert">
          <Stack gap={4}>
            {credit.manual_hold && <Text size="sm">{t('invoices.hold.manual')}</Text>}
            {credit.hold_reasons.map((r) => (
              <Text key={r} size="sm">
                {t(`invoices.hold.${r}`)}
              </Text>
            ))}
            <Text size="sm">{t('invoices.hold.body')}</Text>
          </Stack>
        </Alert>
      )}
      {summary.currencies.map((c) => (
        <Card
          key={c.currency}
          withBorder
          padding="sm"
          aria-label={`${t('invoices.aging.title')} ${c.currency}`}
          data-testid="aging-summary"
        >
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{t('invoices.aging.title')}</Text>
            {credit.payment_terms === 'credit' && c.currency === 'USD' && (
              <Text size="sm" c="dimmed">
                {t('invoices.aging.credit_limit', {
                  limit: fmt.money(major(credit.credit_limit_cents), 'USD'),
                  used: fmt.money(major(credit.used_cents), 'USD'),
                })}
              </Text>
            )}
          </Group>
          {/* As many columns as fit an amount on one line; in rem, so enlarged text gets fewer. */}
          <SimpleGrid minColWidth="min(100%, 8rem)" spacing="xs">
            {AGING_BUCKETS.map((b) => (
              <Stack key={b} gap={0}>
                <Text size="xs" c="dimmed">
                  {t(`invoices.aging.${b}`)}
                </Text>
                <Text fw={600} c={b !== 'current' && c[b] > 0 ? 'red' : undefined}>
                  {fmt.money(major(c[b]), c.currency)}
                </Text>
              </Stack>
            ))}
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('invoices.aging.total')}
              </Text>
              <Text fw={700}>{fmt.money(major(c.total_cents), c.currency)}</Text>
            </Stack>
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}
