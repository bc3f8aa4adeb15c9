import type { PartnerUsage } from '@freight/contracts';
import { Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { useFormat } from '../../../../lib/useFormat';
import { Figure } from '../dashboard/Figures';

// recharts loads with this page only, as on the dashboard.
const PartnerUsageChart = lazy(() => import('./PartnerUsageChart'));

/** A partner's use of the API: today's requests and errors, its last call, and the last 14 days. */
export function PartnerUsageSection({ usage }: { usage: PartnerUsage }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const quiet = usage.days.every((d) => d.requests === 0);
  return (
    <Section title={t('admin.partners.usage')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label={t('admin.partners.requests_today')} value={fmt.number(usage.requests_today)} />
          <Figure label={t('admin.partners.errors_today')} value={fmt.number(usage.errors_today)} />
          <Figure
            label={t('admin.partners.last_call')}
            value={usage.last_call_at ? fmt.date(usage.last_call_at) : t('admin.partners.never')}
            hint={usage.last_call_at ? fmt.dateTime(usage.last_call_at) : undefined}
          />
        </SimpleGrid>
        <Text size="sm" fw={500}>
          {t('admin.partners.per_day', { days: usage.days.length })}
        </Text>
        {quiet ? (
          <Text size="sm" c="dimmed">
            {t('admin.partners.no_calls_period')}
          </Text>
        ) : (
          <Suspense fallback={<Loader size="sm" />}>
            <PartnerUsageChart usage={usage} />
          </Suspense>
        )}
      </Stack>
    </Section>
  );
}
