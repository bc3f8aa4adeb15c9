import type { DisputeView } from '@freight/contracts';
import { Anchor, Button, Card, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportMenu } from '../../../components/export/ExportMenu';
import { QueryStatus } from '../../../components/QueryStatus';
import { major } from '../../../components/shipment/format';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { openDisputesQuery } from '../api/dashboardApi';

// Loaded when a dispute is opened: its forms' schemas would bring the validation library to the dashboard.
const DisputePanel = lazy(() => import('./DisputePanel').then((m) => ({ default: m.DisputePanel })));

/** A queued dispute: its invoice (opened on its account's page), account, amount, date and reason, and the way to resolve it. */
function DisputeRow({ dispute, onResolve }: { dispute: DisputeView; onResolve: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Table.Tr>
      <Table.Td>
        {/* Two links stacked in one cell: each a line of 24 px, the least target WCAG 2.2 allows. */}
        <Anchor
          component={Link}
          to={paths.admin.accountInvoice(dispute.account_id, dispute.invoice_id)}
          fw={600}
          display="block"
          lh="1.5rem"
        >
          {dispute.invoice_number}
        </Anchor>
        <Anchor component={Link} to={paths.admin.account(dispute.account_id)} size="xs" c="dimmed" display="block" lh="1.5rem">
          {dispute.account_name}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {fmt.money(major(dispute.amount_cents), dispute.currency)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.date(dispute.created_at)}</Table.Td>
      <Table.Td>
        {/* Two lines in the queue; the whole reason in the title, and in the panel it opens. */}
        <Text size="sm" lineClamp={2} title={dispute.reason}>
          {dispute.reason}
        </Text>
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onResolve}
          aria-label={t('admin.credit.queue.resolve', { number: dispute.invoice_number })}
        >
          {t('admin.credit.resolve')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The accounting staff's queue on the dashboard: every open invoice dispute, oldest first, each
 * leading to its invoice and account, or worked here in the same panel as on the account; the
 * queue exports as CSV or Excel (every open dispute, past the 200 shown).
 */
export function OpenDisputes() {
  const { t } = useTranslation();
  const q = useQuery(openDisputesQuery());
  const [openId, setOpenId] = useState<string | null>(null);
  // The panel shows the queue's copy, so a reply appears as soon as the queue is read again; a resolved dispute leaves it.
  const open = q.data?.find((d) => d.id === openId);
  return (
    <Card withBorder padding="lg" mt="lg" data-testid="open-disputes">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h4">
            {t('admin.credit.disputes')}
          </Title>
          {!!q.data?.length && <ExportMenu path="/api/admin/disputes/export" fileName="admin-disputes" />}
        </Group>
        <QueryStatus query={q} />
        {q.data?.length === 0 && <Text c="dimmed">{t('admin.credit.no_disputes')}</Text>}
        {!!q.data?.length && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.credit.queue.invoice')}</Table.Th>
                  <Table.Th ta="right">{t('admin.credit.queue.amount')}</Table.Th>
                  <Table.Th>{t('admin.credit.queue.opened')}</Table.Th>
                  <Table.Th>{t('admin.credit.queue.reason')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('admin.credit.queue.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((d) => (
                  <DisputeRow key={d.id} dispute={d} onResolve={() => setOpenId(d.id)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={!!open} onClose={() => setOpenId(null)} title={t('admin.credit.dispute_title')} size="xl" centered>
        {open && (
          <Suspense fallback={null}>
            <DisputePanel dispute={open} onResolved={() => setOpenId(null)} />
          </Suspense>
        )}
      </Modal>
    </Card>
  );
}
