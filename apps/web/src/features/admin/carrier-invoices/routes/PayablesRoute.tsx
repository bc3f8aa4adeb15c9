import { Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { announce } from '../../../../components/a11y/announcer';
import { ConfirmActionDialog } from '../../../../components/ConfirmActionDialog';
import { useFileDownload } from '../../../../components/csv/useFileDownload';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { ActionsTh } from '../../../../components/list/ActionsTh';
import { ResponsiveTable } from '../../../../components/list/ResponsiveTable';
import { PageHeader } from '../../../../components/PageHeader';
import { QueryStatus } from '../../../../components/QueryStatus';
import { Section } from '../../../../components/Section';
import { localDate } from '../../../../components/shipment/format';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { CARRIER_INVOICES_KEY, exportPayables, markPayablesPaid, payablesCsvPath, payablesQuery } from '../api/carrierInvoicesApi';
import { useCents } from '../components/parts';

type Totals = { currency: string; amount_cents: number }[];

/**
 * Payables (accounting and the admins): the approved and short-paid invoices not exported yet,
 * exported as a numbered batch whose CSV is downloaded at once (and again from its row), and each
 * batch marked paid with the payment's reference, after a confirmation.
 */
export function PayablesRoute() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = useCents();
  const client = useQueryClient();
  const q = useQuery(payablesQuery());
  const { download, downloading } = useFileDownload();
  const [paying, setPaying] = useState<{ id: string; number: number } | null>(null);
  const [reference, setReference] = useState('');
  const totalsText = (totals: Totals) => totals.map((x) => money(x.amount_cents, x.currency)).join(' · ') || '—';
  const save = (batch: { id: string; number: number }) => download(payablesCsvPath(batch.id), { fileName: `payables-${batch.number}.csv` });

  const exported = useMutation({
    mutationFn: exportPayables,
    onSuccess: async (batch) => {
      const message = t('admin.carrier_invoices.payables.exported', { number: batch.number, count: batch.invoice_count });
      notifications.show({ color: 'green', message });
      announce(message);
      await client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY });
      await save(batch);
    },
  });
  const paid = useMutation({
    mutationFn: (batch: { id: string; number: number }) => markPayablesPaid({ batch_id: batch.id, reference }),
    onSuccess: async (_answer, batch) => {
      const message = t('admin.carrier_invoices.payables.marked_paid', { number: batch.number });
      notifications.show({ color: 'green', message });
      announce(message);
      setPaying(null);
      setReference('');
      await client.invalidateQueries({ queryKey: CARRIER_INVOICES_KEY });
    },
  });

  const data = q.data;
  const payableTotals = Object.entries(
    (data?.payable ?? []).reduce<Record<string, number>>((s, p) => ({ ...s, [p.currency]: (s[p.currency] ?? 0) + p.amount_cents }), {}),
  ).map(([currency, amount_cents]) => ({ currency, amount_cents }));

  return (
    <Stack gap="md">
      <PageHeader title={t('admin.carrier_invoices.payables.title')} />
      <Anchor component={Link} to={paths.admin.page('carrierInvoices')} size="sm">
        {t('admin.carrier_invoices.back')}
      </Anchor>
      <Text c="dimmed" size="sm" maw={620}>
        {t('admin.carrier_invoices.payables.intro')}
      </Text>
      <QueryStatus query={q} />
      {data && (
        <>
          <Section title={t('admin.carrier_invoices.payables.payable_title')}>
            <Group justify="space-between" mb="sm" gap="sm">
              <Text size="sm">
                {t('admin.carrier_invoices.payables.payable_count', { count: data.payable.length, total: totalsText(payableTotals) })}
              </Text>
              <Button onClick={() => exported.mutate()} loading={exported.isPending} disabled={data.payable.length === 0}>
                {t('admin.carrier_invoices.payables.export')}
              </Button>
            </Group>
            {exported.error && <ErrorAlert error={exported.error} />}
            {data.payable.length > 0 && (
              <ResponsiveTable minWidth={560}>
                <Table striped verticalSpacing="xs">
                  <Table.Caption>{t('admin.carrier_invoices.payables.payable_title')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.carrier_invoices.columns.invoice')}</Table.Th>
                      <Table.Th>{t('admin.carrier_invoices.columns.carrier')}</Table.Th>
                      <Table.Th>{t('admin.carrier_invoices.payables.due')}</Table.Th>
                      <Table.Th ta="right">{t('admin.carrier_invoices.payables.amount')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.payable.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.admin.carrierInvoice(p.id)} size="sm">
                            {p.invoice_number}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{`${p.carrier.name} (${p.carrier.scac})`}</Table.Td>
                        <Table.Td>{p.due_date ? fmt.date(localDate(p.due_date)) : '—'}</Table.Td>
                        <Table.Td ta="right">{money(p.amount_cents, p.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ResponsiveTable>
            )}
          </Section>
          <Section title={t('admin.carrier_invoices.payables.batches_title')}>
            {data.batches.length === 0 ? (
              <Text size="sm">{t('admin.carrier_invoices.payables.no_batches')}</Text>
            ) : (
              <ResponsiveTable minWidth={640}>
                <Table striped verticalSpacing="xs">
                  <Table.Caption>{t('admin.carrier_invoices.payables.batches_title')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.carrier_invoices.payables.batch')}</Table.Th>
                      <Table.Th>{t('admin.carrier_invoices.payables.created')}</Table.Th>
                      <Table.Th ta="right">{t('admin.carrier_invoices.payables.amount')}</Table.Th>
                      <Table.Th>{t('admin.carrier_invoices.payables.paid')}</Table.Th>
                      <ActionsTh />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.batches.map((b) => (
                      <Table.Tr key={b.id}>
                        <Table.Td>{t('admin.carrier_invoices.payables.batch_n', { number: b.number })}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{fmt.dateTime(b.created_at)}</Text>
                          <Text size="xs" c="dimmed">
                            {b.created_by ?? ''}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{totalsText(b.totals)}</Table.Td>
                        <Table.Td>
                          {t('admin.carrier_invoices.payables.paid_of', {
                            paid: fmt.number(b.paid_count),
                            count: fmt.number(b.invoice_count),
                          })}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap" justify="flex-end">
                            <Button
                              size="compact-sm"
                              variant="light"
                              loading={downloading === payablesCsvPath(b.id)}
                              onClick={() => void save(b)}
                              aria-label={t('admin.carrier_invoices.payables.download_n', { number: b.number })}
                            >
                              {t('admin.carrier_invoices.payables.download')}
                            </Button>
                            {b.paid_count < b.invoice_count && (
                              <Button
                                size="compact-sm"
                                onClick={() => setPaying(b)}
                                aria-label={t('admin.carrier_invoices.payables.mark_paid_n', { number: b.number })}
                              >
                                {t('admin.carrier_invoices.payables.mark_paid')}
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ResponsiveTable>
            )}
          </Section>
        </>
      )}
      {paying && (
        <ConfirmActionDialog
          title={t('admin.carrier_invoices.payables.confirm_title', { number: paying.number })}
          warning={t('admin.carrier_invoices.payables.confirm', { number: paying.number })}
          action={t('admin.carrier_invoices.payables.mark_paid')}
          onCancel={() => setPaying(null)}
          onConfirm={async () => {
            await paid.mutateAsync(paying).catch(() => undefined);
          }}
        >
          <TextInput
            label={t('admin.carrier_invoices.payables.reference')}
            maxLength={80}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            mt="sm"
          />
          {paid.error && <ErrorAlert error={paid.error} />}
        </ConfirmActionDialog>
      )}
    </Stack>
  );
}
