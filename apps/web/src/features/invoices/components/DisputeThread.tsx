import type { DisputeView, InvoiceView } from '@freight/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReplyBox } from '../../../components/dispute/ReplyBox';
import { ThreadMessage } from '../../../components/dispute/ThreadMessage';
import { major } from '../../../components/shipment/format';
import { useCan } from '../../../lib/permissions';
import { useFormat } from '../../../lib/useFormat';
import { INVOICES_KEY, replyToDispute } from '../api/invoicesApi';
import { invoiceDetailPath } from './InvoiceTable';

const STATUS_COLORS = { open: 'orange', accepted: 'green', rejected: 'gray' } as const;

/**
 * One dispute: what and how much, its state, who of the team opened it and when, its thread with
 * the accounting staff, a reply box
 * while it is open (for a role that pays and disputes), and once resolved the outcome, the
 * staff's note and the credit memo.
 */
export function DisputeThread({ invoice, dispute }: { invoice: InvoiceView; dispute: DisputeView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const mayReply = useCan('invoices.pay');
  const money = (cents: number) => fmt.money(major(cents), invoice.currency);
  const line = invoice.charges.find((c) => c.key === dispute.charge_code);
  return (
    <Card withBorder padding="sm" data-testid="dispute">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>
            {line
              ? t('invoices.dispute.of_line', { charge: line.label, amount: money(dispute.amount_cents) })
              : t('invoices.dispute.of_invoice', { amount: money(dispute.amount_cents) })}
          </Text>
          <Badge color={STATUS_COLORS[dispute.status]} variant="light">
            {t(`invoices.dispute.statuses.${dispute.status}`)}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {dispute.reason}
        </Text>
        <Text size="xs" c="dimmed">
          {dispute.opened_by
            ? t('invoices.dispute.opened_by', { name: dispute.opened_by.name, date: fmt.dateTime(dispute.created_at) })
            : fmt.dateTime(dispute.created_at)}
        </Text>
        {dispute.messages.map((m) => (
          <ThreadMessage
            key={m.id}
            who={m.author === 'staff' ? t('invoices.dispute.staff') : t('invoices.dispute.you')}
            at={m.created_at}
            body={m.body}
            staff={m.author === 'staff'}
            ours={m.author !== 'staff'}
          />
        ))}
        {dispute.status === 'accepted' && (
          <Group gap="xs">
            <Text size="sm" c="green">
              {t('invoices.dispute.resolved_accepted', { amount: money(dispute.accepted_cents ?? 0) })}
            </Text>
            {dispute.credit_memo && (
              <Anchor component={Link} to={invoiceDetailPath(dispute.credit_memo.id)} size="sm">
                {t('invoices.dispute.credit_memo', { number: dispute.credit_memo.number })}
              </Anchor>
            )}
          </Group>
        )}
        {dispute.status === 'rejected' && <Text size="sm">{t('invoices.dispute.resolved_rejected')}</Text>}
        {dispute.resolution_note && <Text size="sm">{t('invoices.dispute.note', { note: dispute.resolution_note })}</Text>}
        {mayReply && dispute.status === 'open' && (
          <ReplyBox
            label={t('invoices.dispute.reply_label')}
            sendLabel={t('invoices.dispute.send')}
            send={async (body) => {
              await replyToDispute(invoice.id, dispute.id, body);
              await client.invalidateQueries({ queryKey: INVOICES_KEY });
            }}
          />
        )}
      </Stack>
    </Card>
  );
}
