import type { InvoiceView } from '@freight/contracts';
import { formatAddressLines } from '@freight/domain';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFileDownload } from '../../../components/csv/useFileDownload';
import { PageHeader } from '../../../components/PageHeader';
import { ProofOfDeliveryDownload } from '../../../components/proof-of-delivery/ProofOfDelivery';
import { QueryStatus } from '../../../components/QueryStatus';
import { major } from '../../../components/shipment/format';
import { formatLocalDate } from '../../../components/tracking/localTime';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useSupportTopic } from '../../../lib/support';
import { useFormat } from '../../../lib/useFormat';
import { getInvoice, invoiceKey, invoicePdfPath } from '../api/invoicesApi';
import { ChargesTable } from '../components/ChargesTable';
import { DisputeDialog } from '../components/DisputeDialog';
import { DisputeThread } from '../components/DisputeThread';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { invoiceDetailPath } from '../components/InvoiceTable';
import { PayDialog } from '../components/PayDialog';
import { usePaymentDone } from '../components/usePaymentDone';
import { useReceiptDownload } from '../components/useReceiptDownload';

/**
 * One invoice (/invoice-detail/:id): shipper details, bill-to, dates and aging,
 * the charges quoted beside invoiced, payments applied, Pay, Download and its disputes; the
 * credit memos that credit it, and a memo's link to the invoice it credits.
 */
