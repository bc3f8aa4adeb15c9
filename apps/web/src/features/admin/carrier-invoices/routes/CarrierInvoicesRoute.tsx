import {
  CARRIER_INVOICE_CSV_COLUMNS,
  CARRIER_INVOICE_SORTS,
  type CarrierInvoiceImportReport,
  type CarrierInvoiceSummaryView,
} from '@freight/contracts';
import { DEFAULT_SETTINGS, VARIANCE_REASON_CODES } from '@freight/domain';
import { Anchor, Button, Group, NativeSelect, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CsvImportDialog, type OneStepImport } from '../../../../components/csv/CsvImportDialog';
import { ListTable } from '../../../../components/list/ListTable';
import { SortColumns } from '../../../../components/list/SortColumns';
import { sortOrder, useListParams } from '../../../../components/list/useListParams';
import { PageHeader } from '../../../../components/PageHeader';
import { useAuthUser } from '../../../../lib/auth';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { CarrierFilter, useUrlFilters } from '../../components/UrlFilters';
import { CARRIER_INVOICES_KEY, CARRIER_INVOICES_PATH, carrierInvoicesQuery } from '../api/carrierInvoicesApi';
import { ImportOutcome } from '../components/ImportOutcome';
import { AutoApprovedBadge, CarrierInvoiceStatusBadge, ReasonWords, referencesOf, useCents, Variance } from '../components/parts';

/**
 * The queue's tabs: what waits for a person first, then what is decided; 'auto_approved' is the
 * invoices approved without a person (within the tolerance), whatever became of them since.
 */
const TABS = ['pending_audit', 'unmatched', 'disputed', 'approved', 'auto_approved', 'short_paid', 'paid', 'duplicate', 'all'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly string[]).includes(v ?? '');
/** What a tab asks the list for. */
const tabQuery = (tab: Tab): Record<string, string> => (tab === 'all' ? {} : tab === 'auto_approved' ? { auto: 'true' } : { status: tab });

const FILTERS = ['carrier_id', 'reason'] as const;

/**
 * Admin > Carrier invoices (accounting and the admins): the audit queue by status, waiting ones
 * first, filtered by carrier and variance reason and searched by invoice, PRO or BOL number (all in
 * the URL); each row's carrier, numbers, shipment, billed against expected and why they differ.
 * The CSV upload and the payables run start here.
 */
