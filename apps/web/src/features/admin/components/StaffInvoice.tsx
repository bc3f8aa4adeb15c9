import type { InvoiceView } from '@freight/contracts';
import { Anchor, Badge, CloseButton, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryStatus } from '../../../components/QueryStatus';
import { localDate, major } from '../../../components/shipment/format';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { staffInvoiceQuery } from '../api/creditApi';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

function InvoiceFacts({ invoice: i }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), i.currency);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Fact label={t('admin.credit.invoice.date')}>{fmt.date(localDate(i.invoice_date))}</Fact>
      <Fact label={t('admin.credit.invoices.due')}>{fmt.date(localDate(i.due_date))}</Fact>
      <Fact label={t('admin.credit.invoice.total')}>{money(i.total_cents)}</Fact>
      <Fact label={t('admin.credit.invoices.balance')}>{money(i.balance_cents)}</Fact>
      {i.disputed_cents > 0 && <Fact label={t('admin.credit.invoice.disputed')}>{money(i.disputed_cents)}</Fact>}
      {i.shipment_id && i.bol_number && (
        <Fact label={t('admin.credit.invoice.shipment')}>
          <Anchor component={Link} to={paths.admin.shipment(i.shipment_id)} size="sm">
            {i.bol_number}
          </Anchor>
        </Fact>
      )}
      {i.references.map((r, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a reference's place in the list is its identity (types may repeat)
        <Fact key={n} label={t(`shipment.reference_types.${r.type}`)}>
          {r.value}
        </Fact>
      ))}
    </SimpleGrid>
  );
}

function InvoiceCharges({ invoice: i }: { invoice: InvoiceView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const money = (cents: number) => fmt.money(major(cents), i.currency);
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing={4} fz="sm">
        <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t('admin.credit.invoice.charges')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.credit.invoice.charge')}</Table.Th>
            <Table.Th ta="right">{t('admin.credit.invoice.quoted')}</Table.Th>
            <Table.Th ta="right">{t('admin.credit.invoice.invoiced')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {i.charges.map((c) => (
            <Table.Tr key={c.key}>
              <Table.Td>{c.label}</Table.Td>
              <Table.Td ta="right">{money(c.quoted_cents)}</Table.Td>
              <Table.Td ta="right">{money(c.invoiced_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The invoice a link opened on the account's page (from a dispute or the invoice list): its dates,
 * amounts, shipment and charges, brought into view and closed to go back to the list.
 */
export function StaffInvoice({ accountId, invoiceId, onClose }: { accountId: string; invoiceId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery(staffInvoiceQuery(accountId, invoiceId));
  const box = useRef<HTMLDivElement>(null);
  const number = q.data?.number;
  useEffect(() => {
    if (!number) return;
    // A smooth scroll asked for from script ignores the style sheet's reduced-motion rule: the user's setting decides here.
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.current?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [number]);
  return (
    <Paper
      ref={box}
      withBorder
      p="sm"
      bg="blue.0"
      role="region"
      aria-label={number ? t('admin.credit.invoice.title', { number }) : undefined}
      data-testid="staff-invoice"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          {q.data ? (
            <Group gap="xs">
              <Text fw={600}>{t('admin.credit.invoice.title', { number: q.data.number })}</Text>
              <Badge variant="light">{t(`invoices.status.${q.data.status}`)}</Badge>
            </Group>
          ) : (
            <Stack style={{ flex: 1 }}>
              <QueryStatus query={q} />
            </Stack>
          )}
          <CloseButton aria-label={t('admin.credit.invoice.close')} onClick={onClose} />
        </Group>
        {q.data && <InvoiceFacts invoice={q.data} />}
        {q.data && <InvoiceCharges invoice={q.data} />}
      </Stack>
    </Paper>
  );
}
