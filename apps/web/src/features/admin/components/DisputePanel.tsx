import type { DisputeView } from '@freight/contracts';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReplyBox } from '../../../components/dispute/ReplyBox';
import { ThreadMessage } from '../../../components/dispute/ThreadMessage';
import { major } from '../../../components/shipment/format';
import { paths } from '../../../lib/paths';
import { useFormat } from '../../../lib/useFormat';
import { afterDisputeChange, replyAsStaff } from '../api/creditApi';
import { DisputeResolveForm } from './DisputeResolveForm';

/**
 * An open dispute as accounting works it: the invoice and charge, the amount, the shipper's
 * reason, the thread with a reply box, and its resolution; the invoice opens on its account's page.
 */
export function DisputePanel({ dispute, onResolved }: { dispute: DisputeView; onResolved?: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const charge = dispute.charge_label ?? t('admin.credit.whole_invoice');
  const amount = fmt.money(major(dispute.amount_cents), dispute.currency);
  return (
    <Card withBorder padding="sm" data-testid="staff-dispute">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('admin.credit.dispute_of', { number: dispute.invoice_number, charge, amount })}</Text>
          <Badge color="orange" variant="light">
            {t('admin.credit.open')}
          </Badge>
        </Group>
        <Group gap="sm">
          <Text size="xs" c="dimmed">
            {t('admin.credit.opened_on', { date: fmt.dateTime(dispute.created_at) })}
          </Text>
          <Anchor component={Link} to={paths.admin.accountInvoice(dispute.account_id, dispute.invoice_id)} size="xs">
            {t('admin.credit.invoice.open', { number: dispute.invoice_number })}
          </Anchor>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {dispute.reason}
        </Text>
        {dispute.messages.map((m) => (
          <ThreadMessage
            key={m.id}
            who={m.author_name}
            at={m.created_at}
            body={m.body}
            staff={m.author === 'staff'}
            ours={m.author === 'staff'}
          />
        ))}
        <ReplyBox
          label={t('admin.credit.reply')}
          sendLabel={t('admin.credit.send')}
          send={async (body) => {
            await replyAsStaff(dispute.id, body);
            await afterDisputeChange(client);
          }}
        />
        <DisputeResolveForm dispute={dispute} currency={dispute.currency} onResolved={onResolved} />
      </Stack>
    </Card>
  );
}