export function CarrierInvoicesRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = useCents();
  const user = useAuthUser();
  const client = useQueryClient();
  const list = useListParams(CARRIER_INVOICE_SORTS);
  const statusParam = list.params.get('status');
  const tab: Tab = isTab(statusParam) ? statusParam : 'pending_audit';
  const { search, input, filtered } = useUrlFilters(list, FILTERS);
  const order = sortOrder(list, { sort: 'received', dir: 'desc' });
  const perPage = user?.settings?.records_per_page ?? DEFAULT_SETTINGS.records_per_page;
  const query = useQuery(
    carrierInvoicesQuery({
      ...search,
      ...tabQuery(tab),
      sort: order.sort,
      dir: order.dir,
      per_page: String(perPage),
    }),
  );
  const counts = query.data?.counts;
  const [importing, setImporting] = useState(false);
  const upload: OneStepImport<CarrierInvoiceImportReport> = {
    report: (report) => <ImportOutcome report={report} />,
    announce: (report) => t('admin.carrier_invoices.import.done', { count: report.invoices, n: fmt.number(report.invoices) }),
    onUploaded: () => void client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY }),
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.pages.carrierInvoices')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" maw={620}>
          {t('admin.carrier_invoices.intro')}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setImporting(true)}>
            {t('admin.carrier_invoices.upload')}
          </Button>
          <Button component={Link} to={paths.admin.payables}>
            {t('admin.carrier_invoices.payables.open')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => list.update({ status: v === 'pending_audit' ? null : v, page: null })} variant="pills">
        <Tabs.List aria-label={t('admin.carrier_invoices.tabs_label')}>
          {TABS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`admin.carrier_invoices.tabs.${s}`)}
              {counts && s !== 'all' ? ` (${fmt.number(counts[s])})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('admin.carrier_invoices.search')}
          placeholder={t('admin.carrier_invoices.search_hint')}
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
          maxLength={64}
          w={300}
          maw="100%"
        />
        <CarrierFilter label={t('admin.carrier_invoices.carrier')} w={240} from="shipments" {...input('carrier_id')} />
        <NativeSelect
          label={t('admin.carrier_invoices.reason')}
          data={[
            { value: '', label: t('admin.carrier_invoices.any_reason') },
            ...VARIANCE_REASON_CODES.map((r) => ({ value: r, label: t(`admin.carrier_invoices.reasons.${r}`) })),
          ]}
          w={240}
          maw="100%"
          {...input('reason')}
        />
      </Group>
      <ListTable
        list={list}
        query={query}
        minWidth={1050}
        caption={t('admin.carrier_invoices.caption', { status: t(`admin.carrier_invoices.tabs.${tab}`) })}
        head={
          <SortColumns
            columns={[
              { key: 'invoice', label: t('admin.carrier_invoices.columns.invoice') },
              { key: 'carrier', label: t('admin.carrier_invoices.columns.carrier') },
              { key: 'shipment', label: t('admin.carrier_invoices.columns.shipment') },
              { key: 'billed', sort: 'billed', label: t('admin.carrier_invoices.columns.billed'), ta: 'right' },
              { key: 'expected', label: t('admin.carrier_invoices.columns.expected'), ta: 'right' },
              { key: 'variance', sort: 'variance', label: t('admin.carrier_invoices.columns.variance'), ta: 'right' },
              { key: 'reasons', label: t('admin.carrier_invoices.columns.reasons') },
              { key: 'received', sort: 'received', label: t('admin.carrier_invoices.columns.received') },
            ]}
            sort={order.sort}
            dir={order.dir}
            onSort={order.sortBy}
            sortTitle={(column) => t('admin.shipments.sort_by', { column })}
          />
        }
        row={(row: CarrierInvoiceSummaryView) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.carrierInvoice(row.id)} fw={600} size="sm">
                {t('admin.carrier_invoices.invoice_number', { number: row.invoice_number })}
              </Anchor>
              {(tab === 'all' || tab === 'auto_approved' || row.auto_approved) && (
                <Group gap={4}>
                  {(tab === 'all' || tab === 'auto_approved') && <CarrierInvoiceStatusBadge status={row.status} size="sm" />}
                  {row.auto_approved && <AutoApprovedBadge />}
                </Group>
              )}
              {referencesOf(row, t).map((r) => (
                <Text key={r} size="xs" c="dimmed">
                  {r}
                </Text>
              ))}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{row.carrier ? `${row.carrier.name} (${row.carrier.scac})` : row.billed_scac || '—'}</Text>
            </Table.Td>
            <Table.Td>
              {row.shipment ? (
                <>
                  <Anchor component={Link} to={paths.admin.shipment(row.shipment.id)} size="sm">
                    {row.shipment.bol_number}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {row.shipment.account_name}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('admin.carrier_invoices.no_shipment')}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{money(row.billed_cents, row.currency)}</Table.Td>
            <Table.Td ta="right">{row.expected_cents === null ? '—' : money(row.expected_cents, row.currency)}</Table.Td>
            <Table.Td ta="right">
              <Variance cents={row.variance_cents} currency={row.currency} />
            </Table.Td>
            <Table.Td>
              <ReasonWords reasons={row.reasons} />
            </Table.Td>
            <Table.Td>{fmt.date(row.received_at)}</Table.Td>
          </Table.Tr>
        )}
        total={(count, formatted) => t('admin.carrier_invoices.total', { count, formatted })}
        empty={<Text>{t(tab === 'pending_audit' ? 'admin.carrier_invoices.empty_queue' : 'admin.carrier_invoices.empty')}</Text>}
        emptyFiltered={t('admin.carrier_invoices.empty_filtered')}
        clearLabel={t('admin.shipments.filters.clear')}
        filtered={filtered}
        clears={[...FILTERS]}
      />
      <CsvImportDialog
        opened={importing}
        onClose={() => setImporting(false)}
        title={t('admin.carrier_invoices.upload_title')}
        importPath={`${CARRIER_INVOICES_PATH}/import`}
        templatePath={`${CARRIER_INVOICES_PATH}/template.csv`}
        templateFileName="carrier-invoices-template.csv"
        savedIn={t('admin.carrier_invoices.saved_in')}
        columns={CARRIER_INVOICE_CSV_COLUMNS}
        intro={
          <Text size="sm" mt="xs">
            {t('admin.carrier_invoices.upload_intro')}
          </Text>
        }
        oneStep={upload}
      />
    </Stack>
  );
}
