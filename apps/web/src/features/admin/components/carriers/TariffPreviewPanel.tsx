import type { TariffImpact, TariffPreview } from '@freight/contracts';
import { Alert, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';

/** The draft against the tariff in force on the carrier's last real quotes: in total and per quote (USD). */
export function TariffPreviewPanel({ preview }: { preview: TariffPreview }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usd = (cents: number | null) => (cents === null ? t('admin.carriers.no_rate') : fmt.money(cents / 100, 'USD'));
  const signed = (cents: number) => `${cents > 0 ? '+' : ''}${fmt.money(cents / 100, 'USD')}`;
  const percent = preview.old_total_cents
    ? fmt.number(preview.difference_cents / preview.old_total_cents, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'always' })
    : '–';
  return (
    <Stack gap="xs" role="region" aria-label={t('admin.carriers.preview_title')}>
      <Title order={3} size="h4">
        {t('admin.carriers.preview_title')}
      </Title>
      {preview.quotes === 0 ? (
        <Text c="dimmed">{t('admin.carriers.preview_none')}</Text>
      ) : (
        <Alert color={preview.difference_cents > 0 ? 'orange' : 'teal'} variant="light">
          {t('admin.carriers.preview_summary', {
            count: preview.quotes,
            old: usd(preview.old_total_cents),
            new: usd(preview.new_total_cents),
            difference: signed(preview.difference_cents),
            percent,
          })}
          {preview.no_longer_rated > 0 && <Text size="sm">{t('admin.carriers.preview_lost', { count: preview.no_longer_rated })}</Text>}
          {preview.newly_rated > 0 && <Text size="sm">{t('admin.carriers.preview_gained', { count: preview.newly_rated })}</Text>}
        </Alert>
      )}
      {preview.lines.length > 0 && (
        <ScrollArea.Autosize mah={320} type="auto">
          <Table striped withTableBorder stickyHeader miw={760} captionSide="top">
            <Table.Caption>{t('admin.carriers.preview_caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.carriers.quote_date')}</Table.Th>
                <Table.Th>{t('admin.carriers.lane')}</Table.Th>
                <Table.Th>{t('admin.carriers.load')}</Table.Th>
                <Table.Th ta="right">{t('admin.carriers.old')}</Table.Th>
                <Table.Th ta="right">{t('admin.carriers.new')}</Table.Th>
                <Table.Th ta="right">{t('admin.carriers.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.lines.map((l) => (
                <Table.Tr key={l.quote_id}>
                  <Table.Td>{fmt.dateTime(l.created_at)}</Table.Td>
                  <Table.Td>{l.lane}</Table.Td>
                  <Table.Td>{l.load}</Table.Td>
                  <Table.Td ta="right">{usd(l.old_cents)}</Table.Td>
                  <Table.Td ta="right">{usd(l.new_cents)}</Table.Td>
                  <Table.Td ta="right" c={l.difference_cents && l.difference_cents > 0 ? 'orange.8' : undefined}>
                    {l.difference_cents === null ? '–' : signed(l.difference_cents)}
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

/** A preview's impact as the publish confirmation repeats it: quotes re-rated, average and largest change, the total's. */
export function PublishImpact({ impact }: { impact: TariffImpact }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const signed = (cents: number) => `${cents > 0 ? '+' : ''}${fmt.money(cents / 100, 'USD')}`;
  return (
    <Stack gap={4} data-testid="publish-impact">
      <Text size="sm">{t('admin.carriers.impact_previewed', { when: fmt.dateTime(impact.previewed_at) })}</Text>
      <Text size="sm">{t('admin.carriers.impact_quotes', { count: impact.quotes })}</Text>
      {impact.compared > 0 && (
        <>
          <Text size="sm">{t('admin.carriers.impact_average', { amount: signed(impact.average_change_cents) })}</Text>
          <Text size="sm">{t('admin.carriers.impact_largest', { amount: signed(impact.largest_change_cents) })}</Text>
        </>
      )}
      {impact.total_change_bp !== null && (
        <Text size="sm">
          {t('admin.carriers.impact_total', {
            percent: fmt.number(impact.total_change_bp / 10_000, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'always' }),
          })}
        </Text>
      )}
      {impact.no_longer_rated > 0 && <Text size="sm">{t('admin.carriers.preview_lost', { count: impact.no_longer_rated })}</Text>}
      {impact.newly_rated > 0 && <Text size="sm">{t('admin.carriers.preview_gained', { count: impact.newly_rated })}</Text>}
    </Stack>
  );
}
