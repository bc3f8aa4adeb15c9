import type { WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { Drawer, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { WebhookDeliveriesTable } from '../../../../components/integrations/WebhookDeliveriesTable';
import { QueryStatus } from '../../../../components/QueryStatus';
import { API_ACCESS_KEY, deliveriesQuery, replayDelivery } from '../../api/apiAccessApi';

const PENDING_POLL_MS = 3000;

/** A webhook's delivery log, newest first, each delivery with its request and a Replay button. */
export function WebhookDeliveriesDrawer({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={webhook !== null}
      onClose={onClose}
      position="right"
      size="64rem"
      title={webhook ? t('settings.api.deliveries.title', { url: webhook.url }) : undefined}
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {webhook && <Deliveries webhook={webhook} />}
    </Drawer>
  );
}

function Deliveries({ webhook }: { webhook: WebhookView }) {
  const { t } = useTranslation();
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
  return (
    <Stack>
      <QueryStatus query={deliveries} />
      <ErrorAlert error={replay.error} />
      <WebhookDeliveriesTable
        deliveries={deliveries.data}
        onReplay={(d) => replay.mutate(d)}
        replaying={replay.isPending ? (replay.variables?.id ?? null) : null}
      />
    </Stack>
  );
}
