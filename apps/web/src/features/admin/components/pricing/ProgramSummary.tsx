import type { PricingProgramData } from '@freight/contracts';
import type { PlaceMatch, PricingAdjustment, WeightRange } from '@freight/domain/pricing';
import { Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/useFormat';

/** The program's words for its figures: places, weight ranges, adjustments and money (US dollars, as a program keeps them). */
function useProgramText() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const usd = (cents: number) => fmt.money(cents / 100, 'USD');
  const percent = (bp: number) => fmt.number(bp / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  return {
    usd,
    percent,
    day: (date: string) => fmt.date(`${date}T12:00:00Z`),
    place: (p: PlaceMatch | undefined) =>
      p === undefined
        ? t('admin.pricing.place_kinds.any')
        : 'states' in p
          ? p.states.join(', ')
          : t('admin.pricing.zip3_list', { list: p.zip3.join(', ') }),
    weight: (w: WeightRange | undefined) => {
      if (w?.min_lb !== undefined && w.max_lb !== undefined)
        return t('admin.pricing.weight_between', { from: fmt.weight(w.min_lb), to: fmt.weight(w.max_lb) });
      if (w?.max_lb !== undefined) return t('admin.pricing.weight_below', { to: fmt.weight(w.max_lb) });
      if (w?.min_lb !== undefined) return t('admin.pricing.weight_from', { from: fmt.weight(w.min_lb) });
      return t('admin.pricing.any_weight');
    },
    adjustment: (a: PricingAdjustment) =>
      a.kind === 'markup'
        ? t('admin.pricing.adjustment_text.markup', { percent: percent(a.markup_bp) })
        : a.kind === 'flat'
          ? t('admin.pricing.adjustment_text.flat', { amount: usd(a.amount_cents) })
          : t('admin.pricing.adjustment_text.discount_off_base', { percent: percent(a.discount_bp) }),
    mode: (m: string | undefined) => (m ? t(`admin.pricing.modes.${m}`) : t('admin.pricing.any_mode')),
    carrier: (scac: string | undefined) => scac ?? t('admin.pricing.any_carrier'),
  };
}

/** A program version, read: its minimum margin, its contract lanes and its rules, in the order they are tried. */
export function ProgramSummary({ program }: { program: PricingProgramData }) {
  const { t } = useTranslation();
  const text = useProgramText();
  const minimum = (cents: number | undefined, bp: number | undefined) =>
    cents === undefined && bp === undefined
      ? t('admin.pricing.program_minimum')
      : t('admin.pricing.minimum_text', {
          amount: text.usd(cents ?? program.minimum_margin_cents),
          percent: text.percent(bp ?? program.minimum_margin_bp),
        });
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('admin.pricing.minimum_margin')}:
        </Text>
        <Text size="sm">{minimum(program.minimum_margin_cents, program.minimum_margin_bp)}</Text>
      </Group>
      <Title order={3} size="h4">
        {t('admin.pricing.lanes')}
      </Title>
      {program.contract_lanes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.pricing.no_lanes')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={860} captionSide="top">
            <Table.Caption>{t('admin.pricing.lanes_caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.pricing.name')}</Table.Th>
                <Table.Th>{t('admin.pricing.lane')}</Table.Th>
                <Table.Th>{t('admin.pricing.mode')}</Table.Th>
                <Table.Th>{t('admin.pricing.carrier')}</Table.Th>
                <Table.Th>{t('admin.pricing.weight')}</Table.Th>
                <Table.Th ta="right">{t('admin.pricing.price')}</Table.Th>
                <Table.Th>{t('admin.pricing.valid')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {program.contract_lanes.map((l, i) => (
                // Entries are known by their place in the list (names may repeat).
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={i}>
                  <Table.Td fw={600}>{l.name}</Table.Td>
                  <Table.Td>
                    {text.place(l.origin)} → {text.place(l.destination)}
                  </Table.Td>
                  <Table.Td>{text.mode(l.mode)}</Table.Td>
                  <Table.Td>{text.carrier(l.carrier_scac)}</Table.Td>
                  <Table.Td>{text.weight(l.weight)}</Table.Td>
                  <Table.Td ta="right">{text.usd(l.price_cents)}</Table.Td>
                  <Table.Td>{t('admin.pricing.valid_text', { from: text.day(l.valid_from), to: text.day(l.valid_to) })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <Title order={3} size="h4">
        {t('admin.pricing.rules')}
      </Title>
      {program.rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.pricing.no_rules')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table striped withTableBorder miw={860} captionSide="top">
            <Table.Caption>{t('admin.pricing.rules_caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.pricing.name')}</Table.Th>
                <Table.Th>{t('admin.pricing.mode')}</Table.Th>
                <Table.Th>{t('admin.pricing.carrier')}</Table.Th>
                <Table.Th>{t('admin.pricing.lane')}</Table.Th>
                <Table.Th>{t('admin.pricing.weight')}</Table.Th>
                <Table.Th>{t('admin.pricing.adjustment')}</Table.Th>
                <Table.Th>{t('admin.pricing.minimum_margin')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {program.rules.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries are known by their place in the list
                <Table.Tr key={i}>
                  <Table.Td fw={600}>{r.name}</Table.Td>
                  <Table.Td>{text.mode(r.match.mode)}</Table.Td>
                  <Table.Td>{text.carrier(r.match.carrier_scac)}</Table.Td>
                  <Table.Td>
                    {text.place(r.match.origin)} → {text.place(r.match.destination)}
                  </Table.Td>
                  <Table.Td>{text.weight(r.match.weight)}</Table.Td>
                  <Table.Td>{text.adjustment(r.adjustment)}</Table.Td>
                  <Table.Td>{minimum(r.minimum_margin_cents, r.minimum_margin_bp)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
