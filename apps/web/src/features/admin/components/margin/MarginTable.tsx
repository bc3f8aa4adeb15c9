import type { MarginFigures, MarginReport, MarginRow } from '@freight/contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { major } from '../../../../components/shipment/format';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { useMarginPercent } from '../shipments/marginFormat';
import { drillDown } from './drill';

/**
 * The report's numbers as a table (what the chart draws, readable without it): a row per group
 * and currency, each opening the staff shipment list filtered to the group's shipments; the
 * totals per currency at the foot.
 */
export function MarginTable({ report, filters }: { report: MarginReport; filters: Record<string, string> }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const percent = useMarginPercent();
  const money = (cents: number, currency: string) => fmt.money(major(cents), currency);
  const label = (row: MarginRow) => (report.group_by === 'mode' ? t(`shipping_modes.${row.key}`) : row.label);
  const figures = (f: MarginFigures) => (
    <>
      <Table.Td>{f.currency}</Table.Td>
      <Table.Td ta="right">{fmt.number(f.shipments)}</Table.Td>
      <Table.Td ta="right">{money(f.price_cents, f.currency)}</Table.Td>
      <Table.Td ta="right">{money(f.cost_cents, f.currency)}</Table.Td>
      <Table.Td ta="right" c={f.margin_cents < 0 ? 'red.8' : undefined}>
        {money(f.margin_cents, f.currency)}
      </Table.Td>
      <Table.Td ta="right">{percent(f.margin_bp)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover fz="sm" captionSide="top">
        {/* From the left: centred over the scrolled width, a phone would show half of it. */}
        <Table.Caption ta="left">
          {t('admin.margin.caption', { group: t(`admin.margin.groups.${report.group_by}`).toLocaleLowerCase() })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`admin.margin.groups.${report.group_by}`)}</Table.Th>
            <Table.Th>{t('admin.margin.columns.currency')}</Table.Th>
            <Table.Th ta="right">{t('admin.margin.columns.shipments')}</Table.Th>
            <Table.Th ta="right">{t('admin.margin.columns.price')}</Table.Th>
            <Table.Th ta="right">{t('admin.margin.columns.cost')}</Table.Th>
            <Table.Th ta="right">{t('admin.margin.columns.margin')}</Table.Th>
            <Table.Th ta="right">{t('admin.margin.columns.margin_percent')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={`${row.key}|${row.currency}`}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.admin.shipments(drillDown(report, report.group_by, row.key, filters))}
                  size="sm"
                  title={t('admin.margin.drill', { group: label(row) })}
                >
                  {label(row)}
                </Anchor>
              </Table.Td>
              {figures(row)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {report.totals.map((total) => (
            <Table.Tr key={total.currency} fw={700}>
              <Table.Th scope="row">{t('admin.margin.total')}</Table.Th>
              {figures(total)}
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
      {report.rest > 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('admin.margin.rest', { count: report.rest, formatted: fmt.number(report.rest) })}
        </Text>
      )}
    </Table.ScrollContainer>
  );
}
