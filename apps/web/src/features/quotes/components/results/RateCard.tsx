import type { DeliveryWindowView } from '@freight/contracts';
import { Badge, Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceName } from '../../../../components/shipment/words';
import { useFormat } from '../../../../lib/useFormat';
import type { QuoteInsuranceOption, QuoteRate } from '../../api/quotesApi';
import { chargeDetail } from './chargeText';
import { localDate } from './localDate';

interface RateCardProps {
  rate: QuoteRate;
  preferred: boolean;
  /** Prices are for details that changed: dimmed, no booking. */
  stale: boolean;
  insurance: QuoteInsuranceOption | null;
  /** The name of the automation rule that picks this rate (its service level or carriers), if one does. */
  ruleChoice?: string;
  onBook?: () => void;
}

/** "usually 2 business days, up to 3" (or "usually 2 business days" when the late day is the typical one). */
function windowText(t: TFunction, w: DeliveryWindowView) {
  return w.late_days === w.typical_days
    ? t('quotes.results.window_same', { count: w.typical_days })
    : t('quotes.results.window', { count: w.typical_days, late: w.late_days });
}

/** One carrier's rate: carrier and SCAC, service, transit and delivery, the all-in total, and its charges on demand. */
export function RateCard({ rate, preferred, stale, insurance, ruleChoice, onBook }: RateCardProps) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const breakdownId = useId();
  const money = (cents: number) => fmt.money(cents / 100, rate.currency);
  const premium = insurance && insurance.premium_cents > 0 ? insurance.premium_cents : 0;
  // The lane's learned window when it has enough history; the carrier's promise otherwise.
  const learned = rate.delivery_window?.source === 'history' ? rate.delivery_window : null;

  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId} data-testid="rate-card">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h3" fz="md" id={titleId}>
              {rate.carrier_name}
            </Title>
            <Text size="sm" c="dimmed">
              {rate.scac}
            </Text>
            {preferred && (
              <Badge color="teal" variant="light">
                {t('quotes.results.preferred')}
              </Badge>
            )}
            {ruleChoice && (
              <Badge color="blue" variant="light" tt="none" data-testid="rule-choice">
                {t('quotes.results.rule_choice', { name: ruleChoice })}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {t('quotes.results.service_label')}: {serviceName(t, rate.service, rate.service_name)}
          </Text>
          <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
            <Text size="sm" data-testid="rate-transit">
              {t('quotes.results.transit_label')}:{' '}
              {learned ? windowText(t, learned) : t('quotes.results.transit', { count: rate.transit_days })}
            </Text>
            <Text size="sm">
              {t('quotes.results.delivery_label')}:{' '}
              {learned
                ? t('quotes.results.window_dates', {
                    typical: fmt.date(localDate(learned.typical_date)),
                    late: fmt.date(localDate(learned.late_date)),
                  })
                : fmt.date(localDate(rate.estimated_delivery))}
            </Text>
          </Group>
          {learned && (
            <Text size="xs" c="dimmed">
              {t('quotes.results.window_sample', { count: learned.sample })}
            </Text>
          )}
          {rate.crossing && (
            <Text size="sm" data-testid="rate-crossing">
              {t(`quotes.results.crossing.${rate.crossing.kind}`, { port: rate.crossing.port_name })}{' '}
              {t('quotes.results.crossing.excludes')}
            </Text>
          )}
        </Stack>
        {/* Stale prices are struck through, not faded: faded text fails contrast, and the alert above says why. */}
        <Stack gap={4} align="flex-end" style={{ marginLeft: 'auto' }}>
          <Text size="xs" c="dimmed">
            {t('quotes.results.total_label')}
          </Text>
          <Text fz="xl" fw={700} td={stale ? 'line-through' : undefined} data-testid="rate-total">
            {money(rate.total_cents)}
          </Text>
          {premium > 0 && (
            <Text size="sm" c="dimmed">
              {t('quotes.results.with_insurance', { total: money(rate.total_cents + premium) })}
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="space-between" mt="sm" gap="xs">
        <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={breakdownId} onClick={() => setOpen((o) => !o)}>
          {t(open ? 'quotes.results.breakdown.hide' : 'quotes.results.breakdown.show')}
        </Button>
        {onBook && !stale && (
          <Button onClick={onBook} aria-label={t('quotes.results.book_label', { carrier: rate.carrier_name })}>
            {t('quotes.results.book')}
          </Button>
        )}
      </Group>
      {open && (
        <Box id={breakdownId} mt="xs">
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Caption>{t('quotes.results.breakdown.caption', { carrier: rate.carrier_name })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('quotes.results.breakdown.charge')}</Table.Th>
                  <Table.Th>{t('quotes.results.breakdown.detail')}</Table.Th>
                  <Table.Th ta="right">{t('quotes.results.breakdown.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rate.charges.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: charge lines have no id and may repeat a code
                  <Table.Tr key={i}>
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td>{chargeDetail(t, c)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(c.amount_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>{t('quotes.results.breakdown.total')}</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(rate.total_cents)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Box>
      )}
    </Card>
  );
}
