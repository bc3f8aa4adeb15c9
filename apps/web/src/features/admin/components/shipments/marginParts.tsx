import type { ChargeView, PricingAppliedView } from '@freight/contracts';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { major } from '../../../../components/shipment/format';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from './marginFormat';

/**
 * What the staff's cost and margin screens share: a shipment's (MarginPanel) and a quote's rates
 * (QuoteRates), the shipment list and the account's recent quotes.
 */

/** One side's lines (the price or the cost) and their total, named by its caption. */
export function ChargeLinesTable({
  caption,
  lines,
  total,
  currency,
}: {
  caption: string;
  lines: ChargeView[];
  total: number;
  currency: string;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table verticalSpacing={4} fz="sm">
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
      <Table.Tbody>
        {lines.map((l, i) => (
          // Two lines may share a code (two accessorials of one kind): their place tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines never move
          <Table.Tr key={i}>
            <Table.Td>{l.label}</Table.Td>
            <Table.Td ta="right">{fmt.money(major(l.amount_cents), currency)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={600}>
          <Table.Td>{t('admin.shipments.margin.total')}</Table.Td>
          <Table.Td ta="right">{fmt.money(major(total), currency)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** What priced a shipment or a rate, in words: the contract lane or rule, its program and version, or none. */
export function useAppliedText() {
  const { t } = useTranslation();
  return (a: PricingAppliedView) => {
    if (a.source === 'none') return t('admin.shipments.margin.applied_none');
    const program = t(`admin.shipments.margin.scope_${a.scope}`);
    return t(`admin.shipments.margin.applied_${a.source}`, { name: a.name, program, version: a.version });
  };
}

/**
 * A list row's cost and margin cells (the margin with its percent beneath); a dash in each when
 * the server left them out (an account whose margin the viewer may not see).
 */
export function MarginCells({
  cost,
  margin,
  bp,
  currency,
}: {
  cost: number | undefined;
  margin: number | undefined;
  bp: number | null | undefined;
  currency: string;
}) {
  const fmt = useFormat();
  const percent = useMarginPercent();
  return (
    <>
      <Table.Td ta="right">{cost === undefined ? '–' : fmt.money(major(cost), currency)}</Table.Td>
      <Table.Td ta="right">
        {margin === undefined ? (
          '–'
        ) : (
          <>
            {fmt.money(major(margin), currency)}
            <Text size="xs" c="dimmed">
              {percent(bp)}
            </Text>
          </>
        )}
      </Table.Td>
    </>
  );
}
