import type { StaffQuoteDetail, StaffQuoteRate } from '@freight/contracts';
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../../components/Section';
import { major } from '../../../../components/shipment/format';
import { formatLocalDate } from '../../../../components/tracking/localTime';
import { useFormat } from '../../../../lib/useFormat';
import { ChargeLinesTable, MarginCells, useAppliedText } from '../shipments/marginParts';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/**
 * A rate's charges span the whole row, wider than a phone: held at the scrolled box's left edge and
 * no wider than the screen, so they read without scrolling sideways.
 */
const IN_VIEW = { position: 'sticky', left: 0, maxWidth: 'min(100%, calc(100vw - 5rem))' } as const;

/**
 * A quote's rates, cheapest first: carrier, transit, the price the shipper saw and, when the server
 * sent it (staff who may see the account's margin), the cost, margin and what priced it, flagged
 * below cost or below the minimum margin. Each rate opens its price and cost lines.
 */
export function QuoteRates({ quote }: { quote: StaffQuoteDetail }) {
  const { t } = useTranslation();
  const margins = quote.rates.some((r) => r.margin);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const columns = margins ? 8 : 5;
  return (
    <Section title={t('admin.quotes.rates')}>
      {quote.rates.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.quotes.no_rates')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={margins ? 960 : 620}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
              {t('admin.quotes.rates_caption', { number: quote.number })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.quotes.col_carrier')}</Table.Th>
                <Table.Th>{t('admin.quotes.col_transit')}</Table.Th>
                <Table.Th ta="right">{t('admin.quotes.col_price')}</Table.Th>
                {margins && (
                  <>
                    <Table.Th ta="right">{t('admin.quotes.col_cost')}</Table.Th>
                    <Table.Th ta="right">{t('admin.quotes.col_margin')}</Table.Th>
                    <Table.Th>{t('admin.quotes.col_priced_by')}</Table.Th>
                  </>
                )}
                <Table.Th>{t('admin.quotes.col_lines')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {quote.rates.map((rate) => (
                <Fragment key={rate.id}>
                  <RateRow
                    rate={rate}
                    currency={quote.currency}
                    margins={margins}
                    open={open.has(rate.id)}
                    onToggle={() => toggle(rate.id)}
                  />
                  {open.has(rate.id) && (
                    <Table.Tr>
                      <Table.Td colSpan={columns} id={`lines-${rate.id}`}>
                        <RateLines rate={rate} currency={quote.currency} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function RateRow({
  rate,
  currency,
  margins,
  open,
  onToggle,
}: {
  rate: StaffQuoteRate;
  currency: string;
  margins: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const m = rate.margin;
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {rate.carrier_name}
          </Text>
          {rate.lowest && (
            <Badge size="sm" variant="light" color="green">
              {t('admin.quotes.lowest')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {rate.scac} · {rate.service_name ?? rate.service}
        </Text>
      </Table.Td>
      <Table.Td style={NOWRAP}>
        {t('admin.quotes.transit', { count: rate.transit_days })}
        <Text size="xs" c="dimmed">
          {formatLocalDate(rate.estimated_delivery, i18n.language)}
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={NOWRAP}>
        {fmt.money(major(rate.price_cents), currency)}
      </Table.Td>
      {margins && (
        <>
          <MarginCells cost={m?.cost_cents} margin={m?.margin_cents} bp={m?.margin_bp} currency={currency} />
          <Table.Td>{m && <PricedBy margin={m} />}</Table.Td>
        </>
      )}
      <Table.Td>
        <Button
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls={open ? `lines-${rate.id}` : undefined}
          onClick={onToggle}
          aria-label={t(open ? 'admin.quotes.hide_lines_of' : 'admin.quotes.show_lines_of', { carrier: rate.carrier_name })}
        >
          {t(open ? 'admin.quotes.hide_lines' : 'admin.quotes.show_lines')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** What priced the rate, in short, and its flags. */
function PricedBy({ margin }: { margin: NonNullable<StaffQuoteRate['margin']> }) {
  const { t } = useTranslation();
  const a = margin.applied;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{a.source === 'none' ? t('admin.quotes.priced_none') : t(`admin.quotes.priced_${a.source}`, { name: a.name })}</Text>
      {margin.below_cost && (
        <Badge size="sm" color="red" variant="light">
          {t('admin.quotes.below_cost')}
        </Badge>
      )}
      {margin.below_minimum && (
        <Badge size="sm" color="orange" variant="light">
          {t('admin.quotes.below_minimum')}
        </Badge>
      )}
    </Stack>
  );
}

/** A rate's price lines and, for those who see it, its cost lines and what priced it in full. */
function RateLines({ rate, currency }: { rate: StaffQuoteRate; currency: string }) {
  const { t } = useTranslation();
  const appliedText = useAppliedText();
  const m = rate.margin;
  return (
    <Stack gap="xs" py="xs" style={IN_VIEW}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ChargeLinesTable
          caption={t('admin.quotes.price_of', { carrier: rate.carrier_name })}
          lines={rate.price_lines}
          total={rate.price_cents}
          currency={currency}
        />
        {m && (
          <ChargeLinesTable
            caption={t('admin.quotes.cost_of', { carrier: rate.carrier_name })}
            lines={m.cost_lines}
            total={m.cost_cents}
            currency={currency}
          />
        )}
      </SimpleGrid>
      {m && <Text size="sm">{appliedText(m.applied)}</Text>}
      {m && !m.cost_recorded && (
        <Text size="sm" c="dimmed">
          {t('admin.quotes.not_recorded')}
        </Text>
      )}
    </Stack>
  );
}
