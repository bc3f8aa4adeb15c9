import type { WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { Badge, Button, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { QueryStatus } from '../../../../components/QueryStatus';
import { WHOLE_LABEL } from '../../../../components/tracking/StatusBadge';
import { useFormat } from '../../../../lib/useFormat';
import { webhookActions, webhookDeliveriesQuery } from '../../api/partnerWebhooksApi';

const STATUS_COLORS: Record<WebhookDeliveryView['status'], string> = { pending: 'blue', delivered: 'green', failed: 'red' };

/** A subscription's delivery log: each event's state, attempts, the receiver's last answer; Replay sends one again. */
export function WebhookDeliveries({ partnerId, webhook, onClose }: { partnerId: string; webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const query = useQuery(webhookDeliveriesQuery(partnerId, webhook.id));
  const replay = useMutation({
    mutationFn: (d: WebhookDeliveryView) => webhookActions.replay(partnerId, webhook.id, d.id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQuery(partnerId, webhook.id).queryKey }),
  });
  const deliveries = query.data ?? [];
  const when = (d: WebhookDeliveryView) =>
    d.delivered_at
      ? t('admin.webhooks.delivered_at', { when: fmt.dateTime(d.delivered_at) })
      : d.next_attempt_at
        ? t('admin.webhooks.next_attempt', { when: fmt.dateTime(d.next_attempt_at) })
        : null;

  return (
    <Modal opened onClose={onClose} title={t('admin.webhooks.deliveries_title')} centered size="64rem">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {webhook.url}
        </Text>
        <ErrorAlert error={replay.error} />
        <QueryStatus query={query} />
        {query.data && deliveries.length === 0 && <Text size="sm">{t('admin.webhooks.no_deliveries')}</Text>}
        {deliveries.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Caption>{t('admin.webhooks.deliveries_caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.webhooks.created_at')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.event')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.state')}</Table.Th>
                  <Table.Th ta="right">{t('admin.webhooks.attempts')}</Table.Th>
                  <Table.Th>{t('admin.webhooks.response')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(d.created_at)}</Table.Td>
                    <Table.Td>
                      <Code>{d.event_type}</Code>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {d.replay_of ? t('admin.webhooks.replay_of', { id: d.event_id }) : d.event_id}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge size="sm" variant="light" color={STATUS_COLORS[d.status]} styles={WHOLE_LABEL}>
                        {t(`admin.webhooks.delivery_status.${d.status}`)}
                      </Badge>
                      {when(d) && (
                        <Text size="xs" c="dimmed" mt={2} style={{ whiteSpace: 'nowrap' }}>
                          {when(d)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{fmt.number(d.attempts)}</Table.Td>
                    <Table.Td>
                      {d.last_status_code ?? (d.last_error ? '' : '—')}
                      {d.last_duration_ms !== null && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {t('admin.partners.ms', { value: fmt.number(d.last_duration_ms) })}
                        </Text>
                      )}
                      {d.last_error && (
                        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                          {d.last_error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="compact-sm"
                        variant="light"
                        loading={replay.isPending && replay.variables?.id === d.id}
                        onClick={() => replay.mutate(d)}
                        aria-label={t('admin.webhooks.replay_named', { event: d.event_type, when: fmt.dateTime(d.created_at) })}
                      >
                        {t('admin.webhooks.replay')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Modal>
  );
}
