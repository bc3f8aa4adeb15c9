import type { AdminCreditView } from '@freight/contracts';
import { AGING_BUCKETS } from '@freight/domain';
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { useFormat } from '../../../lib/useFormat';
import type { HoldAction } from './HoldDialog';

function Figure({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={alert ? 'red' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * Where an account stands: active or held (and why, and whether staff placed the hold), with the
 * button that places or lifts it; its terms, limit, use and what is left (USD, as the hold rule
 * counts them); what it owes by age, in each currency it owes in.
 */
export function CreditSummary({ view, onHold }: { view: AdminCreditView; onHold: (action: HoldAction) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { credit } = view.summary;
  const held = view.status === 'credit_hold';
  const usd = (cents: number) => fmt.money(major(cents), 'USD');
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge color={held ? 'red' : 'green'}>{held ? t('admin.credit.held') : t('admin.credit.active')}</Badge>
          {credit.manual_hold && <Badge variant="outline">{t('admin.credit.manual')}</Badge>}
        </Group>
        <Button color={held ? 'green' : 'red'} variant="light" onClick={() => onHold(held ? 'lift' : 'place')}>
          {held ? t('admin.credit.lift') : t('admin.credit.place')}
        </Button>
      </Group>
      {credit.hold_reasons.map((r) => (
        <Text key={r} size="sm" c="red">
          {t(`admin.credit.reasons.${r}`)}
        </Text>
      ))}
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
        <Figure
          label={t('admin.credit.figures.terms')}
          value={credit.payment_terms === 'credit' ? t('admin.credit.net_terms', { days: credit.net_days }) : t('admin.credit.prepaid')}
        />
        <Figure label={t('admin.credit.figures.grace_days')} value={fmt.number(credit.grace_days)} />
        <Figure label={t('admin.credit.figures.limit')} value={usd(credit.credit_limit_cents)} />
        <Figure label={t('admin.credit.figures.used')} value={usd(credit.used_cents)} alert={credit.hold_reasons.includes('over_limit')} />
        <Figure label={t('admin.credit.figures.available')} value={usd(Math.max(0, credit.credit_limit_cents - credit.used_cents))} />
      </SimpleGrid>
      {view.summary.currencies.map((c) => (
        <SimpleGrid
          key={c.currency}
          role="group"
          cols={{ base: 2, md: 6 }}
          spacing="xs"
          aria-label={t('admin.credit.aging_of', { currency: c.currency })}
        >
          {AGING_BUCKETS.map((b) => (
            <Figure
              key={b}
              label={t(`admin.credit.aging.${b}`)}
              value={fmt.money(major(c[b]), c.currency)}
              alert={b !== 'current' && c[b] > 0}
            />
          ))}
          <Figure label={t('admin.credit.aging.total_cents')} value={fmt.money(major(c.total_cents), c.currency)} />
        </SimpleGrid>
      ))}
    </Stack>
  );
}
