import type { StaffQuoteDetail } from '@freight/contracts';
import { canSeeMargin } from '@freight/domain';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { Section } from '../../../components/Section';
import { major } from '../../../components/shipment/format';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { RouteLine } from '../../../components/tracking/parts';
import { useAuthUser } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { staffQuoteQuery } from '../api/quotesApi';
import { QuoteRates } from '../components/quotes/QuoteRates';
import { useMarginPercent } from '../components/shipments/marginFormat';

/** A stored quote as staff see it, opened from its account's page: what was asked and its rates. */
export function QuoteDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(staffQuoteQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.accounts')} />
      {q.data && (
        <Anchor component={Link} to={paths.admin.account(q.data.account.id)} size="sm" mb="md" display="block">
          {t('admin.quotes.back', { account: q.data.account.name })}
        </Anchor>
      )}
      <QueryStatus query={q} />
      {q.data && <QuoteDetail quote={q.data} />}
    </>
  );
}

function QuoteDetail({ quote }: { quote: StaffQuoteDetail }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const percent = useMarginPercent();
  const user = useAuthUser();
  const { request, currency } = quote;
  const load = request.load;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} size="h3">
              {t('admin.quotes.title', { number: quote.number })}
            </Title>
            {quote.booked_at && (
              <Badge color="blue" variant="light">
                {t('admin.quotes.booked')}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {t('admin.quotes.account')}{' '}
            <Anchor component={Link} to={paths.admin.account(quote.account.id)} fw={600}>
              {quote.account.name}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {quote.created_by
              ? t('admin.quotes.quoted_by', { name: quote.created_by, date: fmt.dateTime(quote.created_at) })
              : t('admin.quotes.quoted_on', { date: fmt.dateTime(quote.created_at) })}
          </Text>
        </Stack>
      </Paper>
      <Section title={t('admin.quotes.request')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Fact label={t('admin.quotes.mode')}>{t(`shipping_modes.${quote.mode}`)}</Fact>
          <Fact label={t('admin.quotes.lane')}>
            <RouteLine origin={request.origin} destination={request.destination} />
            <Text size="xs" c="dimmed">
              {request.origin.postal_code} {request.origin.country} → {request.destination.postal_code} {request.destination.country}
            </Text>
          </Fact>
          <Fact label={t('admin.quotes.pickup')}>{formatLocalDate(request.pickup_date, i18n.language)}</Fact>
          <Fact label={t('admin.quotes.load')}>
            {t('admin.quotes.pieces', { count: load.pieces, weight: fmt.weight(load.weight_lb) })}
            {load.classes.length > 0 && (
              <Text size="xs" c="dimmed">
                {t('admin.quotes.classes', { classes: load.classes.join(', ') })}
              </Text>
            )}
          </Fact>
        </SimpleGrid>
      </Section>
      {quote.lowest_margin_cents !== undefined && quote.lowest_cost_cents !== undefined && quote.lowest_total_cents !== null && (
        <Text fw={700} data-testid="quote-lowest-margin">
          {t('admin.quotes.lowest_margin', {
            amount: fmt.money(major(quote.lowest_margin_cents), currency),
            percent: percent(quote.lowest_margin_bp),
            price: fmt.money(major(quote.lowest_total_cents), currency),
          })}
        </Text>
      )}
      {user && canSeeMargin(user.roles) && quote.lowest_margin_cents === undefined && quote.rates.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.quotes.margin_not_yours')}
        </Text>
      )}
      <QuoteRates quote={quote} />
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
