import type { WebhookDeliveryView, WebhookView } from '@freight/contracts';
import { Modal, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { WebhookDeliveriesTable } from '../../../../components/integrations/WebhookDeliveriesTable';
import { QueryStatus } from '../../../../components/QueryStatus';
import { webhookActions, webhookDeliveriesQuery } from '../../api/partnerWebhooksApi';

/** A partner subscription's delivery log, each delivery with its request; Replay sends one again. */
export function WebhookDeliveries({ partnerId, webhook, onClose }: { partnerId: string; webhook: WebhookView; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(webhookDeliveriesQuery(partnerId, webhook.id));
  const replay = useMutation({
    mutationFn: (d: WebhookDeliveryView) => webhookActions.replay(partnerId, webhook.id, d.id),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesQuery(partnerId, webhook.id).queryKey }),
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('admin.webhooks.deliveries_named', { url: webhook.url })}
      centered
      size="64rem"
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm">
        <ErrorAlert error={replay.error} />
        <QueryStatus query={query} />
        <WebhookDeliveriesTable
          deliveries={query.data}
          onReplay={(d) => replay.mutate(d)}
          replaying={replay.isPending ? (replay.variables?.id ?? null) : null}
        />
      </Stack>
    </Modal>
  );
}
