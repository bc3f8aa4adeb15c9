import type { CarrierInvoiceImportReport } from '@freight/contracts';
import { CARRIER_INVOICE_STATUSES } from '@freight/domain';
import { Alert, Anchor, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CappedTable, LISTED, RowErrors } from '../../../../components/csv/CsvImportReport';
import { translateMessage } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { CarrierInvoiceStatusBadge, ReasonWords } from './parts';

/**
 * What a carrier invoice upload did: the rows read and refused, the invoices per status
 * (auto-approved, waiting, unmatched…), each invoice stored with a link, the invoices not stored
 * because a row of theirs was refused (with that row's line and reason), and each refused row's
 * line, column and reason.
 */
export function ImportOutcome({ report }: { report: CarrierInvoiceImportReport }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const n = (count: number) => ({ count, n: fmt.number(count) });
  return (
    <Stack gap="sm">
      <Alert color={report.invoices > 0 ? 'green' : 'yellow'} role="status">
        <Text fw={600}>{t('admin.carrier_invoices.import.done', n(report.invoices))}</Text>
        <Text size="sm">
          {t('admin.carrier_invoices.import.rows', { valid: fmt.number(report.rows_valid), total: fmt.number(report.rows_total) })}
        </Text>
      </Alert>
      {report.invoices > 0 && (
        <List size="sm" spacing={2} aria-label={t('admin.carrier_invoices.import.by_status')}>
          {CARRIER_INVOICE_STATUSES.filter((s) => report.by_status[s]).map((s) => (
            <List.Item key={s}>{t(`admin.carrier_invoices.import.status.${s}`, n(report.by_status[s] ?? 0))}</List.Item>
          ))}
        </List>
      )}
      {report.outcomes.length > 0 && (
        <ScrollArea.Autosize mah={220} type="auto">
          <Table striped withTableBorder verticalSpacing={4} fz="sm">
            <Table.Caption>{t('admin.carrier_invoices.import.invoices')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('csv_import.line')}</Table.Th>
                <Table.Th>{t('admin.carrier_invoices.columns.invoice')}</Table.Th>
                <Table.Th>{t('admin.carrier_invoices.status')}</Table.Th>
                <Table.Th>{t('admin.carrier_invoices.columns.reasons')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.outcomes.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td>{o.line ?? '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.admin.carrierInvoice(o.id)} size="sm">
                      {o.invoice_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <CarrierInvoiceStatusBadge status={o.status} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    <ReasonWords reasons={o.reasons} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {report.refused_invoices.length > 0 && (
        <CappedTable
          title={t('admin.carrier_invoices.import.refused_title')}
          maxHeight={220}
          heads={[t('csv_import.line'), t('admin.carrier_invoices.columns.invoice'), t('csv_import.reason')]}
          total={report.refused_invoices.length}
          rows={report.refused_invoices.slice(0, LISTED).map((r) => (
            <Table.Tr key={`${r.scac}|${r.invoice_number}`}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>{t('admin.carrier_invoices.import.refused_invoice', { number: r.invoice_number, scac: r.scac })}</Table.Td>
              <Table.Td>
                {r.field
                  ? t('admin.carrier_invoices.import.refused_reason', { field: r.field, reason: translateMessage(t, r.message) })
                  : translateMessage(t, r.message)}
              </Table.Td>
            </Table.Tr>
          ))}
        />
      )}
      <RowErrors errors={report.errors} />
    </Stack>
  );
}
