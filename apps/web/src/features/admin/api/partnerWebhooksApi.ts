import type { WebhookDeliveryView, WebhookRequestInput, WebhookView } from '@freight/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A partner's webhook subscriptions and their delivery logs. */

const enc = encodeURIComponent;
const base = (partnerId: string) => `/api/admin/integration-partners/${enc(partnerId)}/webhooks`;
const one = (partnerId: string, webhookId: string) => `${base(partnerId)}/${enc(webhookId)}`;
const key = (partnerId: string) => ['admin', 'partner-webhooks', partnerId] as const;

export const partnerWebhooksQuery = (partnerId: string) =>
  queryOptions({
    queryKey: key(partnerId),
    queryFn: ({ signal }) => api.get<{ data: WebhookView[] }>(base(partnerId), { signal }).then((r) => r.data),
  });

export const webhookDeliveriesQuery = (partnerId: string, webhookId: string) =>
  queryOptions({
    queryKey: [...key(partnerId), 'deliveries', webhookId],
    queryFn: ({ signal }) =>
      api.get<{ data: WebhookDeliveryView[] }>(`${one(partnerId, webhookId)}/deliveries`, { signal }).then((r) => r.data),
  });

export const webhookActions = {
  /** Answers the subscription with its signing secret, the only time it is shown. */
  create: (partnerId: string, body: WebhookRequestInput) => api.post<{ data: WebhookView }>(base(partnerId), body).then((r) => r.data),
  update: (partnerId: string, w: WebhookView, changes: Partial<WebhookRequestInput>) =>
    api
      .put<{ data: WebhookView }>(one(partnerId, w.id), {
        url: w.url,
        description: w.description,
        events: w.events,
        enabled: w.enabled,
        ...changes,
      })
      .then((r) => r.data),
  remove: (partnerId: string, webhookId: string) => api.delete(one(partnerId, webhookId)),
  replay: (partnerId: string, webhookId: string, deliveryId: number) =>
    api.post(`${one(partnerId, webhookId)}/deliveries/${enc(String(deliveryId))}/replay`),
};

/** A subscription's change shows in its list, its deliveries and on Integrations. */
export const afterWebhookChange = (client: QueryClient, partnerId: string) =>
  Promise.all([client.invalidateQueries({ queryKey: key(partnerId) }), client.invalidateQueries({ queryKey: ['admin', 'integrations'] })]);
