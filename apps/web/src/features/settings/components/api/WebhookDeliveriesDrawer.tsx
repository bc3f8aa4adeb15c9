import type { WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { Badge, Button, Drawer, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { QueryStatus } from '../../../../components/QueryStatus';
import { useFormat } from '../../../../lib/useFormat';
import { API_ACCESS_KEY, deliveriesQuery, replayDelivery } from '../../api/apiAccessApi';

const STATUS_COLORS: Record<WebhookDeliveryView['status'], string> = { pending: 'blue', delivered: 'green', failed: 'red' };
const PENDING_POLL_MS = 3000;
/** An empty cell (no response yet, no next attempt): a dash in any language. */
const NONE = '—';

/** A webhook's delivery log, newest first, each delivery with a Replay button. */
export function WebhookDeliveriesDrawer({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={webhook ? t('settings.api.deliveries.title', { url: webhook.url }) : undefined}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {webhook && <Deliveries webhook={webhook} />}
    </Drawer>
  );
}

function Deliveries({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  // While a delivery is on its way the log is read again every few seconds, so its outcome shows.
  const deliveries = useQuery({
    ...deliveriesQuery(webhook.id),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false),
  });
  // Each new read of the log may have moved the webhook's last success or failure in the list behind.
  const readAt = deliveries.dataUpdatedAt;
  useEffect(() => {
    if (readAt) void queryClient.invalidateQueries({ queryKey: [...API_ACCESS_KEY, 'webhooks'], exact: true });
  }, [readAt, queryClient]);
  const replay = useMutation({
    mutationFn: (delivery: WebhookDeliveryView) => replayDelivery(webhook.id, delivery.id),
    onSuccess: () => {
      // The replay is a new delivery, and it moves the webhook's last success or failure.
      void queryClient.invalidateQueries({ queryKey: API_ACCESS_KEY });
      notifications.show({ color: 'green', message: t('settings.api.deliveries.replayed') });
    },
  });
  const column = (key: string) => t(`settings.api.deliveries.columns.${key}`);
  const list = deliveries.data;
  return (
    <Stack>
      <QueryStatus query={deliveries} />
      <ErrorAlert error={replay.error} />
      {list?.length === 0 && <Text size="sm">{t('settings.api.deliveries.empty')}</Text>}
      {list && list.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {['event', 'status', 'attempts', 'response', 'duration', 'time', 'next_attempt', 'actions'].map((key) => (
                  <Table.Th key={key}>{column(key)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {d.event_type}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {d.event_id}
                    </Text>
                    {d.replay_of !== null && (
                      <Text size="xs" c="dimmed">
                        {t('settings.api.deliveries.replay_of', { id: d.replay_of })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[d.status]} variant="light">
                      {t(`settings.api.deliveries.status.${d.status}`)}
                    </Badge>
                    {d.last_error && (
                      <Text size="xs" c="dimmed" mt={4} maw={200} style={{ overflowWrap: 'anywhere' }}>
                        {d.last_error}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{f.number(d.attempts)}</Table.Td>
                  <Table.Td>{d.last_status_code ?? NONE}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.last_duration_ms === null ? NONE : t('settings.api.deliveries.duration_ms', { value: f.number(d.last_duration_ms) })}
                  </Table.Td>
                  <Table.Td>{f.dateTime(d.created_at)}</Table.Td>
                  <Table.Td>{d.next_attempt_at ? f.dateTime(d.next_attempt_at) : NONE}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('settings.api.deliveries.replay_label', { event: d.event_id })}
                      loading={replay.isPending && replay.variables?.id === d.id}
                      onClick={() => replay.mutate(d)}
                    >
                      {t('settings.api.deliveries.replay')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
