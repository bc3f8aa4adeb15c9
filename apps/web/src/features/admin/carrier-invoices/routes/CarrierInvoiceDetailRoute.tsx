import type { CarrierInvoiceView } from '@freight/contracts';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { localDate } from '../../../../components/shipment/format';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { carrierInvoiceQuery } from '../api/carrierInvoicesApi';
import { ActionDialog, type DialogAction } from '../components/ActionDialog';
import { AuditSection } from '../components/AuditSection';
import { CarrierThread } from '../components/CarrierThread';
import { AutoApprovedBadge, CarrierInvoiceStatusBadge, referencesOf, useCents, Variance } from '../components/parts';

/** The actions each status allows (the server refuses the others with 409). */
const ACTIONS_BY_STATUS: Partial<Record<CarrierInvoiceView['status'], DialogAction[]>> = {
  pending_audit: ['approve', 'short-pay', 'dispute'],
  disputed: ['resolve', 'short-pay'],
  unmatched: ['match'],
};

/**
 * A carrier invoice as accounting audits it: who billed what for which shipment, the reasons it
 * differs from the expected cost, its lines beside the expected ones, what the shipper is re-billed
 * on approval, the decision so far, the dispute thread, and the actions its status allows.
 */
export function CarrierInvoiceDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const q = useQuery(carrierInvoiceQuery(id));
  return (
    <>
      <PageHeader title={t('admin.pages.carrierInvoices')} />
      <Anchor component={Link} to={paths.admin.page('carrierInvoices')} size="sm" mb="md" display="block">
        {t('admin.carrier_invoices.back')}
      </Anchor>
      <QueryStatus query={q} />
      {q.data && <Detail invoice={q.data} />}
    </>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function Detail({ invoice }: { invoice: CarrierInvoiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = useCents();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const c = invoice.currency;
  const actions = ACTIONS_BY_STATUS[invoice.status] ?? [];
  // What approving the billed amount would re-bill the shipper: the server's figure, from the plan the adjustment is issued from.
  const preview = invoice.rebill_preview;
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={2} size="h3">
                  {t('admin.carrier_invoices.invoice_number', { number: invoice.invoice_number })}
                </Title>
                <CarrierInvoiceStatusBadge status={invoice.status} />
                {invoice.auto_approved && <AutoApprovedBadge />}
              </Group>
              <Text size="sm">
                {invoice.carrier
                  ? `${invoice.carrier.name} (${invoice.carrier.scac})`
                  : t('admin.carrier_invoices.unknown_carrier', { scac: invoice.billed_scac || '—' })}
              </Text>
              <Text size="sm" c="dimmed">
                {[...referencesOf(invoice, t), t('admin.carrier_invoices.dated', { date: fmt.date(localDate(invoice.invoice_date)) })].join(
                  ' · ',
                )}
              </Text>
              <Text size="sm">
                {invoice.shipment ? (
                  <>
                    {t('admin.carrier_invoices.shipment')}{' '}
                    <Anchor component={Link} to={paths.admin.shipment(invoice.shipment.id)} fw={600}>
                      {invoice.shipment.bol_number}
                    </Anchor>{' '}
                    ·{' '}
                    <Anchor component={Link} to={paths.admin.account(invoice.shipment.account_id)}>
                      {invoice.shipment.account_name}
                    </Anchor>
                  </>
                ) : (
                  t('admin.carrier_invoices.no_shipment')
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {t('admin.carrier_invoices.received', {
                  date: fmt.dateTime(invoice.received_at),
                  source: t(`admin.carrier_invoices.sources.${invoice.source}`),
                })}
              </Text>
            </Stack>
            {actions.length > 0 && (
              <Group gap="xs" wrap="wrap">
                {actions.map((a, i) => (
                  <Button
                    key={a}
                    variant={i === 0 ? 'filled' : 'light'}
                    color={a === 'dispute' ? 'red' : undefined}
                    onClick={() => setDialog(a)}
                  >
                    {t(`admin.carrier_invoices.actions.${a}.button`)}
                  </Button>
                ))}
              </Group>
            )}
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Figure label={t('admin.carrier_invoices.columns.billed')}>
              <Text fw={600}>{money(invoice.billed_cents, c)}</Text>
            </Figure>
            <Figure label={t('admin.carrier_invoices.columns.expected')}>
              <Text fw={600}>{invoice.expected_cents === null ? '—' : money(invoice.expected_cents, c)}</Text>
            </Figure>
            <Figure label={t('admin.carrier_invoices.columns.variance')}>
              <Variance cents={invoice.variance_cents} currency={c} size="sm" />
            </Figure>
            {invoice.approved_cents !== null && (
              <Figure label={t('admin.carrier_invoices.approved_amount')}>
                <Text fw={600}>{money(invoice.approved_cents, c)}</Text>
              </Figure>
            )}
          </SimpleGrid>
        </Stack>
      </Paper>

      {preview && (
        <Alert color="blue" variant="light" title={t('admin.carrier_invoices.rebill.title')} data-testid="rebill-preview">
          {t('admin.carrier_invoices.rebill.if_approved', {
            account: invoice.shipment?.account_name ?? '',
            amount: money(preview.amount_cents, preview.currency),
            factor: fmt.number(invoice.audit?.factor ?? 1, { maximumFractionDigits: 4 }),
          })}
        </Alert>
      )}
      {invoice.rebill_invoice && (
        <Alert color="green" variant="light" title={t('admin.carrier_invoices.rebill.title')} data-testid="rebill">
          {t('admin.carrier_invoices.rebill.done', {
            number: invoice.rebill_invoice.number,
            amount: money(invoice.rebill_invoice.total_cents, c),
            account: invoice.shipment?.account_name ?? '',
          })}
        </Alert>
      )}
      {invoice.decided_at && invoice.status !== 'pending_audit' && invoice.status !== 'unmatched' && (
        <Alert color="gray" variant="light" title={t('admin.carrier_invoices.decision.title')}>
          <Text size="sm">
            {t(invoice.auto_approved ? 'admin.carrier_invoices.decision.auto' : 'admin.carrier_invoices.decision.by', {
              name: invoice.decided_by ?? '—',
              date: fmt.dateTime(invoice.decided_at),
            })}
          </Text>
          {invoice.decision_note && <Text size="sm">{t('admin.carrier_invoices.decision.note', { note: invoice.decision_note })}</Text>}
          {invoice.due_date && (
            <Text size="sm">{t('admin.carrier_invoices.decision.due', { date: fmt.date(localDate(invoice.due_date)) })}</Text>
          )}
          {invoice.paid_at && (
            <Text size="sm">
              {t('admin.carrier_invoices.decision.paid', { date: fmt.dateTime(invoice.paid_at), reference: invoice.paid_reference || '—' })}
            </Text>
          )}
        </Alert>
      )}

      <AuditSection invoice={invoice} />
      <CarrierThread invoice={invoice} />
      {dialog && <ActionDialog invoice={invoice} action={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
