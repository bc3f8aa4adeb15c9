import type { InvoiceView } from '@freight/contracts';
import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { major } from '../../../components/shipment/format';
import { useFormat } from '../../../lib/useFormat';

/**
 * The invoice's charges as quoted beside as invoiced, with the difference of each line (a
 * carrier's reweigh or reclass shows at once where the extra comes from), the totals, the
 * correction in words and the insurance.
 */
export function ChargesTable({ invoice }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), invoice.currency);
  const signed = (cents: number) => (cents > 0 ? `+${money(cents)}` : money(cents));
  const c = invoice.correction;
  const weight = (lb: number) => `${fmt.number(lb)} lb`;
  return (
    <>
      {c && (
        <Alert color="orange" data-testid="correction">
          {t(`invoices.detail.correction.${c.kind}`, {
            booked: c.kind === 'reweigh' ? weight(c.quoted_weight_lb) : (c.quoted_class ?? '—'),
            found: c.kind === 'reweigh' ? weight(c.invoiced_weight_lb) : (c.invoiced_class ?? '—'),
          })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="charges">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.detail.charge')}</Table.Th>
              <Table.Th ta="right">{t('invoices.detail.quoted')}</Table.Th>
              <Table.Th ta="right">{t('invoices.detail.invoiced')}</Table.Th>
              <Table.Th ta="right">{t('invoices.detail.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.charges.map((line) => (
              <Table.Tr key={line.key}>
                <Table.Td>{line.label}</Table.Td>
                <Table.Td ta="right">{money(line.quoted_cents)}</Table.Td>
                <Table.Td ta="right">{money(line.invoiced_cents)}</Table.Td>
                <Table.Td
                  ta="right"
                  c={line.variance_cents > 0 ? 'red' : line.variance_cents < 0 ? 'green' : 'dimmed'}
                  fw={line.variance_cents ? 700 : undefined}
                >
                  {line.variance_cents ? signed(line.variance_cents) : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('invoices.detail.invoice_total')}</Table.Th>
              <Table.Th ta="right">{money(invoice.quoted_total_cents)}</Table.Th>
              <Table.Th ta="right">{money(invoice.total_cents)}</Table.Th>
              <Table.Th ta="right">
                {invoice.total_cents !== invoice.quoted_total_cents ? signed(invoice.total_cents - invoice.quoted_total_cents) : '—'}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {invoice.insured_value_cents > 0 && (
        <Text size="sm" c="dimmed">
          {t('invoices.detail.insurance', { value: money(invoice.insured_value_cents), deductible: money(invoice.deductible_cents) })}
        </Text>
      )}
    </>
  );
}