export function InvoiceDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: invoiceKey(id), queryFn: () => getInvoice(id) });
  const notFound = isApiError(q.error) && q.error.status === 404;
  useSupportTopic(q.data ? { reference: q.data.number, category: 'billing' } : null);
  return (
    <>
      <PageHeader title={q.data ? t('invoices.detail.title', { number: q.data.number }) : t('pages.invoice_detail.title')} />
      <Anchor component={Link} to={paths.myInvoices} size="sm" mb="md" display="block">
        {t('invoices.detail.back')}
      </Anchor>
      {notFound ? <Alert color="red">{t('invoices.detail.not_found')}</Alert> : <QueryStatus query={q} />}
      {q.data && <InvoiceDetail invoice={q.data} />}
    </>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoiceView }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const paymentDone = usePaymentDone();
  const { download, downloading } = useFileDownload();
  const receipt = useReceiptDownload();
  const [paying, setPaying] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const mayPay = useCan('invoices.pay');
  const money = (cents: number) => fmt.money(major(cents), invoice.currency);
  const date = (iso: string | null) => (iso ? formatLocalDate(iso.slice(0, 10), i18n.language) : '—');
  // Addresses as every screen writes them (formatAddressLines); the parties' countries only when not the account's.
  const home = invoice.bill_to.country;
  const place = (p: InvoiceView['shipper']) =>
    p ? [p.company, ...formatAddressLines({ ...p, street1: '' }, { language: i18n.language, homeCountry: home })] : [];
  const facts: [string, string][] = [
    [t('invoices.detail.invoice_date'), date(invoice.invoice_date)],
    [t('invoices.detail.due_date'), date(invoice.due_date)],
    [t('invoices.detail.aging'), invoice.days_past_due > 0 ? t('invoices.days_past_due', { count: invoice.days_past_due }) : '—'],
    [t('invoices.detail.bol'), invoice.bol_number ?? '—'],
    [t('invoices.detail.pro'), invoice.pro_number ?? '—'],
    ...invoice.references.map((r): [string, string] => [t(`shipment.reference_types.${r.type}`), r.value]),
    [t('invoices.detail.carrier'), invoice.carrier_name ?? '—'],
    [t('invoices.detail.pickup'), date(invoice.pickup_date)],
    [t('invoices.detail.delivered'), invoice.delivered_at ? fmt.date(invoice.delivered_at) : '—'],
  ];
  const b = invoice.bill_to;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2} size="h3">
            {invoice.number}
          </Title>
          <InvoiceStatusBadge status={invoice.status} size="lg" />
          <Text c="dimmed">{t(`invoices.types.${invoice.type}`)}</Text>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            loading={downloading !== null}
            onClick={() => void download(invoicePdfPath(invoice.id), { fileName: `Invoice-${invoice.number}.pdf` })}
          >
            {t('invoices.detail.download')}
          </Button>
          {invoice.type === 'freight' && <ProofOfDeliveryDownload shipmentId={invoice.shipment_id} />}
          {mayPay && invoice.balance_cents > 0 && (
            <Button variant="light" color="orange" onClick={() => setDisputing(true)}>
              {t('invoices.dispute.open')}
            </Button>
          )}
          {mayPay && invoice.balance_cents > 0 && <Button onClick={() => setPaying(true)}>{t('invoices.detail.pay')}</Button>}
        </Group>
      </Group>
      {invoice.related_invoice && (
        <Anchor component={Link} to={invoiceDetailPath(invoice.related_invoice.id)} size="sm">
          {t(invoice.type === 'credit_memo' ? 'invoices.detail.related_credit' : 'invoices.detail.related', {
            number: invoice.related_invoice.number,
          })}
        </Anchor>
      )}
      {invoice.credit_memos.length > 0 && (
        <Alert color="blue" title={t('invoices.detail.credited_title')} data-testid="invoice-credited">
          <Stack gap={4}>
            {invoice.credit_memos.map((m) => (
              <Text size="sm" key={m.id}>
                {t('invoices.detail.credited_by')}{' '}
                <Anchor component={Link} to={invoiceDetailPath(m.id)} fw={600}>
                  {m.number}
                </Anchor>
                : {money(m.total_cents)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {facts.map(([label, value]) => (
          // Two references may share a type word; a shipment never has the same one twice.
          <Stack key={`${label} ${value}`} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={600}>{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {[
          [
            t('invoices.detail.bill_to'),
            [b.company, b.name, ...formatAddressLines(b, { language: i18n.language, homeCountry: home }), b.email],
          ],
          [t('invoices.detail.shipper'), place(invoice.shipper)],
          [t('invoices.detail.consignee'), place(invoice.consignee)],
        ].map(([title, lines]) => (
          <Card key={title as string} withBorder padding="sm">
            <Text fw={600} size="sm">
              {title}
            </Text>
            {(lines as string[]).filter(Boolean).map((l) => (
              <Text key={l} size="sm">
                {l}
              </Text>
            ))}
          </Card>
        ))}
      </SimpleGrid>
      <Title order={3} size="h4">
        {t('invoices.detail.charges')}
      </Title>
      <ChargesTable invoice={invoice} />
      <Group justify="flex-end" gap="xl">
        {invoice.pending_cents > 0 && (
          <Text>
            {t('invoices.detail.processing')}: <b>{money(invoice.pending_cents)}</b>
          </Text>
        )}
        <Text size="xl">
          {t('invoices.detail.balance')}: <b data-testid="invoice-balance">{money(invoice.balance_cents)}</b>
        </Text>
      </Group>
      <Title order={3} size="h4">
        {t('invoices.detail.payments')}
      </Title>
      {invoice.payments.length === 0 ? (
        <Text c="dimmed">{t('invoices.detail.no_payments')}</Text>
      ) : (
        invoice.payments.map((p) => (
          <Group key={p.id} justify="space-between" data-testid="invoice-payment">
            <Text size="sm">
              {fmt.date(p.created_at)} ·{' '}
              {t('invoices.detail.payment_line', {
                method: p.last4
                  ? t(`invoices.history.method_${p.method}`, { last4: p.last4 })
                  : t(`invoices.history.method_${p.method}_plain`),
                status: t(`invoices.detail.payment_statuses.${p.status}`),
              })}
              {p.paid_by && ` · ${t('invoices.detail.paid_by', { name: p.paid_by.name })}`}
            </Text>
            <Group gap="sm">
              <Text fw={600}>{money(p.amount_cents)}</Text>
              <Anchor component="button" size="sm" onClick={() => receipt(p)}>
                {t('invoices.detail.receipt')}
              </Anchor>
            </Group>
          </Group>
        ))
      )}
      <Title order={3} size="h4">
        {t('invoices.dispute.title')}
      </Title>
      {invoice.disputes.length === 0 ? (
        <Text c="dimmed">{t('invoices.dispute.none')}</Text>
      ) : (
        invoice.disputes.map((d) => <DisputeThread key={d.id} invoice={invoice} dispute={d} />)
      )}
      {paying && (
        <PayDialog
          invoices={[invoice]}
          opened
          onClose={() => setPaying(false)}
          onPaid={(result) => {
            setPaying(false);
            void paymentDone(result);
          }}
        />
      )}
      {disputing && <DisputeDialog invoice={invoice} opened onClose={() => setDisputing(false)} />}
    </Stack>
  );
}
